/**
 * SQL client meta-commands: text an agent feeds to `psql`, `sqlite3` or `mysql` is read by the
 * client first, and some lines are the client's own commands (red team r3): `\! cmd`, `.shell cmd`,
 * `.system cmd` and mysql's `system cmd` run a shell; `\o file`, `.output file`, `.once file` and
 * mysql's `tee file` write every later result to a file; `\o | cmd` pipes results into a program;
 * `\gexec` runs each result as SQL. The lines are blanked out of the SQL (same length, so spans
 * hold) and returned for the extractor to turn into facts. `\copy` is psql's COPY with the file on
 * the client's side: its line stays, as the COPY the server runs, and its span is returned so the
 * file it names is not taken for a server file.
 */

export type ClientCommand =
  | { readonly kind: 'shell'; readonly code: string; readonly start: number; readonly end: number }
  | { readonly kind: 'output'; readonly path: string; readonly start: number; readonly end: number }
  | { readonly kind: 'pipe'; readonly code: string; readonly start: number; readonly end: number }
  | { readonly kind: 'gexec'; readonly start: number; readonly end: number };

/** Cheap gate: a line that starts with a backslash, a dot command, `system`, `tee` or `delimiter`, or a \gexec. */
const MAYBE =
  /(?:^|\n)[ \t]*(?:\\|\.[a-z]|system[ \t]|tee[ \t]|[Dd][Ee][Ll][Ii][Mm][Ii][Tt][Ee][Rr][ \t])|\\gexec/;

/**
 * mysql's `DELIMITER $$` line: until the next one, statements end at `$$` instead of `;` (stored
 * routine bodies keep their own `;`). The line is blanked and each line-final delimiter read as `;`.
 */
const DELIMITER = /^[ \t]*delimiter[ \t]+(\S+)[ \t]*$/i;

/** Lower case only for mysql's words: `SYSTEM FLUSH LOGS` is ClickHouse SQL. */
const SHELL = /^[ \t]*(?:\\!|\.shell\b|\.system\b|system\b)[ \t]*(.*)$/;
const OUTPUT = /^[ \t]*(?:\\o(?:ut)?|\.output|\.once|tee)[ \t]+(\|)?[ \t]*(.*?)[ \t]*;?$/;

/** psql's `\copy`: the same COPY, the file read or written by the client. */
const CLIENT_COPY = /^[ \t]*\\copy\b/i;

export interface ClientText {
  readonly sql: string;
  readonly commands: ClientCommand[];
  /** Spans of `\copy` lines (kept in `sql` as COPY). */
  readonly copies: readonly { readonly start: number; readonly end: number }[];
}

export function clientCommands(text: string): ClientText {
  if (!MAYBE.test(text)) return { sql: text, commands: [], copies: [] };
  const commands: ClientCommand[] = [];
  const copies: { start: number; end: number }[] = [];
  let sql = '';
  let pos = 0;
  let delimiter = ';';
  for (const raw of text.split('\n')) {
    const start = pos;
    const end = pos + raw.length;
    pos = end + 1;
    const newDelimiter = DELIMITER.exec(raw)?.[1];
    if (newDelimiter !== undefined) {
      delimiter = newDelimiter;
      sql += ' '.repeat(raw.length) + '\n';
      continue;
    }
    const line = delimiter === ';' ? raw : endsAtDelimiter(raw, delimiter);
    if (CLIENT_COPY.test(line)) {
      copies.push({ start, end });
      sql += line.replace('\\', ' ') + '\n';
      continue;
    }
    const shell = SHELL.exec(line);
    const output = shell ? null : OUTPUT.exec(line);
    if (shell && shell[1]!.trim() !== '') {
      commands.push({ kind: 'shell', code: shell[1]!, start, end });
    } else if (output && output[2] !== '') {
      const target = output[2]!.replace(/^(['"])(.*)\1$/, '$2');
      commands.push(
        output[1] !== undefined
          ? { kind: 'pipe', code: target, start, end }
          : { kind: 'output', path: target, start, end },
      );
    } else {
      const g = line.indexOf('\\gexec');
      if (g >= 0) commands.push({ kind: 'gexec', start: start + g, end });
      sql += (g >= 0 ? line.slice(0, g) + ' '.repeat(line.length - g) : line) + '\n';
      continue;
    }
    sql += ' '.repeat(line.length) + '\n';
  }
  return { sql: sql.slice(0, text.length), commands, copies };
}

/** A line whose statement ends at the custom delimiter, with that delimiter read as `;` (same length). */
function endsAtDelimiter(line: string, delimiter: string): string {
  const trimmed = line.trimEnd();
  if (!trimmed.endsWith(delimiter)) return line;
  const at = trimmed.length - delimiter.length;
  return line.slice(0, at) + ';' + ' '.repeat(delimiter.length - 1) + line.slice(trimmed.length);
}
