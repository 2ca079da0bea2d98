/**
 * One linear pass over JSON bytes, before JSON.parse, that finds what would make two readers of the
 * same body disagree (issue 24): a member name that appears twice in one object (JSON.parse keeps the
 * last, many other parsers the first; RFC 8259 section 4 leaves it open) and nesting past a limit,
 * decided before any work proportional to depth. No recursion: a stack of small frames, one per open
 * array or object, and the walk stops at the first problem. Malformed JSON is left for JSON.parse.
 */

export type JsonShapeProblem =
  | { readonly kind: 'too-deep'; readonly limit: number }
  | { readonly kind: 'duplicate-key'; readonly key: string };

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;

interface Frame {
  /** Member names seen so far; null for an array. */
  readonly keys: Set<string> | null;
  /** In an object: the next string is a member name (after `{` or `,`). */
  expectKey: boolean;
}

/** The index of the quote that closes the string opened at `open`, or -1 when it never closes. */
function stringEnd(bytes: Uint8Array, open: number): number {
  let i = open + 1;
  for (;;) {
    const q = bytes.indexOf(QUOTE, i);
    if (q === -1) return -1;
    // An odd run of backslashes before the quote escapes it.
    let slashes = 0;
    for (let j = q - 1; j > open && bytes[j] === BACKSLASH; j--) slashes++;
    if (slashes % 2 === 0) return q;
    i = q + 1;
  }
}

/** The member name as JSON.parse would read it (escapes decoded), or null when it is malformed. */
function decodeKey(bytes: Uint8Array, open: number, close: number): string | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.subarray(open + 1, close).indexOf(BACKSLASH) === -1) return buf.toString('utf8', open + 1, close);
  try {
    const value: unknown = JSON.parse(buf.toString('utf8', open, close + 1));
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/**
 * The first shape problem in `bytes`, or null. `maxDepth` counts open arrays and objects; the walk
 * stops as soon as it is passed, so a 20,000-deep body costs no more than `maxDepth` frames.
 */
export function findJsonShapeProblem(bytes: Uint8Array, maxDepth: number): JsonShapeProblem | null {
  const stack: Frame[] = [];
  let top: Frame | undefined;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === QUOTE) {
      const end = stringEnd(bytes, i);
      if (end === -1) return null; // unterminated: JSON.parse reports it
      if (top !== undefined && top.keys !== null && top.expectKey) {
        const key = decodeKey(bytes, i, end);
        if (key === null) return null;
        if (top.keys.has(key)) return { kind: 'duplicate-key', key };
        top.keys.add(key);
        top.expectKey = false;
      }
      i = end;
    } else if (b === OPEN_BRACE || b === OPEN_BRACKET) {
      if (stack.length >= maxDepth) return { kind: 'too-deep', limit: maxDepth };
      top = { keys: b === OPEN_BRACE ? new Set() : null, expectKey: b === OPEN_BRACE };
      stack.push(top);
    } else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) {
      stack.pop();
      top = stack[stack.length - 1];
    } else if (b === COMMA) {
      if (top !== undefined && top.keys !== null) top.expectKey = true;
    } else if (b === COLON) {
      if (top !== undefined) top.expectKey = false;
    }
  }
  return null;
}

/** Lower-cased protocol member names mapped to their one correct spelling. */
export type CanonicalKeys = ReadonlyMap<string, string>;

/** Case folding close to Go's encoding/json (which also folds the Kelvin sign and the long s). */
function fold(name: string): string {
  return name.normalize('NFKC').toLowerCase();
}

export function canonicalKeys(names: readonly string[]): CanonicalKeys {
  return new Map(names.map((n) => [fold(n), n]));
}

/**
 * A member of `object` whose name differs from a protocol member name only by case (`"Method"` for
 * `"method"`): a reader that matches names case-insensitively (Go's encoding/json) would take it
 * for the protocol member that was judged absent or different.
 */
export function caseVariantKey(
  object: Readonly<Record<string, unknown>>,
  canonical: CanonicalKeys,
): string | null {
  for (const key in object) {
    const want = canonical.get(fold(key));
    if (want !== undefined && want !== key) return key;
  }
  return null;
}
