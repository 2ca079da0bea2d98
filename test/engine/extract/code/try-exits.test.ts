/** What a try statement means to the loops inside it (src/engine/extract/code/try-exits.ts). */
import { beforeAll, describe, expect, it } from 'vitest';
import { mayRaise, tryParts } from '../../../../src/engine/extract/code/try-exits.js';
import { loadParsers, parseSyntax, type SyntaxNode } from '../../../../src/engine/parse/index.js';
import type { Runtime } from '../../../../src/engine/types.js';

beforeAll(async () => {
  await loadParsers();
});

/** The first node of `type` in the parse of `text`, depth first. */
function first(runtime: Runtime, text: string, types: readonly string[]): SyntaxNode {
  const stack = [parseSyntax(runtime, text)];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (types.includes(n.type)) return n;
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  throw new Error(`no ${types.join('/')} in ${text}`);
}

describe('tryParts', () => {
  it.each([
    ['python', 'try:\n    f()\nexcept ValueError:\n    pass', true, false],
    ['python', 'try:\n    f()\nexcept KeyboardInterrupt:\n    pass', true, false],
    ['python', 'try:\n    f()\nexcept:\n    pass', true, true],
    ['python', 'try:\n    f()\nexcept Exception as e:\n    log(e)', true, true],
    ['python', 'try:\n    f()\nexcept (BaseException):\n    pass', true, true],
    ['python', 'try:\n    f()\nfinally:\n    g()', false, false],
    ['node', 'try { f(); } catch (e) {}', true, true],
    ['node', 'try { f(); } catch {}', true, true],
    ['node', 'try { f(); } finally { g(); }', false, false],
  ] as const)('%s %j: catches %s, catches all %s', (runtime, text, catches, catchesAll) => {
    const n = first(runtime, text, ['try_statement']);
    const parts = tryParts(n, text);
    expect({ catches: parts.catches, catchesAll: parts.catchesAll }).toEqual({ catches, catchesAll });
    // The protected body is the try's own block, not a handler's.
    expect(parts.body && text.slice(parts.body.start, parts.body.end)).toMatch(/f\(\)/);
  });
});

describe('mayRaise', () => {
  it.each([
    ['python', 'next(it)', true],
    ['python', 'self.advance()', true],
    ['python', 'items[i]', true],
    ['python', 'print(x)', false],
    ['python', 'out.append(x)', false],
    ['python', 'math.sqrt(2)', false],
    ['python', 'time.time()', false],
    ['python', 'time.sleep(1)', true],
    ['node', 'it.next()', true],
    ['node', 'JSON.parse(s)', true],
    ['node', 'console.log(x)', false],
    ['node', 'Math.random()', false],
    ['node', 'out.push(x)', false],
  ] as const)('%s %s: %s', (runtime, text, want) => {
    const n = first(runtime, text, ['call', 'call_expression', 'subscript']);
    expect(mayRaise(n, text)).toBe(want);
  });
});
