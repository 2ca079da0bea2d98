/**
 * Arrays reordered in place (issue 22, r3 rotated string tables, python and node): obfuscators keep
 * every string in one table and rotate it at start-up (`(function (a, n) { while (--n)
 * a.push(a.shift()); })(_0x, 0x1a3)`), so an index names another string than the literal order
 * shows. A table whose items are moved from one end to the other (`t.push(t.shift())`,
 * `t.append(t.pop(0))`, `t.insert(0, t.pop())`, `deque.rotate(n)`), reversed in place, or handed to
 * an own function that does so gets an unknown order: its items are generated text, so one that
 * reaches require, import, exec or a shell is obfuscated execution. Consuming a list
 * (`steps.shift()` alone, `argv.pop()`) is not a reordering and is left alone.
 */
import type { SyntaxNode } from '../../parse/index.js';
import { named } from './syntax.js';
import { opaque, type Val } from './value.js';

/** Methods that put an item on an end of a list. */
const PUTS: ReadonlySet<string> = new Set(['push', 'unshift', 'append', 'appendleft', 'insert']);
/** Methods that take an item off an end. */
const TAKES = /^(?:shift|pop|popleft)$/;
/** Methods that reorder the whole list in place. */
const IN_PLACE: ReadonlySet<string> = new Set(['reverse', 'rotate']);

/** The member call's receiver name and method (`t.shift()` → t, shift); undefined otherwise. */
function memberCall(n: SyntaxNode, src: (x: SyntaxNode) => string): [string, string] | undefined {
  if (n.type !== 'call' && n.type !== 'call_expression') return undefined;
  const f = n.children[0];
  if (!f || (f.type !== 'member_expression' && f.type !== 'attribute')) return undefined;
  const parts = named(f);
  const obj = parts[0];
  const prop = parts[parts.length - 1];
  if (!obj || !prop || obj.type !== 'identifier') return undefined;
  return [src(obj), src(prop)];
}

/**
 * Whether `recv.method(args)` reorders the list `recv` names: an item taken off the same list put
 * back on it, or an in-place reverse/rotate.
 */
export function reorders(
  recv: string,
  method: string,
  argNodes: readonly SyntaxNode[],
  src: (x: SyntaxNode) => string,
): boolean {
  if (IN_PLACE.has(method)) return true;
  if (!PUTS.has(method)) return false;
  return argNodes.some((a) => {
    const inner = memberCall(a, src);
    return inner !== undefined && inner[0] === recv && TAKES.test(inner[1]);
  });
}

/**
 * `name.method(args)` on a list the walk holds: when it reorders that list in place, the name is
 * bound to the reordered list (python and node walkers alike).
 */
export function reorderInPlace(
  w: { readonly env: Map<string, Val>; src(n: SyntaxNode): string },
  recvNode: SyntaxNode | undefined,
  recv: Val | undefined,
  method: string | undefined,
  argNodes: readonly SyntaxNode[],
): void {
  if (method === undefined || recvNode?.type !== 'identifier' || recv?.items === undefined) return;
  const name = w.src(recvNode);
  if (reorders(name, method, argNodes, (x) => w.src(x))) w.env.set(name, reordered(recv, method));
}

/** The list after `method` reordered it: reversed exactly; rotated, order unknown (generated). */
export function reordered(list: Val, method = 'rotate'): Val {
  if (method === 'reverse' && list.items !== undefined)
    return { ...list, items: list.items.slice().reverse() };
  return { ...opaque([list, ...(list.items ?? [])]), generated: true };
}

/** Takes an item off one end (`a.shift()`, `a['pop'](0)`, `d.popleft()`). */
const TAKES_TEXT = /(?:\.\s*(?:shift|pop|popleft)\s*\(|\[\s*['"`](?:shift|pop)['"`]\s*\]\s*\()/;
/** Puts an item on an end (`a.push(x)`, `a['unshift'](x)`, `a.append(x)`, `a.insert(0, x)`). */
const PUTS_TEXT =
  /(?:\.\s*(?:push|unshift|append|appendleft|insert)\s*\(|\[\s*['"`](?:push|unshift)['"`]\s*\]\s*\()/;

/** The function's source moves items from one end of a list to the other (a rotation). */
export function rotates(source: string): boolean {
  return source.length <= 64 * 1024 && TAKES_TEXT.test(source) && PUTS_TEXT.test(source);
}

/** Whether each function of the input rotates (by node): one test per function, however often called. */
const ROTATES = new WeakMap<SyntaxNode, boolean>();

/**
 * After a call of the input's own function `fn` with `args`: the argument identifiers holding
 * lists, each with the list's value of unknown order.
 */
export function rotatedArgs(
  fn: SyntaxNode,
  argNodes: readonly SyntaxNode[],
  args: readonly Val[],
  text: (n: SyntaxNode) => string,
): [string, Val][] {
  const out: [string, Val][] = [];
  if (!argNodes.some((n, i) => n.type === 'identifier' && args[i]?.items !== undefined)) return out;
  let r = ROTATES.get(fn);
  if (r === undefined) ROTATES.set(fn, (r = rotates(text(fn))));
  if (!r) return out;
  argNodes.forEach((n, i) => {
    const v = args[i];
    if (n.type === 'identifier' && v?.items !== undefined) out.push([text(n), reordered(v)]);
  });
  return out;
}
