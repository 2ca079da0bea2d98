/**
 * Rotated string tables (issue 22, r3): javascript-obfuscator keeps every string in one array and
 * rotates it at start-up (`(function (a, n) { while (--n) a.push(a.shift()); })(_0x, 0x1a3)`), so a
 * table read by index names other strings than the literal order shows. An array handed to a
 * function of the input that moves items from one end to the other has an unknown order
 * afterwards: its items are generated text (fail closed when one reaches require, exec or eval).
 */
import type { SyntaxNode } from '../../parse/index.js';
import { opaque, type Val } from '../code/value.js';

/** Takes an item off one end (`a.shift()`, `a['pop']()`). */
const TAKES = /(?:\.\s*(?:shift|pop)\s*\(|\[\s*['"`](?:shift|pop)['"`]\s*\]\s*\()/;
/** Puts an item on an end (`a.push(x)`, `a['unshift'](x)`). */
const PUTS = /(?:\.\s*(?:push|unshift)\s*\(|\[\s*['"`](?:push|unshift)['"`]\s*\]\s*\()/;

/** Whether each function of the input rotates (by node). */
const ROTATES = new WeakMap<SyntaxNode, boolean>();

/** The function's source moves items from one end of an array to the other (a rotation). */
export function rotates(source: string): boolean {
  return source.length <= 64 * 1024 && TAKES.test(source) && PUTS.test(source);
}

/**
 * After a call of the input's own function `fn` with `args`: the names of the
 * argument identifiers holding arrays, each with the array's value of unknown order.
 */
export function rotatedArgs(
  fn: SyntaxNode,
  argNodes: readonly SyntaxNode[],
  args: readonly Val[],
  text: (n: SyntaxNode) => string,
): [string, Val][] {
  const out: [string, Val][] = [];
  if (!argNodes.some((n, i) => n.type === 'identifier' && args[i]?.items !== undefined)) return out;
  // One test per function, however often it is called (work stays linear in the input).
  let r = ROTATES.get(fn);
  if (r === undefined) ROTATES.set(fn, (r = rotates(text(fn))));
  if (!r) return out;
  argNodes.forEach((n, i) => {
    const v = args[i];
    if (n.type !== 'identifier' || v?.items === undefined) return;
    out.push([text(n), { ...opaque([v, ...v.items]), generated: true }]);
  });
  return out;
}
