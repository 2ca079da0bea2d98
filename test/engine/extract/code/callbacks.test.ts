/** The argument lists a function handed to a call is called with, and the guard over a call (code/callbacks.ts). */
import { beforeAll, describe, expect, it } from 'vitest';
import { callbackCalls, guardOf } from '../../../../src/engine/extract/code/callbacks.js';
import { constText, strVal, UNKNOWN, type Val } from '../../../../src/engine/extract/code/value.js';
import { loadParsers, parseSyntax, type SyntaxNode } from '../../../../src/engine/parse/index.js';
import type { Runtime } from '../../../../src/engine/types.js';

beforeAll(async () => {
  await loadParsers();
});

const F: Val = { ...UNKNOWN, ref: 'os.system' };
const list = (...xs: Val[]): Val => ({ ...UNKNOWN, items: xs });
const s = strVal;

/** Each call's arguments as text ('?' where not text). */
function shown(at: number, args: Val[], kw: Val[] = []): string[][] {
  const self = at >= 0 ? args[at]! : kw[0]!;
  return callbackCalls(at, args, kw, self).map((c) => c.args.map((a) => constText(a) ?? '?'));
}

describe('callbackCalls', () => {
  it.each([
    // The arguments after the function: loop.call_soon(f, p), weakref.finalize(o, f, p, True).
    ['trailing arguments', shown(0, [F, s('/home/agent')]), [['/home/agent']]],
    ['trailing arguments after it', shown(1, [s('obj'), F, s('a'), s('b')]), [['a', 'b']]],
    // Items of the other arguments (after the list itself): filter(f, xs), each(xs, f); a tuple
    // item also spread (starmap).
    ['items', shown(0, [F, list(s('ls'), s('pwd'))]), [['?'], ['ls'], ['pwd']]],
    ['items before it', shown(1, [list(s('ls')), F]), [['ls']]],
    ['tuple items spread', shown(0, [F, list(list(s('/x'), s('y')))]), [['?'], ['?'], ['/x', 'y']]],
    // A keyword function (sorted(xs, key=f)) sees the positional items.
    ['keyword function', shown(-1, [list(s('ls'))], [F]), [['ls']]],
    // Nothing to call it with: not called (its body was walked where it was defined).
    ['nothing to give', shown(0, [F]), []],
  ])('%s', (_name, got, want) => {
    expect(got).toEqual(want);
  });

  it('calls a function at most 16 times', () => {
    const many = list(...Array.from({ length: 16 }, (_v, i) => s(`c${i}`)));
    expect(callbackCalls(0, [F, many, many], [], F)).toHaveLength(16);
  });

  it('skips lists longer than 16 items', () => {
    const long = list(...Array.from({ length: 17 }, (_v, i) => s(`c${i}`)));
    expect(callbackCalls(0, [F, long], [], F).map((c) => c.args.length)).toEqual([1]);
  });
});

/** The first call node in `text` whose callee text is `callee`. */
function callNamed(runtime: Runtime, text: string, callee: string): { root: SyntaxNode; call: SyntaxNode } {
  const root = parseSyntax(runtime, text);
  const stack = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    const f = n.children[0];
    if ((n.type === 'call' || n.type === 'call_expression') && f && text.slice(f.start, f.end) === callee)
      return { root, call: n };
    for (const c of n.children) stack.push(c);
  }
  throw new Error(`no call of ${callee} in ${text}`);
}

describe('guardOf', () => {
  it.each([
    ['python', 'for p in ps:\n    p.kill()', undefined],
    ['python', "for p in ps:\n    if p.name() == 'w':\n        p.kill()", "p.name() == 'w'"],
    ['python', 'for p in ps:\n    if p.pid != me:\n        p.kill()', 'p.pid != me'],
    ['python', "[p.kill() for p in ps if p.name() == 'w']", "if p.name() == 'w'"],
    ['python', 'x and p.kill()', 'x'],
    ['node', 'for (const p of ps) { if (ok(p)) p.kill(); }', '(ok(p))'],
  ] as const)('%s: %j', (runtime, text, want) => {
    const { root, call } = callNamed(runtime, text, 'p.kill');
    expect(guardOf(root, call, text)).toBe(want);
  });
});
