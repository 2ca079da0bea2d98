/**
 * An application account given administrator rights by a plain row write (red team r7): INSERT of
 * a users row with `is_superuser = true` or `role = 'admin'`, or an UPDATE that sets them. The
 * database sees data; the application sees a new administrator (a backdoor login).
 */
import { withoutComments } from './sql-text.js';

/** Tables of accounts and their role memberships (`users`, `auth_user`, `admin_users`, `user_roles`). */
const ACCOUNT_TABLE =
  /^(?:(?:\w+_)?(?:users?|accounts?|admins?|administrators?|members?|memberships?|staff|principals?|logins?|operators?|employees?)|auth_user|user_roles?|role_assignments?|account_roles?)$/;
/** Boolean privilege flags (`is_admin`, `superuser`, `is_staff`, `isAdmin`). */
const FLAG_COLUMN = /^(?:is_?)?(?:admin|administrator|superuser|super_?admin|staff|root|sysadmin|owner)$/;
/** Columns that name the account's role or level. */
const ROLE_COLUMN =
  /^(?:roles?|user_?roles?|role_?name|account_?type|user_?type|access_?level|permission_?level|privileges?|user_?group|groups?|tier)$/;
const TRUE_VALUE = /^(?:true|1|'(?:t|true|1|y|yes)'|b'1')$/i;
/** A role value that is administration: 'admin', 'ROLE_ADMIN', 'superuser', '{admin}', '["owner"]'. */
const ADMIN_VALUE = /\b(?:role_)?(?:admin|administrator|superuser|super_?admin|sysadmin|root|owner)\b/i;

/** Top-level comma-separated items of `text` (quotes and parentheses respected). */
function items(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== '') {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      out.push(text.slice(from, i).trim());
      from = i + 1;
    }
  }
  out.push(text.slice(from).trim());
  return out;
}

/** The text inside the parenthesis that opens at `open` (or undefined when it never closes). */
function group(text: string, open: number): string | undefined {
  let depth = 0;
  let quote = '';
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== '') {
      if (c === quote) quote = '';
    } else if (c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return undefined;
}

const bare = (name: string): string =>
  name
    .replace(/["`[\]]/g, '')
    .split('.')
    .pop()!
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase();

/** `column = value` pairs that make an administrator: a privilege flag set true, a role set to admin. */
function grantsAdmin(column: string, value: string): boolean {
  const col = bare(column);
  const v = value.trim();
  if (FLAG_COLUMN.test(col)) return TRUE_VALUE.test(v);
  return ROLE_COLUMN.test(col) && /^'/.test(v) && ADMIN_VALUE.test(v);
}

const INSERT = /^\s*(?:insert|replace)\s+(?:ignore\s+)?(?:into\s+)?([\w."`[\]]+)\s*\(/i;
const INSERT_SET = /^\s*(?:insert|replace)\s+(?:ignore\s+)?(?:into\s+)?([\w."`[\]]+)\s+set\s+([\s\S]*)$/i;
const UPDATE =
  /^\s*update\s+([\w."`[\]]+)(?:\s+(?:as\s+)?\w+)?\s+set\s+([\s\S]*?)(?:\bwhere\b|\breturning\b|;|$)/i;

/** `a = 1, b = 'x'` read as pairs (an item without `=` is left out). */
function assignments(text: string): [string, string][] {
  const out: [string, string][] = [];
  for (const item of items(text)) {
    const eq = item.indexOf('=');
    if (eq > 0) out.push([item.slice(0, eq).trim(), item.slice(eq + 1).trim()]);
  }
  return out;
}

/** Why the statement makes an application account an administrator, or undefined. */
export function adminAccountWrite(raw: string): string | undefined {
  if (!/admin|super|staff|root|owner|role|level|type|group|privilege|tier/i.test(raw)) return undefined;
  const text = withoutComments(raw).replace(/;\s*$/, '');
  let table: string | undefined;
  let pairs: [string, string][] = [];
  const ins = INSERT.exec(text);
  const set = ins ? null : (INSERT_SET.exec(text) ?? UPDATE.exec(text));
  if (ins) {
    table = ins[1]!;
    const cols = group(text, ins[0].length - 1);
    const rest = cols === undefined ? '' : text.slice(ins[0].length + cols.length);
    const values = /^\s*\)\s*values\s*\(/i.exec(rest);
    if (cols === undefined || !values) return undefined;
    const names = items(cols);
    // Every VALUES row, not just the first (a multi-row insert can hide one administrator).
    let at = ins[0].length + cols.length + values[0].length - 1;
    for (let n = 0; n < 1000; n++) {
      const row = group(text, at);
      if (row === undefined) break;
      items(row).forEach((v, i) => names[i] !== undefined && pairs.push([names[i], v]));
      const next = /^\)\s*,\s*\(/.exec(text.slice(at + row.length + 1));
      if (!next) break;
      at += row.length + 1 + next[0].length - 1;
    }
  } else if (set) {
    table = set[1]!;
    pairs = assignments(set[2]!);
  }
  if (table === undefined || !ACCOUNT_TABLE.test(bare(table))) return undefined;
  const hit = pairs.find(([c, v]) => grantsAdmin(c, v));
  return hit
    ? `the row written to ${bare(table)} makes an account an administrator (${bare(hit[0])} = ${hit[1]})`
    : undefined;
}
