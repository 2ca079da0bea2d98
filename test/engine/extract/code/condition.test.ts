/** Whether a loop condition can change between iterations (conditionMayChange in code/syntax.ts). */
import { beforeAll, describe, expect, it } from 'vitest';
import { conditionMayChange } from '../../../../src/engine/extract/code/syntax.js';
import { loadParsers, parseSyntax, type SyntaxNode } from '../../../../src/engine/parse/index.js';
import type { Runtime } from '../../../../src/engine/types.js';

beforeAll(async () => {
  await loadParsers();
});

/** The condition of the first while loop in `text`. */
function condition(runtime: Runtime, text: string): SyntaxNode {
  const stack = [parseSyntax(runtime, text)];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'while_statement' || n.type === 'do_statement') {
      const cond = n.children.find((c) => c.type === 'parenthesized_expression' || c.type === 'attribute');
      if (cond) return cond;
    }
    for (const c of n.children) stack.push(c);
  }
  throw new Error(`no while condition in ${text}`);
}

describe('conditionMayChange', () => {
  it.each([
    // Fields: written twice or updated somewhere in the input.
    ['node', 'this._p = true;\ndo { this._p = false; f(); } while (this._p);', true],
    ['node', 'const st = { n: 3 };\nwhile (st.n) st.n--;', true],
    ['node', 'o.on = true;\nwhile (o.on) { n++; }', false],
    ['node', 'const o = { on: true };\nwhile (o.on) { n++; }', false],
    ['python', 'self.running = True\nwhile self.running:\n    self.running = False', true],
    ['python', 'c.left = 5\nwhile c.left:\n    c.left -= 1', true],
    ['python', "setattr(p, 'go', True)\nwhile p.go:\n    setattr(p, 'go', False)", true],
    ['python', 'c.on = True\nwhile c.on:\n    n += 1', false],
  ] as const)('%s %j: %s', (runtime, text, want) => {
    const callType = runtime === 'python' ? 'call' : 'call_expression';
    expect(conditionMayChange(condition(runtime, text), text, callType, () => new Set())).toBe(want);
  });
});
