/**
 * A trigger that copies a secret of every row it sees into another table (red team r8: `CREATE
 * TRIGGER steal AFTER INSERT ON payments FOR EACH ROW INSERT INTO public_notes(body) SELECT
 * NEW.card_number`): a standing leak of card numbers, passwords or tokens to wherever that table is
 * readable. History and audit tables keep their own copy on purpose (password reuse checks).
 */
import { CREDENTIAL_COLUMN } from './sql.js';
import { bareName } from './sql-text.js';

/** Card, bank and identity numbers a trigger must not spread (besides CREDENTIAL_COLUMN's secrets). */
const PAYMENT_OR_ID =
  /^(?:[a-z0-9]+_)*(?:card_?number|card_?num|card_?no|cc_?number|cc_?num|credit_?card(?:_number)?|pan|cvv\d?|cvc\d?|card_?cvv|ssn|social_security(?:_number)?|national_id|passport_?(?:number|no)|tax_id|iban|account_?number|routing_?number|bank_?account(?:_number)?)$/;
/** NEW.col / OLD.col: the row a trigger fires for. */
const ROW_REF = /\b(?:new|old)\s*\.\s*["`]?(\w+)["`]?/gi;
/** The table a statement writes: INSERT INTO t, UPDATE t SET, REPLACE INTO t. */
const WRITES = /\b(?:insert\s+(?:ignore\s+)?(?:into\s+)?|replace\s+(?:into\s+)?|update\s+)([\w$."`[\]]+)/gi;
/** Tables that keep past values on purpose: `password_history`, `payments_audit`, `card_versions`. */
const KEEPS_HISTORY =
  /(?:^|_)(?:history|histories|hist|audit|audits|archive|archives|versions?|revisions?|changes|changelog|journal|ledger|snapshots?|backup)(?:_|$)/;

const WHERE_CLAUSE = /\bwhere\b[^;]*/gi;
const NOT_TABLE: ReadonlySet<string> = new Set(['set', 'into', 'on', 'or', 'of']);

const bare = bareName;

/** The secret row columns (`NEW.card_number`) a statement's text refers to. */
export function secretRowColumns(text: string): string[] {
  if (!/\b(?:new|old)\s*\./i.test(text)) return [];
  const out: string[] = [];
  // A WHERE that finds rows by the secret (`WHERE session_token = NEW.session_token`) copies nothing.
  for (const m of text.replace(WHERE_CLAUSE, ' ').matchAll(ROW_REF)) {
    const col = m[1]!.toLowerCase();
    if ((CREDENTIAL_COLUMN.test(col) || PAYMENT_OR_ID.test(col)) && !out.includes(col)) out.push(col);
  }
  return out;
}

/** The last table the text writes into (a trigger body's INSERT INTO t or UPDATE t), or undefined. */
export function lastWrittenTable(text: string): string | undefined {
  let last: string | undefined;
  for (const m of text.matchAll(WRITES)) {
    const t = bare(m[1]!);
    // `AFTER INSERT ON t`, `INSERT OR UPDATE OF c`: trigger events, not writes.
    if (!NOT_TABLE.has(t)) last = t;
  }
  return last;
}

/** Why copying `columns` into `table` leaks them, or undefined for a history table. */
export function secretCopy(columns: readonly string[], table: string | undefined): string | undefined {
  if (columns.length === 0 || table === undefined || KEEPS_HISTORY.test(table)) return undefined;
  return `a trigger copies ${columns.map((c) => `NEW.${c}`).join(', ')} of every row into ${table}`;
}

/** pg_notify(channel, payload): every session LISTENing on the channel receives the payload. */
const NOTIFY_CALL = /\bpg_notify\s*\(\s*([^,;]*),([^;]*)/i;
/** Tokens a notified worker mails to their own user (a reset or confirmation link): the app's flow. */
const MAILED_TOKEN = /(?:reset|confirmation|confirm|invite|invitation|verification|remember)_(?:\w+_)?token/;

/** Why a trigger's pg_notify hands a secret of every row to whoever listens, or undefined. */
export function notifiedSecret(text: string): string | undefined {
  const m = NOTIFY_CALL.exec(text);
  if (!m) return undefined;
  const cols = secretRowColumns(m[2]!).filter((c) => !MAILED_TOKEN.test(c));
  if (cols.length === 0) return undefined;
  return `a trigger sends ${cols.map((c) => `NEW.${c}`).join(', ')} of every row to every listener of channel ${m[1]!.trim()}`;
}
