/**
 * String and byte folding shared by the python and node call tables (issue 22): case changes,
 * slices, splits, byte lists decoded as text, JSON parsed into values and dotted-quad addresses, so
 * a command or URL computed from literals reads as the text the program will run or fetch.
 */
import { constText, opaque, strVal, UNKNOWN, withTaint, type Val } from './value.js';

/** Longest text or list folded here; longer inputs stay unknown (work stays linear and small). */
const MAX_FOLD_ITEMS = 4096;

/** `v` with its text replaced by `f(text)`, keeping taint; undefined when `v` is not known text. */
export function mapText(v: Val | undefined, f: (s: string) => string | null): Val | undefined {
  if (v === undefined || v.ref !== undefined) return undefined;
  const t = constText(v);
  if (t === null) return undefined;
  const out = f(t);
  return out === null ? undefined : { ...v, parts: [out] };
}

/** Text from a list of byte or code values (`bytes([114, 109])`, `Buffer.from([...])`); null when any is unknown. */
export function codesText(items: readonly Val[] | undefined, bytes: boolean): string | null {
  if (items === undefined || items.length > MAX_FOLD_ITEMS) return null;
  const codes: number[] = [];
  for (const v of items) {
    const n = v.num;
    if (n === undefined || !Number.isInteger(n) || n < 0 || n > (bytes ? 255 : 0x10ffff)) return null;
    codes.push(n);
  }
  if (!bytes) return String.fromCodePoint(...codes);
  const text = Buffer.from(codes).toString('utf8');
  return text.includes('\uFFFD') ? null : text;
}

/** A known string built from byte values: the text, marked generated (obfuscation when run as code). */
export function bytesVal(items: readonly Val[] | undefined, from: Val): Val | undefined {
  const text = codesText(items, true);
  return text === null ? undefined : withTaint({ ...strVal(text), generated: true }, from);
}

/** Python's str.split / rsplit without a separator: runs of whitespace. */
export function splitWords(s: string): string[] {
  return s.split(/\s+/).filter((w) => w !== '');
}

/** A list value of known strings. */
export function listVal(pieces: readonly string[], from: Val): Val | undefined {
  if (pieces.length > MAX_FOLD_ITEMS) return undefined;
  const items = pieces.map((p) => withTaint(strVal(p), from));
  return { ...opaque([from]), items };
}

/** The text of a number (`str(169)`, `String(169)`, `'' + 169`). */
export function numText(v: Val): Val | undefined {
  if (v.num === undefined || v.ref !== undefined) return undefined;
  return { ...strVal(String(v.num)), sources: v.sources, lits: v.lits };
}

/** An IPv4 address as a 32-bit integer, written as a dotted quad (`inet_ntoa(pack('!I', n))`). */
export function dottedQuad(n: number | undefined): Val | undefined {
  if (n === undefined || !Number.isInteger(n) || n < 0 || n > 0xffffffff) return undefined;
  return strVal([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.'));
}

/** Deepest JSON nesting turned into values; deeper parts are unknown. */
const MAX_JSON_DEPTH = 16;

/** A JSON document as a value: objects as fields, arrays as items, strings and numbers known. */
export function jsonVal(v: Val | undefined): Val | undefined {
  const text = v === undefined || v.ref !== undefined ? null : constText(v);
  if (v === undefined || text === null || text.length > 64 * 1024) return undefined;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return undefined;
  }
  let count = 0;
  const conv = (x: unknown, depth: number): Val => {
    if (++count > MAX_FOLD_ITEMS || depth > MAX_JSON_DEPTH) return withTaint(UNKNOWN, v);
    if (typeof x === 'string') return withTaint(strVal(x), v);
    if (typeof x === 'number') return { ...UNKNOWN, dynamic: false, num: x, sources: v.sources };
    if (typeof x === 'boolean') return { ...UNKNOWN, dynamic: false, bool: x };
    if (Array.isArray(x)) {
      const items = x.map((i) => conv(i, depth + 1));
      return { ...opaque([v]), items };
    }
    if (x !== null && typeof x === 'object') {
      const fields = new Map<string, Val>();
      for (const [k, i] of Object.entries(x)) fields.set(k, conv(i, depth + 1));
      return { ...opaque([v]), fields };
    }
    return { ...UNKNOWN, dynamic: false, bool: false };
  };
  return conv(doc, 0);
}

/** Title case as python's str.title does it (a letter after a non-letter is upper case). */
export function titleCase(s: string): string {
  return s.replace(/[A-Za-z]+/g, (w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase());
}

/** Swaps the case of each letter (python's str.swapcase). */
export function swapCase(s: string): string {
  let out = '';
  for (const ch of s) {
    const lo = ch.toLowerCase();
    out += ch === lo ? ch.toUpperCase() : lo;
  }
  return out;
}

/** `$name` / `${name}` substitution as python's string.Template does it; unknown names stay. */
export function templateSubstitute(s: string, lookup: (name: string) => Val | undefined): Val[] {
  const pieces: Val[] = [];
  let last = 0;
  const re = /\$(?:\$|([_a-zA-Z][_a-zA-Z0-9]*)|\{([_a-zA-Z][_a-zA-Z0-9]*)\})/g;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    pieces.push(strVal(s.slice(last, m.index)));
    const name = m[1] ?? m[2];
    if (name === undefined) pieces.push(strVal('$'));
    else pieces.push(lookup(name) ?? strVal(m[0]));
    last = m.index + m[0].length;
  }
  pieces.push(strVal(s.slice(last)));
  return pieces;
}
