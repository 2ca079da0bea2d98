/**
 * Code that cannot be read and is run (issue 22, gdog r11): a pyarmor runtime that decrypts and
 * runs its bytecode, or an obfuscator's output executed. What it does cannot be judged, so it is
 * refused (fail closed, STYLE 7). The extractors record it here; SH-AST-014 denies it.
 */
import type { Span } from '../../types.js';
import type { Collector } from './collector.js';

/** The `via` of the marker run that records unreadable code (SH-AST-014 reads it). */
export const UNREADABLE_CODE = 'code that cannot be read is run';

/** Modules of the pyarmor runtime (v8+ `pyarmor_runtime_NNNNNN`, v6/v7 `pytransform`). */
const ARMOR_MODULE = /^(?:pyarmor_runtime(?:_\d+)?|pytransform)(?:\.|$)/;

/**
 * Names only armored code uses: the bootstrap, the per-function enter/exit markers and the runtime's
 * check. A bare `@assert_armored` decorator is left out: a test helper of that name is ordinary code.
 */
const ARMOR_NAME = /^(?:__(?:py)?armor(?:_enter|_exit)?__|__assert_armored__|check_armored)$/;

/** Records that `what` is run although its code cannot be read. */
export function unreadableCode(col: Collector, span: Span, what: string): void {
  col.exec(span, ['true', what], false, UNREADABLE_CODE);
}

/** `import pyarmor_runtime_000000` / `from pytransform import pyarmor_runtime`: armored code's runtime. */
export function armoredImport(col: Collector, span: Span, mod: string): void {
  if (ARMOR_MODULE.test(mod)) unreadableCode(col, span, `a pyarmor runtime (${mod})`);
}

/** `__pyarmor__(__name__, __file__, b'...')`, `__armor_enter__`: a name only armored code uses. */
export function armoredName(col: Collector, span: Span, name: string): void {
  // Cheap first test: every such name holds "armor" (most names read do not).
  if (name.includes('armor') && ARMOR_NAME.test(name))
    unreadableCode(col, span, `pyarmor-protected code (${name})`);
}

/** One escape that spells a character by its code: \xNN, \uNNNN, \u{N...}, \NNN (octal). */
const CODE_ESCAPE = /\\(?:x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|u\{[0-9a-fA-F]+\}|[0-7]{3})/g;

/** Fewest such escapes that make a run (a colour code or a NUL or two are not one). */
const MIN_ESCAPES = 8;

/**
 * A literal written as a run of character-code escapes (`"\x63\x75\x72\x6c..."`): text nobody
 * writes by hand except to hide it. Its value is marked generated, so run as code or as a command
 * it is obfuscated execution (SH-AST-010); only defined, it stays data.
 */
export function escapedRun(raw: string): boolean {
  if (raw.length < MIN_ESCAPES * 4 || !raw.includes('\\')) return false;
  let covered = 0;
  let count = 0;
  for (const m of raw.matchAll(CODE_ESCAPE)) {
    covered += m[0].length;
    count++;
  }
  return count >= MIN_ESCAPES && covered * 10 >= raw.length * 6;
}
