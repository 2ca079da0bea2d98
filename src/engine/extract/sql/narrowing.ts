/**
 * Column retypes that truncate every value (red team r4): with MySQL strict mode off (`sql_mode`
 * emptied or without STRICT_*, `ALTER IGNORE TABLE`) or SQL Server's ANSI_WARNINGS OFF, narrowing
 * a column (`MODIFY email VARCHAR(1)`) cuts each value to fit instead of failing, losing the data
 * as surely as dropping the column. Keyword-gated; read from the statement text.
 */

/** `SET [SESSION|GLOBAL] sql_mode = '...'` / `SET @@sql_mode := ...` (value or expression). */
const SQL_MODE = /\bsql_mode\s*(?:=|:=|\bto\b)\s*([^;]*)/i;
/** The modes that make MySQL refuse a lossy conversion (TRADITIONAL includes both STRICT modes). */
const STRICT = /strict_(?:trans|all)_tables|traditional/i;
const ANSI_WARNINGS_OFF = /\bset\s+ansi_warnings\s+off\b/i;
const ALTER_IGNORE = /^\s*alter\s+ignore\s+table\b/i;

/**
 * Whether the statement turns lossy conversions into silent truncation for the session: a
 * sql_mode without a strict mode (or one computed by removing it), or ANSI_WARNINGS OFF.
 */
export function switchesStrictOff(stmtText: string): boolean {
  if (/ansi_warnings/i.test(stmtText)) return ANSI_WARNINGS_OFF.test(stmtText);
  const m = /sql_mode/i.test(stmtText) ? SQL_MODE.exec(stmtText) : null;
  if (!m) return false;
  const value = m[1]!;
  // `REPLACE(@@sql_mode, 'STRICT_TRANS_TABLES', '')` removes the mode it names.
  if (/\breplace\s*\(/i.test(value)) return STRICT.test(value);
  return !STRICT.test(value) && !/@@/.test(value);
}

/** MODIFY / CHANGE / ALTER COLUMN to a (new) type: the column's values are converted. */
const RETYPE =
  /^\s*alter\s+(?:ignore\s+)?table\b[^;]*?\b(?:modify|change|alter)\s+(?:column\s+)?[\w"`[\]]+\s+(?:[\w"`[\]]+\s+)?(?:(?:set\s+data\s+)?type\s+)?(?:n?var)?(?:char(?:acter)?|binary|bit|tinyint|smallint|mediumint|int|integer|decimal|numeric|float|real|date|year|time|enum|set|tinytext|text|blob|bool|boolean)\b/i;

const CUTTING_USING =
  /^\s*alter\s+table\b[^;]*?\btype\s+[^;]*?\busing\s+\(?\s*(?:left|substr|substring|trunc|truncate)\s*\(/i;

/** Whether the ALTER retypes a column where a lax mode truncates (ALTER IGNORE is lax by itself). */
export function truncatingRetype(stmtText: string, lax: boolean): boolean {
  // PostgreSQL `TYPE varchar(1) USING left(email, 1)` cuts every value on purpose (red team r5).
  if (CUTTING_USING.test(stmtText)) return true;
  if (!lax && !ALTER_IGNORE.test(stmtText)) return false;
  return RETYPE.test(stmtText);
}
