/**
 * The conservative keyword fallback for statements no parser accepts (other dialects, injection
 * fragments, truncated text). It reads the token stream, never string contents (except strings a
 * statement runs as SQL), and leans towards reporting: a DELETE whose WHERE it cannot read counts
 * as unbounded, a keyword after a closing quote starts a statement of its own.
 */
import { CREDENTIAL_COLUMN, UNTRUSTED_LANGUAGE } from '../../knowledge/sql.js';
import { isSecretColumn } from '../../knowledge/sql-secret-names.js';
import {
  CREATION_COLUMN,
  NOW_FUNCTIONS,
  OTHER,
  dateConstant,
  isTautology,
  truth,
  type Expr,
} from './expr.js';
import { collectVars, foldString, type Folded, type Vars } from './fold.js';
import type { SqlToken } from './lexer.js';
import { addFunction, addTable, newStmt, type StmtInfo } from './stmt.js';
import type { SqlStatementKind } from '../../facts.js';

const KIND: Readonly<Record<string, SqlStatementKind>> = {
  select: 'select',
  with: 'select',
  values: 'select',
  show: 'select',
  explain: 'select',
  describe: 'select',
  desc: 'select',
  insert: 'insert',
  replace: 'insert',
  upsert: 'insert',
  merge: 'other',
  update: 'update',
  delete: 'delete',
  truncate: 'truncate',
  drop: 'drop',
  alter: 'alter',
  create: 'create',
  grant: 'grant',
  revoke: 'revoke',
  // T-SQL DENY <privileges> ON x TO role: a revoke, not the DELETE/UPDATE its privilege list names.
  deny: 'revoke',
  copy: 'copy',
  load: 'load',
  bulk: 'load',
  call: 'call',
  exec: 'call',
  execute: 'call',
  do: 'call',
  shutdown: 'other',
  reconfigure: 'other',
  attach: 'other',
  pragma: 'other',
  // Redshift VACUUM DELETE ONLY t reclaims space of rows already deleted: maintenance, not a DELETE.
  vacuum: 'other',
  set: 'other',
};

/** Keywords that start a statement even in the middle of a fragment (after a closing quote or `)`). */
const RESTART = new Set([
  'drop',
  'truncate',
  'delete',
  'update',
  'shutdown',
  'grant',
  'exec',
  'execute',
  'insert',
  'copy',
  'load',
  'alter',
  'create',
  'select',
]);

const DROP_NOISE = new Set([
  'temporary',
  'temp',
  'if',
  'exists',
  'materialized',
  'global',
  'concurrently',
  'unique',
  'foreign',
  'external',
]);

/** What ALTER ... DROP may remove without losing rows or a column's values (defaults, keys, indexes). */
const KEEPS_DATA: readonly string[] = [
  'default',
  'not',
  'identity',
  'expression',
  'constraint',
  'index',
  'key',
  'primary',
  'foreign',
  'check',
];

const isName = (t: SqlToken | undefined): t is SqlToken =>
  t !== undefined && (t.kind === 'word' || t.kind === 'qident');

/** Read a dotted name (`a.b.c`, `master..sysxlogins`, `SYSUSER:SYSINTAUTHUSERS`) starting at i. */
function readName(tokens: readonly SqlToken[], i: number): { parts: string[]; next: number } {
  const parts: string[] = [];
  let j = i;
  while (isName(tokens[j])) {
    parts.push(tokens[j]!.value);
    j++;
    // Informix `owner:table` lexes as a `:name` parameter glued to the name.
    const glued = tokens[j];
    if (glued?.kind === 'param' && glued.value.startsWith(':') && glued.start === tokens[j - 1]!.end) {
      parts.push(glued.value.slice(1).toLowerCase());
      j++;
    }
    let sep = false;
    while (tokens[j]?.value === '.' || tokens[j]?.value === ':') {
      j++;
      sep = true;
    }
    if (!sep) break;
  }
  return { parts, next: j };
}

/**
 * `CreatedAt <= GETDATE()` (its parentheses dropped, the name lowercased): a creation time is in the
 * past for every row (R13 always-true).
 */
function madeBeforeNow([col, op, now, ...rest]: readonly SqlToken[]): boolean {
  if (col === undefined || now === undefined || rest.length > 0 || !/^<=?$/.test(op!.value)) return false;
  if (!isName(col) || now.kind !== 'word' || !NOW_FUNCTIONS.test(now.value)) return false;
  const name = col.value.replace(/^([a-z]+?)_?(at|on|time|ts|date)$/, '$1_$2');
  return CREATION_COLUMN.test(name);
}

