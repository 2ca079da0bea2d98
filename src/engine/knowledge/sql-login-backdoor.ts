/**
 * A sign-in routine that also accepts a constant (red team R18: check_login(u, p) replaced by one
 * whose body is `p = 'mstr-0verride' OR EXISTS (... crypt(p, pw))`): a CREATE FUNCTION or
 * PROCEDURE, in any dialect, that checks a credential (a table lookup or a hash) and where one of
 * its parameters compared with a string constant is accepted (`OR` to the real check, `THEN
 * RETURN TRUE/1`, `THEN true`). Whoever knows the constant signs in as anyone. A routine that
 * rejects on a constant (`IF p = '' THEN RETURN FALSE`, `RAISE`), compares columns (not its
 * parameters) with constants, or only lists allowed values with no credential check is not one.
 */

/** The head of a routine: its name, then where its parameters start. */
const ROUTINE =
  /^\s*create\s+(?:or\s+(?:replace|alter)\s+)?(?:definer\s*=\s*\S+\s+)?(?:function|proc|procedure)\s+([\w."`[\]$]+)\s*/i;
/** Words of a routine that checks sign-in (its name or body). */
const SIGN_IN = /log_?in|log_?on|sign_?in|auth|passw|passwd|pwd|credential|verify|check_?(?:user|pass|pw)/i;
/** A credential really checked: a table read or a hash (what the constant gets past). */
const REAL_CHECK =
  /\b(?:exists|from|crypt|digest|hashbytes|sha1|sha2|md5|pgp_sym_decrypt|password_verify|hash\w*|\w*_verify)\b/i;

/** The parameter list inside the parentheses that start at `open` (nested type sizes kept). */
function parenthesised(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length && i < open + 2000; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return '';
}

/** The names of a routine's parameters (`u text`, `IN p VARCHAR(64)`, `@pass NVARCHAR(128)`). */
function parameters(text: string, after: number): string[] {
  const rest = text.slice(after, after + 2000);
  if (rest.startsWith('(')) {
    const names: string[] = [];
    let depth = 0;
    let piece = '';
    for (const ch of parenthesised(rest, 0) + ',') {
      if (ch === '(') depth++;
      else if (ch === ')') depth--;
      if (ch === ',' && depth === 0) {
        const m = /^\s*(?:(?:in|out|inout|variadic)\s+)?([@\w]+)/i.exec(piece);
        if (m !== null) names.push(m[1]!);
        piece = '';
      } else piece += ch;
    }
    return names;
  }
  // T-SQL: `CREATE PROCEDURE p @user NVARCHAR(64), @pass NVARCHAR(128) AS`.
  const head = /^([\s\S]*?)\bas\b/i.exec(rest)?.[1] ?? '';
  return [...head.matchAll(/@\w+/g)].map((m) => m[0]);
}

const escape = (s: string): string => s.replace(/[$@.*+?^{}()|[\]\\]/g, '\\$&');

/** Why `text` is a sign-in routine that also accepts a constant, or undefined. */
export function loginBackdoor(text: string): string | undefined {
  const head = ROUTINE.exec(text);
  if (head === null || !SIGN_IN.test(text) || !REAL_CHECK.test(text)) return undefined;
  const lit = String.raw`N?'[^'\n]{1,80}'`;
  const accepts = String.raw`\s*(?:or\b|then\s+(?:return\s+)?(?:true|1)\b|then\s+select\s+1\b)`;
  for (const p of parameters(text, head.index + head[0].length).slice(0, 16)) {
    const name = escape(p);
    const compared = new RegExp(
      String.raw`(?<![\w@.])(?:${name}\s*=\s*${lit}|${lit}\s*=\s*${name}(?![\w]))${accepts}|\bor\s+(?:${name}\s*=\s*${lit}|${lit}\s*=\s*${name}(?![\w]))`,
      'i',
    ).exec(text.slice(head.index + head[0].length));
    if (compared !== null)
      return `the sign-in routine ${head[1]} accepts a constant: ${compared[0].trim().slice(0, 60)}`;
  }
  return undefined;
}
