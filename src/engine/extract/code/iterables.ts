/**
 * Lists joined end to end (`glob.glob(a) + glob.glob(b)`, `files + more`): the items in order when
 * both are known, else what iterating either yields, so a loop over the joined list still sees the
 * glob matches or listing entries it walks (issue 22 r4: key files collected from two globs and sent).
 */
import { choice } from './walker.js';
import { opaque, type Val } from './value.js';

export function joinedIterables(a: Val, b: Val): Val | undefined {
  if (a.ref !== undefined || b.ref !== undefined) return undefined;
  if (a.items !== undefined && b.items !== undefined)
    return { ...opaque([a, b]), items: [...a.items, ...b.items] };
  const ea = a.each ?? a.items?.[0];
  const eb = b.each ?? b.items?.[0];
  if (a.each === undefined && b.each === undefined) return undefined;
  if (ea === undefined || eb === undefined) return undefined;
  return { ...opaque([a, b]), each: choice(ea, eb) };
}
