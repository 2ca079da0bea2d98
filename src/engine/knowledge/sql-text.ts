/**
 * Statement text as the SQL rules' keyword patterns read it: comments replaced by a space, so
 * `RESET/**\/MASTER` or `GRANT /* x *\/ FILE` match like the plain spelling (MySQL and PostgreSQL
 * accept a comment wherever whitespace may stand). Executable comments (`/*! ... *\/`, MariaDB
 * `/*M! ... *\/`) keep their content. Costs two `includes` tests when the text has no comment.
 */

// An unclosed comment runs to the end (one scan, never one per `/*`: linear on hostile input).
const EXECUTABLE = /\/\*M?!\d*([\s\S]*?)(?:\*\/|$(?![\s\S]))/g;
const COMMENT = /\/\*[\s\S]*?(?:\*\/|$(?![\s\S]))|--[^\n]*/g;

/** The text with comments turned into spaces (executable comments into their content). */
export function withoutComments(text: string): string {
  if (!text.includes('/*') && !text.includes('--')) return text;
  return text.replace(EXECUTABLE, ' $1 ').replace(COMMENT, ' ');
}

/**
 * The raw text, and the text without comments when it differs: a rule matches either, so a
 * comment cannot split a keyword pair and a `--` inside a string cannot hide what follows it.
 */
export function textVariants(text: string): readonly string[] {
  const bare = withoutComments(text);
  return bare === text ? [text] : [text, bare];
}

/** The first of `checks` whose pattern matches the statement, with or without its comments. */
export function firstMatch<T extends { readonly pattern: RegExp }>(
  checks: readonly T[],
  text: string,
): T | undefined {
  const texts = textVariants(text);
  return checks.find((c) => texts.some((t) => c.pattern.test(t)));
}

/** A table or column name without quotes, brackets or qualifiers, lowercased (`"Public"."Users"` → users). */
export const bareName = (name: string): string =>
  name
    .replace(/["`[\]]/g, '')
    .split('.')
    .pop()!
    .toLowerCase();

/** Top-level comma-separated items of `text` (quotes, parentheses and brackets respected). */
export function topLevelItems(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== '') {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      out.push(text.slice(from, i).trim());
      from = i + 1;
    }
  }
  out.push(text.slice(from).trim());
  return out;
}
