/**
 * Every future write to a table silently discarded or refused (red team r6): a rewrite rule that
 * does INSTEAD NOTHING, a BEFORE row trigger whose function only returns NULL (or that always
 * signals an error), an INSTEAD OF trigger that writes nothing, a CHECK that no row meets, row level
 * security forced on after its policies are dropped, with none that lets a row through. The everyday shapes beside them stay
 * allowed: conditional rules and triggers (skip duplicates, reject bad values), append-only audit
 * tables made immutable, CHECK (false) NO INHERIT on an inheritance parent, RLS with real policies.
 */
import { withoutComments } from './sql-text.js';

const PART = String.raw`(?:[\w$]+|"[^"]*"|\x60[^\x60]*\x60|\[[^\]]*\])`;
const NAME = String.raw`(${PART}(?:\s*\.\s*${PART})*)`;
const last = (name: string): string =>
  name
    .split('.')
    .pop()!
    .trim()
    .replace(/^["`[]|["`\]]$/g, '')
    .toLowerCase();

/** Append-only tables (audit trails, ledgers, logs) that a rule or trigger makes immutable on purpose. */
const APPEND_ONLY =
  /(?:^|_)(?:audit|audits|log|logs|history|histories|ledger|journal|events?|trail|archive)(?:_|$)/;

/** CREATE RULE r AS ON INSERT|UPDATE|DELETE TO t [WHERE ...] DO [ALSO|INSTEAD] action. */
const RULE = new RegExp(
  String.raw`^\s*create\s+(?:or\s+replace\s+)?rule\s+\S+\s+as\s+on\s+(insert|update|delete)\s+to\s+` +
    NAME +
    String.raw`\s+(where\b[\s\S]*?\s+)?do\s+(also\s+|instead\s+)?([\s\S]*?)\s*;?\s*$`,
  'i',
);

function discardingRule(text: string): string | undefined {
  const m = RULE.exec(text);
  if (!m || m[3] !== undefined || !/instead/i.test(m[4] ?? '')) return undefined;
  const event = m[1]!.toLowerCase();
  const table = last(m[2]!);
  // The action writes the row somewhere (a view's rule, a redirect): it is not discarded.
  if (/\b(?:insert|update|delete)\b/i.test(m[5]!)) return undefined;
  if (event === 'delete' || (event === 'update' && APPEND_ONLY.test(table))) return undefined;
  return `every ${event.toUpperCase()} on ${table} is silently discarded (DO INSTEAD with no write)`;
}

/** CREATE FUNCTION f() RETURNS trigger ... body: which functions only ever return NULL. */
const TRIGGER_FUNCTION = new RegExp(
  String.raw`^\s*create\s+(?:or\s+replace\s+)?function\s+` +
    NAME +
    String.raw`\s*\([^)]*\)\s*returns\s+trigger\b([\s\S]*)$`,
  'i',
);
/** CREATE TRIGGER name BEFORE|INSTEAD OF events ON table ... EXECUTE FUNCTION|PROCEDURE f. */
const PG_TRIGGER = new RegExp(
  String.raw`^\s*create\s+(?:or\s+replace\s+)?(?:constraint\s+)?trigger\s+\S+\s+(before|instead\s+of)\s+([\w\s]+?)\s+on\s+` +
    NAME +
    String.raw`[\s\S]*?\bexecute\s+(?:function|procedure)\s+` +
    NAME,
  'i',
);
/**
 * MySQL/SQL Server triggers with their body inline: CREATE TRIGGER t BEFORE INSERT ON x FOR EACH
 * ROW body (MySQL), CREATE TRIGGER t ON x INSTEAD OF|AFTER|FOR INSERT AS body (T-SQL).
 */
const MY_TRIGGER = new RegExp(
  String.raw`^\s*create\s+(?:definer\s*=\s*\S+\s+)?trigger\s+\S+\s+before\s+(insert|update)\s+on\s+` +
    NAME +
    String.raw`\s+for\s+each\s+row\s+(?:(?:follows|precedes)\s+\S+\s+)?([\s\S]*)$`,
  'i',
);
const MS_TRIGGER = new RegExp(
  String.raw`^\s*create\s+(?:or\s+alter\s+)?trigger\s+\S+\s+on\s+` +
    NAME +
    String.raw`\s+(?:with\s+[\w\s,]+?\s+)?(instead\s+of|after|for)\s+([\w\s,]+?)\s+(?:not\s+for\s+replication\s+)?as\b([\s\S]*)$`,
  'i',
);

/** CREATE OR REPLACE / ALTER VIEW v AS SELECT ... WHERE false (or LIMIT 0, TOP 0). */
const EMPTIED_VIEW =
  /^\s*(?:create\s+or\s+(?:replace|alter)|alter)\s+(?:(?:secure|materialized|recursive)\s+)?view\b[^;]*?\bas\s*\(?\s*select\b(?:\s+top\s*\(?\s*0\b|[^;]*\blimit\s+0\b|[^;]*\bwhere\s+(?:false|0|1\s*=\s*0|1\s*<>\s*1)(?=\s*(?:$|;|\)|and\b|order\b|group\b|limit\b))(?![^;]*\bor\b))/i;

/** A body that only returns NULL: `RETURN NULL` and no `RETURN NEW/OLD/other`. */
const onlyReturnsNull = (body: string): boolean =>
  /\breturn\s+null\b/i.test(body) && !/\breturn\s+(?!null\b)[\w(]/i.test(body);
/** A body that always refuses: an error raised outside any IF/CASE. */
const alwaysRefuses = (body: string): boolean =>
  /\b(?:signal\s+sqlstate|rollback|throw|raiserror|raise\s+exception)\b/i.test(body) &&
  !/\b(?:if|case|when|where)\b/i.test(body);
const writes = (body: string): boolean => /\b(?:insert|update|merge|delete)\b/i.test(body);

/**
 * The statements (indexes of `texts`) that make every later write to a table vanish or fail, with
 * the reason.
 */
export function discardedWrites(texts: readonly string[]): { index: number; reason: string }[] {
  // A MySQL script's `DELIMITER //` line sticks to the statement after it.
  const bare = texts.map((t) => withoutComments(t).replace(/^\s*delimiter\s+\S+\s*/i, ''));
  const nullFunctions = new Set<string>();
  for (const t of bare) {
    const f = TRIGGER_FUNCTION.exec(t);
    if (f && (onlyReturnsNull(f[2]!) || alwaysRefuses(f[2]!))) nullFunctions.add(last(f[1]!));
  }
  const out: { index: number; reason: string }[] = [];
  const policies = bare.filter((t) => /^\s*create\s+policy\b/i.test(t));
  const letsRowsThrough = policies.some(
    (p) =>
      !/\bas\s+restrictive\b/i.test(p) &&
      !/\b(?:using|with\s+check)\s*\(\s*(?:false|0|1\s*=\s*0|1\s*<>\s*1|null)\s*\)/i.test(p),
  );
  for (const [index, t] of bare.entries()) {
    const rule = discardingRule(t);
    if (rule !== undefined) out.push({ index, reason: rule });
    const pg = PG_TRIGGER.exec(t);
    if (pg && /insert|update/i.test(pg[2]!) && nullFunctions.has(last(pg[4]!)))
      out.push({
        index,
        reason: `the trigger on ${last(pg[3]!)} skips or refuses every row, so every ${/insert/i.test(pg[2]!) ? 'INSERT' : 'UPDATE'} is lost`,
      });
    const my = MY_TRIGGER.exec(t);
    if (my && alwaysRefuses(my[3]!))
      out.push({ index, reason: `the trigger on ${last(my[2]!)} refuses every ${my[1]!.toUpperCase()}` });
    const ms = MS_TRIGGER.exec(t);
    if (ms && /insert|update/i.test(ms[3]!)) {
      // A batch splits a T-SQL body at its semicolons: the rest of the batch is the body's tail.
      const body = [ms[4]!, ...bare.slice(index + 1)].join(';');
      const table = last(ms[1]!);
      if (/instead/i.test(ms[2]!) && !writes(body) && !APPEND_ONLY.test(table))
        out.push({
          index,
          reason: `the INSTEAD OF trigger on ${table} writes nothing: every write is discarded`,
        });
      else if (alwaysRefuses(ms[4]!))
        out.push({ index, reason: `the trigger on ${table} rolls back every write` });
    }
    // A CHECK no row meets refuses every new row (NOT VALID keeps the old ones). NO INHERIT on an
    // inheritance parent is the documented way to keep the parent itself empty.
    if (
      /^\s*alter\s+table\b[^;]*?\bcheck\s*\(\s*(?:false|0|1\s*=\s*0|1\s*<>\s*1|'(\w*)'\s*=\s*'(?!\1')\w*'|null\s+is\s+not\s+null)\s*\)(?![^;]*\bno\s+inherit\b)/i.test(
        t,
      )
    )
      out.push({
        index,
        reason: 'the CHECK constraint holds for no row: every INSERT and UPDATE is refused',
      });
    // An existing view the application reads replaced by one that returns no rows.
    if (EMPTIED_VIEW.test(t))
      out.push({
        index,
        reason: 'the view is replaced by one that returns no rows: every read of it comes back empty',
      });
    // Row level security forced on (the owner too) once the batch has dropped the policies and made
    // none that lets a row through. Forced on alone is hardening (R12 twin): policies made earlier
    // still apply, and ENABLE alone already shuts every other role out of a table without any.
    if (
      /^\s*alter\s+table\b[^;]*?\bforce\s+row\s+level\s+security\b/i.test(t) &&
      !letsRowsThrough &&
      bare.some((o) => /^\s*drop\s+policy\b/i.test(o))
    )
      out.push({
        index,
        reason:
          'row level security is forced on with no policy that lets a row through: every query and write of the table sees nothing',
      });
    if (
      /^\s*create\s+policy\b(?![^;]*\bfor\s+delete\b)[^;]*?\bas\s+restrictive\b[^;]*?\b(?:using|with\s+check)\s*\(\s*(?:false|0|1\s*=\s*0|1\s*<>\s*1)\s*\)/i.test(
        t,
      ) ||
      (/^\s*create\s+policy\b[^;]*?\b(?:using|with\s+check)\s*\(\s*(?:false|0|1\s*=\s*0|1\s*<>\s*1)\s*\)/i.test(
        t,
      ) &&
        !letsRowsThrough &&
        bare.some((o) => /\b(?:force|enable)\s+row\s+level\s+security\b/i.test(o)))
    )
      out.push({
        index,
        reason:
          'the row level security policy lets no row through: every query and write of the table sees nothing',
      });
  }
  return out;
}
