/**
 * Constant folding of string expressions over lexer tokens, for dynamic SQL (issue 22):
 * `EXECUTE 'DRO' || 'P TABLE users'`, `EXEC('DR' + 'OP TABLE t')`, `format('DROP TABLE %I', 'x')`,
 * `concat(...)`, `chr(68)`, and variables assigned earlier in the batch (`DECLARE @q ... = '...'`,
 * `SET @s = ...`, PL/pgSQL `q := ...`). Unknown parts fold to nothing, so `'DROP TABLE ' || t`
 * still reads as a DROP. Linear in the tokens it reads.
 */
import type { SqlToken } from './lexer.js';

export type Vars = Map<string, string>;

export interface Folded {
  readonly value: string;
  /** Index of the first token after the expression. */
  readonly next: number;
  /** Whether anything was folded beyond one plain string literal. */
  readonly computed: boolean;
}

const MAX_LEN = 64 * 1024;
/** `0x` and at least two whole bytes: a T-SQL / MySQL binary literal, not a small flag value. */
const HEX_BYTES = /^0x(?:[0-9A-Fa-f]{2}){2,}$/;

/** Fold the string expression starting at `i`; undefined when nothing there is a string. */
export function foldString(
  tokens: readonly SqlToken[],
  i: number,
  vars: Vars,
  depth = 0,
): Folded | undefined {
  if (depth > 16) return undefined;
  let value = '';
  let computed = false;
  let any = false;
  let j = i;
  let afterOp = false;
  for (;;) {
    let part = operand(tokens, j, vars, depth);
    // After `||` or `+`, an operand we cannot fold (an unknown variable or call) is a hole: the
    // parts around it are still what runs (`'EXEC xp_fileexist "\\' + @host + '\x"'`).
    if (part === undefined && afterOp) part = hole(tokens, j);
    if (part === undefined) break;
    part = castSuffix(tokens, part);
    afterOp = false;
    any = true;
    if (value.length + part.value.length <= MAX_LEN) value += part.value;
    if (part.computed) computed = true;
    j = part.next;
    const op = tokens[j];
    if (op?.kind === 'op' && (op.value === '||' || op.value === '+')) {
      computed = true;
      afterOp = true;
      j++;
      continue;
    }
    break;
  }
  return any ? { value, next: j, computed } : undefined;
}

/** PostgreSQL's bytea text form: `\x` then hex bytes (the lexer may have read the backslash as an escape). */
const BYTEA_HEX = /^\\?x((?:[0-9A-Fa-f]{2})+)$/;

/**
 * A PostgreSQL `::type` cast after an operand: the same text, except that `'\x4452...'::bytea`
 * is the bytes the hex spells, which convert_from() reads back as text (R25: EXECUTE of a
 * hex-spelled DROP SCHEMA).
 */
function castSuffix(tokens: readonly SqlToken[], part: Folded): Folded {
  let { value, next, computed } = part;
  while (tokens[next]?.value === '::' && tokens[next + 1]?.kind === 'word') {
    const hex = tokens[next + 1]!.value === 'bytea' ? BYTEA_HEX.exec(value) : null;
    if (hex !== null) {
      value = decoded(hex[1]!, 'hex');
      computed = true;
    }
    next = pastTypeArgs(tokens, next + 2);
  }
  return next === part.next ? part : { value, next, computed };
}

/** An unknown operand folded to '': a name, parameter or number, with a call's arguments skipped. */
function hole(tokens: readonly SqlToken[], i: number): Folded | undefined {
  const t = tokens[i];
  if (
    t === undefined ||
    !(t.kind === 'word' || t.kind === 'param' || t.kind === 'qident' || t.kind === 'number')
  )
    return undefined;
  let j = i + 1;
  while (tokens[j]?.value === '.' && tokens[j + 1] !== undefined) j += 2;
  if (tokens[j]?.value === '(') {
    let level = 0;
    for (; j < tokens.length; j++) {
      if (tokens[j]!.value === '(') level++;
      else if (tokens[j]!.value === ')' && --level === 0) break;
    }
    j++;
  }
  return { value: '', next: j, computed: true };
}