/** Words that are values or operators, never columns, in a WHERE atom. */
const CONSTANT_WORDS = new Set(['true', 'false', 'null', 'not', 'is', 'as']);

/** Build a WHERE expression from tokens: OR of ANDs of `a op b`, single constants and NOT. */
export function whereExpr(tokens: readonly SqlToken[]): Expr {
  // Words called as functions (`toUInt8(1)`): with only constants beside them they name no column.
  const calls = new Set<SqlToken>();
  for (let i = 0; i + 1 < tokens.length; i++)
    if (tokens[i]!.kind === 'word' && tokens[i + 1]!.value === '(') calls.add(tokens[i]!);
  const constant = (t: SqlToken): boolean =>
    t.kind === 'number' ||
    t.kind === 'string' ||
    t.kind === 'op' ||
    t.kind === 'punct' ||
    calls.has(t) ||
    (t.kind === 'word' && CONSTANT_WORDS.has(t.value));
  // Brackets too: the fallback lexes in MySQL mode, where T-SQL's [id] is `[`, id, `]`.
  const flat = tokens.filter(
    (t) => !(t.kind === 'op' && (t.value === '(' || t.value === ')' || t.value === '[' || t.value === ']')),
  );
  const ors: Expr[] = [];
  let ands: Expr[] = [];
  let piece: SqlToken[] = [];
  const atom = (p: SqlToken[]): Expr => {
    let neg = false;
    while (p[0]?.kind === 'word' && p[0].value === 'not') {
      neg = !neg;
      p = p.slice(1);
    }
    const val = (t: SqlToken): Expr =>
      t.kind === 'number'
        ? { k: 'const', v: Number(t.value) }
        : t.kind === 'string'
          ? { k: 'const', v: t.value }
          : t.kind === 'word' && (t.value === 'true' || t.value === 'false')
            ? { k: 'const', v: t.value === 'true' }
            : t.kind === 'word' && t.value === 'null'
              ? { k: 'const', v: null }
              : isName(t)
                ? { k: 'col', name: t.value }
                : OTHER;
    let e: Expr = OTHER;
    // `d > toDate('1970-01-01')` (its parentheses dropped): the literal is the value compared.
    const q = p.length === 6 ? p.filter((t) => t.value !== '(' && t.value !== ')') : p;
    const date =
      q.length === 4 && q[2]!.kind === 'word' ? dateConstant(q[2]!.value, [val(q[3]!)]) : undefined;
    if (date !== undefined && q[1]!.kind === 'op') e = { k: 'cmp', op: q[1]!.value, l: val(q[0]!), r: date };
    else if (madeBeforeNow(p.filter((t) => t.kind !== 'punct'))) e = { k: 'const', v: true };
    else if (p.length === 1) e = val(p[0]!);
    // `WHERE toUInt8(1)`, `WHERE identity(1) = 1` (R15): calls over constants only, every row or none.
    else if (p.length > 1 && p.every(constant)) e = { k: 'other', cols: false };
    else if (p.length === 3 && p[1]!.kind === 'op')
      e = { k: 'cmp', op: p[1]!.value, l: val(p[0]!), r: val(p[2]!) };
    else if (p.length === 3 && p[1]!.value === 'like')
      e = { k: 'like', negated: false, l: val(p[0]!), r: val(p[2]!) };
    return neg ? { k: 'not', arg: e } : e;
  };
  for (const t of flat) {
    if (t.kind === 'word' && (t.value === 'or' || t.value === 'and')) {
      ands.push(atom(piece));
      piece = [];
      if (t.value === 'or') {
        ors.push({ k: 'and', args: ands });
        ands = [];
      }
      continue;
    }
    if (t.kind === 'op' && t.value === '||') {
      ands.push(atom(piece));
      piece = [];
      ors.push({ k: 'and', args: ands });
      ands = [];
      continue;
    }
    piece.push(t);
  }
  ands.push(atom(piece));
  ors.push({ k: 'and', args: ands });
  return { k: 'or', args: ors };
}

const CLAUSE_END = new Set([
  'order',
  'limit',
  'returning',
  'group',
  'having',
  'union',
  'offset',
  'into',
  'for',
]);

