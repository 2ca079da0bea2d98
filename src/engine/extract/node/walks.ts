/**
 * Directory listings reordered before a loop (issue 22, r6): `readdirSync(d, { recursive: true })
 * .reverse()` (children before their parents, the order a hand-written `rm -r` needs) or `.sort()`
 * visits the same entries, so what iterating yields stays the listing's glob.
 */
import { opaque, type Val } from '../code/value.js';
import { JS_CALLS, type JsCall } from './calls.js';
import type { JsWalker } from '../node.js';

/** Methods that return the same entries in another order or a copy of them. */
const SAME_ENTRIES = ['reverse', 'sort', 'toSorted', 'toReversed', 'slice'] as const;

/** A listing (no known items, a glob per entry) keeps its entries through the method. */
function sameEntries(c: JsCall): Val | undefined {
  const r = c.recv;
  if (r === undefined || r.items !== undefined || r.each === undefined) return undefined;
  return { ...opaque([r]), each: r.each };
}

JS_CALLS.methods(
  SAME_ENTRIES.map((m) => {
    const prev = JS_CALLS.byMethod(m);
    return [m, (w: JsWalker, c: JsCall) => prev?.(w, c) ?? sameEntries(c)] as const;
  }),
);
