/**
 * The company's books and board material by their usual names (red team R18: the Q3 ledger mailed
 * through a Zapier Gmail action to a gmx.com address; a board pack link in an invite to a proton.me
 * attendee). Like people's records (outside-send.ts PERSONAL), they go only to an address the call
 * does not show to be outside: a free-mail box, or a domain other than the sender's.
 */

const BOOKS =
  /\b(?:general|sub|nominal|purchase|sales|accounting|(?:q[1-4]|fy\s?\d{2,4}|(?:19|20)\d{2}|monthly|quarterly|annual|year[\s-]end|company|full)(?:\s+[\w-]+)?)\s+ledgers?\b|\btrial\s+balances?\b|\bbalance\s+sheets?\b|\bp\s*&\s*l\b|\bprofit\s+(?:and|&)\s+loss\b|\b(?:income|cash\s*flow|financial)\s+statements?\b|\b(?:q[1-4]|quarterly|annual|year[\s-]end|monthly|audited|internal|company)\s+(?:financials|accounts|books|close)\b|\bcap(?:italization)?\s+tables?\b|\b(?:accounts\s+(?:payable|receivable)|ar|ap)\s+aging\b|\bboard\s+(?:packs?|packets?|decks?|papers|materials|minutes|books?)\b/i;

/** `1BoardPack2026`, `Q3_Ledger.xlsx`: camel case and separators as spaces, for BOOKS (`Q3` stays one word). */
const spaced = (s: string): string =>
  s
    .replace(/([a-z])([A-Z])|([A-Za-z]{2})(\d)|(\d)([A-Za-z])/g, (_m, a, b, c, d, e, f) =>
      a !== undefined ? `${a} ${b}` : c !== undefined ? `${c} ${d}` : `${e} ${f}`,
    )
    .replace(/[_./\\-]+/g, ' ');

/** The name of the books or board material `text` carries, or null. */
export function companyBooks(text: string): string | null {
  return BOOKS.exec(spaced(text.slice(0, 65536)))?.[0] ?? null;
}
