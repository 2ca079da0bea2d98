/**
 * What analysing python or JavaScript costs in work units (src/engine/budget.ts), so that an input
 * the budget cannot cover is refused before the native parse (issue 22: 256 KB of `os.system(...)`
 * lines held the engine for seconds, most of it in parsing, copying and walking 140k syntax nodes).
 */

/**
 * Units per token for the native parse, the tree copy and the first walk: about 1-3 µs a token on
 * the project's 2-core machines (bench/worst-case.bench.ts), so the default budget covers about 25k
 * tokens, some 100 KB of ordinary code.
 */
export const TOKEN_UNITS = 40;

/** Units per syntax node walked after the first walk (loop unrolling and inlined calls walk again). */
export const VISIT_UNITS = 4;

/** Units per fact recorded (each is checked by every rule afterwards). */
export const FACT_UNITS = 40;

/**
 * An upper-end estimate of the tokens in `text`, in one linear pass: a run of word characters
 * (letters, digits, `_`, `$`, non-ASCII) is one token, every other non-space character is one.
 * Words inside strings and comments count too, so prose costs a little more than it parses to.
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
      c > 127;
    if (word) {
      if (!inWord) tokens++;
      inWord = true;
      continue;
    }
    inWord = false;
    if (c !== 32 && c !== 10 && c !== 9 && c !== 13) tokens++;
  }
  return tokens;
}
