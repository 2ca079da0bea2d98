/**
 * Functions handed to other calls as values (issue 22, r4): whatever receives a function may call
 * it, so the walk calls it too, with what the receiving call can give it: the arguments after it
 * (`loop.call_soon(f, p)`, `weakref.finalize(obj, f, p)`, `schedule(f, cmd)`, the convention of
 * every scheduler and registry) and the items of the other arguments (`sorted(xs, key=f)`,
 * `filter(f, xs)`, `each(xs, f)`; a tuple item also spread, as starmap does). The callee's own
 * handler then judges the real target: `sorted(['ls'], key=os.system)` runs `ls`, which is allowed.
 */
import type { SyntaxNode } from '../../parse/index.js';
import type { Val } from './value.js';

/** Items of one iterable argument a callback is called with, at most; past it, none. */
const MAX_ITEMS = 16;
/** Argument lists one callback is called with, at most. */
const MAX_CALLS = 16;
/** Items of a tuple item spread into the callback (starmap, sched's argument tuple). */
const MAX_SPREAD = 8;

export interface CallbackCall {
  readonly args: readonly Val[];
  /** Keywords the receiving call passes on with the trailing arguments (`callback(f, p, ignore_errors=True)`). */
  readonly forwardKw: boolean;
}

/**
 * The argument lists a function value at position `at` of a call (or under keyword `key`) is
 * called with: the positional arguments after it, then each item of every other argument that is
 * a known list, tuple or iteration (`each`).
 */
export function callbackCalls(
  at: number,
  args: readonly Val[],
  kwValues: readonly Val[],
  self: Val,
): CallbackCall[] {
  const out: CallbackCall[] = [];
  const rest = at >= 0 ? args.slice(at + 1) : [];
  if (rest.length > 0) out.push({ args: rest, forwardKw: true });
  const others = [...args.filter((_a, i) => i !== at), ...kwValues.filter((v) => v !== self)];
  for (const v of others) {
    if (out.length >= MAX_CALLS) break;
    if (v.fn !== undefined) continue;
    if (v.each !== undefined) out.push({ args: [v.each], forwardKw: false });
    const items = v.items;
    if (items === undefined || items.length > MAX_ITEMS || v.fields !== undefined) continue;
    for (const item of items) {
      if (out.length >= MAX_CALLS) break;
      out.push({ args: [item], forwardKw: false });
      if (item.items !== undefined && item.items.length > 1 && item.items.length <= MAX_SPREAD)
        out.push({ args: item.items, forwardKw: false });
    }
  }
  return out;
}

/** Statement and expression types under which a call runs only when a condition holds. */
const CONDITIONAL = new Set([
  'if_statement',
  'elif_clause',
  'else_clause',
  'conditional_expression',
  'ternary_expression',
  'boolean_operator',
  'switch_case',
]);

/**
 * The condition text guarding `target` inside `root`, when one does: the nearest enclosing `if`
 * (or a comprehension's `if` clause, or a ternary), read from the text; undefined when `target`
 * runs unconditionally. Used where "every X" shrinks to "the X a test picks" (code/processes).
 */
export function guardOf(root: SyntaxNode, target: SyntaxNode, text: string): string | undefined {
  let guard: string | undefined;
  let n: SyntaxNode | undefined = root;
  // Descend along the path to the target: at most the tree's depth, each level its children.
  while (n !== undefined && n !== target) {
    if (CONDITIONAL.has(n.type)) {
      const cond = n.children.find((c) => c.named);
      guard = cond ? text.slice(cond.start, cond.end) : '';
    }
    if (/comprehension|generator_expression/.test(n.type)) {
      const clause = n.children.find((c) => c.type === 'if_clause');
      if (clause) guard = text.slice(clause.start, clause.end);
    }
    n = n.children.find((c) => c.start <= target.start && target.end <= c.end);
  }
  return guard;
}
