/**
 * An audit trail rewritten by row writes (red team r8: `DELETE FROM audit_log WHERE created_at >
 * now() - interval '1 day'` erases the last day's record). Retention deletes rows older than a
 * cutoff and is routine; deleting recent rows, rows picked by who or what they record, or
 * rewriting what a row says removes the evidence. Marking rows exported or archived is bookkeeping.
 */
import { bareName, withoutComments } from './sql-text.js';

/**
 * Tables that hold an audit trail: `audit_log`, `audits`, `billing_audit`, `audit_events`, and the
 * records of who did what under other names (R17: `admin_activity` rewritten to an internal IP):
 * activity and action logs, access and sign-in histories, security events.
 */
const AUDIT_TABLE =
  /(?:^|_)audit(?:s|_?log|_?logs|_?trail|_?events?|_?entries|_?records)?(?:_|$)|^(?:\w+_)?(?:admin|staff|operator|moderator|security|access|login|signin|sign_in|auth)_?(?:activity|activities|actions?|action_logs?|events?|event_logs?|logs?|history|trail)$|(?:^|_)(?:activity|action|access)_?logs?$/;
/** Columns that record a time (`created_at`, `logged_on`, `event_time`, `ts`, `timestamp`). */
const TIME_COLUMN = String.raw`(?:[\w"\x60]+\.)?["\x60]?(?:\w*(?:_at|_on|_time|_ts|_date|time|timestamp|date|created|logged)|ts|at|on|when)["\x60]?`;
/** `time_col < <a past moment>`: an interval back from now, a dated literal or a bound parameter. */
const OLDER_THAN = new RegExp(
  String.raw`\b${TIME_COLUMN}\s*<=?\s*(?:[^;]*?\binterval\b|[^;]*?\b(?:dateadd|date_sub|subdate|datediff|add_months|days_ago)\b|'(?:19|20)\d\d-|\$\d+|\?|:\w+|@\w+)`,
  'i',
);
/** A later-than test on a time column, or a range: rows picked from the recent record. */
const NEWER_THAN = new RegExp(String.raw`\b${TIME_COLUMN}\s*(?:>|>=|between\b)`, 'i');
/** Columns a job flips to say a row was handled; writing them leaves the record as it was. */
const BOOKKEEPING =
  /^(?:is_)?(?:exported|archived|processed|synced|shipped|sent|acknowledged|reviewed|read|seen|dismissed)(?:_at|_on)?$/i;

const bare = bareName;

/** Why a DELETE or UPDATE of `targets` rewrites an audit trail, or undefined. */
export function auditTrailRewrite(
  statement: string,
  targets: readonly string[],
  raw: string,
): string | undefined {
  const table = targets.map(bare).find((t) => AUDIT_TABLE.test(t));
  if (table === undefined) return undefined;
  const text = withoutComments(raw);
  if (statement === 'update') {
    const set = /\bset\b([\s\S]*?)(?:\bwhere\b|\bfrom\b|\breturning\b|$)/i.exec(text)?.[1] ?? '';
    const cols = [...set.matchAll(/(?:^|,)\s*(?:\w+\.)?["`]?(\w+)["`]?\s*=/g)].map((m) => m[1]!);
    if (cols.length > 0 && cols.every((c) => BOOKKEEPING.test(c))) return undefined;
    // Old rows' addresses or agents cleared (`SET ip_address = NULL WHERE created_at < now() -
    // interval '180 days'`): privacy retention, the record of who did what stays.
    const where = /\bwhere\b([\s\S]*)$/i.exec(text)?.[1];
    const values = [...set.matchAll(/=\s*([^,]+)/g)].map((m) => m[1]!.trim());
    if (
      where !== undefined &&
      values.length > 0 &&
      values.every((v) => /^(?:null|''|'redacted'|'\[redacted\]')$/i.test(v)) &&
      !/\bor\b/i.test(where) &&
      OLDER_THAN.test(where) &&
      !NEWER_THAN.test(where)
    )
      return undefined;
    return `the UPDATE rewrites rows of the audit trail ${table}`;
  }
  if (statement !== 'delete') return undefined;
  const where = /\bwhere\b([\s\S]*)$/i.exec(text)?.[1];
  // No WHERE is every row: the unbounded-write rule says so.
  if (where === undefined) return undefined;
  if (!/\bor\b/i.test(where) && OLDER_THAN.test(where) && !NEWER_THAN.test(where)) return undefined;
  return `the DELETE removes rows of the audit trail ${table} that are not past a retention cutoff`;
}
