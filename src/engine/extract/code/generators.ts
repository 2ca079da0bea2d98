/**
 * Generator functions (issue 22, r6): what a `def f(): yield x` or `function* f() { yield x }`
 * yields is what a loop over its call iterates, so `for p in targets(): rmtree(p)` deletes each
 * yielded path as the same loop over a literal list would.
 */
import { constText, opaque, riskier, withTaint, type Val } from './value.js';

/** Most yielded values a generator keeps in order (a loop over them is unrolled); beyond, only `each`. */
const MAX_YIELDS = 32;

/**
 * The value a call of a generator function returns: its yields in walk order as items (a yield in
 * a loop was walked with that loop's element), and the riskiest of them as what iterating yields.
 */
export function generatorOf(yields: readonly Val[]): Val {
  let each = yields[0]!;
  for (const v of yields.slice(1)) {
    const pick = riskier(each, v);
    const other = pick === each ? v : each;
    each = withTaint({ ...pick, dynamic: pick.dynamic || constText(each) !== constText(v) }, other);
  }
  return {
    ...opaque(yields),
    each,
    ...(yields.length <= MAX_YIELDS ? { items: yields } : {}),
  };
}

/**
 * What `yield from xs` / `yield* xs` hands on: xs's items when known, else one value standing for
 * every element of it.
 */
export function delegated(it: Val): readonly Val[] {
  if (it.items !== undefined) return it.items;
  return [it.each ?? opaque([it])];
}
