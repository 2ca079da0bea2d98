/**
 * Quote removal and the small expansions bash performs on words: backslash escapes, ANSI-C
 * `$'...'` strings, brace lists and sequences. Plain string functions, no syntax tree.
 */

/** Unquoted word: a backslash quotes the next character; backslash-newline disappears. */
export function unescapeWord(raw: string): string {
  if (!raw.includes('\\')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '\\' && i + 1 < raw.length) {
      const next = raw[++i]!;
      if (next !== '\n') out += next;
    } else out += c;
  }
  return out;
}

/** Inside double quotes a backslash only quotes $ ` " \ and newline. */
export function unescapeDouble(raw: string): string {
  if (!raw.includes('\\')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '\\' && i + 1 < raw.length) {
      const next = raw[i + 1]!;
      if (next === '$' || next === '`' || next === '"' || next === '\\') {
        out += next;
        i++;
        continue;
      }
      if (next === '\n') {
        i++;
        continue;
      }
    }
    out += c;
  }
  return out;
}

/** Unquoted glob characters make a word's value depend on the file system. */
export function hasGlob(raw: string): boolean {
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 92 /* \ */) i++;
    else if (c === 42 /* * */ || c === 63 /* ? */ || c === 91 /* [ */) return true;
  }
  return false;
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

function isHex(c: string | undefined): boolean {
  return c !== undefined && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'));
}

/**
 * Escape sequences of `$'...'` (and of `echo -e` / printf, which share most of them): \n \t \xHH
 * \uHHHH \UHHHHHHHH \NNN (octal) \cX. `octalNeedsZero` is echo -e's form (\0NNN).
 */
export function decodeEscapes(body: string, octalNeedsZero = false): string {
  if (!body.includes('\\')) return body;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== '\\' || i + 1 >= body.length) {
      out += c;
      continue;
    }
    const n = body[i + 1]!;
    const simple = SIMPLE_ESCAPES[n];
    if (simple !== undefined) {
      out += simple;
      i++;
    } else if (n === 'x' || n === 'u' || n === 'U') {
      const max = n === 'x' ? 2 : n === 'u' ? 4 : 8;
      let j = i + 2;
      while (j < body.length && j < i + 2 + max && isHex(body[j])) j++;
      if (j === i + 2) {
        out += '\\' + n;
      } else {
        const code = parseInt(body.slice(i + 2, j), 16);
        out += code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      i = j - 1;
    } else if (n >= '0' && n <= '7') {
      let j = i + 1;
      if (octalNeedsZero) {
        if (n !== '0') {
          out += '\\';
          continue;
        }
        j++;
      }
      const startDigits = j;
      while (j < body.length && j < startDigits + 3 && body[j]! >= '0' && body[j]! <= '7') j++;
      out += String.fromCharCode(parseInt(body.slice(startDigits, j) || '0', 8) & 0xff);
      i = j - 1;
    } else if (n === 'c' && i + 2 < body.length) {
      out += String.fromCharCode(body.charCodeAt(i + 2) & 0x1f);
      i += 2;
    } else {
      out += '\\' + n;
      i++;
    }
  }
  return out;
}

/** Most words one brace expression may produce; past it the word is a pattern, not a list. */
export const MAX_BRACE_WORDS = 64;

/** Result of brace expansion: the words, or `overflow` when there would be more than the budget. */
export type BraceResult = readonly string[] | 'overflow' | null;

/**
 * Brace expansion of `pre{a,b}post` and `{1..3}` / `{a..c}` (nested lists too). Returns null when
 * the text has nothing to expand and 'overflow' when it would produce more than MAX_BRACE_WORDS
 * words. The work is linear in the text: each group's alternatives and the rest of the word are
 * expanded once and combined as a product, never re-expanded per alternative (#21: 40 `{a,b}`
 * groups used to run forever).
 */
export function expandBraces(text: string): BraceResult {
  const out = expandAll(text, { steps: 0 });
  if (out === 'overflow') return out;
  return out.length === 1 && out[0] === text ? null : out;
}

/** Shared step counter of one expansion: groups scanned, bounded with the word budget. */
interface BraceBudget {
  steps: number;
}

/** Longest word brace expansion looks into; a longer one with braces is taken as a pattern. */
const MAX_BRACE_TEXT = 4096;

function expandAll(text: string, budget: BraceBudget): readonly string[] | 'overflow' {
  if (++budget.steps > 4 * MAX_BRACE_WORDS || text.length > MAX_BRACE_TEXT) return 'overflow';
  const group = findBraceGroup(text);
  if (group === null) return [text];
  const pre = text.slice(0, group.start);
  const alts: string[] = [];
  if (group.range !== null) alts.push(...group.range);
  else
    for (const part of group.parts) {
      const inner = expandAll(part, budget);
      if (inner === 'overflow') return inner;
      alts.push(...inner);
      if (alts.length > MAX_BRACE_WORDS) return 'overflow';
    }
  const rest = expandAll(text.slice(group.end + 1), budget);
  if (rest === 'overflow' || alts.length * rest.length > MAX_BRACE_WORDS) return 'overflow';
  const out: string[] = [];
  for (const a of alts) for (const r of rest) out.push(pre + a + r);
  return out;
}

/**
 * A glob pattern standing for every word a brace expression can produce: each outermost group
 * becomes `*` (`/e{t,x}c/sh{a,b}dow` → `/e*c/sh*dow`). Used when the list is over budget.
 */
export function braceAsGlob(text: string): string {
  let out = '';
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '{' && text[i - 1] !== '$') {
      if (depth++ === 0) out += '*';
    } else if (c === '}' && depth > 0) depth--;
    else if (depth === 0) out += c;
  }
  return out;
}

interface BraceGroup {
  start: number;
  end: number;
  parts: string[];
  range: string[] | null;
}

function findBraceGroup(text: string): BraceGroup | null {
  for (let start = text.indexOf('{'); start !== -1; start = text.indexOf('{', start + 1)) {
    if (start > 0 && text[start - 1] === '$') continue; // ${var}
    let depth = 0;
    const commas: number[] = [];
    for (let i = start; i < text.length; i++) {
      const c = text[i];
      if (c === '{') depth++;
      else if (c === '}') {
        depth--;
        if (depth === 0) {
          const inner = text.slice(start + 1, i);
          if (commas.length > 0) {
            const parts: string[] = [];
            let prev = start + 1;
            for (const comma of commas) {
              parts.push(text.slice(prev, comma));
              prev = comma + 1;
            }
            parts.push(text.slice(prev, i));
            return { start, end: i, parts, range: null };
          }
          const range = sequence(inner);
          if (range !== null) return { start, end: i, parts: [], range };
          break;
        }
      } else if (c === ',' && depth === 1) commas.push(i);
    }
  }
  return null;
}

function sequence(inner: string): string[] | null {
  const m = /^(-?\d+|[a-zA-Z])\.\.(-?\d+|[a-zA-Z])(?:\.\.(-?\d+))?$/.exec(inner);
  if (m === null) return null;
  const [, a, b, stepText] = m;
  const step = Math.abs(Number(stepText ?? 1)) || 1;
  const numeric = /\d/.test(a!);
  const from = numeric ? Number(a) : a!.charCodeAt(0);
  const to = numeric ? Number(b) : b!.charCodeAt(0);
  if (Number.isNaN(to) || Math.abs(to - from) / step > MAX_BRACE_WORDS) return null;
  const out: string[] = [];
  const dir = to >= from ? step : -step;
  for (let v = from; dir > 0 ? v <= to : v >= to; v += dir)
    out.push(numeric ? String(v) : String.fromCharCode(v));
  return out;
}
