/**
 * SQL-AST-008: destruction spelled outside DELETE/DROP/TRUNCATE TABLE (red team r3): partitions
 * emptied, tablespaces discarded, binary logs and replication state wiped, databases restored over
 * or repaired with data loss, tables flashed back, recycle bins purged, large objects and
 * replication slots removed in bulk.
 */
import { discardedWrites } from '../../knowledge/sql-discard.js';
import { emptySwaps } from '../../knowledge/sql-swap.js';
import { firstMatch } from '../../knowledge/sql-text.js';
import { allScratchTables, oneRetentionPartition } from '../../knowledge/sql.js';
import { throwawayName } from '../../knowledge/sql-throwaway.js';
import { defineRule } from '../define-rule.js';

/** Leading whitespace and comments before a statement's first keyword. */
const LEAD = String.raw`^(?:\s|--[^\n]*(?:\n|$)|/\*[\s\S]*?\*/)*`;
const GATE = new RegExp(
  LEAD + String.raw`(?:alter|reset|purge|restore|dbcc|flashback|remove|rm|detach|backup)\b`,
  'i',
);

const BULK_FUNCTIONS: ReadonlySet<string> = new Set([
  'setval',
  'pg_drop_replication_slot',
  'pg_replication_origin_drop',
  'lo_unlink',
]);

/** BEFORE a point a day or more ago: a retention purge that keeps the recent logs (what binlog expiry does). */
const NOW = String.raw`(?:now\(\)|current_timestamp(?:\(\))?|sysdate\(\))`;
const AGO = String.raw`interval\s+'?0*[1-9]\d{0,3}'?\s+(?:day|week|month|year)s?`;
/** Or BEFORE a dated literal of a year already past when this was written (r12 fpsql): 2025 or earlier. */
const PAST_DATE = String.raw`'(?:19\d\d|20[01]\d|202[0-5])-\d\d-\d\d(?:[ T][\d:.]+)?'`;
/**
 * Or TO a named log (R17 FP: `PURGE BINARY LOGS TO 'mysql-bin.000412'`): that log and every later
 * one stay, and MySQL refuses to purge a log a connected replica still reads.
 */
const KEEPS_RECENT = String.raw`\s+(?:before\s+(?:${NOW}\s*-\s*${AGO}|date_sub\s*\(\s*${NOW}\s*,\s*${AGO}\s*\)|${PAST_DATE})|to\s+'[^'\s]+')\s*;?\s*$`;

/**
 * REMOVE of one scratch folder of a stage (`@landing/tmp/load_20241101/`): a load's leftovers.
 * The stage's root, or any folder not named scratch, may hold unloaded data or backups.
 */
const SCRATCH_STAGE_PATH =
  /^\s*(?:remove|rm)\s+@[\w$.]+\/(?:[\w$.-]+\/)*(?:tmp|temp|scratch|processed|loaded|done|staging|stg)\/[\w$./-]*\s*;?\s*$/i;

/**
 * PURGE TABLE of one dropped scratch table (R12 twin: `PURGE TABLE tmp_import`): the recycle bin
 * copy of a load's leftovers; a named table of records or the whole bin stays denied.
 */
