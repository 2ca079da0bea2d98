/**
 * What analysing python or JavaScript costs in work units (src/engine/budget.ts), so that an input
 * the budget cannot cover is refused before the native parse (issue 22: 256 KB of `os.system(...)`
 * lines held the engine for seconds, most of it in parsing, copying and walking 140k syntax nodes).
 */

/**
 * Units per token for the native parse, the tree copy and the first walk: about 1-3 µs a token on
 * the project's loaded 2-core machines (bench/worst-case.bench.ts), so the default budget covers
 * about 16k tokens, some 60 KB of ordinary code, and the slowest input it lets through takes
 * about 50 ms on a quiet machine (issue 24: no analysis may hold the event loop much longer).
 */
export const TOKEN_UNITS = 60;

/** Units per character on top (the lexer reads whitespace and long strings too). */
export const CHAR_UNITS = 1;

/** Units the parse, copy and first walk of `text` cost, charged before the native parse. */
export function parseCost(text: string): number {
  return tokenEstimate(text) * TOKEN_UNITS + text.length * CHAR_UNITS;
}

/** Units per syntax node walked (loop unrolling and inlined calls walk again, and pay again). */
export const VISIT_UNITS = 6;

/** Units per fact recorded (each is checked by every rule afterwards). */
export const FACT_UNITS = 60;

/**
 * An upper-end estimate of the tokens in `text`, in one linear pass: a run of word characters
 * (letters, digits, `_`, `$`, non-ASCII) is one token, and so is every other non-space character
 * and every line break.
 * Words inside strings and comments count too, so prose costs a little more than it parses to.
 * Unicode spaces and line separators (JavaScript ends statements at U+2028) count as one each.
 */
export function tokenEstimate(text: string): number {
  let tokens = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const word =
      (c >= 97 && c <= 122) ||
      (c >= 65 && c <= 90) ||
      (c >= 48 && c <= 57) ||
      c === 95 ||
      c === 36 ||
      (c > 127 && !unicodeSpace(c));
    if (word) {
      if (!inWord) tokens++;
      inWord = true;
      continue;
    }
    inWord = false;
    // Line breaks count: the parser pays for blank lines too (250 KB of them took 50 ms).
    if (c !== 32 && c !== 9 && c !== 13) tokens++;
  }
  return tokens;
}

/** Unicode space and line-separator characters (JavaScript whitespace beyond ASCII). */
function unicodeSpace(c: number): boolean {
  return (
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}
