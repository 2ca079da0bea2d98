/**
 * Every rule's own examples through the whole engine (parse → extract → all rules → decide).
 * Failures are reported in ast-grep's words: "Missing" (a deny example allowed, or denied by other
 * rules only) and "Noisy" (an allow example that this rule flags).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../../src/engine/engine.js';
import { RULES } from '../../../src/engine/invariants/registry.js';
import type { ToolCall } from '../../../src/engine/extract/tool-call.js';
import type { RuleExample } from '../../../src/engine/invariants/define-rule.js';
import { isRuntime, RULE_PREFIXES, type Decision } from '../../../src/engine/types.js';
import { testEngine } from '../../helpers/engine.js';

let engine: Engine;
beforeAll(async () => {
  engine = await testEngine({ config: { cacheEntries: 0 } });
});

/** Evaluate an example: tool-call examples are `{"name", "arguments"}` JSON, evaluated through validateToolCall. */
function evaluate(example: RuleExample): Decision {
  if (example.runtime === 'tool_call')
    return engine.validateToolCall(JSON.parse(example.input) as ToolCall).decision;
  const runtime = example.runtime === undefined || !isRuntime(example.runtime) ? 'bash' : example.runtime;
  return engine.evaluate({ text: example.input, runtime }).decision;
}

describe.each(RULES.map((r) => [r.id, r] as const))('%s', (_id, rule) => {
  it.each(rule.examples.deny.map((e) => [e.input, e] as const))('denies %s', (_input, example) => {
    const d = evaluate(example);
    const mine = d.findings.filter((f) => f.ruleId === rule.id);
    expect(
      mine.length,
      `Missing: ${rule.id} did not fire on ${JSON.stringify(example.input)}; findings: ${JSON.stringify(d.findings.map((f) => f.ruleId))}`,
    ).toBeGreaterThan(0);
    expect(d.allowed, `Missing: ${JSON.stringify(example.input)} was allowed`).toBe(false);
  });
  it.each(rule.examples.allow.map((e) => [e.input, e] as const))('allows %s', (_input, example) => {
    const d = evaluate(example);
    const mine = d.findings.filter((f) => f.ruleId === rule.id);
    expect(
      mine.map((f) => f.reason),
      `Noisy: ${rule.id} fired on ${JSON.stringify(example.input)} (${example.why ?? ''})`,
    ).toEqual([]);
  });
});

it('has unique, well-formed ids for all rules', () => {
  const ids = RULES.map((r) => r.id);
  expect(new Set(ids).size).toBe(ids.length);
  const wellFormed = new RegExp(`^(?:${RULE_PREFIXES.join('|')})-AST-\\d{3}$`);
  for (const id of ids) expect(id).toMatch(wellFormed);
});
