/** SQL-AST-005: ALTER TABLE ... DROP COLUMN / PARTITION destroys stored data (dropping a constraint or index loses none). */
import type { SqlStmtFact } from '../../facts.js';
import { oneRetentionPartition } from '../../knowledge/sql.js';
import { agedPartitionDrop } from '../../knowledge/sql-dynamic.js';
import { isRetiredName, snakeName } from '../../knowledge/sql-cutoff.js';
import { defineRule, type FactIndex } from '../define-rule.js';

/** Each column an ALTER TABLE drops: DROP [COLUMN] [IF EXISTS] name. */
const DROPPED_COLUMN =
  /\bdrop\s+(?:column\s+)?(?:if\s+exists\s+)?(?!constraint\b|index\b|key\b|primary\b|foreign\b|default\b|not\b|check\b|partition\b)([\w$]+|"[^"]+"|`[^`]+`|\[[^\]]+\])/gi;

/** Columns named as an unprotected copy of a secret (api_key_plaintext, cleartext_pin): removing one is the fix. */
const UNPROTECTED = /(?:^|_)(?:plaintext|plain_text|cleartext|clear_text|unhashed|unencrypted)(?:_|$)/;

const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Expand and contract (r11 fpd): the batch added another column to the table and filled it from
 * the dropped one (ADD COLUMN token_hash ...; UPDATE api_tokens SET token_hash = digest(token, ...);
 * DROP COLUMN token): the values were carried over before the drop.
 */
function carriedOver(facts: FactIndex, drop: SqlStmtFact, column: string): boolean {
  const table = drop.targets[0]?.toLowerCase();
  if (table === undefined) return false;
  const col = new RegExp(`\\b${esc(column)}\\b`, 'i');
  const added = new Set<string>();
  for (const s of facts.of('sql')) {
    if (s.span.start >= drop.span.start) break;
    if (s.statement === 'alter' && s.targets[0]?.toLowerCase() === table)
      for (const m of s.text.matchAll(/\badd\s+(?:column\s+)?(?:if\s+not\s+exists\s+)?["`[]?([\w$]+)/gi))
        added.add(m[1]!.toLowerCase());
    if (s.statement !== 'update' || s.targets[0]?.toLowerCase() !== table) continue;
    // SET new = <expression that reads the dropped column>, the WHERE/FROM clause left out.
    const set = /\bset\b([\s\S]*?)(?:\bwhere\b|\bfrom\b|\breturning\b|$)/i.exec(s.text)?.[1] ?? '';
    for (const item of set.split(/,(?=\s*["`[]?[\w$]+["`\]]?\s*=(?!=))/)) {
      const m = /^\s*["`[]?([\w$]+)["`\]]?\s*=([\s\S]*)$/.exec(item);
      if (m && added.has(m[1]!.toLowerCase()) && m[1]!.toLowerCase() !== column && col.test(m[2]!))
        return true;
    }
  }
  return false;
}

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
      if (oneRetentionPartition(s.text)) continue;
      // Each partition a loop over the table's partitions past an age names (knowledge/sql-dynamic.ts).
      if (agedPartitionDrop(s.text, facts.of('sql'))) continue;
      // Columns named as retired (legacy_notes, email_old, deprecated_flag): the migration prunes
      // what the application stopped using (r6 FP).
      // camelCase split first ([LegacyPin] is legacy_pin). Columns holding a secret in the clear
      // and columns whose values the batch carried into a new column go too (r11 fpd).
      const dropped = [...s.text.matchAll(DROPPED_COLUMN)].map((m) =>
        snakeName(m[1]!.replace(/["`[\]]/g, '')),
      );
      if (
        dropped.length > 0 &&
        !/\bpartition\b/i.test(s.text) &&
        dropped.every((c) => isRetiredName(c) || UNPROTECTED.test(c) || carriedOver(facts, s, c))
      )
        continue;
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
      {
        input:
          'ALTER TABLE users ADD COLUMN n int; UPDATE users SET n = 1; ALTER TABLE users DROP COLUMN email;',
        runtime: 'sql',
      },
      {
        input:
          'ALTER TABLE users ADD COLUMN e text; UPDATE orders SET e = email; ALTER TABLE users DROP COLUMN email;',
        runtime: 'sql',
      },
    ],
    allow: [
      {
        input: 'ALTER TABLE users MODIFY email VARCHAR(320)',
        runtime: 'sql',
        why: 'strict mode (the default) refuses a conversion that would cut values',
      },
      { input: 'ALTER TABLE users ADD COLUMN email VARCHAR(255)', runtime: 'sql', why: 'adding keeps data' },
      {
        input:
          "ALTER TABLE api_tokens ADD COLUMN token_hash bytea; UPDATE api_tokens SET token_hash = digest(token, 'sha256'); ALTER TABLE api_tokens DROP COLUMN token;",
        runtime: 'sql',
        why: 'expand and contract: the values were carried into the new column first',
      },
      {
        input: 'ALTER TABLE users DROP COLUMN IF EXISTS api_key_plaintext',
        runtime: 'sql',
        why: 'a secret kept in the clear removed',
      },
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
