/**
 * Egress marks for a request payload that keep where a literal sits when that place addresses a
 * message (`json={"To": "jane@acme.dev"}`, SendGrid's `personalizations[0].to[0].email`): the
 * recipient or sender of a mail the code sends is what the call is for, as a tool call's `to` is
 * (PII-AST-001 reads the field). Every other literal is payload, as before.
 */
import type { Collector } from './collector.js';
import { deepLits, type Val } from './value.js';

/** Keys that name who a message goes to or comes from. */
const MESSAGE_ADDRESS = /^(?:to|cc|bcc|from|reply_?to|sender|recipients?)$/i;

/**
 * Keys whose value is an address itself (`to`, `to.0.email`): only these get the field, so a
 * password beside an address (`from.password`) stays payload for SEC-AST-013.
 */
const ADDRESS_LEAF =
  /^(?:to|cc|bcc|from|reply_?to|sender|recipients?|email|e_?mail|email_?address|address)$/i;

/** The path's last key, skipping list indices (`to.0` → `to`). */
const leafKey = (path: string): string =>
  path
    .split('.')
    .filter((s) => !/^\d+$/.test(s))
    .pop() ?? '';

/** The field a literal at `path` carries: the path when it is an address under an addressing key. */
const fieldAt = (path: string, addressed: boolean): string | undefined =>
  addressed && ADDRESS_LEAF.test(leafKey(path)) ? path : undefined;

/** Nesting followed at most (a JSON body is shallow; a deep one is payload). */
const MAX_DEPTH = 6;

/** Marks the literals of `v` as egress; under a message-addressing key they carry the key path as field. */
export function egressPayload(col: Collector, v: Val, path = '', addressed = false, depth = 0): void {
  if ((v.items === undefined && v.fields === undefined) || depth >= MAX_DEPTH) {
    col.egress(
      depth >= MAX_DEPTH ? deepLits(v) : v.lits,
      depth < MAX_DEPTH ? fieldAt(path, addressed) : undefined,
    );
    return;
  }
  // A container's own lits hold its children's too: the children mark theirs, the rest is payload.
  const inner = new Set<number>();
  for (const c of [...(v.items ?? []), ...(v.fields?.values() ?? [])])
    for (const id of deepLits(c)) inner.add(id);
  col.egress(
    v.lits.filter((id) => !inner.has(id)),
    fieldAt(path, addressed),
  );
  if (v.items) v.items.forEach((item, n) => egressPayload(col, item, `${path}.${n}`, addressed, depth + 1));
  if (v.fields)
    for (const [key, f] of v.fields) {
      const at = path === '' ? key : `${path}.${key}`;
      egressPayload(col, f, at, addressed || MESSAGE_ADDRESS.test(key), depth + 1);
    }
}