/** Analyse one statement range of tokens; returns one StmtInfo per statement keyword it starts at. */
export function fallbackStatements(
  tokens: readonly SqlToken[],
  start: number,
  end: number,
  /** String variables assigned in the whole batch (collectVars over all its tokens). */
  vars: Vars = collectVars(tokens),
): StmtInfo[] {
  const starts: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind !== 'word' || KIND[t.value] === undefined) continue;
    const prev = tokens[i - 1];
    if (starts.length === 0) starts.push(i);
    else if (
      RESTART.has(t.value) &&
      (prev?.kind === 'string' || prev?.value === ')') &&
      tokens[i - 2]?.value !== 'on'
    )
      starts.push(i);
  }
  if (starts.length === 0) {
    const s = newStmt('other', 'keyword', start, end);
    s.fallback = true;
    // SQL Server runs a procedure named first in a batch without EXEC (`master..xp_fileexist '...'`).
    const n = readName(tokens, 0);
    if (n.parts.length > 0 && tokens[n.next]?.value !== '(') {
      s.statement = 'call';
      addFunction(s, n.parts);
    }
    scanCommon(tokens, 0, tokens.length, s, vars);
    return [s];
  }
  const out: StmtInfo[] = [];
  for (let k = 0; k < starts.length; k++) {
    const from = starts[k]!;
    const to = starts[k + 1] ?? tokens.length;
    const sStart = k === 0 ? start : tokens[from]!.start;
    const sEnd = k + 1 < starts.length ? tokens[to - 1]!.end : end;
    out.push(analyse(tokens, from, to, sStart, sEnd, k === 0 ? 0 : from, vars));
  }
  return out;
}

