/**
 * Unquoted expansions in a docker command line that the input itself resolves: `$FLAGS` set by an
 * earlier `FLAGS='--privileged -v /:/h'`, `$(echo --privileged)`. The shell splits the result into
 * words, so each becomes options of its own (red team r3). Unresolved ones stay as written.
 */
import { printedSubstitutions } from './cli.js';
import type { ShellWord } from './shell-words.js';

/** The variables a command line of only assignments sets (`A=1 B='x y'`). */
export function recordAssignments(words: readonly ShellWord[], vars: Map<string, string>): void {
  for (const w of words) {
    const eq = w.value.indexOf('=');
    if (eq > 0 && vars.size < 64) vars.set(w.value.slice(0, eq), w.value.slice(eq + 1));
  }
}

/** `words` with each resolvable unquoted `$NAME`, `${NAME}` or printing substitution split in place. */
export function expandWords(
  words: readonly ShellWord[],
  text: string,
  vars: ReadonlyMap<string, string>,
): readonly ShellWord[] {
  let out: ShellWord[] | undefined;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    let value: string | undefined;
    if (w.dynamic) {
      const raw = text.slice(w.start, w.end);
      const m = /^\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))$/.exec(raw);
      if (m) value = vars.get(m[1] ?? m[2]!);
      else if (/^(?:\$\(.*\)|`.*`)$/s.test(raw)) {
        const printed = printedSubstitutions(raw);
        if (printed !== raw) value = printed;
      }
    }
    if (value === undefined) {
      out?.push(w);
      continue;
    }
    out ??= words.slice(0, i);
    for (const part of value.split(/\s+/))
      if (part !== '') out.push({ value: part, start: w.start, end: w.end, dynamic: false });
  }
  return out ?? words;
}
