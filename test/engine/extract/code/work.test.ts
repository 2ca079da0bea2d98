/** The python/node work estimate: refusal before the native parse past the budget (issue 22). */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../../src/engine/analyze.js';
import { WorkBudget } from '../../../../src/engine/budget.js';
import { tokenEstimate } from '../../../../src/engine/extract/code/work.js';

const limits = { maxInputBytes: 256 * 1024, maxDepth: 8 };

describe('tokenEstimate', () => {
  it.each([
    ['', 0],
    ['os.system("ls")', 8],
    ['a = a + a\n', 6],
    ['  \t\r', 0],
    ['\n\n', 2],
    ['x\u2028y\u00a0z', 5],
    ['"漢字"', 3],
    ['$x_1 é', 2],
  ])('%j has %i tokens', (text, tokens) => {
    expect(tokenEstimate(text)).toBe(tokens);
  });
});

describe('python and node inputs past the budget', () => {
  it.each([
    ['python', 'import os\n' + 'os.system("ls -la ./x")\n'.repeat(10_000)],
    ['node', "execSync('ls -la ./x');\n".repeat(10_000)],
    ['python', 'x = "a"' + ' + "ab"'.repeat(30_000)],
    ['node', 'x\u2028'.repeat(60_000)],
    ['python', 'pass' + '\n'.repeat(200_000)],
  ] as const)('%s: refused with a budget fact, without exec facts', (runtime, text) => {
    const facts = analyze(text, runtime, limits);
    expect(facts.map((f) => f.kind)).toEqual(['budget']);
  });

  it.each([
    ['python', 'import os\nos.system("ls")'],
    ['node', "require('child_process').execSync('ls')"],
  ] as const)('%s: everyday input stays far below the budget', (runtime, text) => {
    const work = new WorkBudget();
    const facts = analyze(text, runtime, limits, work);
    expect(facts.some((f) => f.kind === 'exec')).toBe(true);
    expect(work.used).toBeLessThan(work.limit / 100);
  });
});