function analyse(
  tokens: readonly SqlToken[],
  from: number,
  to: number,
  start: number,
  end: number,
  scanFrom: number,
  vars: Vars,
): StmtInfo {
  const head = tokens[from]!.value;
  const s = newStmt(KIND[head] ?? 'other', 'keyword', start, end);
  s.fallback = true;
  const word = (i: number): string | undefined => (tokens[i]?.kind === 'word' ? tokens[i].value : undefined);
  switch (head) {
    case 'drop': {
      let i = from + 1;
      const obj: string[] = [];
      while (word(i) !== undefined && (DROP_NOISE.has(word(i)!) || obj.length === 0)) {
        if (!DROP_NOISE.has(word(i)!)) obj.push(word(i)!);
        i++;
      }
      s.object = obj[0] ?? 'unknown';
      while (word(i) === 'if' || word(i) === 'exists' || word(i) === 'concurrently') i++;
      const n = readName(tokens, i);
      if (n.parts.length) s.targets.push(n.parts.join('.'));
      break;
    }
    case 'truncate': {
      let i = from + 1;
      if (word(i) === 'table') i++;
      // Snowflake/ClickHouse TRUNCATE TABLE IF EXISTS t: the name follows the guard.
      if (word(i) === 'if' && word(i + 1) === 'exists') i += 2;
      s.object = 'table';
      // Every table of a list (TRUNCATE a, b), not only the first.
      for (let n = readName(tokens, i); n.parts.length > 0; n = readName(tokens, n.next + 1)) {
        s.targets.push(n.parts.join('.'));
        if (tokens[n.next]?.value !== ',') break;
      }
      break;
    }
    case 'delete':
    case 'update': {
      let i = from + 1;
      // T-SQL UPDATE STATISTICS t refreshes the optimiser's statistics; it writes no rows.
      if (head === 'update' && word(i) === 'statistics') {
        s.statement = 'other';
        break;
      }
      while (
        word(i) === 'from' ||
        word(i) === 'low_priority' ||
        word(i) === 'ignore' ||
        word(i) === 'quick' ||
        word(i) === 'only'
      )
        i++;
      const n = readName(tokens, i);
      if (n.parts.length) s.targets.push(n.parts.join('.'));
      let w = -1;
      for (let j = from + 1; j < to; j++)
        if (word(j) === 'where') {
          w = j;
          break;
        }
      s.hasWhere = w >= 0;
      if (w >= 0) {
        let e = w + 1;
        while (e < to && !CLAUSE_END.has(word(e) ?? '')) e++;
        s.tautologicalWhere = isTautology(whereExpr(tokens.slice(w + 1, e)));
      }
      break;
    }
    case 'alter':
      s.object = word(from + 1);
      for (let j = from + 2; j < to; j++)
        if (word(j) === 'drop' && !KEEPS_DATA.includes(word(j + 1) ?? '')) s.dropsColumn = true;
      // ClickHouse mutations (ALTER TABLE t [ON CLUSTER c] DELETE|UPDATE ... WHERE p) are a DELETE
      // or UPDATE of the rows p matches (red team r11: `WHERE event_date > toDate('1970-01-01')`).
      if (s.object === 'table') {
        const verb = tokens
          .slice(from + 2, to)
          .findIndex((t) => t.kind === 'word' && (t.value === 'delete' || t.value === 'update'));
        let w = -1;
        for (let j = verb < 0 ? to : from + 2 + verb; j < to; j++)
          if (word(j) === 'where') {
            w = j;
            break;
          }
        if (w >= 0) {
          s.hasWhere = true;
          s.tautologicalWhere = isTautology(whereExpr(tokens.slice(w + 1, to)));
        }
      }
      break;
    case 'grant': {
      s.grantsAll = word(from + 1) === 'all';
      // GRANT [ROLE] r1, r2 TO [USER|ROLE] x (no ON): role memberships (Snowflake GRANT ROLE ACCOUNTADMIN TO USER).
      let j = from + 1;
      if (word(j) === 'role') j++;
      const names: string[] = [];
      for (; j < to && word(j) !== 'to' && word(j) !== 'on'; j++)
        if (isName(tokens[j])) names.push(tokens[j]!.value.toLowerCase());
      if (word(j) === 'to') for (const n of names) if (!s.grantsRoles.includes(n)) s.grantsRoles.push(n);
      break;
    }
    case 'create':
      s.object = word(from + 1) === 'or' ? word(from + 3) : word(from + 1);
      // A routine in an untrusted language the PostgreSQL parser refused (a reserved word as its
      // name: `CREATE FUNCTION fetch(...) ... LANGUAGE plpython3u`) runs code on the host all the same.
      for (let j = from + 2; j < to; j++)
        if (word(j) === 'language' && UNTRUSTED_LANGUAGE.test(word(j + 1) ?? ''))
          s.runsProgram = `LANGUAGE ${word(j + 1)!}`;
      break;
    case 'merge': {
      s.object = 'merge';
      const n = readName(tokens, word(from + 1) === 'into' ? from + 2 : from + 1);
      if (n.parts.length) s.targets.push(n.parts.join('.'));
      const self = selfSourceMerge(tokens, from, to, s.targets[0]);
      if (everyTargetRow(tokens, from, to) || self !== undefined) {
        s.statement = self ?? 'delete';
        s.hasWhere = true;
        s.tautologicalWhere = true;
      }
      break;
    }
    case 'shutdown':
      s.object = 'shutdown';
      break;
    case 'bulk':
      // BULK INSERT t FROM 'file' (whatever quotes the file name uses).
      for (let j = from + 1; j < to; j++)
        if (word(j) === 'from' && tokens[j + 1]) {
          s.readsFile = tokens[j + 1]!.value;
          break;
        }
      break;
    case 'reconfigure':
      s.object = 'config';
      break;
    case 'insert':
      // Hive/Spark: INSERT OVERWRITE [LOCAL] DIRECTORY 'path' writes files on the server.
      if (word(from + 1) === 'overwrite') {
        for (let j = from + 2; j < to; j++)
          if (word(j) === 'directory' && tokens[j + 1]?.kind === 'string')
            s.writesFile = tokens[j + 1]!.value;
      }
      break;
  }
  scanCommon(tokens, scanFrom, to, s, vars);
  return s;
}

/**
 * T-SQL `MERGE t USING (SELECT TOP 0 * FROM t) s ON ... WHEN NOT MATCHED BY SOURCE THEN DELETE`
 * (R21): a source that holds no rows (TOP 0, LIMIT 0, WHERE 1=0) leaves every target row unmatched,
 * and a DELETE for those with no AND of its own reaches them all. A sync from a staging table keeps its rows.
 */