/** Arguments of a call whose `(` is at `open`: each folded (unknown arguments fold to ''). */
function callArgs(
  tokens: readonly SqlToken[],
  open: number,
  vars: Vars,
  depth: number,
): { args: string[]; next: number } | undefined {
  if (tokens[open]?.value !== '(') return undefined;
  const args: string[] = [];
  let j = open + 1;
  while (j < tokens.length && tokens[j]!.value !== ')') {
    const f = foldString(tokens, j, vars, depth + 1);
    const after = tokens[f?.next ?? -1];
    if (f !== undefined && (after?.value === ',' || after?.value === ')')) {
      args.push(f.value);
      j = f.next;
    } else if (
      f !== undefined &&
      after?.kind === 'word' &&
      (after.value === 'using' || after.value === 'as')
    ) {
      // CONVERT(x USING utf8mb4), CAST(x AS text): the value is x; the type after it is skipped.
      args.push(f.value);
      j = f.next;
      while (j < tokens.length && tokens[j]!.value !== ')' && tokens[j]!.value !== ',') j++;
    } else {
      // Skip an argument we cannot fold, nested parentheses included.
      let level = 0;
      while (j < tokens.length) {
        const v = tokens[j]!.value;
        if (v === '(') level++;
        else if (v === ')') {
          if (level === 0) break;
          level--;
        } else if (v === ',' && level === 0) break;
        j++;
      }
      args.push('');
    }
    if (tokens[j]?.value === ',') j++;
  }
  return tokens[j]?.value === ')' ? { args, next: j + 1 } : undefined;
}

/** Text of a base64 or hex payload ('' for another format or a malformed payload). */
function decoded(payload: string, format: string): string {
  if (format === 'base64' && /^[A-Za-z0-9+/=\s]*$/.test(payload))
    return Buffer.from(payload, 'base64').toString('utf8');
  if (format === 'hex' && /^(?:[0-9A-Fa-f]{2})*$/.test(payload))
    return Buffer.from(payload, 'hex').toString('utf8');
  return '';
}

function operand(tokens: readonly SqlToken[], i: number, vars: Vars, depth: number): Folded | undefined {
  const t = tokens[i];
  if (t === undefined) return undefined;
  if (t.kind === 'string') return { value: t.value, next: i + 1, computed: false };
  // A hex literal is bytes that read as text once cast (red team r7: `CAST(0x5452554E43... AS varchar)`).
  if (t.kind === 'number' && HEX_BYTES.test(t.value))
    return { value: decoded(t.value.slice(2), 'hex'), next: i + 1, computed: true };
  if (t.kind === 'param' && vars.has(t.value.toLowerCase()))
    return { value: vars.get(t.value.toLowerCase())!, next: i + 1, computed: true };
  if (t.value === '(') {
    const inner = foldString(tokens, i + 1, vars, depth + 1);
    if (inner !== undefined && tokens[inner.next]?.value === ')')
      return { value: inner.value, next: inner.next + 1, computed: true };
    return undefined;
  }
  if (t.kind !== 'word') return undefined;
  let fn = t.value;
  // A package's function (Oracle `UTL_RAW.CAST_TO_VARCHAR2(...)`): the whole dotted name.
  while (tokens[i + 1]?.value === '.' && tokens[i + 2]?.kind === 'word' && tokens[i + 3]?.value === '(') {
    fn = `${fn}.${tokens[i + 2]!.value}`;
    i += 2;
  }
  if (tokens[i + 1]?.value !== '(') {
    return vars.has(fn) ? { value: vars.get(fn)!, next: i + 1, computed: true } : undefined;
  }
  const call = callArgs(tokens, i + 1, vars, depth);
  if (call === undefined) return undefined;
  const [a = '', ...rest] = call.args;
  let value: string;
  switch (fn) {
    case 'chr':
    case 'char':
    case 'nchar': {
      const n = Number(tokens[i + 2]?.value);
      value = Number.isInteger(n) && n >= 0 && n < 0x110000 ? String.fromCodePoint(n) : '';
      break;
    }
    case 'concat':
      value = call.args.join('');
      break;
    case 'concat_ws':
      value = rest.join(a);
      break;
    case 'format':
    case 'formatmessage': {
      let k = 0;
      // %L quotes its value as a literal (red team r5: `format('COPY ... TO PROGRAM %L', $1)`); an
      // unknown value (folded to '') stands as a placeholder, never as nothing.
      value = a.replace(/%(?:\d+\$)?[-0-9]*([sIL%d])/g, (_m, c: string) => {
        if (c === '%') return '%';
        const v = rest[k++] ?? '';
        if (c === 'L') return `'${v === '' ? 'x' : v.replace(/'/g, "''")}'`;
        return c === 'I' && v === '' ? 'x' : v;
      });
      break;
    }
    // Encoded payloads: PostgreSQL decode(s, 'base64'|'hex') under convert_from, MySQL FROM_BASE64/UNHEX.
    case 'decode':
      value = decoded(a, (rest[0] ?? '').toLowerCase());
      break;
    case 'from_base64':
      value = decoded(a, 'base64');
      break;
    case 'unhex':
    case 'hextoraw':
      value = decoded(a, 'hex');
      break;
    // Oracle's base64 decoder over raw bytes (UTL_ENCODE.BASE64_DECODE(UTL_RAW.CAST_TO_RAW(s))).
    case 'utl_encode.base64_decode':
      value = decoded(a, 'base64');
      break;
    case 'convert_from':
    case 'convert_to':
    case 'utl_raw.cast_to_varchar2':
    case 'utl_raw.cast_to_nvarchar2':
    case 'utl_raw.cast_to_raw':
    case 'utl_i18n.raw_to_char':
      value = a;
      break;
    // encode(bytes, 'escape') is the bytes as text again; 'hex'/'base64' spell them, not run them.
    case 'encode':
      value = (rest[0] ?? '').toLowerCase() === 'escape' ? a : '';
      break;
    case 'lower':
      value = a.toLowerCase();
      break;
    case 'upper':
      value = a.toUpperCase();
      break;
    case 'reverse':
      value = [...a].reverse().join('');
      break;
    case 'replace':
      value = rest.length >= 2 && rest[0] !== '' ? a.split(rest[0]!).join(rest[1]) : a;
      break;
    case 'quote_ident':
    case 'quote_literal':
    case 'quotename':
    case 'trim':
    case 'ltrim':
    case 'rtrim':
    case 'cast':
    case 'convert':
      value = fn === 'convert' ? (rest[0] ?? a) : a;
      break;
    default:
      return undefined;
  }
  return { value, next: call.next, computed: true };
}

