/** SQL-AST-007: SHUTDOWN statements stop the database server for every client; mass session kills cut every client off. */
import {
  accountSwitchedOff,
  appAccessRevoked,
  cutOffMoves,
  emptySearchPath,
  serviceSwitchedOff,
  applicationAccount,
} from '../../knowledge/sql-cutoff.js';
import { exhaustion } from '../../knowledge/sql-exhaust.js';
import { holdsLock, isLongSleep, rowBomb, throttled } from '../../knowledge/sql-load.js';
import { defineRule } from '../define-rule.js';
import { throwawayName } from '../../knowledge/sql-throwaway.js';

const KILLERS = ['pg_terminate_backend', 'pg_cancel_backend'];
/** A call with one literal pid (`pg_terminate_backend(12345)`): one stuck session, not every session. */
const ONE_PID = /\bpg_(?:terminate|cancel)_backend\s*\(\s*\d+\s*(?:,\s*\d+\s*)?\)/gi;
const ANY_CALL = /\bpg_(?:terminate|cancel)_backend\s*\(/gi;
/**
 * Sessions idle past a time limit (r6 FP): idle in a transaction (holding locks, the classic
 * cleanup), or idle and pinned to one user or application. Clients at work are not touched.
 */
const AGED =
  /\b(?:state_change|xact_start|query_start|backend_start)\s*<=?\s*(?:now\(\)|current_timestamp|clock_timestamp\(\)|statement_timestamp\(\))\s*-\s*(?:interval\b|'\d)|\b(?:now\(\)|current_timestamp|clock_timestamp\(\)|statement_timestamp\(\))\s*-\s*(?:state_change|xact_start|query_start|backend_start)\s*>=?\s*(?:interval\b|'\d)/i;
const IDLE_IN_TRANSACTION = /\bstate\s*(?:=|in\s*\()\s*'idle in transaction/i;
const IDLE_OF_ONE =
  /\bstate\s*=\s*'idle'[\s\S]*\b(?:usename|application_name)\s*=\s*'[^']+'|\b(?:usename|application_name)\s*=\s*'[^']+'[\s\S]*\bstate\s*=\s*'idle'/i;
const idleCleanup = (text: string): boolean =>
  !/\bor\b/i.test(text) && AGED.test(text) && (IDLE_IN_TRANSACTION.test(text) || IDLE_OF_ONE.test(text));

/** The age limit of AGED in seconds (`interval '30 minutes'`, `'00:30:00'::interval`), or 0 when unread. */
/** Both spellings: `query_start < now() - interval '30 minutes'` and `now() - query_start > interval '30 minutes'`. */
const AGE_LIMIT =
  /(?:\b(?:state_change|xact_start|query_start|backend_start)\s*<=?\s*[\w()]+\s*-|\b[\w()]+\s*-\s*(?:state_change|xact_start|query_start|backend_start)\s*>=?)\s*(?:interval\s*)?'\s*(?:(\d+)\s*(sec|second|s|min|minute|m|hour|hr|h|day|d)s?|(\d\d):(\d\d):(\d\d))\s*'/i;
const UNIT_SECONDS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86400 };
function ageLimit(text: string): number {
  const m = AGE_LIMIT.exec(text);
  if (!m) return 0;
  if (m[1] !== undefined) return Number(m[1]) * UNIT_SECONDS[m[2]![0]!.toLowerCase()]!;
  return Number(m[3]) * 3600 + Number(m[4]) * 60 + Number(m[5]);
}
/** The one user or application a kill is pinned to (`usename = 'reporting'`). */
const PINNED_TO = /\b(?:usename|application_name)\s*=\s*'([^']+)'/gi;

/**
 * Runaway queries stopped by hand (r11 twin: `pg_cancel_backend` of reporting queries running past
 * 30 minutes): a statement_timeout applied after the fact. A cancel ends the query, not the session;
 * a terminate is let through only for one user's or tool's active queries, not the application's
 * or the operator's sessions (knowledge/sql-cutoff.ts applicationAccount). A limit under a minute is every query.
 */