function everyTargetRow(tokens: readonly SqlToken[], from: number, to: number): boolean {
  const at = (i: number): string => tokens[i]?.value ?? '';
  let deletes = false;
  for (let j = from; j < to; j++)
    if (
      [at(j), at(j + 1), at(j + 2), at(j + 3), at(j + 4), at(j + 5)].join(' ') ===
        'when not matched by source then' &&
      at(j + 6) === 'delete'
    )
      deletes = true;
  if (!deletes) return false;
  const using = tokens.findIndex((t, i) => i > from && i < to && t.kind === 'word' && t.value === 'using');
  if (using < 0 || at(using + 1) !== '(' || at(using + 2) !== 'select') return false;
  let end = using + 2;
  for (let depth = 1; end < to && depth > 0; end++) depth += at(end) === '(' ? 1 : at(end) === ')' ? -1 : 0;
  const body = tokens.slice(using + 3, end);
  const zero = (i: number): boolean =>
    body[i]?.value === '0' || (body[i]?.value === '(' && body[i + 1]?.value === '0');
  const where = body.findIndex((t) => t.kind === 'word' && t.value === 'where');
  const cond = where < 0 ? [] : body.slice(where + 1, body.length - 1);
  // `WHERE 1 = 0`: two different numbers (whereExpr leaves constant comparisons unread).
  const unequal =
    cond.length === 3 &&
    cond[1]!.value === '=' &&
    cond[0]!.kind === 'number' &&
    cond[2]!.kind === 'number' &&
    Number(cond[0]!.value) !== Number(cond[2]!.value);
  return (
    (body[0]?.value === 'top' && zero(1)) ||
    body.some((t, i) => t.kind === 'word' && t.value === 'limit' && zero(i + 1)) ||
    unequal ||
    (cond.length > 0 && truth(whereExpr(cond)) === false)
  );
}

/**
 * T-SQL `MERGE t USING (SELECT Id FROM t) s ON t.Id = s.Id WHEN MATCHED THEN DELETE` (R24): a source
 * that is every row of the target itself, matched on the same column, matches every target row, so
 * a WHEN MATCHED DELETE or UPDATE with no AND of its own reaches them all. An upsert from a staging
 * table or a filtered source keeps its bound.
 */
function selfSourceMerge(
  tokens: readonly SqlToken[],
  from: number,
  to: number,
  target: string | undefined,
): 'delete' | 'update' | undefined {
  if (target === undefined) return undefined;
  const at = (i: number): string => tokens[i]?.value ?? '';
  const last = (parts: readonly string[]): string => parts.at(-1)?.toLowerCase() ?? '';
  // The same table: the same name, and the same schema where both name one.
  const own = (parts: readonly string[]): boolean => {
    const name = parts.join('.').toLowerCase();
    return (
      name === target ||
      (parts.length === 1 || !target.includes('.') ? last(parts) === last(target.split('.')) : false)
    );
  };
  let verb: 'delete' | 'update' | undefined;
  for (let j = from; j < to && verb !== 'delete'; j++)
    if (
      at(j) === 'when' &&
      at(j + 1) === 'matched' &&
      at(j + 2) === 'then' &&
      /^(?:delete|update)$/.test(at(j + 3))
    )
      verb = at(j + 3) as 'delete' | 'update';
  if (verb === undefined) return undefined;
  const using = tokens.findIndex((t, i) => i > from && i < to && t.kind === 'word' && t.value === 'using');
  if (using < 0) return undefined;
  let i = using + 1;
  if (at(i) === '(') {
    // `(SELECT cols FROM t)`: no WHERE, TOP, DISTINCT, JOIN or GROUP narrows it.
    if (at(i + 1) !== 'select') return undefined;
    let j = i + 2;
    while (j < to && at(j) !== 'from' && at(j) !== '(' && !/^(?:top|distinct)$/.test(at(j))) j++;
    if (at(j) !== 'from') return undefined;
    const n = readName(tokens, j + 1);
    if (!own(n.parts) || at(n.next) !== ')') return undefined;
    i = n.next + 1;
  } else {
    const n = readName(tokens, i);
    if (!own(n.parts)) return undefined;
    i = n.next;
  }
  // ON a.col = b.col, both sides the same column.
  const on = tokens.findIndex((t, k) => k >= i && k < to && t.kind === 'word' && t.value === 'on');
  if (on < 0) return undefined;
  const l = readName(tokens, on + 1);
  if (at(l.next) !== '=') return undefined;
  const r = readName(tokens, l.next + 1);
  const same = l.parts.length === 2 && r.parts.length === 2 && last(l.parts) === last(r.parts);
  return same && at(r.next) === 'when' ? verb : undefined;
}

