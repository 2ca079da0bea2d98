/**
 * Which words of an argv a program may run as code, so downloaded data handed to a program counts
 * as executed only where it can be (SH-AST-010): `ffmpeg -i URL` reads a stream, `sh -c TEXT` runs it.
 */
import { handlerFor } from '../programs/index.js';
import type { Val } from './value.js';

/**
 * Options that conventionally take code (`-c`, `-e`, `--eval`, `--exec=...`): an interpreter the
 * engine has no model of still runs what follows them.
 */
const CODE_OPTION =
  /^(?:-[a-zA-Z]{0,2}[ceExr]|--(?:eval|exec|execute|command|code|run|script|expr)(?:=.*)?)$/;

/**
 * The argv words that may be code for `program`. The program word itself always is; a program the
 * engine models (shells, interpreters, wrappers, find, git, ssh ...) is judged on every word, as
 * its model may run any of them; an unmodelled program (a media or document tool, a notifier)
 * takes its operands as data, except a word given to an option that takes code.
 */
export function codeWords(argv: readonly Val[], words: readonly string[], program: string): readonly Val[] {
  if (argv.length <= 1 || handlerFor(program) !== undefined) return argv;
  const out: Val[] = [argv[0]!];
  for (let i = 1; i < argv.length; i++) {
    const w = words[i]!;
    const prev = words[i - 1]!;
    if (CODE_OPTION.test(prev) || (w.startsWith('--') && CODE_OPTION.test(w))) out.push(argv[i]!);
  }
  return out;
}
