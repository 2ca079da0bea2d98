/**
 * Every input the project has a decision for (rule examples, fixture cases, everyday commands),
 * with its facts: the corpus the index tests (rule kinds, rule programs) prove decisions on.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { analyze } from '../../src/engine/analyze.js';
import { analyzeToolCall } from '../../src/engine/extract/tool-call.js';
import type { Fact } from '../../src/engine/facts.js';
import { RULES } from '../../src/engine/invariants/registry.js';
import { isRuntime, type EntryPoint } from '../../src/engine/types.js';

export const LIMITS = { maxInputBytes: 256 * 1024, maxDepth: 8 };

/** For a test over the whole corpus (20,000+ inputs): under a minute quiet, minutes on a loaded machine. */
export const CORPUS_TIMEOUT = 600_000;

export interface Input {
  readonly text: string;
  readonly runtime: EntryPoint;
}

export function decisionInputs(): Input[] {
  const out: Input[] = [];
  for (const rule of RULES)
    for (const e of [...rule.examples.deny, ...rule.examples.allow])
      out.push({ text: e.input, runtime: e.runtime ?? 'bash' });
  const dir = new URL('../fixtures/cases/', import.meta.url);
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
    const base = file.replace(/\.yaml$/, '');
    const fileRuntime = isRuntime(base) || base === 'tool-call' ? base.replace('-', '_') : 'bash';
    for (const c of parse(readFileSync(new URL(file, dir), 'utf8')) as { input: string; runtime?: string }[])
      out.push({ text: c.input, runtime: (c.runtime ?? fileRuntime) as EntryPoint });
  }
  const benign = readFileSync(new URL('../fixtures/benign-commands.txt', import.meta.url), 'utf8');
  for (const line of benign.split('\n'))
    if (line.trim() !== '' && !line.startsWith('#')) out.push({ text: line, runtime: 'bash' });
  return out;
}

export function factsOf(input: Input): readonly Fact[] | null {
  try {
    return input.runtime === 'tool_call'
      ? analyzeToolCall(input.text, LIMITS)
      : analyze(input.text, input.runtime, LIMITS);
  } catch {
    return null; // input errors and fail-closed paths never reach the rules
  }
}

/** Each input with its facts, leaving out those the engine refuses before the rules. */
export function analysedInputs(): { input: Input; facts: readonly Fact[] }[] {
  const out: { input: Input; facts: readonly Fact[] }[] = [];
  for (const input of decisionInputs()) {
    const facts = factsOf(input);
    if (facts !== null) out.push({ input, facts });
  }
  return out;
}