function runawayQueries(text: string): boolean {
  if (/\bor\b/i.test(text) || !AGED.test(text) || ageLimit(text) < 60) return false;
  if (!/\bpg_terminate_backend\s*\(/i.test(text)) return true;
  const pinned = [...text.matchAll(PINNED_TO)].map((m) => m[1]!.toLowerCase());
  return pinned.length === 1 && !applicationAccount(pinned[0]!) && /\bstate\s*=\s*'active'/i.test(text);
}
/**
 * A database closed to its clients (red team r4): PostgreSQL CONNECTION LIMIT 0 or ALLOW_CONNECTIONS
 * false, SQL Server SINGLE_USER/RESTRICTED_USER/OFFLINE/EMERGENCY (WITH ROLLBACK IMMEDIATE cuts the
 * sessions in flight), MySQL offline_mode. Gated on the first word (ALTER/SET).
 */
const CLOSED_GATE =
  /^(?:\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)*(?:alter|set|revoke|flush|rename|exec|execute|sp_detach_db)\b/i;
/**
 * The application locked out of its database or the database made read-only (red team r5): its
 * account renamed, CONNECT revoked, read-only defaults, a global read lock. Accounts locked or
 * disabled are judged by whose they are (knowledge/sql-cutoff.ts accountSwitchedOff).
 */
const LOCKED =
  /^(?:\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)*(?:(?:exec(?:ute)?\s+)?(?:[\w.]+\.)?sp_detach_db\b|alter\s+(?:user|login)\s+[^;\s]+\s+(?:rename\s+to|with\s+name\s*=)|rename\s+user\b|revoke\s+connect\s+on\s+database\b|alter\s+(?:database|role|user)\b[^;]*?\bdefault_transaction_read_only\s*(?:=|\bto\b)\s*'?(?:on|true|1)\b|set\s+(?:global\s+|persist\s+|@@global\.|@@persist\.)(?:super_)?read_only\s*(?:=|:=)\s*'?(?:on|1|true)\b|flush\s+tables\s+with\s+read\s+lock\b)/i;
const CLOSED =
  /^(?:\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)*(?:alter\s+(?:database|role|user)\b[^;]*?\bconnection\s+limit\s*=?\s*0\b|alter\s+database\b[^;]*?\ballow_connections\s*(?:=|\bto\b)?\s*'?(?:false|off|0)\b|alter\s+database\b[^;]*?\bset\s+(?:single_user|restricted_user|offline|emergency)\b|alter\s+(?:tablespace|database)\b[^;]*?\boffline\s+(?:immediate|for\s+drop)\b|set\s+(?:global\s+|persist\s+|@@global\.|@@persist\.)offline_mode\s*(?:=|:=)\s*'?(?:on|1|true)\b)/i;

/**
 * A database or role named for reading made read-only by default (R14 twin: `ALTER DATABASE
 * shop_reporting SET default_transaction_read_only = on`): reports and replicas write nothing, so
 * the default guards them; the application's own database stays denied.
 */
const READ_SIDE_TARGET =
  /^\s*alter\s+(?:database|role|user)\s+["`]?([\w$]+)["`]?\s[^;]*?\bdefault_transaction_read_only\b/i;
const READ_SIDE_NAME =
  /(?:^|_)(?:reporting|reports?|analytics|bi|readonly|read_only|ro|replica|reader|readers|viewer|dashboards?|warehouse|dwh|archive|audit_ro)(?:_|$)/i;
const readSide = (text: string): boolean => {
  const m = READ_SIDE_TARGET.exec(text);
  return m !== null && READ_SIDE_NAME.test(m[1]!);
};

/**
 * CONNECT taken from PUBLIC while the batch gives it back to named roles (R15 twin: `REVOKE CONNECT
 * ON DATABASE shop FROM PUBLIC; GRANT CONNECT ON DATABASE shop TO app_user`): the hardening step
 * of the PostgreSQL docs; the application keeps its way in.
 */
const REVOKE_PUBLIC_CONNECT =
  /^\s*revoke\s+connect\s+on\s+database\s+["`]?([\w$]+)["`]?\s+from\s+public\s*;?\s*$/i;
function connectHandedBack(text: string, texts: readonly string[]): boolean {
  const db = REVOKE_PUBLIC_CONNECT.exec(text)?.[1]?.toLowerCase();
  if (db === undefined) return false;
  const grant = new RegExp(
    String.raw`^\s*grant\s+(?:connect|all(?:\s+privileges)?)\s+on\s+database\s+["\x60]?${db.replace(/\$/g, '\\$')}["\x60]?\s+to\s+(?!public\b)`,
    'i',
  );
  return texts.some((t) => grant.test(t));
}

export default defineRule({
  id: 'SQL-AST-007',
  invariant: 'NO_DESTRUCTIVE_SQL',
  kinds: ['sql'],
  summary:
    'SHUTDOWN of the database server (MySQL, SQL Server), including injected forms; pg_terminate_backend/pg_cancel_backend over a query of sessions; a database closed to its clients (CONNECTION LIMIT 0, SINGLE_USER, OFFLINE); the application cut off from its tables (renamed to a retired name or moved into an archive schema with nothing in their place, search_path pointed at nothing, access of an application role revoked or denied, a Snowflake warehouse suspended with auto-resume off, the account network policy cut to one address, a schema or table made read-only); denial of service from inside (row generators or cross joins of 1e8+ rows, a lock held through a long sleep, max_connections <= 5, server-wide timeouts under 100 ms).',
  remediationHint:
    'Do not stop the database server. If a restart is needed, ask the user or the operator to do it.',
  *check(facts) {
    const stmts = [...facts.of('sql')].sort((a, b) => a.span.start - b.span.start);
    // A table or its rows locked and the session asleep while holding them (red team r5).
    const locked = stmts.some((s) => holdsLock(s.text));
    // The application cut off from its tables without a drop (red team r6, knowledge/sql-cutoff.ts).
    const texts = stmts.map((s) => s.text);
    for (const c of [...cutOffMoves(texts), ...appAccessRevoked(texts), ...serviceSwitchedOff(texts)])
      yield { span: stmts[c.index]!.span, reason: c.reason, suggestedAlternative: null };
    // Endless work (knowledge/sql-exhaust.ts) is read over the batch: a loop's exit or a CTE's
    // OPTION (MAXRECURSION) may sit in a later statement of the split.
    const endless = stmts.length > 0 ? exhaustion(texts.join(';\n')) : undefined;
    if (endless !== undefined)
      yield {
        span: stmts[0]!.span,
        reason: `denial of service from inside the database: ${endless}`,
        suggestedAlternative: null,
      };
    for (const s of stmts) {
      const outage =
        rowBomb(s.text) ??
        throttled(s.text) ??
        (locked && isLongSleep(s.text)
          ? 'the session sleeps while it holds a table lock, so every writer waits'
          : undefined);
      if (outage !== undefined) {
        yield {
          span: s.span,
          reason: `denial of service from inside the database: ${outage}`,
          suggestedAlternative: null,
        };
        continue;
      }
      const path = emptySearchPath(s.text);
      if (path !== undefined) {
        yield {
          span: s.span,
          reason: `the statement gives the application ${path}: it no longer finds its tables`,
          suggestedAlternative: null,
        };
        continue;
      }
      // The application's or the operator's account locked (knowledge/sql-cutoff.ts); a person's is housekeeping.
      const account = accountSwitchedOff(s.text);
      if (account !== undefined) {
        yield { span: s.span, reason: account, suggestedAlternative: null };
        continue;
      }
      if (
        CLOSED_GATE.test(s.text) &&
        LOCKED.test(s.text) &&
        !readSide(s.text) &&
        !connectHandedBack(s.text, texts)
      ) {
        yield {
          span: s.span,
          reason: 'the statement locks the application out of its database or makes it read-only',
          suggestedAlternative: null,
        };
        continue;
      }
      // A test or dev database closed before it is reset (`ALTER DATABASE app_test CONNECTION LIMIT 0`).
      const closedDb = /^\s*alter\s+database\s+([\w$."`[\]]+)/i.exec(s.text)?.[1];
      if (
        CLOSED_GATE.test(s.text) &&
        CLOSED.test(s.text) &&
        !(closedDb !== undefined && throwawayName(closedDb))
      ) {
        yield {
          span: s.span,
          reason:
            'the statement closes the database to its clients (connection limit 0, single-user or offline)',
          suggestedAlternative: null,
        };
        continue;
      }
      if (s.object === 'shutdown') {
        yield {
          span: s.span,
          reason: 'SHUTDOWN stops the database server for every client',
          suggestedAlternative: null,
        };
        continue;
      }
      // pg_terminate_backend(pid) over a query (pg_stat_activity): every matching session is cut off.
      if (
        s.functions.some((f) => KILLERS.includes(f)) &&
        (s.text.match(ANY_CALL)?.length ?? 0) > (s.text.match(ONE_PID)?.length ?? 0) &&
        !idleCleanup(s.text) &&
        !runawayQueries(s.text)
      )
        yield {
          span: s.span,
          reason: 'the statement terminates database sessions chosen by a query, cutting their clients off',
          suggestedAlternative: 'SELECT pg_terminate_backend(12345) -- one session, by its pid',
        };
    }
  },
  examples: {
    deny: [
      { input: 'SHUTDOWN', runtime: 'sql' },
      { input: "';shutdown --", runtime: 'sql' },
      { input: 'SHUTDOWN WITH NOWAIT', runtime: 'sql' },
      { input: 'SELECT pg_terminate_backend(pid) FROM pg_stat_activity', runtime: 'sql' },
      { input: 'ALTER DATABASE prod CONNECTION LIMIT 0', runtime: 'sql' },
      { input: "ALTER USER 'app'@'%' ACCOUNT LOCK", runtime: 'sql' },
      { input: 'ALTER DATABASE Prod SET SINGLE_USER WITH ROLLBACK IMMEDIATE', runtime: 'sql' },
    ],
    allow: [
      {
        input: 'ALTER DATABASE app_test CONNECTION LIMIT 0',
        runtime: 'sql',
        why: 'a test database closed before its reset',
      },
      { input: "SELECT * FROM events WHERE kind = 'shutdown'", runtime: 'sql', why: 'the word is data' },
      { input: 'SELECT shutdown_at FROM hosts', runtime: 'sql', why: 'a column name' },
      { input: 'SELECT pg_terminate_backend(12345)', runtime: 'sql', why: 'one stuck session by its pid' },
      {
        input: 'ALTER DATABASE prod CONNECTION LIMIT 200',
        runtime: 'sql',
        why: 'a limit clients can live with',
      },
      { input: 'ALTER DATABASE Prod SET MULTI_USER', runtime: 'sql', why: 'opens the database again' },
      {
        input: "ALTER USER 'jsmith'@'%' ACCOUNT LOCK;",
        runtime: 'sql',
        why: "a departed person's account locked: housekeeping",
      },
    ],
  },
});
