/**
 * A pattern with a long lazy reach (`exposeInMainWorld([^]{0,400}?require(...)`) tried only where its
 * literal head occurs, and at most `limit` times: a text full of heads costs `limit` tries, not one
 * per character, so the planted-code readers stay linear at the size cap.
 */

/** The first match of `body` (sticky, written from the head on) at one of the first `limit` matches of `head` (global). */
export function anchoredMatch(text: string, head: RegExp, body: RegExp, limit = 32): RegExpExecArray | null {
  let tries = 0;
  for (const h of text.matchAll(head)) {
    if (++tries > limit) break;
    body.lastIndex = h.index;
    const m = body.exec(text);
    if (m !== null) return m;
  }
  return null;
}
