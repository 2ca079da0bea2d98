/** Decision cases as data (test/fixtures/cases/*.yaml, format in its README). */
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Engine } from '../../src/engine/engine.js';
import { isRuntime } from '../../src/engine/types.js';
import { toWireDecision } from '../../src/engine/wire.js';
import { testEngine } from '../helpers/engine.js';

interface Want {
  allowed: boolean;
  rule?: string;
  threat_type?: string;
  suggested_alternative?: string;
}

interface Case {
  readonly input: string;
  readonly runtime?: string;
  /** `allow` / `deny`, or an object (see the README). */
  readonly want: 'allow' | 'deny' | Want;
  readonly invariant?: string;
}

function wantOf(c: Case): Want {
  if (typeof c.want === 'string') return { allowed: c.want === 'allow' };
  return c.want;
}

const dir = new URL('../fixtures/cases/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.yaml'));

let engine: Engine;
beforeAll(async () => {
  engine = await testEngine();
});

describe.each(files)('%s', (file) => {
  const cases = parse(readFileSync(new URL(file, dir), 'utf8')) as Case[];
  // A file named after a runtime (python.yaml) sets the default runtime of its cases.
  const fileRuntime = file.replace(/\.yaml$/, '');
  const defaultRuntime = isRuntime(fileRuntime) ? fileRuntime : 'bash';
  it.each(cases.map((c) => [c.input.trim().slice(0, 80), c] as const))('%s', (_input, c) => {
    const want = wantOf(c);
    // runtime tool_call: the input is `{"name", "arguments"}` JSON for validateToolCall (SQL-DOCKER).
    const evaluation =
      c.runtime === 'tool_call'
        ? engine.validateToolCall(JSON.parse(c.input) as { name: string; arguments: unknown })
        : engine.evaluate({ text: c.input, runtime: c.runtime ?? defaultRuntime });
    const wire = toWireDecision(evaluation);
    expect(wire.allowed, JSON.stringify(wire.findings.map((f) => `${f.rule_id}: ${f.reason}`))).toBe(
      want.allowed,
    );
    if (want.rule !== undefined) expect(wire.findings.map((f) => f.rule_id)).toContain(want.rule);
    if (c.invariant !== undefined) expect(wire.findings.map((f) => f.invariant)).toContain(c.invariant);
    if (want.threat_type !== undefined) expect(wire.threat_type).toBe(want.threat_type);
    if (want.suggested_alternative !== undefined)
      expect(wire.suggested_alternative).toBe(want.suggested_alternative);
  });
});
