/**
 * Foreign servers and tables (red team r1): `CREATE SERVER ... FOREIGN DATA WRAPPER postgres_fdw
 * OPTIONS (host 'evil.example')`, MySQL `CREATE SERVER ... OPTIONS (HOST ...)` and Oracle `CREATE
 * DATABASE LINK ... USING 'host'` make the database connect out; file_fdw foreign tables with
 * `OPTIONS (program '...')` run a program and with `filename '...'` read a server file.
 */

export interface ForeignAccess {
  connectsTo?: string;
  runsProgram?: string;
  readsFile?: string;
}

const LEAD = String.raw`^(?:\s|--[^\n]*(?:\n|$)|/\*[\s\S]*?\*/)*`;
const CREATE_SERVER = new RegExp(LEAD + String.raw`create\s+server\b`, 'i');
const DB_LINK = new RegExp(
  LEAD + String.raw`create\s+(?:shared\s+)?(?:public\s+)?database\s+link\b[\s\S]*?\busing\s+'([^']*)'`,
  'i',
);
const SUBSCRIPTION = new RegExp(
  LEAD + String.raw`create\s+subscription\b[\s\S]*?\bconnection\s+'([^']*)'`,
  'i',
);
const FOREIGN_TABLE = new RegExp(LEAD + String.raw`create\s+foreign\s+table\b`, 'i');
/** A quoted option value: `name 'value'` inside OPTIONS (...). */
const option = (name: string, text: string): string | undefined =>
  new RegExp(String.raw`[(,]\s*"?${name}"?\s+'([^']*)'`, 'i').exec(text)?.[1];

/** What a CREATE SERVER / DATABASE LINK / FOREIGN TABLE statement reaches; {} for anything else. */
export function foreignAccess(stmt: string): ForeignAccess {
  if (!/\bcreate\b/i.test(stmt)) return {};
  if (CREATE_SERVER.test(stmt)) {
    // file_fdw reads local files (its tables are checked below); every other wrapper connects out.
    if (/\bforeign\s+data\s+wrapper\s+"?file_fdw\b/i.test(stmt)) return {};
    const host = option('host', stmt) ?? option('hostaddr', stmt) ?? option('servername', stmt);
    return { connectsTo: host ?? 'a foreign server' };
  }
  // Logical replication from another server (red team r5): the database connects out and copies
  // the publisher's rows in, on its own schedule.
  const sub = SUBSCRIPTION.exec(stmt);
  if (sub) return { connectsTo: /\bhost\s*=\s*([^\s']+)/i.exec(sub[1]!)?.[1] ?? 'a publishing server' };
  const link = DB_LINK.exec(stmt);
  if (link) return { connectsTo: link[1]! };
  if (FOREIGN_TABLE.test(stmt)) {
    const program = option('program', stmt);
    if (program !== undefined) return { runsProgram: program };
    const file = option('filename', stmt);
    if (file !== undefined) return { readsFile: file };
  }
  return {};
}
