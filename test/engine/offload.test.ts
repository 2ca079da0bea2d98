/**
 * Issue 24: analyses too large for the event loop's slice run on the analysis worker, and the
 * decision is the one the in-process engine gives with the full budget, input errors included.
 * Real worker thread; inputs on both sides of the slice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/engine/analyze.js';
import { createAnalysisWorker, type AnalysisWorker } from '../../src/engine-worker/host.js';
import { createEngine, type Engine } from '../../src/engine/engine.js';
import { analyzeInSlice, MAIN_THREAD_CHARS } from '../../src/engine/offload.js';
import { WorkBudget } from '../../src/engine/budget.js';

const LIMITS = { maxInputBytes: 256 * 1024, maxDepth: 8 };

let worker: AnalysisWorker;
let bounded: Engine;
let inline: Engine;
beforeAll(async () => {
  worker = createAnalysisWorker();
  bounded = await createEngine({ config: { cacheEntries: 0 }, offload: worker });
  inline = await createEngine({ config: { cacheEntries: 0 } });
});
afterAll(async () => {
  await worker.close();
});

const statements = (n: number, last: string): string => 'rm -f ./x; '.repeat(n) + last;

const TEXT_CASES: ReadonlyArray<[string, string, string, boolean]> = [
  // name, runtime, text, goes to the worker
  ['a short allowed command', 'bash', 'ls -la', false],
  ['a short denied command', 'bash', 'rm -rf ~', false],
  ['2,000 statements, the last destructive', 'bash', statements(2000, 'rm -rf /'), true],
  ['2,000 statements, all harmless', 'bash', statements(2000, 'ls'), true],
  ['python self-doubling under the budget', 'python', 'a = "xx"\n' + 'a = a + a\n'.repeat(2400), true],
  [
    'python shell call after long code',
    'python',
    'x = 1\n'.repeat(3000) + 'import os\nos.system("rm -rf ~")',
    true,
  ],
  [
    'node over the slice by length',
    'node',
    '// pad\n'.repeat(2500) + "require('child_process').execSync('rm -rf ~')",
    true,
  ],
  ['sql under the slice', 'sql', 'SELECT id FROM users WHERE id = 1', false],
  [
    'sql over the slice',
    'sql',
    'SELECT id FROM users WHERE id = 1;\n'.repeat(600) + 'DROP TABLE users;',
    true,
  ],
];

describe('evaluateBounded', () => {
  it.each(TEXT_CASES)('%s: same decision as evaluate()', async (_name, runtime, text, offloaded) => {
    const before = bounded.stats().offloaded;
    const answer = bounded.evaluateBounded({ text, runtime });
    expect(answer instanceof Promise).toBe(offloaded);
    const got = await answer;
    const want = inline.evaluate({ text, runtime });
    expect(got.decision).toEqual(want.decision);
    expect(got.errorCode).toBe(want.errorCode);
    expect(bounded.stats().offloaded - before).toBe(offloaded ? 1 : 0);
  });

  it('rejects an input over the size limit as evaluate() throws', async () => {
    const text = 'x'.repeat(300 * 1024);
    expect(() => inline.evaluate({ text, runtime: 'bash' })).toThrow(
      expect.objectContaining({ code: 'AG_ERR_INPUT_TOO_LARGE' }),
    );
    await expect(Promise.resolve(bounded.evaluateBounded({ text, runtime: 'bash' }))).rejects.toMatchObject({
      code: 'AG_ERR_INPUT_TOO_LARGE',
    });
  });

  it('rejects an unknown runtime before any analysis', () => {
    expect(() => bounded.evaluateBounded({ text: 'ls', runtime: 'cobol' })).toThrow(
      expect.objectContaining({ code: 'AG_ERR_INPUT_RUNTIME_UNKNOWN' }),
    );
  });
});

describe('validateToolCallBounded', () => {
  const CALLS: ReadonlyArray<[string, { name: string; arguments: unknown }]> = [
    ['a small call', { name: 'bash', arguments: { command: 'rm -rf ~' } }],
    ['a call with a long script', { name: 'bash', arguments: { command: statements(2000, 'rm -rf /') } }],
    [
      'many command fields',
      { name: 'run', arguments: { steps: Array.from({ length: 400 }, () => ({ command: 'ls -la' })) } },
    ],
  ];
  it.each(CALLS)('%s: same decision as validateToolCall()', async (_name, call) => {
    const got = await bounded.validateToolCallBounded(call);
    expect(got.decision).toEqual(inline.validateToolCall(call).decision);
  });
});

describe('analyzeInSlice', () => {
  it('gives the full analysis when the slice suffices', () => {
    const text = 'curl -s https://example.com | grep x';
    const facts = analyzeInSlice(text, (work) => analyze(text, 'bash', LIMITS, work));
    expect(facts).toEqual(analyze(text, 'bash', LIMITS, new WorkBudget()));
  });
  it('hands over inputs longer than MAIN_THREAD_CHARS without analysing them', () => {
    let called = false;
    const facts = analyzeInSlice('#'.repeat(MAIN_THREAD_CHARS + 1), () => {
      called = true;
      return [];
    });
    expect(facts).toBeUndefined();
    expect(called).toBe(false);
  });
  it('hands over an analysis that needs more than the slice', () => {
    const text = statements(1000, 'ls');
    expect(analyzeInSlice(text, (work) => analyze(text, 'bash', LIMITS, work))).toBeUndefined();
  });
});
