/** SQL-AST-005: ALTER TABLE ... DROP COLUMN / PARTITION destroys stored data (dropping a constraint or index loses none). */
import { retentionPartition } from '../../knowledge/sql.js';
import { isRetiredName } from '../../knowledge/sql-cutoff.js';
import { defineRule } from '../define-rule.js';

/**
 * One partition dropped by name: MySQL/ClickHouse `DROP PARTITION p2023_01` or `'2023-01-01'`, Hive
 * `DROP IF EXISTS PARTITION (dt = '2023-01-01')`. Groups: the table, then the partition's name.
 */
const ONE_PARTITION =
  /^\s*alter\s+table\s+([\w.`"]+)\s+(?:on\s+cluster\s+\S+\s+)?drop\s+(?:if\s+exists\s+)?partition\s+(?:id\s+)?(?:\(\s*[\w`"]+\s*=\s*)?('[^',;()]+'|[\w-]+)\s*\)?\s*;?\s*$/i;

/** Each column an ALTER TABLE drops: DROP [COLUMN] [IF EXISTS] name. */
const DROPPED_COLUMN =
  /\bdrop\s+(?:column\s+)?(?:if\s+exists\s+)?(?!constraint\b|index\b|key\b|primary\b|foreign\b|default\b|not\b|check\b|partition\b)([\w$]+|"[^"]+"|`[^`]+`|\[[^\]]+\])/gi;

export default defineRule({
  id: 'SQL-AST-005',
  invariant: 'NO_DESTRUCTIVE_SQL',
  kinds: ['sql'],
  summary:
    'ALTER TABLE ... DROP COLUMN or DROP PARTITION; a column retyped with strict mode off (sql_mode emptied, ALTER IGNORE, ANSI_WARNINGS OFF), which truncates its values.',
  remediationHint:
    'Do not drop columns, constraints or partitions. Stop writing to the column instead, or add a migration the user reviews; a renamed column (RENAME COLUMN c TO c_deprecated) keeps the data.',
  *check(facts) {
    for (const s of facts.of('sql')) {
      if (s.statement !== 'alter' || s.dropsColumn !== true) continue;
      // One old period of a log or event table dropped: the retention policy, not data loss.
      const one = ONE_PARTITION.exec(s.text);
      if (one && retentionPartition(one[1]!, one[2]!)) continue;
      // Columns named as retired (legacy_notes, email_old, deprecated_flag): the migration prunes
      // what the application stopped using (r6 FP).
      const dropped = [...s.text.matchAll(DROPPED_COLUMN)].map((m) =>
        m[1]!.replace(/["`[\]]/g, '').toLowerCase(),
      );
      if (dropped.length > 0 && !/\bpartition\b/i.test(s.text) && dropped.every(isRetiredName)) continue;
      yield {
        span: s.span,
        reason: /\bdrop\b/i.test(s.text)
          ? `ALTER ${(s.object ?? 'table').toUpperCase()} ${s.targets.join(', ')} drops a column or partition`
          : `ALTER ${(s.object ?? 'table').toUpperCase()} ${s.targets.join(', ')} retypes a column with strict mode off, truncating its values`,
        suggestedAlternative: null,
      };
    }
  },
  examples: {
    deny: [
      { input: 'ALTER TABLE users DROP COLUMN email', runtime: 'sql' },
      { input: 'ALTER TABLE integers DROP COLUMN IF EXISTS k', runtime: 'sql' },
      { input: "ALTER TABLE orders DROP PARTITION(dt = '2014-05-14', country = 'IN')", runtime: 'sql' },
      { input: 'alter table `users` drop column `email`', runtime: 'sql' },
      { input: "SET SESSION sql_mode = ''; ALTER TABLE users MODIFY email VARCHAR(1);", runtime: 'sql' },
    ],
    allow: [
      {
        input: 'ALTER TABLE users MODIFY email VARCHAR(320)',
        runtime: 'sql',
        why: 'strict mode (the default) refuses a conversion that would cut values',
      },
      { input: 'ALTER TABLE users ADD COLUMN email VARCHAR(255)', runtime: 'sql', why: 'adding keeps data' },
      {
        input: "ALTER TABLE logs.requests DROP PARTITION '2023-01-01'",
        runtime: 'sql',
        why: 'one old period of a request log dropped for retention',
      },
      {
        input: 'ALTER TABLE users DROP CONSTRAINT users_email_key',
        runtime: 'sql',
        why: 'a constraint holds no rows',
      },
      { input: 'ALTER TABLE users DROP INDEX idx_email', runtime: 'sql', why: 'an index holds no rows' },
      {
        input: 'ALTER TABLE integers ALTER COLUMN i DROP DEFAULT',
        runtime: 'sql',
        why: 'a default, not data',
      },
      {
        input: 'ALTER TABLE t ALTER COLUMN c DROP NOT NULL',
        runtime: 'sql',
        why: 'relaxes a constraint without losing data',
      },
    ],
  },
});
