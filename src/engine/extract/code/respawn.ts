/**
 * A program that starts its own file again with no condition (issue 22, r6): every copy starts
 * the next (`fork(__filename)`, `Popen([sys.executable, __file__])`), so processes multiply without
 * bound, as a loop that forks forever does; reported as such a loop (RUN-AST-001). A guarded
 * re-run (`if (process.argv[2] !== 'child') fork(__filename, ['child'])`) is a worker pattern.
 */
import type { Span } from '../../types.js';
import { render, type Val } from './value.js';
import type { CodeWalker } from './walker.js';

/** How the walk renders the script's own file (node `__filename`, python `__file__`). */
const OWN_FILE = /__script_dir__\/\$?__file/;

/** Anything that can make the re-run conditional. */
const CONDITION = /\bif\b|\?|&&|\|\||\bswitch\b|\belse\b|\bexcept\b|\bcatch\b/;

/** `args` start the script's own file again and nothing in the input decides whether. */
export function respawns(w: CodeWalker, span: Span, args: readonly Val[]): void {
  const own = args.some((a) =>
    [a, ...(a.items ?? [])].some((v) => v.parts !== null && OWN_FILE.test(render(v))),
  );
  if (!own || CONDITION.test(w.text)) return;
  w.col.loop({ span, unbounded: true, sleeps: false, exits: false, forks: true });
}
