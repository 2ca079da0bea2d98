/**
 * JSFuck (issue 22): a function reached through `[]`, `!`, `+` and parentheses alone, letters spelled
 * by coercing `![]`, `!![]` and `[][[]]` to strings. No readable program names a function this way;
 * it is how `[]["filter"]["constructor"](code)()` (the Function constructor) is hidden.
 */

/** Source made only of JSFuck's atoms (whitespace aside). */
const ATOMS_ONLY = /^[[\]()!+\s]+$/;

/** Shortest such callee counted: `[][[]]`-sized fragments are too small to spell a name. */
const MIN_LENGTH = 24;

/** The callee's source is a name spelled by type coercion: its target is decided at run time. */
export function coercedCallee(src: string): boolean {
  return src.length >= MIN_LENGTH && ATOMS_ONLY.test(src);
}