/** Features found anywhere in the statement: functions, tables, files, programs, credentials. */
function scanCommon(tokens: readonly SqlToken[], from: number, to: number, s: StmtInfo, vars: Vars): void {
  for (let i = from; i < to; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    if (t.kind !== 'word' && t.kind !== 'qident') continue;
    const v = t.value;
    // name( → function call, with any dotted prefix.
    if (isName(t)) {
      let j = i;
      while (tokens[j - 1]?.value === '.' && isName(tokens[j - 2])) j -= 2;
      if (j === i || tokens[i - 1]?.value !== '.') {
        const n = readName(tokens, i);
        if (tokens[n.next]?.value === '(' && n.parts.length > 0) addFunction(s, n.parts);
      }
    }
    if (t.kind !== 'word') {
      // A quoted identifier is read by its name shape; other tokens by the plain credential names.
      const secret = t.kind === 'qident' ? isSecretColumn(v) : CREDENTIAL_COLUMN.test(v);
      if (secret && !s.credentialColumns.includes(v)) s.credentialColumns.push(v);
      continue;
    }
    switch (v) {
      case 'from':
      case 'join':
      case 'into': {
        if (v === 'into' && (next?.value === 'outfile' || next?.value === 'dumpfile')) {
          if (tokens[i + 2]?.kind === 'string') s.writesFile = tokens[i + 2]!.value;
          else s.writesFile = '';
          break;
        }
        if (next?.kind === 'string') {
          if (v === 'from' && (s.statement === 'load' || s.statement === 'copy')) s.readsFile = next.value;
          break;
        }
        const n = readName(tokens, i + 1);
        if (n.parts.length && v !== 'into') addTable(s.readsTables, n.parts);
        break;
      }
      case 'infile':
        if (next?.kind === 'string') s.readsFile = next.value;
        break;
      case 'program':
        if (next?.kind === 'string') s.runsProgram = next.value;
        break;
      case 'to':
        if (s.statement === 'copy' && next?.kind === 'string') s.writesFile = next.value;
        break;
      case 'union':
        s.union = true;
        break;
      case 'superuser':
        if (s.statement === 'create' || s.statement === 'alter') s.createsSuperuser = true;
        break;
      case 'exec':
      case 'execute':
      case 'call': {
        // EXEC master..xp_cmdshell 'cmd' / EXECUTE IMMEDIATE '...' / EXEC('...') / EXECUTE 'DRO'||'P ...'
        let at = i + 1;
        if (next?.kind === 'word' && next.value === 'immediate') at = i + 2;
        // T-SQL `EXEC @status = proc ...` keeps the return code: the procedure follows the `=`.
        if (next?.kind === 'param' && tokens[i + 2]?.value === '=') at = i + 3;
        // `EXEC "master"."sys"."xp_cmdshell"`: double-quoted names (MySQL's lexing calls them strings).
        const quotedName = tokens[at]?.kind === 'string' && tokens[at + 1]?.value === '.';
        const folded = quotedName ? undefined : foldString(tokens, at, vars);
        if (folded !== undefined) {
          pushFolded(s, tokens, at, folded);
          break;
        }
        // A window of the tokens, not a copy of all of them: one EXEC costs the same in any batch.
        const window = quotedName
          ? tokens
              .slice(at, at + 16)
              .map((t) => (t.kind === 'string' ? { ...t, kind: 'qident' as const } : t))
          : undefined;
        const read = window ? readName(window, 0) : readName(tokens, at);
        const n = window ? { parts: read.parts, next: read.next + at } : read;
        if (n.parts.length) {
          addFunction(s, n.parts);
          const proc = n.parts[n.parts.length - 1]!;
          const arg = foldString(tokens, n.next, vars);
          if (proc === 'sp_configure' && arg !== undefined) s.settings.push(arg.value.toLowerCase());
          if (proc === 'sp_executesql' && arg !== undefined) pushFolded(s, tokens, n.next, arg);
          if (proc === 'xp_cmdshell' && arg !== undefined) s.runsProgram = arg.value;
        }
        break;
      }
      case 'prepare': {
        // MySQL PREPARE stmt FROM @s / FROM 'sql'
        if (tokens[i + 2]?.value === 'from') {
          const f = foldString(tokens, i + 3, vars);
          if (f !== undefined) pushFolded(s, tokens, i + 3, f);
        }
        break;
      }
      default:
        if (isSecretColumn(v) && !s.credentialColumns.includes(v)) s.credentialColumns.push(v);
    }
  }
}

function pushFolded(s: StmtInfo, tokens: readonly SqlToken[], at: number, f: Folded): void {
  if (f.value.trim() === '') return;
  const end = tokens[f.next - 1]?.end ?? tokens[at]!.end;
  s.dynamicSql.push({ code: f.value, start: tokens[at]!.start, end });
}