const PURGED_TABLE = /^\s*purge\s+table\s+([\w$."]+)\s*;?\s*$/i;
const scratchPurge = (text: string): boolean => {
  const m = PURGED_TABLE.exec(text);
  return m !== null && allScratchTables([m[1]!]);
};

/**
 * RESTORE ... WITH REPLACE over a development or test database (R12 twin: SalesDev refreshed from
 * last night's backup): that database is rebuilt from the backup by design.
 */
const RESTORED = /^\s*restore\s+database\s+([\w$."[\]]+)/i;
const throwawayRestore = (text: string): boolean => {
  const m = RESTORED.exec(text);
  return m !== null && throwawayName(m[1]!);
};

/**
 * Time Travel off for one scratch table or schema (`ALTER TABLE staging.tmp_load SET
 * DATA_RETENTION_TIME_IN_DAYS = 0`): a load's leftovers need no history; the account stays denied.
 */
const RETENTION_TARGET = /^\s*alter\s+(?:table|schema|database)\s+(?:if\s+exists\s+)?([\w$."]+)\s+set\b/i;
const scratchRetention = (text: string): boolean => {
  const m = /data_retention_time_in_days/i.test(text) ? RETENTION_TARGET.exec(text) : null;
  return m !== null && (allScratchTables([m[1]!]) || m[1]!.split('.').some((p) => throwawayName(p)));
};

/**
 * One replication slot dropped by a name that says it is done with (R14 twins: `debezium_old_connector`,
 * `debezium_staging_old`): an abandoned slot holds WAL until the disk fills, and dropping it is the
 * fix. Slots named from a catalog query, or a live-sounding name, stay denied.
 */
const OLD_SLOT = /^\s*select\s+pg_drop_replication_slot\s*\(\s*'([\w$-]+)'\s*\)\s*;?\s*$/i;
const oldSlot = (text: string): boolean => {
  const m = OLD_SLOT.exec(text);
  return (
    m !== null &&
    (/(?:^|_)(?:old|stale|unused|legacy|deprecated|obsolete|retired|abandoned|orphan(?:ed)?|dead|defunct|staging|stg|test|tmp|temp|dev)(?:_|$)/i.test(
      m[1]!,
    ) ||
      throwawayName(m[1]!)) &&
    !/(?:^|_)prod(?:uction)?(?:_|$)/i.test(m[1]!)
  );
};

/** A retention period of under a day: seconds, minutes, hours, or zero of anything. */
const SHORT = String.raw`(?:interval\s+'?(?:0+|\d+'?\s+(?:second|minute|hour)s?)\b|tointerval(?:second|minute|hour)\s*\(|tointerval\w+\s*\(\s*0+\s*\))`;

/**
 * A key sequence moved back to the start (red team r5): ALTER SEQUENCE ... RESTART [WITH 0|1],
 * setval('seq', 0|1), DBCC CHECKIDENT (..., RESEED, 0|1).
 */
const SEQUENCE_RESTART = new RegExp(
  LEAD +
    String.raw`(?:alter\s+sequence\b[^;]*?\brestart\b(?!\s+(?:with\s+)?(?:[2-9]|1\d))|select\b[^;]*?\bsetval\s*\(\s*'[^']+'(?:::regclass)?\s*,\s*[01]\s*[,)]|dbcc\s+checkident\s*\([^)]*\breseed\s*,\s*[01]\s*\))`,
  'i',
);

const CHECKS: readonly { readonly pattern: RegExp; readonly reason: string }[] = [
  {
    // ClickHouse TTL of (nearly) nothing: every row older than a few seconds is deleted at the
    // next merge (red team r5). A TTL without an interval expires rows at their own time: now.
    pattern: new RegExp(
      LEAD +
        String.raw`alter\s+table\b[^;]*?\bmodify\s+ttl\s+(?:[^;]*?\+\s*${SHORT}|[\w.()\x60"]+\s*(?:delete\b[^;]*)?;?\s*$)`,
      'i',
    ),
    reason: 'MODIFY TTL with a retention of under a day deletes (nearly) every row at the next merge',
  },
  {
    // BigQuery expiration under a day, or the table set to expire now (red team r5).
    pattern: new RegExp(
      LEAD +
        String.raw`alter\s+(?:table|schema)\b[^;]*?\bset\s+options\s*\([^;]*?\b(?:(?:default_)?partition_expiration_days|default_table_expiration_days)\s*=\s*0*(?:\.\d+)?\s*[,)]|alter\s+table\b[^;]*?\bset\s+options\s*\([^;]*?\bexpiration_timestamp\s*=\s*current_timestamp\b`,
      'i',
    ),
    reason: 'an expiration of under a day deletes every partition (or the table) almost at once',
  },
  {
    // Cassandra/ScyllaDB TTL of under an hour on a table (R14): every row, old and new, expires
    // almost at once; 0 means no TTL and stays allowed.
    pattern: new RegExp(
      LEAD +
        String.raw`alter\s+table\b[^;]*?\bwith\b[^;]*?\bdefault_time_to_live\s*=\s*(?:[1-9]\d{0,2}|[12]\d{3}|3[0-5]\d\d)\b`,
      'i',
    ),
    reason: 'a default_time_to_live of under an hour expires (nearly) every row of the table at once',
  },
  {
    // Snowflake Time Travel switched off (R14): a later DROP or DELETE cannot be undone.
    pattern: new RegExp(
      LEAD +
        String.raw`alter\s+(?:account|database|schema|table)\b[^;]*?\bset\b[^;]*?\b(?:min_)?data_retention_time_in_days\s*=\s*0\b`,
      'i',
    ),
    reason:
      'DATA_RETENTION_TIME_IN_DAYS = 0 switches Time Travel off: dropped or deleted data can no longer be restored',
  },
  {
    // PostgreSQL WAL archiving or replication switched off (R14): point-in-time recovery and
    // streaming replicas lose their source.
    pattern: new RegExp(
      LEAD +
        String.raw`alter\s+system\s+set\s+(?:archive_mode\s*(?:=|to)\s*'?(?:off|false|0)\b|wal_level\s*(?:=|to)\s*'?minimal\b)`,
      'i',
    ),
    reason:
      'WAL archiving or replication is switched off: point-in-time recovery and the replicas lose their source',
  },
  {
    // SQL Server log or full backup written to the null device: the chain of backups is broken
    // and the log truncated, so point-in-time restore is lost (red team r5).
    pattern: new RegExp(
      LEAD +
        String.raw`backup\s+(?:log|database)\b[^;]*?(?:\bto\s+disk\s*=\s*N?'(?:nul|/dev/null)'|\bwith\s+(?:truncate_only|no_log)\b)`,
      'i',
    ),
    reason: 'the backup goes to the null device: the log chain breaks and point-in-time restore is lost',
  },
  {
    // SIMPLE recovery truncates the transaction log at each checkpoint: no more log backups.
    pattern: new RegExp(LEAD + String.raw`alter\s+database\b[^;]*?\bset\s+recovery\s+simple\b`, 'i'),
    reason: 'RECOVERY SIMPLE discards the transaction log chain (point-in-time restore is lost)',
  },
  {
    // ClickHouse DETACH ... PERMANENTLY: the table is gone from the server until someone re-attaches
    // it by hand, and every query and insert fails meanwhile (red team r5).
    pattern: new RegExp(
      LEAD + String.raw`detach\s+(?:table|dictionary|view|database)\b[^;]*?\bpermanently\b`,
      'i',
    ),
    reason: 'DETACH ... PERMANENTLY takes the table off the server for good (every query and insert fails)',
  },
  {
    // MySQL's BLACKHOLE engine stores nothing: converting a table to it discards every row (red team r4).
    pattern: new RegExp(LEAD + String.raw`alter\s+table\b[^;]*?\bengine\s*=?\s*['"\x60]?blackhole\b`, 'i'),
    reason: 'ALTER TABLE ... ENGINE=BLACKHOLE discards every row of the table',
  },
  {
    // Snowflake REMOVE/RM @stage deletes the staged files (all of them, or all under the path);
    // a PATTERN other than a match-all limits it to the files named.
    pattern: new RegExp(
      LEAD + String.raw`(?:remove|rm)\s+@(?![^;]*\bpattern\s*=\s*'(?!\.\*'|\.\*\.\*')[^']+')`,
      'i',
    ),
    reason: 'REMOVE @stage deletes every file of the stage (unloaded data and backups kept there)',
  },
  {
    pattern: new RegExp(LEAD + String.raw`alter\s+table\b[\s\S]*?\btruncate\s+(?:sub)?partition\b`, 'i'),
    reason: 'ALTER TABLE ... TRUNCATE PARTITION deletes every row of the partitions',
  },
  {
    pattern: new RegExp(
      LEAD + String.raw`alter\s+table\b[\s\S]*?\bdiscard\s+(?:partition\s+[\w\s,]{1,512}?\s)?tablespace\b`,
      'i',
    ),
    reason: "ALTER TABLE ... DISCARD TABLESPACE deletes the table's data file",
  },
  {
    pattern: new RegExp(
      LEAD +
        String.raw`(?:reset\s+(?:master|binary\s+logs|slave|replica)\b|purge\s+(?:binary|master)\s+logs\b(?!${KEEPS_RECENT}))`,
      'i',
    ),
    reason:
      'the statement deletes the binary logs or replication state (point-in-time recovery and replicas lose them)',
  },
  {
    pattern: new RegExp(
      LEAD + String.raw`purge\s+(?:(?:dba_|user_)?recyclebin|table|index|tablespace)\b`,
      'i',
    ),
    reason: 'PURGE removes dropped objects from the recycle bin for good',
  },
  {
    pattern: new RegExp(
      LEAD + String.raw`flashback\s+(?:table|database)\b[\s\S]*?\bto\s+(?:scn|timestamp|restore\s+point)\b`,
      'i',
    ),
    reason: 'FLASHBACK ... TO an earlier point discards every change made since',
  },
  {
    pattern: new RegExp(
      LEAD + String.raw`restore\s+(?:database|log)\b(?=[\s\S]*?\bwith\b)[\s\S]*\breplace\b`,
      'i',
    ),
    reason: 'RESTORE ... WITH REPLACE overwrites the existing database',
  },
  {
    // ClickHouse mutations: ALTER TABLE t DELETE WHERE 1 (or true, 1 = 1) deletes every row.
    pattern: new RegExp(
      LEAD +
        String.raw`alter\s+table\s+[\w.\x60"]+\s+(?:on\s+cluster\s+\S+\s+)?(?:delete|update\s+[^;]{1,4096}?)\s+where\s+(?:1|true|1\s*=\s*1|'(\w*)'\s*=\s*'\1'|not\s+0)\s*;?\s*$`,
      'i',
    ),
    reason: 'ALTER TABLE ... DELETE/UPDATE WHERE <always true> changes every row (a ClickHouse mutation)',
  },
  {
    pattern: new RegExp(LEAD + String.raw`dbcc\b[\s\S]*?\brepair_allow_data_loss\b`, 'i'),
    reason: 'DBCC ... REPAIR_ALLOW_DATA_LOSS repairs by deleting data',
  },
  {
    pattern: /\bpg_(?:drop_replication_slot|replication_origin_drop)\s*\(/i,
    reason: 'dropping a replication slot breaks the replicas and change capture that read it',
  },
  {
    // lo_unlink(16400) removes one object; lo_unlink(oid) over a catalog removes them all.
    // Orphans only (r6 FP, what vacuumlo does): objects no row of a table refers to are kept out.
    pattern:
      /^(?![\s\S]*\bnot\s+(?:exists\s*\(\s*select\b[^)]*?\bfrom\s+(?!pg_)[\w".]+|in\s*\(\s*select\s+[\w."]+\s+from\s+(?!pg_)[\w".]+))[\s\S]*\blo_unlink\s*\(\s*(?![\d$?:]|'\d)/i,
    reason: 'lo_unlink over a column deletes every large object it lists',
  },
];

export default defineRule({
  id: 'SQL-AST-008',
  invariant: 'NO_DESTRUCTIVE_SQL',
  kinds: ['sql'],
  summary:
    'TRUNCATE PARTITION, DISCARD TABLESPACE, RESET MASTER/BINARY LOGS/REPLICA, PURGE BINARY LOGS, PURGE RECYCLEBIN, FLASHBACK TABLE ... TO, RESTORE ... WITH REPLACE, DBCC REPAIR_ALLOW_DATA_LOSS, replication slots dropped, large objects unlinked in bulk, ENGINE=BLACKHOLE, Snowflake REMOVE @stage; retention under a day (ClickHouse MODIFY TTL, BigQuery expiration), backups to NUL and RECOVERY SIMPLE, key sequences restarted at 0/1, a table swapped for an empty copy (RENAME/EXCHANGE/SWAP WITH/REPLACE PARTITION FROM); every later write discarded or refused (DO INSTEAD NOTHING rules, BEFORE triggers returning NULL or always raising, INSTEAD OF triggers that write nothing, CHECK (false), row level security forced on with no policy that lets rows through).',
  remediationHint:
    'Do not remove partitions, logs, backups or replication state from an agent. Delete only the rows you mean with a WHERE clause, inside a transaction, or ask the database administrator.',
  *check(facts) {
    const stmts = [...facts.of('sql')].sort((a, b) => a.span.start - b.span.start);
    // A test reset (TRUNCATE ... then the sequence back to 1) restarts keys no row holds any more.
    const emptied = stmts.some((s) => s.statement === 'truncate');
    for (const s of stmts) {
      if (!emptied && SEQUENCE_RESTART.test(s.text))
        yield {
          span: s.span,
          reason:
            'the sequence restarts below the keys the table holds: new rows collide with (or overwrite) existing ones',
          suggestedAlternative: null,
        };
      // A ClickHouse mutation whose WHERE the extractor proved true for every row (`event_date >
      // toDate('1970-01-01')`, red team r11): the same as WHERE 1.
      if (s.statement === 'alter' && s.tautologicalWhere === true && !firstMatch(CHECKS, s.text)) {
        yield {
          span: s.span,
          reason:
            'ALTER TABLE ... DELETE/UPDATE WHERE <true for every row> changes every row (a ClickHouse mutation)',
          suggestedAlternative: null,
        };
        continue;
      }
      // Keyword-gated: the statement's first word, or one of the destructive functions called.
      if (!GATE.test(s.text) && !s.functions.some((f) => BULK_FUNCTIONS.has(f))) continue;
      const hit = firstMatch(CHECKS, s.text);
      // ALTER TABLE access_log TRUNCATE PARTITION p2025_01: one old period emptied, as a drop of it is.
      if (
        hit &&
        (oneRetentionPartition(s.text) ||
          SCRATCH_STAGE_PATH.test(s.text) ||
          scratchPurge(s.text) ||
          throwawayRestore(s.text) ||
          scratchRetention(s.text) ||
          oldSlot(s.text))
      )
        continue;
      if (hit) yield { span: s.span, reason: hit.reason, suggestedAlternative: null };
    }
    // Every later write discarded or refused (red team r6, knowledge/sql-discard.ts).
    for (const d of discardedWrites(stmts.map((s) => s.text)))
      yield { span: stmts[d.index]!.span, reason: d.reason, suggestedAlternative: null };
    for (const swap of emptySwaps(stmts.map((s) => s.text)))
      yield {
        span: stmts[swap.index]!.span,
        reason: `an empty table takes the place of a live one (${swap.table}): every row is gone from it`,
        suggestedAlternative: null,
      };
  },
  examples: {
    deny: [
      { input: 'ALTER TABLE orders TRUNCATE PARTITION ALL', runtime: 'sql' },
      {
        input: "ALTER TABLE events ON CLUSTER prod DELETE WHERE event_date > toDate('1970-01-01')",
        runtime: 'sql',
      },
      { input: 'ALTER TABLE orders TRUNCATE PARTITION p2025_01', runtime: 'sql' },
      { input: 'ALTER TABLE sales TRUNCATE SUBPARTITION p1_a', runtime: 'sql' },
      { input: 'ALTER TABLE users DISCARD TABLESPACE', runtime: 'sql' },
      { input: 'RESET MASTER', runtime: 'sql' },
      { input: 'PURGE BINARY LOGS BEFORE NOW()', runtime: 'sql' },
      { input: 'RESET REPLICA ALL', runtime: 'sql' },
      { input: 'PURGE DBA_RECYCLEBIN', runtime: 'sql' },
      { input: "FLASHBACK TABLE orders TO TIMESTAMP SYSTIMESTAMP - INTERVAL '1' DAY", runtime: 'sql' },
      { input: "RESTORE DATABASE prod FROM DISK = 'C:\\tmp\\empty.bak' WITH REPLACE", runtime: 'sql' },
      { input: "DBCC CHECKDB ('prod', REPAIR_ALLOW_DATA_LOSS)", runtime: 'sql' },
      { input: 'SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots', runtime: 'sql' },
      { input: 'SELECT lo_unlink(oid) FROM pg_largeobject_metadata', runtime: 'sql' },
      { input: 'ALTER TABLE orders ENGINE=BLACKHOLE', runtime: 'sql' },
      { input: 'REMOVE @backups_stage', runtime: 'sql' },
    ],
    allow: [
      {
        input: 'ALTER TABLE orders ADD PARTITION (PARTITION p2027 VALUES LESS THAN (2028))',
        runtime: 'sql',
        why: 'adds a partition',
      },
      { input: 'ALTER TABLE users IMPORT TABLESPACE', runtime: 'sql', why: 'brings data back' },
      { input: 'SHOW BINARY LOGS', runtime: 'sql', why: 'lists logs' },
      {
        input: 'ALTER TABLE orders ENGINE=InnoDB',
        runtime: 'sql',
        why: 'a storage engine that keeps the rows',
      },
      {
        input: "REMOVE @load_stage PATTERN='.*[.]tmp'",
        runtime: 'sql',
        why: 'only the scratch files the pattern names',
      },
      {
        input: "PURGE MASTER LOGS TO 'mysql-bin.000010'",
        runtime: 'sql',
        why: 'the named log and every later one stay (binlog housekeeping)',
      },
      {
        input: 'PURGE BINARY LOGS BEFORE NOW() - INTERVAL 7 DAY',
        runtime: 'sql',
        why: 'a retention purge that keeps the last week (what binlog expiry does)',
      },
      { input: 'SELECT lo_unlink(16400)', runtime: 'sql', why: 'one large object the task made' },
      {
        input:
          "RESTORE DATABASE prod_copy FROM DISK = 'D:\\backups\\prod.bak' WITH MOVE 'prod' TO 'D:\\data\\prod_copy.mdf'",
        runtime: 'sql',
        why: 'a restore to a new database',
      },
      {
        input: "DBCC CHECKDB ('prod') WITH NO_INFOMSGS",
        runtime: 'sql',
        why: 'a consistency check without repair',
      },
      {
        input: 'SELECT slot_name, active FROM pg_replication_slots',
        runtime: 'sql',
        why: 'reads slot state',
      },
    ],
  },
});
