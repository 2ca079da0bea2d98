/**
 * Python functions in an untrusted PL language that only compute (r11 twin: a `slugify` helper in
 * plpython3u built on `re`): the language can reach the host, this body does not. A body passes
 * when every import is a pure library module and it names nothing that opens files, starts
 * programs, connects out, loads code or runs SQL.
 */

/** Standard-library modules that compute only: text, numbers, dates, data structures, hashing. */
const PURE_MODULE =
  /^(?:re|json|math|cmath|decimal|fractions|statistics|string|unicodedata|textwrap|difflib|html|datetime|calendar|time|zoneinfo|itertools|functools|operator|collections|heapq|bisect|array|enum|dataclasses|typing|hashlib|hmac|base64|binascii|zlib|uuid|ipaddress|random|struct|copy|numbers|urllib\.parse)$/;
/**
 * Names that reach outside the computation: files, programs, sockets, code loading, plpy SQL, and
 * private attributes (`random._os` is the os module).
 */
const REACHES =
  /\b(?:open|exec|eval|compile|__import__|getattr|setattr|globals|locals|vars|breakpoint|input|__builtins__|__class__|__subclasses__|__globals__|__code__|importlib|os|sys|subprocess|socket|shutil|pathlib|ctypes|pty|pickle|marshal|urllib\.request|http|requests|ftplib|smtplib|telnetlib|multiprocessing|threading|signal|plpy\s*\.\s*(?:execute|prepare|cursor|spiexceptions|subtransaction))\b|\.\s*_/;
const IMPORT = /^\s*(?:from\s+([\w.]+)\s+import\b|import\s+([\w.,\s]+?)(?:\s+as\s+\w+)?\s*(?:;|$))/gm;
/** The body of CREATE FUNCTION ... AS $tag$ body $tag$ (or AS 'body'). */
const BODY = /\bas\s+(?:\$(\w*)\$([\s\S]*?)\$\1\$|'((?:[^']|'')*)')/i;

/** Whether a plpython function's body only computes (see the module comment). */
export function computesOnly(text: string): boolean {
  const m = BODY.exec(text);
  if (!m) return false;
  const body = (m[2] ?? m[3]!.replace(/''/g, "'")).replace(/;\s*/g, '\n');
  for (const i of body.matchAll(IMPORT)) {
    const modules = (i[1] ?? i[2]!).split(',').map((x) => x.trim().split(/\s+/)[0]!);
    if (!modules.every((x) => PURE_MODULE.test(x))) return false;
  }
  // Strings left out: a pattern or message may mention `os` without reaching it.
  const code = body.replace(/r?(['"])(?:\\.|(?!\1).)*\1/g, "''");
  return !REACHES.test(code.replace(IMPORT, ''));
}
