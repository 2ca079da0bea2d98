/**
 * A small SQL lexer shared by the statement splitter, the keyword fallback and the comment audit.
 * It knows the quoting and comment rules of PostgreSQL, MySQL and SQLite, and records where those
 * dialects disagree about what is a comment, so that a comment can never hide a statement.
 */

export type SqlTokenKind = 'word' | 'qident' | 'string' | 'number' | 'param' | 'op' | 'punct';

export interface SqlToken {
  readonly kind: SqlTokenKind;
  /** Words lowercased; quoted identifiers and strings unquoted with escapes resolved. */
  readonly value: string;
  readonly start: number;
  readonly end: number;
}

/**
 * Text one dialect treats as a comment and another executes (MySQL `/*! ... *\/`, `--x`, nested
 * comments). `start` is where `code` begins in the lexed text.
 */
export interface HiddenRegion {
  readonly code: string;
  readonly start: number;
}

export interface LexResult {
  readonly tokens: readonly SqlToken[];
  /** Statement ranges split at top-level semicolons, trimmed, empty ones dropped. */
  readonly statements: readonly { readonly start: number; readonly end: number }[];
  readonly hidden: readonly HiddenRegion[];
  /** The text ended inside a string, quoted identifier or comment. */
  readonly unterminated: boolean;
}

export interface LexOptions {
  /** MySQL rules: backslash escapes in strings, `#` comments, double quotes delimit strings. */
  readonly mysql: boolean;
}

const isWordStart = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c > 127;
const isWordPart = (c: number): boolean => isWordStart(c) || (c >= 48 && c <= 57) || c === 36;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13);

