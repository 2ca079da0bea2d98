/**
 * Statements that replace a whole table although they read as a CREATE or an INSERT (red team r2):
 * `CREATE OR REPLACE TABLE t ...` (Snowflake, BigQuery, DuckDB, MariaDB, Spark) and Delta's
 * `REPLACE TABLE t ...` drop the existing table first; Hive/Spark/Snowflake `INSERT OVERWRITE
 * [TABLE|INTO] t ...` empties it first. Read from the statement text, so every dialect's parser path
 * (or none) gives the same answer.
 */

export interface ReplacedTable {
  /** What the statement does to the existing table: dropped (replace) or emptied (overwrite). */
  readonly effect: 'drop' | 'truncate';
  readonly table: string;
  /** What is replaced: a table, or a whole database or schema (Snowflake CREATE OR REPLACE DATABASE). */
  readonly object: 'table' | 'database' | 'schema';
}

const NAME = String.raw`((?:[\w$]+|"[^"]*"|\x60[^\x60]*\x60|\[[^\]]*\])(?:\s*\.\s*(?:[\w$]+|"[^"]*"|\x60[^\x60]*\x60|\[[^\]]*\]))*)`;

/** Temporary tables live for the session only; replacing one is scratch work. */
const CREATE_OR_REPLACE = new RegExp(
  String.raw`^\s*(?:create\s+or\s+replace\s+(?:(?:transient|global|local|external|unlogged|volatile|multiset|set)\s+)*|replace\s+)table\s+` +
    NAME,
  'i',
);
/** Snowflake/Databricks CREATE OR REPLACE DATABASE|SCHEMA drops the existing one and every table in it. */
const REPLACE_NAMESPACE = new RegExp(
  String.raw`^\s*create\s+or\s+replace\s+(?:transient\s+)?(database|schema)\s+` + NAME,
  'i',
);
const INSERT_OVERWRITE = new RegExp(
  String.raw`^\s*insert\s+overwrite\s+(?:table\s+|into\s+)?(?!(?:local\s+)?directory\b)` +
    NAME +
    String.raw`(\s*partition\s*\(([^)]*)\))?`,
  'i',
);

/** Every partition column given a value (`PARTITION (dt='2024-01-01', region='eu')`): one partition. */
const staticPartition = (spec: string): boolean =>
  spec.split(',').every((part) => /^\s*[\w$"`]+\s*=\s*\S/.test(part));

export function replacedTable(stmtText: string): ReplacedTable | undefined {
  const c = CREATE_OR_REPLACE.exec(stmtText);
  if (c) return { effect: 'drop', table: c[1]!.replace(/\s+/g, ''), object: 'table' };
  const n = REPLACE_NAMESPACE.exec(stmtText);
  if (n)
    return {
      effect: 'drop',
      table: n[2]!.replace(/\s+/g, ''),
      object: n[1]!.toLowerCase() === 'database' ? 'database' : 'schema',
    };
  const i = INSERT_OVERWRITE.exec(stmtText);
  if (i && !(i[2] !== undefined && staticPartition(i[3]!)))
    return { effect: 'truncate', table: i[1]!.replace(/\s+/g, ''), object: 'table' };
  return undefined;
}