/**
 * Variables assigned a string in the batch, in order (a later assignment wins): T-SQL
 * `DECLARE @q T = expr` / `SET @q = expr` / `SELECT @q = expr`, MySQL `SET @s = expr`, PL/pgSQL
 * `name := expr`.
 */
/** Tokens a type's `(n)` or `(p, s)` spans at most: no scan to the text's end per word pair (issue 22). */
const TYPE_ARGS_MAX = 16;

/** Past a type's `(n)` at token j (j itself when there is none, or no `)` within TYPE_ARGS_MAX tokens). */
function pastTypeArgs(tokens: readonly SqlToken[], j: number): number {
  if (tokens[j]?.value !== '(') return j;
  for (let k = j + 1; k < tokens.length && k <= j + TYPE_ARGS_MAX; k++)
    if (tokens[k]!.value === ')') return k + 1;
  return j;
}

export function collectVars(tokens: readonly SqlToken[]): Vars {
  const vars: Vars = new Map();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    let name: string | undefined;
    let at = -1;
    if (t.kind === 'param' && t.value.startsWith('@')) {
      // @q [type [(n)]] = expr
      let j = i + 1;
      if (tokens[j]?.kind === 'word' && tokens[j]!.value !== 'as') {
        j++;
        j = pastTypeArgs(tokens, j);
      }
      if (tokens[j]?.kind === 'op' && (tokens[j]!.value === '=' || tokens[j]!.value === ':=')) {
        name = t.value.toLowerCase();
        at = j + 1;
      }
    } else if (t.kind === 'word' && next?.kind === 'op' && next.value === ':=') {
      name = t.value;
      at = i + 2;
    } else if (t.kind === 'word' && next?.kind === 'word') {
      // PL/pgSQL declaration with a type: `q text := expr`, `q varchar(100) := expr`.
      let j = i + 2;
      j = pastTypeArgs(tokens, j);
      if (tokens[j]?.kind === 'op' && tokens[j]!.value === ':=') {
        name = t.value;
        at = j + 1;
      }
    }
    if (name === undefined) continue;
    const f = foldString(tokens, at, vars);
    if (f !== undefined) vars.set(name, f.value);
  }
  return vars;
}
