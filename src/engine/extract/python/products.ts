/**
 * itertools.product(hosts, passwords): every pair is one turn of the loop over it, so a factor that
 * is a password list makes each turn a guess (code/repeats.ts, RUN-AST-009; R25 paramiko spray over
 * a subnet). The factors are kept as the value's fields; a turn's pair is read as each factor's
 * element (its first literal item, as an unrolled loop's first turn), so the host a login names stays known.
 */
import { PRODUCT_REF } from '../code/repeats.js';
import { opaque, type Val } from '../code/value.js';
import { PY_CALLS } from './calls.js';

/** Factors past this are not kept (a product of many lists is read by its first ones). */
const MOST_FACTORS = 8;

PY_CALLS.wrap(['itertools.product'], (prev) => (w, c) => {
  // `product(digits, repeat=4)` is a keyspace (repeats.ts keyspaceOf reads it from the source).
  if (c.kw.has('repeat') || c.args.length < 2) return prev?.(w, c);
  const fields = new Map<string, Val>(c.args.slice(0, MOST_FACTORS).map((a, i) => [String(i), a]));
  const pair = c.args.map((a) => a.each ?? a.items?.[0] ?? opaque([a]));
  return { ...opaque(c.args), ref: PRODUCT_REF, fields, each: { ...opaque(pair), items: pair } };
});
