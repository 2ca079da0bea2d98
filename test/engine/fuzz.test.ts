/**
 * Property checks on mutated inputs: every decision case is a seed, and fast-check splices, cuts and
 * sprinkles syntax characters into it. Whatever comes out, the engine must answer (no throw), its
 * analysis must not fail (a failure is a fail-closed deny, so a crash in an extractor would deny
 * everyday work unnoticed), and two engines must agree (same input, same decision). Fixed seeds keep
 * the runs the same on every machine.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine, Evaluation } from '../../src/engine/engine.js';
import { RUNTIMES } from '../../src/engine/types.js';
import { decisionInputs } from '../helpers/decision-inputs.js';
import { testEngine } from '../helpers/engine.js';

// Deeper hunts: AGENT_GUARD_FUZZ_RUNS=5000 AGENT_GUARD_FUZZ_SEED=7 npx vitest run test/engine/fuzz.test.ts
const RUNS = Number(process.env.AGENT_GUARD_FUZZ_RUNS ?? 150);
const SEED = Number(process.env.AGENT_GUARD_FUZZ_SEED ?? 20261128);
// A run is about 5 ms on a loaded machine; deep hunts get the time they need.
const TIMEOUT_MS = Math.max(120_000, RUNS * 100);
/** Characters that open, close or escape something in one of the runtimes' grammars. */
const SYNTAX = [...`'"\`\\$(){}[]<>|&;#*?!=%@^~,.:/\n\t\r `, '\u0000', '\u00a0', '\u202e', 'é', '😀'];

let a: Engine;
let b: Engine;
const seeds = new Map<string, string[]>();
beforeAll(async () => {
  a = await testEngine({ config: { cacheEntries: 0 } });
  b = await testEngine({ config: { cacheEntries: 0 } });
  for (const { text, runtime } of decisionInputs()) {
    const list = seeds.get(runtime) ?? [];
    list.push(text);
    seeds.set(runtime, list);
  }
}, 180_000);

/** One edit of a text, at positions given as fractions so they fit any length. */
const edit = fc.oneof(
  fc.record({
    op: fc.constant('insert' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    s: fc.constantFrom(...SYNTAX),
  }),
  fc.record({
    op: fc.constant('cut' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    len: fc.nat(40),
  }),
  fc.record({
    op: fc.constant('repeat' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    len: fc.nat(30),
    times: fc.integer({ min: 2, max: 20 }),
  }),
  fc.record({
    op: fc.constant('splice' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    other: fc.nat(),
  }),
);
type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

function apply(text: string, e: Edit, pool: readonly string[]): string {
  const i = Math.floor(e.at * text.length);
  switch (e.op) {
    case 'insert':
      return text.slice(0, i) + e.s + text.slice(i);
    case 'cut':
      return text.slice(0, i) + text.slice(i + e.len);
    case 'repeat':
      return text.slice(0, i) + text.slice(i, i + e.len).repeat(e.times) + text.slice(i + e.len);
    case 'splice': {
      const other = pool[e.other % pool.length]!;
      return text.slice(0, i) + other.slice(Math.floor(e.at * other.length));
    }
  }
}

const ruleIds = (e: Evaluation): string => e.decision.findings.map((f) => f.ruleId).join(',');

/** The same decision from both engines, and an analysis that did not fail. */
function check(run: (engine: Engine) => Evaluation, label: string): void {
  const first = run(a);
  const second = run(b);
  expect(first.errorCode, label).toBeUndefined();
  expect(second.decision.allowed, label).toBe(first.decision.allowed);
  expect(ruleIds(second), label).toBe(ruleIds(first));
}

/** Inputs the hunts found crashing an extractor, kept so they stay fixed. */
const FOUND: { text: string; runtime: (typeof RUNTIMES)[number] }[] = [
  // listing-deletes: a loop body repaired around a stray U+202E hung off the path (seed 7)
  {
    text: 'import heroku3\nconn = heroku3.from_key(KEY)\nfor app in conn.apps():\n    app.delete()\u202e\n',
    runtime: 'python',
  },
  // node-sql-parser backtracking through unclosed `(SELECT` levels: 41 s before the nesting guard (seed 10)
  {
    text: '(SELECT'.repeat(13) + ' email, encrypted_password FROM users) TO STDOUT WITH CSV;',
    runtime: 'sql',
  },
];

describe('mutated inputs', () => {
  it.each(FOUND)('found by a hunt: $runtime $text', ({ text, runtime }) => {
    check((engine) => engine.evaluate({ text, runtime }), text);
  });

  it.each(RUNTIMES)(
    '%s: answered, never a failed analysis, the same by two engines',
    (runtime) => {
      const pool = seeds.get(runtime) ?? [];
      expect(pool.length).toBeGreaterThan(20);
      fc.assert(
        fc.property(fc.nat(), fc.array(edit, { minLength: 1, maxLength: 6 }), (pick, edits) => {
          const text = edits.reduce((t, e) => apply(t, e, pool), pool[pick % pool.length]!);
          check((engine) => engine.evaluate({ text, runtime }), JSON.stringify(text.slice(0, 300)));
        }),
        { numRuns: RUNS, seed: SEED },
      );
    },
    TIMEOUT_MS,
  );

  it(
    'tool_call: mutated calls and arbitrary JSON arguments',
    () => {
      const pool = seeds.get('tool_call') ?? [];
      expect(pool.length).toBeGreaterThan(20);
      const mutated = fc
        .tuple(fc.nat(), fc.array(edit, { minLength: 1, maxLength: 4 }))
        .map(([pick, edits]) => edits.reduce((t, e) => apply(t, e, pool), pool[pick % pool.length]!));
      const calls = fc.oneof(
        mutated.map((text): unknown => {
          try {
            return JSON.parse(text) as unknown;
          } catch {
            return { name: 'run_shell', arguments: { command: text } };
          }
        }),
        fc.record({
          name: fc.constantFrom('bash', 'execute_sql', 'delete_bucket', 'http_request', 'x'),
          arguments: fc.jsonValue(),
        }),
      );
      fc.assert(
        fc.property(calls, (call) => {
          const c = call as { name?: unknown };
          if (c === null || typeof c !== 'object' || typeof c.name !== 'string') return;
          const tool = call as { name: string; arguments: unknown };
          check((engine) => engine.validateToolCall(tool), JSON.stringify(call).slice(0, 300));
        }),
        { numRuns: RUNS * 2, seed: SEED },
      );
    },
    TIMEOUT_MS,
  );
});
