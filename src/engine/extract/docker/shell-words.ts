/**
 * Just enough shell word splitting to read docker command lines: quotes, backslash escapes and
 * line continuations, command separators (`&&`, `||`, `;`, `|`, newlines). Anything deeper (the
 * command a container runs) goes back to the bash extractor as raw text.
 */

export interface ShellWord {
  /** The word with quotes removed and escapes resolved. */
  readonly value: string;
  readonly start: number;
  readonly end: number;
  /** Contains `$`, a backtick or an unquoted glob: the value is not final. */
  readonly dynamic: boolean;
}

/** Split text into commands, each a list of words. Comments (`#` at word start) are skipped. */
export function splitCommands(text: string): ShellWord[][] {
  return [...commandsOf(text)];
}

/** splitCommands one command at a time, so a caller that stops early (work budget) stops the split too. */
export function* commandsOf(text: string): Generator<ShellWord[]> {
  const commands: ShellWord[][] = [];
  let words: ShellWord[] = [];
  const n = text.length;
  let i = 0;
  const endCommand = (): void => {
    if (words.length > 0) commands.push(words);
    words = [];
  };
  while (i < n) {
    while (commands.length > 0) yield commands.shift()!;
    const c = text[i]!;
    if (c === '\\' && text[i + 1] === '\n') {
      i += 2;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '\n' || c === ';') {
      endCommand();
      i++;
      continue;
    }
    if (c === '&' || c === '|') {
      endCommand();
      i += text[i + 1] === c ? 2 : 1;
      continue;
    }
    if (c === '#') {
      while (i < n && text[i] !== '\n') i++;
      continue;
    }
    // One word.
    const start = i;
    let value = '';
    let dynamic = false;
    while (i < n) {
      const d = text[i]!;
      if (d === ' ' || d === '\t' || d === '\r' || d === '\n' || d === ';' || d === '&' || d === '|') break;
      if (d === '\\') {
        if (text[i + 1] === '\n') {
          i += 2;
          continue;
        }
        value += text[i + 1] ?? '';
        i += 2;
        continue;
      }
      if (d === "'") {
        const close = text.indexOf("'", i + 1);
        const end = close < 0 ? n : close;
        value += text.slice(i + 1, end);
        i = end + 1;
        continue;
      }
      if (d === '"') {
        i++;
        while (i < n && text[i] !== '"') {
          if (text[i] === '\\' && i + 1 < n && '"\\$`\n'.includes(text[i + 1]!)) {
            if (text[i + 1] !== '\n') value += text[i + 1];
            i += 2;
            continue;
          }
          if (text[i] === '$' || text[i] === '`') dynamic = true;
          value += text[i];
          i++;
        }
        i++;
        continue;
      }
      if (d === '$' && text[i + 1] === '(') {
        // Keep a command substitution whole, nesting included.
        let depth = 0;
        const from = i;
        while (i < n) {
          if (text[i] === '(') depth++;
          else if (text[i] === ')' && --depth === 0) {
            i++;
            break;
          }
          i++;
        }
        value += text.slice(from, i);
        dynamic = true;
        continue;
      }
      if (d === '`') {
        // A backtick substitution is one piece of the word too (`printf /etc`:/h).
        const close = text.indexOf('`', i + 1);
        const end = close < 0 ? n : close + 1;
        value += text.slice(i, end);
        i = end;
        dynamic = true;
        continue;
      }
      if (d === '$' || d === '*' || d === '?') dynamic = true;
      value += d;
      i++;
    }
    words.push({ value, start, end: Math.min(i, n), dynamic });
  }
  endCommand();
  yield* commands;
}

/** Quote a word for a POSIX shell when it needs it. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