export function lexSql(text: string, options: LexOptions): LexResult {
  const tokens: SqlToken[] = [];
  const hidden: HiddenRegion[] = [];
  const statements: { start: number; end: number }[] = [];
  const n = text.length;
  let unterminated = false;
  let stmtStart = -1;
  let i = 0;

  const push = (kind: SqlTokenKind, value: string, start: number, end: number): void => {
    tokens.push({ kind, value, start, end });
    if (stmtStart < 0) stmtStart = start;
  };

  // Quoted text with a doubled closing quote as escape; backslash escapes when asked. The value is
  // built from slices of the runs between escapes, not a character at a time (a 200 KB seed file's
  // strings cost a third of its analysis that way: issue 22).
  const readQuoted = (quote: number, from: number, backslash: boolean): { value: string; end: number } => {
    let value = '';
    let j = from;
    let run = from;
    while (j < n) {
      const c = text.charCodeAt(j);
      if (backslash && c === 92 && j + 1 < n) {
        const e = text[j + 1]!;
        value +=
          text.slice(run, j) +
          (e === 'n' ? '\n' : e === 't' ? '\t' : e === 'r' ? '\r' : e === '0' ? '\0' : e);
        j += 2;
        run = j;
        continue;
      }
      if (c === quote) {
        if (text.charCodeAt(j + 1) === quote) {
          value += text.slice(run, j + 1);
          j += 2;
          run = j;
          continue;
        }
        return { value: value + text.slice(run, j), end: j + 1 };
      }
      j++;
    }
    unterminated = true;
    return { value: value + text.slice(run, n), end: n };
  };

  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    // -- comment. MySQL needs whitespace (or the end) after the dashes; `--x` is two minus signs there.
    if (c === 45 && text.charCodeAt(i + 1) === 45) {
      let j = text.indexOf('\n', i);
      if (j < 0) j = n;
      const after = text.charCodeAt(i + 2);
      if (i + 2 < n && !isSpace(after) && j > i + 2)
        hidden.push({ code: text.slice(i + 2, j), start: i + 2 });
      i = j;
      continue;
    }
    if (c === 35 && options.mysql) {
      // `#name` is a SQL Server temporary table (`##name` a global one): a name, not a comment.
      let k = i + 1;
      if (text.charCodeAt(k) === 35) k++;
      if (isWordStart(text.charCodeAt(k))) {
        let j = k;
        while (j < n && isWordPart(text.charCodeAt(j))) j++;
        push('word', text.slice(i, j).toLowerCase(), i, j);
        i = j;
        continue;
      }
      // A MySQL comment that PostgreSQL and SQL Server would run: analysed as hidden code too.
      let j = text.indexOf('\n', i);
      if (j < 0) j = n;
      if (j > i + 1) hidden.push({ code: text.slice(i + 1, j), start: i + 1 });
      i = j;
      continue;
    }
    if (c === 47 && text.charCodeAt(i + 1) === 42) {
      // Block comment. PostgreSQL nests them, MySQL and SQLite end at the first `*/`; MySQL runs
      // the body of `/*! ... */` (optionally versioned `/*!50001 ... */`).
      const start = i;
      let depth = 1;
      let j = i + 2;
      let firstClose = -1;
      while (j < n && depth > 0) {
        if (text.charCodeAt(j) === 47 && text.charCodeAt(j + 1) === 42) {
          depth++;
          j += 2;
        } else if (text.charCodeAt(j) === 42 && text.charCodeAt(j + 1) === 47) {
          if (firstClose < 0) firstClose = j;
          depth--;
          j += 2;
        } else j++;
      }
      if (depth > 0) unterminated = true;
      const end = j;
      // MariaDB also runs `/*M! ... */` (optionally versioned `/*M!100100 ... */`): red team r3.
      const mariadb = text.charCodeAt(start + 2) === 77 && text.charCodeAt(start + 3) === 33;
      if (text.charCodeAt(start + 2) === 33 || mariadb) {
        let k = start + (mariadb ? 4 : 3);
        while (k < n && isDigit(text.charCodeAt(k))) k++;
        const bodyEnd = firstClose >= 0 ? firstClose : end;
        hidden.push({ code: text.slice(k, bodyEnd), start: k });
      }
      if (firstClose >= 0 && firstClose + 2 < end) {
        // Nested comment: what PostgreSQL still skips, MySQL and SQLite execute.
        hidden.push({ code: text.slice(firstClose + 2, depth > 0 ? end : end - 2), start: firstClose + 2 });
      }
      i = end;
      continue;
    }
    if (c === 59) {
      if (stmtStart >= 0) statements.push({ start: stmtStart, end: tokens[tokens.length - 1]!.end });
      stmtStart = -1;
      i++;
      continue;
    }
    if (c === 39) {
      const q = readQuoted(39, i + 1, options.mysql);
      push('string', q.value, i, q.end);
      i = q.end;
      continue;
    }
    // E'...' (PostgreSQL escape strings), N'...', X'...', B'...' prefixes.
    if (
      (c === 69 || c === 101 || c === 78 || c === 110 || c === 88 || c === 120 || c === 66 || c === 98) &&
      text.charCodeAt(i + 1) === 39
    ) {
      const q = readQuoted(39, i + 2, options.mysql || c === 69 || c === 101);
      push('string', q.value, i, q.end);
      i = q.end;
      continue;
    }
    if (c === 34) {
      const q = readQuoted(34, i + 1, options.mysql);
      push(options.mysql ? 'string' : 'qident', options.mysql ? q.value : q.value.toLowerCase(), i, q.end);
      i = q.end;
      continue;
    }
    if (c === 96) {
      const q = readQuoted(96, i + 1, false);
      push('qident', q.value.toLowerCase(), i, q.end);
      i = q.end;
      continue;
    }
    if (c === 91) {
      // [identifier] (SQL Server); PostgreSQL arrays use brackets after an expression, which a
      // lexer cannot tell apart: keep `[` as punctuation unless the content is a plain name.
      // MySQL has no brackets, so its reading (the fallback's) takes T-SQL names too (red team r4).
      const close = text.indexOf(']', i);
      if (close > i + 1 && /^[\w$# .]+$/.test(text.slice(i + 1, close))) {
        push('qident', text.slice(i + 1, close).toLowerCase(), i, close + 1);
        i = close + 1;
        continue;
      }
    }
    if (c === 36) {
      // $1 parameter or $tag$ ... $tag$ dollar quoting.
      if (isDigit(text.charCodeAt(i + 1))) {
        let j = i + 1;
        while (j < n && isDigit(text.charCodeAt(j))) j++;
        push('param', text.slice(i, j), i, j);
        i = j;
        continue;
      }
      const m = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i, i + 66));
      if (m) {
        const tag = m[0];
        const close = text.indexOf(tag, i + tag.length);
        const end = close < 0 ? n : close + tag.length;
        if (close < 0) unterminated = true;
        push('string', text.slice(i + tag.length, close < 0 ? n : close), i, end);
        i = end;
        continue;
      }
    }
    if (isDigit(c) || (c === 46 && isDigit(text.charCodeAt(i + 1)))) {
      let j = i;
      if (c === 48 && (text.charCodeAt(i + 1) | 32) === 120) {
        j = i + 2;
        while (j < n && /[0-9a-fA-F]/.test(text[j]!)) j++;
      } else {
        while (j < n && (isDigit(text.charCodeAt(j)) || text.charCodeAt(j) === 46)) j++;
        if ((text.charCodeAt(j) | 32) === 101 && /[-+0-9]/.test(text[j + 1] ?? '')) {
          j += 2;
          while (j < n && isDigit(text.charCodeAt(j))) j++;
        }
      }
      push('number', text.slice(i, j), i, j);
      i = j;
      continue;
    }
    if (isWordStart(c) || ((c === 64 || c === 58) && isWordStart(text.charCodeAt(i + 1)))) {
      let j = i + 1;
      while (j < n && isWordPart(text.charCodeAt(j))) j++;
      if (c === 64 || c === 58) push('param', text.slice(i, j), i, j);
      else push('word', text.slice(i, j).toLowerCase(), i, j);
      i = j;
      continue;
    }
    if (c === 40 || c === 41 || c === 44 || c === 46) {
      push('punct', text[i]!, i, i + 1);
      i++;
      continue;
    }
    // Operators: greedy run of operator characters.
    let j = i + 1;
    while (
      j < n &&
      '+-*/<>=~!@#%^&|`?:'.includes(text[j]!) &&
      !(text[j] === '-' && text[j + 1] === '-') &&
      // `'a'+@host`: an @ before a name starts a variable, not more operator.
      !(j > i && text[j] === '@' && isWordStart(text.charCodeAt(j + 1)))
    )
      j++;
    push('op', text.slice(i, j), i, j);
    i = j;
  }
  if (stmtStart >= 0) statements.push({ start: stmtStart, end: tokens[tokens.length - 1]!.end });
  return { tokens, statements, hidden, unterminated };
}

/** Both dialects' lexes of one text, each made at most once (`lexes(true)` is MySQL's). */
export type Lexes = (mysql: boolean) => LexResult;

/**
 * The lexes of `text`, shared by the statement analysis and the injection scan (issue 22: the
 * scan lexed the whole text again). Without `#`, `"` or a backslash the two dialects read the text
 * alike (those are the only characters whose rules differ above), so one lex serves both.
 */
export function lexesOf(text: string): Lexes {
  let pg: LexResult | undefined;
  let my: LexResult | undefined;
  let alike: boolean | undefined;
  const same = (): boolean => (alike ??= !/[#"\\]/.test(text));
  return (mysql) => {
    if (mysql) return (my ??= pg !== undefined && same() ? pg : lexSql(text, { mysql: true }));
    return (pg ??= my !== undefined && same() ? my : lexSql(text, { mysql: false }));
  };
}
