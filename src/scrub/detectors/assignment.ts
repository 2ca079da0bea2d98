/**
 * Generic secrets: values assigned to password/secret/token/key names in env files, JSON, YAML,
 * code, XML, CLI flags and HTTP headers (Authorization: Bearer/Basic/Token), gated by entropy and
 * placeholder filters. Vendor-prefixed tokens have their own detector files.
 */
import { BASE62, BASE64, BASE64URL, HEX, randomBody } from '../examples.js';
import {
  charClasses,
  isAlnumCode,
  isPlaceholder,
  LOOKBEHIND,
  looksRandom,
  shannonEntropy,
  type PatternHit,
} from '../family.js';
import { defineDetector } from '../detector.js';

// ---------------------------------------------------------------------------------------------
// Keyword assignments

/** `word` (lower-case letters) at `text[at]`, either case, ending by `limit`. */
function lettersAt(text: string, at: number, limit: number, word: string): boolean {
  if (at + word.length > limit) return false;
  // For a lower-case letter w, (c | 0x20) === w holds for exactly w and its upper case.
  for (let k = 0; k < word.length; k++)
    if ((text.charCodeAt(at + k) | 0x20) !== word.charCodeAt(k)) return false;
  return true;
}

/**
 * Length of the name stem at `text[pos]` within `limit`, 0 when none: the regex
 * /^(?:pass(?:word|wd|phrase|code)?|pwd|secret|token|key|auth(?:orization)?|credentials?|creds)/i on
 * `text.slice(pos, limit)`, matched on char codes (this runs at every "token" and "key" in code,
 * where a match array per hit showed in profiles). The alternatives begin with distinct letter
 * pairs, so at most one matches; optional suffixes are tried in the regex's order.
 */
export function stemLength(text: string, pos: number, limit: number): number {
  switch (text.charCodeAt(pos) | 0x20) {
    case 0x70: // p
      if (lettersAt(text, pos, limit, 'pwd')) return 3;
      if (!lettersAt(text, pos, limit, 'pass')) return 0;
      if (lettersAt(text, pos + 4, limit, 'word')) return 8;
      if (lettersAt(text, pos + 4, limit, 'wd')) return 6;
      if (lettersAt(text, pos + 4, limit, 'phrase')) return 10;
      if (lettersAt(text, pos + 4, limit, 'code')) return 8;
      return 4;
    case 0x73: // s
      return lettersAt(text, pos, limit, 'secret') ? 6 : 0;
    case 0x74: // t
      return lettersAt(text, pos, limit, 'token') ? 5 : 0;
    case 0x6b: // k
      return lettersAt(text, pos, limit, 'key') ? 3 : 0;
    case 0x61: // a
      if (!lettersAt(text, pos, limit, 'auth')) return 0;
      return lettersAt(text, pos + 4, limit, 'orization') ? 13 : 4;
    case 0x63: // c
      if (lettersAt(text, pos, limit, 'creds')) return 5;
      if (!lettersAt(text, pos, limit, 'credential')) return 0;
      return lettersAt(text, pos + 10, limit, 's') ? 11 : 10;
    default:
      return 0;
  }
}

/** `[A-Za-z0-9_.-]` on a char code: an identifier character of a name. */
function isIdentCode(c: number): boolean {
  return isAlnumCode(c) || c === 95 || c === 46 || c === 45;
}
/** `[\s"'`,;<>(){}[\]|&]` on a char code (JavaScript's `\s` set): where an unquoted value ends. */
function isValueStop(c: number): boolean {
  switch (c) {
    case 0x22:
    case 0x27:
    case 0x60:
    case 0x2c:
    case 0x3b:
    case 0x3c:
    case 0x3e:
    case 0x28:
    case 0x29:
    case 0x7b:
    case 0x7d:
    case 0x5b:
    case 0x5d:
    case 0x7c:
    case 0x26:
    case 0x20:
    case 0x09:
    case 0x0a:
    case 0x0b:
    case 0x0c:
    case 0x0d:
    case 0xa0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202f:
    case 0x205f:
    case 0x3000:
    case 0xfeff:
      return true;
    default:
      return c >= 0x2000 && c <= 0x200a;
  }
}
/** Where a CSV cell ends: a comma or a line break. */
function isCellStop(c: number): boolean {
  return c === 0x2c || c === 0x0a || c === 0x0d;
}
/** `"`, `'` or a backquote. */
function isQuoteCode(c: number): boolean {
  return c === 0x22 || c === 0x27 || c === 0x60;
}
/** `[ \t]` */
function isBlankCode(c: number): boolean {
  return c === 0x20 || c === 0x09;
}

/**
 * A separator within reach of `text[i]`, looking no further than `end`: the regex
 * /^[A-Za-z0-9_.-]{0,40}(?:["'`]\]?|\])?[ \t]*(?:[=:(,>-]|!=|[ \t][^ \t\r\n])/ on `text.slice(i, end)`,
 * decided on char codes without the slice. Inside the identifier run only a `-` can follow the
 * `{0,40}` part, so the regex matches when a `-` sits among the run's first 41 characters, or,
 * for a run of at most 40, when what follows it (an optional closing quote, blanks) is a
 * separator, `!=`, or a non-blank after at least one blank.
 */
export function assignmentNear(text: string, i: number, end: number): boolean {
  let r = i;
  let dash = false;
  for (let c = text.charCodeAt(r); r < end && isIdentCode(c); c = text.charCodeAt(++r)) {
    if (c === 0x2d && r - i <= 40) dash = true;
  }
  return dash || separatorAfterRun(text, i, r, end);
}

/** assignmentNear past the identifier run `text[i, r)` (no `-` among its first 41 characters). */
function separatorAfterRun(text: string, i: number, r: number, end: number): boolean {
  if (r - i > 40) return false;
  let q = r;
  if (q < end) {
    let c = text.charCodeAt(q);
    // An escaped closing quote (`\"api_key\": ...` in JSON inside a string) or an XML close tag.
    if (c === 0x5c && q + 1 < end) c = text.charCodeAt(++q);
    else if (c === 0x3c && q + 1 < end && text.charCodeAt(q + 1) === 0x2f) return true;
    if (c === 0x22 || c === 0x27 || c === 0x60 || c === 0x5d) q++;
    // `["api_key"] =`: a quoted subscript closes with the quote, then the bracket.
    if (c !== 0x5d && text.charCodeAt(q) === 0x5d) q++;
  }
  let k = q;
  while (k < end && isBlankCode(text.charCodeAt(k))) k++;
  if (k >= end) return false;
  const c = text.charCodeAt(k);
  switch (c) {
    case 0x3d: // =
    case 0x3a: // :
    case 0x28: // (
    case 0x2c: // ,
    case 0x3e: // >
    case 0x2d: // -
      return true;
    case 0x21: // !
      if (k + 1 < end && text.charCodeAt(k + 1) === 0x3d) return true;
      break;
  }
  return k > q && c !== 0x0d && c !== 0x0a;
}

/** Last word of the name that says the value is not the secret itself. */
const NOT_SECRET_SUFFIX = new Set(
  'id ids name names type types url uri urls path paths file files dir length len size count limit max min format prefix suffix version field fields header headers param params mode ttl timeout expiry expires expiration at on by hash algorithm alg ref arn endpoint policy usage provider method scheme label env var hint index idx location store kind option options required enabled disabled scope scopes role roles grant audience issuer claim claims'.split(
    ' ',
  ),
);
/** First word of the name that makes a "key" or "token" something other than a credential. */
const NOT_SECRET_PREFIX =
  /(?:^|[_.-])(?:public|pub|primary|foreign|sort|partition|cache|idempotency|map|dict|row|range|next|page|continuation|sync|lookup|i18n|translation|hotkey|shortcut|ssh_public|max|min|schema|sequence|bucket|hot|idx|natural|csrf|xsrf)[_.-]?$/i;

/** The word after `key` that makes it a keyboard key, a vault or a data key (`key_down`, `keyVaultName`). */
const KEY_NOT_CREDENTIAL = new Set(
  'down up left right press pressed board code codes frame frames stone word words mesh meshing ring selector vault pair alias binding bindings stroke strokes event events handler listener'.split(
    ' ',
  ),
);

/**
 * The words of a name, lower case: split at `_`, `.`, `-` and where a capital follows a lower-case
 * letter or digit (`apiKey_ID` -> api, key, id). Char codes, not the replace-and-split regexes it
 * replaces: this runs for every value an assignment takes (a profile showed it at 6% of a 4 KB
 * text with ten secrets).
 */
export function words(identifier: string): string[] {
  const out: string[] = [];
  let start = 0;
  let prevLowerOrDigit = false;
  for (let i = 0; i <= identifier.length; i++) {
    const c = i < identifier.length ? identifier.charCodeAt(i) : 0x5f;
    const separator = c === 0x5f || c === 0x2e || c === 0x2d;
    const upper = c >= 0x41 && c <= 0x5a;
    if (separator || (upper && prevLowerOrDigit)) {
      if (i > start) out.push(identifier.slice(start, i).toLowerCase());
      start = separator ? i + 1 : i;
    }
    prevLowerOrDigit = (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39);
  }
  return out;
}

function envStyle(identifier: string, strong: string): string {
  const w = words(identifier).map((x) => x.replace(/[^a-z0-9]/g, ''));
  const name = w.join('_').toUpperCase();
  if (name.length >= 3 && name.length <= 48 && /^[A-Z][A-Z0-9_]*$/.test(name)) return name;
  return strong;
}

function isCodeExpression(value: string): boolean {
  // os.environ / process.env.X / request.headers / self.secret / this.#apiKey / opts?.token / !!a.b
  if (!/^(?:!!?)?[A-Za-z_$#][\w$#]*(?:\??\.(?:[A-Za-z_$#][\w$#]*|\*)|\[[\w'"]+\])+\??$/.test(value))
    return false;
  // …but a part of 16+ letters and digits mixed is a random token part (`pk.<60>.<22>`), not a name.
  return !/(?:^|\.)(?=[A-Za-z0-9]*[0-9])(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{16,}(?:\.|$)/.test(value);
}

/** A file path: `/etc/passwd`, `~/.aws/credentials`, `src/scrub/not-secret.ts`. */
function isPath(value: string): boolean {
  return /^(?:~|\.{1,2})?\/[\w./-]+$|^[\w-]+(?:\/[\w.-]+)+\.[a-z]{1,5}$/.test(value);
}

function strongValueOk(value: string, quoted: boolean): boolean {
  if (value.length < 4 || value.length > 512) return false;
  if (isPlaceholder(value) || isPath(value)) return false;
  // Words, not a password: `"NO_SECRET_FILE_READ"`, `'client_secret_post'`, unquoted
  // `authenticatedRound1` (a trailing counter is still an identifier; `Passw0rd` is not one).
  const words = identifierWords(value);
  if (quoted) return !(words >= 2 && !/[0-9]/.test(value));
  if (words > 0 && (!/[0-9]/.test(value) || (words >= 2 && !/[0-9][A-Za-z]/.test(value)))) return false;
  if (isCodeExpression(value)) return false;
  const cls = charClasses(value);
  if (cls.digit > 0 || cls.other > 0) return value.length >= 6 || cls.digit > 0;
  // all letters: accept mixed case that is not a Capitalised word
  return value.length >= 8 && cls.upper > 0 && cls.lower > 0 && !/^[A-Z][a-z]+$/.test(value);
}

function weakValueOk(value: string, minLength: number, minEntropy: number, quoted = false): boolean {
  if (value.length < minLength || value.length > 1024) return false;
  // Words in CamelCase (`ClearTextPassword`, `AccessToken`): a name, not a key.
  if (/^(?:[A-Z][a-z]+){2,}$/.test(value)) return false;
  if (/:\/\/|^[./~]|\.(?:pem|json|key|txt|ya?ml|p12|pfx|crt|cer|env|der)$/i.test(value)) return false;
  // A version, Go pseudo-versions included (`v0.0.0-20190604053449-0f29369cfe45/go.mod` in go.sum).
  if (/^v?[0-9]+\.[0-9]+\.[0-9]+(?:[-+][0-9A-Za-z.-]+)?(?:\/go\.mod)?$/.test(value)) return false;
  // An artifact and its version (`io.jsonwebtoken:jjwt-jackson-0.11.2` in a Maven listing).
  if (/^[a-z][a-z0-9]*(?:-[a-z][a-z0-9]*)*-v?[0-9]+(?:\.[0-9]+){1,3}$/.test(value)) return false;
  // `a.b.c` is code unquoted; quoted with digits in it, a dotted token (`x1Y.Zq9.…`), not a path of names.
  if (isCodeExpression(value) && !(quoted && /[0-9]/.test(value))) return false;
  return looksRandom(value, minLength, minEntropy);
}

/**
 * A short quoted token (8-40 letters and digits, not a placeholder or words): letters and digits
 * interleaved (three or more runs: `mlm9iqkm`, not `ubuntu2204` or `python311`), or random mixed
 * case of 10 or more (`vZrEclFwOqeA`).
 */
export function shortQuotedToken(value: string): boolean {
  if (value.length < 8 || value.length > 40 || !/^[A-Za-z0-9]+$/.test(value)) return false;
  if (isPlaceholder(value) || identifierWords(value) > 0) return false;
  let runs = 0;
  let lower = false;
  let upper = false;
  let prevDigit: boolean | null = null;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const digit = c >= 48 && c <= 57;
    if (c >= 97) lower = true;
    else if (!digit) upper = true;
    if (digit !== prevDigit) runs++;
    prevDigit = digit;
  }
  if (runs >= 3) return shannonEntropy(value) >= 2.3;
  return runs === 1 && !prevDigit && lower && upper && value.length >= 10 && shannonEntropy(value) >= 3;
}

/** camelCase / snake_case words (`isNotColonToken`, `PKCS8ShroudedKeyBag`, `General_Category`). */
const WORD_SEGMENT = /[A-Z]{2,}(?![a-z])|[A-Z]?[a-z]+|[A-Z]|[0-9]+/g;

/**
 * An identifier spelled in words: only letters, digits (two at most), `_`, `-`, `$`, `.`, `:` and
 * `/` (`workspace:developer`, `grant-type:jwt-bearer`). An
 * UPPER_SNAKE constant is one; otherwise, split at case changes, it gives segments of three or more
 * letters on average, few of one or two letters, no capitals run of five or more and no run of
 * over 20 letters. Random letters split into many short segments (`vZrEclFwOqeA`, `SSVmFDNCFf`)
 * or long runs (`wdajwoidjajawdeps`). Returns the number of word segments, 0 when not wordy.
 */
export function identifierWords(value: string): number {
  // Random tokens carry digits: three or more rule out words (unless an UPPER_SNAKE constant).
  let numerals = 0;
  for (let i = 0; i < value.length && numerals < 3; i++) {
    const c = value.charCodeAt(i);
    if (c >= 48 && c <= 57) numerals++;
  }
  if (numerals >= 3 && !/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(value)) return 0;
  if (!/^[A-Za-z0-9_$.:/-]+$/.test(value) || /^[0-9]/.test(value)) return 0;
  // One lower-case run with digits inside (`ai9kaywhuq`), not only a trailing counter: random.
  if (/^[a-z0-9]+$/.test(value) && /[0-9]/.test(value.slice(0, -2))) return 0;
  if (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(value)) return value.split('_').length;
  let digits = 0;
  let letters = 0;
  let segments = 0;
  let short = 0;
  for (const m of value.matchAll(WORD_SEGMENT)) {
    const w = m[0];
    const c = w.charCodeAt(0);
    if (c >= 48 && c <= 57) {
      digits += w.length;
      continue;
    }
    if (w.length > 20 || (w.length >= 5 && c <= 90 && w.charCodeAt(1) <= 90)) return 0;
    segments++;
    letters += w.length;
    if (w.length <= 2) short++;
    // Words can be said: random lower-case letters (`xkqzt`, `rpryvk`) run five consonants together.
    if (w.length >= 5 && consonantRun(w) >= 5) return 0;
  }
  const wordy =
    digits <= 2 && segments > 0 && short <= Math.max(1, segments / 2.5) && letters >= 3 * segments;
  return wordy ? segments : 0;
}

/** Longest run of consonants (y counts as a vowel) in a word segment. */
function consonantRun(w: string): number {
  let best = 0;
  let run = 0;
  for (let i = 0; i < w.length; i++) {
    switch (w.charCodeAt(i) | 0x20) {
      case 0x61: // a
      case 0x65: // e
      case 0x69: // i
      case 0x6f: // o
      case 0x75: // u
      case 0x79: // y
        run = 0;
        break;
      default:
        if (++run > best) best = run;
    }
  }
  return best;
}

export function wordyIdentifier(value: string): boolean {
  return identifierWords(value) > 0;
}

/** `\s` minus the exotic spaces: blanks and line breaks. */
function isSpaceCode(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** After a `"name"` string or an `</key>` tag: a `value` field's value within reach, or -1. */
const PAIR_VALUE =
  /^(?:<\/[A-Za-z]{1,12}>)?[ \t]*,?[ \t]*(?:\r?\n[ \t]*)?(?:\\?["']value\\?["'][ \t]*:|value[ \t]*=|<value>)[ \t]*/;
function pairValue(text: string, i: number, limit: number): number {
  const m = PAIR_VALUE.exec(text.slice(i, Math.min(limit, i + 64)));
  return m ? i + m[0].length : -1;
}

/** ` string =`, `: String =`, `: &str =`, `: Option<String> =` after a name: where the value starts, or -1. */
const TYPE_ANNOTATION =
  /^[ \t]*(?::[ \t]*)?&?(?:'static[ \t]+)?[A-Za-z_][\w.:]{0,30}(?:<[\w., ]{1,30}>)?(?:\[\])?[?*]?[ \t]*:?=(?![=>])[ \t]*(?=["'`])/;
export function typeAnnotation(text: string, i: number, limit: number): number {
  // The type's first character (after blanks, a `:` and blanks, an `&`) must be a letter, `_` or
  // the `'` of 'static: `token = await …`, the common case in code, skips the slice and the regex.
  let k = i;
  while (k < limit && isBlankCode(text.charCodeAt(k))) k++;
  if (text.charCodeAt(k) === 0x3a) {
    k++;
    while (k < limit && isBlankCode(text.charCodeAt(k))) k++;
  }
  if (text.charCodeAt(k) === 0x26) k++;
  const c = text.charCodeAt(k) | 0x20;
  if (!((c >= 0x61 && c <= 0x7a) || c === 0x7f || c === 0x27) || k >= limit) return -1;
  const m = TYPE_ANNOTATION.exec(text.slice(i, Math.min(limit, i + 80)));
  return m ? i + m[0].length : -1;
}

/**
 * A value that starts on the next line: a YAML block scalar (`key: |` / `key: >-` then an indented
 * line) or, after `=`/`:`, a quoted string wrapped onto an indented line. Returns where the value
 * starts, or `j` unchanged.
 */
function nextLineValue(text: string, j: number, limit: number, yaml: boolean): number {
  let k = j;
  const c = text.charCodeAt(k);
  const block = yaml && (c === 0x7c || c === 0x3e);
  if (block) {
    k++;
    while (k < limit && /[-+0-9 \t]/.test(text[k]!)) k++;
  }
  if (text.charCodeAt(k) === 0x0d) k++;
  if (text.charCodeAt(k) !== 0x0a) return j;
  k++;
  const indent = k;
  while (k < limit && isBlankCode(text.charCodeAt(k))) k++;
  if (k === indent) return j;
  const q = text.charCodeAt(k);
  // Block scalars take the line as it is; a wrapped assignment needs a quoted string.
  if (block || q === 0x22 || q === 0x27 || q === 0x60) return k;
  return j;
}

/**
 * The matcher's first exits, as a precheck where the keyword is found: a stem (`token`, not
 * `tokenizer`), then an assignment-like character within reach (assignmentNear). Reads at most
 * ASSIGNMENT_REACH characters from `pos`.
 */
export function assignmentPrecheck(text: string, pos: number, limit: number): boolean {
  const stemLen = stemLength(text, pos, limit);
  if (stemLen === 0) return false;
  const i = pos + stemLen;
  const next = text.charCodeAt(i);
  if (next >= 97 && next <= 122) return false;
  const near = Math.min(limit, i + 48);
  let run = i;
  let dash = false;
  for (let c = next; run < near && isIdentCode(c); c = text.charCodeAt(++run)) {
    if (c === 0x2d && run - i <= 40) dash = true;
  }
  if (dash) return true;
  if (!separatorAfterRun(text, i, run, near)) return false;
  // A quote, bracket, escape or tag right after the name: quoted names, pairs, XML (the matcher decides).
  const c = text.charCodeAt(run);
  if (c === 0x5c || c === 0x3c || c === 0x5d || isQuoteCode(c)) return true;
  const far = Math.min(limit, pos + ASSIGNMENT_REACH);
  let k = run;
  while (k < far && isBlankCode(text.charCodeAt(k))) k++;
  switch (text.charCodeAt(k)) {
    case 0x3d: // = : ( then a short bare word is code (`token = await …`, `getToken(client)`)
    case 0x3a:
    case 0x28:
      return strong(text, pos) || valueMayFollow(text, k, far);
    case 0x3e: // > - !
    case 0x2d:
    case 0x21:
    case 0x22: // a quoted value after blanks (`password "…"`)
    case 0x27:
    case 0x60:
      return true;
    case 0x2c: // `apiToken,<value>`: a CSV row that opens with the name
      return k === run && nameStart(text, pos) === 0
        ? true
        : k === run && text.charCodeAt(nameStart(text, pos) - 1) === 0x0a;
  }
  // Blanks, then a word: `--token <value>`, a typed declaration (`token string = …`), or a
  // value of 16 or more characters (`key is 2afd…`, `token 9f8e…`); prose has none of them.
  const start = nameStart(text, pos);
  if (text.charCodeAt(start) === 0x2d && text.charCodeAt(start + 1) === 0x2d) return true;
  if (equalsLater(text, k, far)) return true;
  if (lettersAt(text, k, far, 'is') && isBlankCode(text.charCodeAt(k + 2))) {
    k += 3;
    while (k < far && isBlankCode(text.charCodeAt(k))) k++;
  }
  if (isQuoteCode(text.charCodeAt(k))) return true; // `secret is "…"`
  let v = k;
  while (v < far && v - k < 16 && !isValueStop(text.charCodeAt(v))) v++;
  return v - k >= 16 || v >= far;
}

/** Authorization schemes, lower case (lettersAt matches either case). */
const SCHEMES = ['bearer', 'basic', 'token', 'bot', 'digest', 'negotiate'];

/** pass, pwd, secret: values from four characters (the others need ten unquoted). */
function strong(text: string, pos: number): boolean {
  const c = text.charCodeAt(pos) | 0x20;
  return c === 0x70 || c === 0x73;
}

/** An `=` later on the line (a typed declaration's), or the reach ends first. */
function equalsLater(text: string, k: number, far: number): boolean {
  for (let e = k; e < far; e++) {
    const c = text.charCodeAt(e);
    if (c === 0x3d) return true;
    if (c === 0x0a) return false;
  }
  return true;
}

/**
 * After a plain `=`, `:` or `(` at `text[k]` under a token/key name: false only for a bare word of
 * under ten characters that is no scheme and has no `=` after it on the line (`= await`,
 * `(client,`), which the matcher rejects as too short. Anything else (a quote, a bracket, the
 * line's end, `==`, `:=`, `=>`) is left to the matcher.
 */
function valueMayFollow(text: string, k: number, far: number): boolean {
  let j = k + 1;
  const n = text.charCodeAt(j);
  if (n === 0x3d || n === 0x3a || n === 0x3e || n === 0x2d) return true;
  while (j < far && isBlankCode(text.charCodeAt(j))) j++;
  const c = text.charCodeAt(j);
  if (!(isAlnumCode(c) || c === 0x5f)) return true;
  let v = j;
  while (v < far && v - j < 10 && !isValueStop(text.charCodeAt(v))) v++;
  if (v - j >= 10 || v >= far) return true;
  // A scheme (`Authorization: Bearer …`) names what follows.
  for (const scheme of SCHEMES) if (v - j === scheme.length && lettersAt(text, j, v, scheme)) return true;
  return equalsLater(text, v, far);
}
/** Where the name around `pos` starts (the matcher's bounded lookbehind). */
function nameStart(text: string, pos: number): number {
  let start = pos;
  while (start > 0 && pos - start < LOOKBEHIND - 2 && isIdentCode(text.charCodeAt(start - 1))) start--;
  return start;
}
/** The longest stem (13), the 48 characters after it, and a typed declaration's `=` or a value. */
const ASSIGNMENT_REACH = 110;

function matchAssignment(text: string, pos: number, limit: number): PatternHit | null {
  const stemLen = stemLength(text, pos, limit);
  if (stemLen === 0) return null;
  let i = pos + stemLen;
  // The word must end here or continue in another word (camelCase, _, digits): not "keyboard".
  const next = text.charCodeAt(i);
  if (next >= 97 && next <= 122) return null;
  // The name's tail, read once: for the cheap exit below (assignmentNear, inlined) and the name.
  const near = Math.min(limit, i + 48);
  let run = i;
  let dash = false;
  for (let c = next; run < near && isIdentCode(c); c = text.charCodeAt(++run)) {
    if (c === 0x2d && run - i <= 40) dash = true;
  }
  // Cheap exit for the common case in prose and code: no assignment-like character soon after.
  if (!dash && !separatorAfterRun(text, i, run, near)) return null;
  // Name: back to its start (bounded lookbehind) and forward over its tail (at most 40 characters).
  let start = pos;
  while (start > 0 && pos - start < LOOKBEHIND - 2 && isIdentCode(text.charCodeAt(start - 1))) start--;
  const tailEnd = Math.min(run, i + 40);
  i = tailEnd;
  // Char codes throughout (NaN past the end of the text matches nothing).
  const xml = start > 0 && text.charCodeAt(start - 1) === 0x3c; // <name>value</name>
  const flag = text.charCodeAt(start) === 0x2d && text.charCodeAt(start + 1) === 0x2d;
  // Closing quote/bracket of the name: "api_key": / ['token'] =
  let quotedName = false;
  if (!xml) {
    // `\"` closes a name inside an escaped JSON string.
    const esc = text.charCodeAt(i) === 0x5c ? 1 : 0;
    const c = text.charCodeAt(i + esc);
    if (c === 0x22 || c === 0x27 || c === 0x60) {
      quotedName = true;
      i += 1 + esc;
    }
    if (text.charCodeAt(i) === 0x5d) i++;
  }
  // Name/value pairs: {"name": "x_token", "value": "…"}, <entry name="xToken" value="…"/>,
  // <key>xToken</key><value>…</value>.
  const pair = quotedName || text.charCodeAt(i) === 0x3c ? pairValue(text, i, limit) : -1;
  // Separator
  let j = i;
  while (j < limit && isBlankCode(text.charCodeAt(j))) j++;
  let sep = '';
  let csv = false;
  const c0 = text.charCodeAt(j);
  const c1 = text.charCodeAt(j + 1);
  const n0 = text.charCodeAt(i);
  const typed = !xml && pair < 0 && (isBlankCode(n0) || n0 === 0x3a) ? typeAnnotation(text, i, limit) : -1;
  if (xml) {
    if (text.charCodeAt(i) !== 0x3e) return null;
    sep = '>';
    j = i + 1;
  } else if (pair >= 0) {
    sep = '=';
    j = pair;
  } else if (typed >= 0) {
    sep = '='; // var apiToken string = "…" / val apiToken: String = "…"
    j = typed;
  } else if ((c0 === 0x3d || c0 === 0x21) && c1 === 0x3d && text.charCodeAt(j + 2) === 0x3d) {
    sep = '=='; // === or !==
    j += 3;
  } else if (
    (c1 === 0x3d && (c0 === 0x3a || c0 === 0x3d || c0 === 0x21)) ||
    (c1 === 0x3e && (c0 === 0x3d || c0 === 0x2d))
  ) {
    sep = text.slice(j, j + 2); // := == != => ->
    j += 2;
  } else if (
    c0 === 0x3a &&
    c1 === 0x3a &&
    text.charCodeAt(j + 2 + (text.charCodeAt(j + 2) === 0x3a ? 1 : 0)) === 0x3d
  ) {
    sep = ':='; // Makefile ::= and :::=
    j += text.charCodeAt(j + 2) === 0x3a ? 4 : 3;
  } else if (c1 === 0x3d && (c0 === 0x2e || c0 === 0x2b || c0 === 0x3f)) {
    sep = '='; // PHP .=, +=, Makefile ?=
    j += 2;
  } else if (c0 === 0x3d || c0 === 0x3a) {
    sep = c0 === 0x3d ? '=' : ':';
    j++;
  } else if (c0 === 0x28) {
    sep = '(';
    j++;
  } else if (c0 === 0x2c && quotedName && isQuoteCode(text.charCodeAt(start - 1))) {
    // setProperty("API_TOKEN", "…"): the whole string is the name, not the end of a URL ("…/token",).
    sep = ',';
    j++;
  } else if (
    c0 === 0x2c &&
    j === i &&
    !quotedName &&
    (start === 0 || text.charCodeAt(start - 1) === 0x0a) &&
    !Number.isNaN(c1) &&
    !isValueStop(c1)
  ) {
    // A CSV row that opens with the name: apiToken,<value>, (the value must fill the cell: below).
    sep = ',';
    csv = true;
    j++;
  } else if (c0 === 0x2d && j > i && isBlankCode(c1)) {
    sep = '-';
    j++;
  } else if (j > i) {
    sep = ' ';
  } else {
    return null;
  }
  while (j < limit && isBlankCode(text.charCodeAt(j))) j++;
  // A YAML block scalar's line (`key: >\n  value`) is the value as it stands.
  let blockLine = false;
  if (sep === ' ' && lettersAt(text, j, limit, 'is') && isBlankCode(text.charCodeAt(j + 2))) {
    j += 3; // prose: "your API key is 2afd…"
    while (j < limit && isBlankCode(text.charCodeAt(j))) j++;
  } else if (sep === '=' || sep === ':' || sep === ':=') {
    const c = text.charCodeAt(j);
    const at = j;
    j = nextLineValue(text, j, limit, sep === ':');
    blockLine = j !== at && (c === 0x7c || c === 0x3e);
  }
  // Authorization: Bearer <token> / Basic <base64> / token <...>
  let scheme = '';
  // Only B, T, D or N can start a scheme: skip the regex and its slice for anything else.
  const s0 = text.charCodeAt(j) | 32;
  const schemeMatch =
    s0 === 98 || s0 === 116 || s0 === 100 || s0 === 110
      ? /^(?:Bearer|Basic|Token|Bot|Digest|Negotiate)[ \t]+/i.exec(text.slice(j, j + 16))
      : null;
  if (schemeMatch && sep !== ' ') {
    scheme = schemeMatch[0].trim().toLowerCase();
    j += schemeMatch[0].length;
  }
  // Value
  let valueStart = j;
  let valueEnd: number;
  let quoted = false;
  const q = text.charCodeAt(j);
  if (xml || (sep === '=' && text.charCodeAt(j - 1) === 0x3e)) {
    // <name>value</name> (pair: <value>value</value>); the value may sit alone on its own line.
    // The closing tag's `</`: a password may hold `<` itself (`<v>BG<5tdEn,Qs</v>`).
    let close = j;
    const stop = Math.min(limit - 1, j + 1025);
    while (close < stop && !(text.charCodeAt(close) === 0x3c && text.charCodeAt(close + 1) === 0x2f)) close++;
    if (close >= stop) return null;
    let a = j;
    let b = close;
    while (a < b && isSpaceCode(text.charCodeAt(a))) a++;
    while (b > a && isSpaceCode(text.charCodeAt(b - 1))) b--;
    if (text.slice(a, b).includes('\n')) return null;
    valueStart = a;
    valueEnd = b;
    quoted = true;
  } else if (q === 0x22 || q === 0x27 || q === 0x60 || (q === 0x5c && text.charCodeAt(j + 1) === 0x22)) {
    // `\"…\"`: a quoted value inside an escaped JSON string ends at the escaped quote.
    const escaped = q === 0x5c;
    const close = escaped ? 0x22 : q;
    valueStart = j + (escaped ? 2 : 1);
    let k = valueStart;
    for (; k < limit && k - valueStart <= 1024; k++) {
      const c = text.charCodeAt(k);
      if (c === close || c === 0x0a || c === 0x0d || (escaped && c === 0x5c)) break;
    }
    // A carriage return left before the closing quote (`'…\r'`, a line copied from CRLF text).
    const cr = !escaped && text.charCodeAt(k) === 0x0d && text.charCodeAt(k + 1) === close ? 1 : 0;
    if (k >= limit || text.charCodeAt(k + cr + (escaped ? 1 : 0)) !== close) return null;
    valueEnd = k;
    quoted = true;
    // ' value ' : the blanks inside the quotes are not part of it.
    while (valueStart < valueEnd && isBlankCode(text.charCodeAt(valueStart))) valueStart++;
    while (valueEnd > valueStart && isBlankCode(text.charCodeAt(valueEnd - 1))) valueEnd--;
    // "Bearer <token>" inside the quotes: the scheme names the value, the token is the secret.
    if (scheme === '') {
      const inner = /^(?:Bearer|Basic|Token|Bot)[ \t]+/i.exec(
        text.slice(valueStart, Math.min(valueEnd, valueStart + 16)),
      );
      if (inner) {
        scheme = inner[0].trim().toLowerCase();
        valueStart += inner[0].length;
      }
    }
  } else {
    let k = j;
    // A CSV cell runs to the next comma, whatever it holds (`DB_PASSWORD,rY7j}pjK^t<bQ,`).
    if (csv) while (k < limit && k - j <= 1024 && !isCellStop(text.charCodeAt(k))) k++;
    else if (blockLine)
      while (k < limit && k - j <= 1024 && !isCellStop(text.charCodeAt(k)) && text.charCodeAt(k) !== 0x2c)
        k++;
    else {
      const pw =
        (c0 === 0x3d || c0 === 0x3a) &&
        ((text.charCodeAt(pos) | 0x20) === 0x70 || (text.charCodeAt(pos) | 0x20) === 0x73);
      for (;;) {
        while (k < limit && k - j <= 1024 && !isValueStop(text.charCodeAt(k))) k++;
        // A password's own `;`, `<` or `,` (`DB_PASSWORD=A6G,R<WMN`): a separator has a blank or the line's end after it.
        const s = text.charCodeAt(k);
        const n = text.charCodeAt(k + 1);
        if (
          !pw ||
          k - j < 3 ||
          !(s === 0x3b || s === 0x3c || s === 0x2c) ||
          Number.isNaN(n) ||
          isValueStop(n)
        )
          break;
        // …and `;User Id=`, `,user:` after it start the next field.
        let r = k + 1;
        while (r < limit && r - k <= 40 && (isIdentCode(text.charCodeAt(r)) || text.charCodeAt(r) === 0x20))
          r++;
        if (text.charCodeAt(r) === 0x3d || text.charCodeAt(r) === 0x3a) break;
        // …and a type's `<` (`PASSABLE: ReadonlySet<string>`) follows a name made of words.
        if (s === 0x3c && wordyIdentifier(text.slice(j, k))) break;
        k++;
      }
    }
    // A sentence full stop or colon is not part of the value.
    while (k > j && (text.charCodeAt(k - 1) === 46 || text.charCodeAt(k - 1) === 58)) k--;
    // A token cut short on purpose (`ops_eyJzaWduSW5B...`, `…..[Redacted]`): an elided value, not
    // the key. (A short password before a sentence's `...` stays a password.)
    if (k - j >= 16 && (text.startsWith('..', k) || text.charCodeAt(k) === 0x2026)) return null;
    const after = text.charCodeAt(k);
    if (after === 0x28 || after === 0x5b) return null; // a call or an index: code, not a value
    if (csv && !(after === 0x2c || after === 0x0a || after === 0x0d || Number.isNaN(after))) return null;
    valueEnd = k;
  }
  // The shortest value each acceptance rule below can take (Basic credentials: 8 base64
  // characters): most code (`token = await`, `getToken(client, ...`) ends here.
  const c = text.charCodeAt(pos) | 0x20;
  // pass, pwd, secret (`credentials` names fetch's 'include' as often as a key: weak)
  const strong = c === 0x70 || c === 0x73;
  const shortest =
    scheme === 'basic'
      ? 8
      : scheme !== ''
        ? stemLen === 13
          ? 8
          : 12
        : sep === ' ' && !flag
          ? 16
          : strong
            ? sep === '('
              ? 6
              : 4
            : quoted
              ? 8
              : 10;
  if (valueEnd - valueStart < shortest) return null;
  const value = text.slice(valueStart, valueEnd);
  const identifier = text.slice(start, tailEnd).replace(/^[.-]+|[.-]+$/g, '');
  const stemWord = text.slice(pos, pos + stemLen).toLowerCase();
  let ok: boolean;
  if (scheme === 'basic') {
    ok = basicCredentials(value);
  } else if (scheme !== '') {
    // An Authorization header's credential needs no entropy: whatever follows the scheme is it.
    ok = weakValueOk(value, 12, 3, quoted) || (stemLen === 13 && headerCredential(value));
  } else if (sep === ' ' && !flag) {
    ok = weakValueOk(value, 16, 3.2) && charClasses(value).digit > 0;
  } else if (strong) {
    ok = strongValueOk(value, quoted);
  } else {
    // A bare `token = …` is often code; `--token=…` names the flag's value.
    // …and so does a header on the command line (`curl -H "Token: …"`).
    const header = /(?:^|\s)(?:-H|--header)[ \t=]*["']$/.test(text.slice(Math.max(0, start - 12), start));
    const bare =
      !flag && !header && (identifier.toLowerCase() === 'key' || identifier.toLowerCase() === 'token');
    // A flag's value is not code: a dotted one with digits (`--token=t1.9xQ…`) is a token, as quoted.
    ok = bare ? weakValueOk(value, 16, 3.3, quoted) : weakValueOk(value, 10, 3, quoted || flag);
    // A quoted literal is a value, not code, whatever the name: a short one is a token when it is
    // letters and digits mixed (`'mlm9iqkm'`, `'3ff77bb6fe6885'`) or random mixed case.
    if (!ok && quoted) ok = shortQuotedToken(value);
    // A long number named as a service's token or key (client ids, snowflakes): 15-32 varied digits.
    if (!ok && (!bare || quoted)) ok = /^[0-9]{15,32}$/.test(value) && shannonEntropy(value) >= 2.2;
  }
  if (!ok) return null;
  // Code, not a credential: `key: mockDispatch`, `exports.isNotColonToken = isNotColonToken`,
  // `client_secret: clientSecret` (an unquoted identifier made of words), `"General_Category"`
  // or `'Missing Key'` under a token/key name. Quoted word passwords stay secrets.
  if (!strong && wordyIdentifier(value)) return null;
  if (!strong && value.includes(' ')) return null;
  // Names that hold something other than the secret (token_url, key_id, public_key...).
  const w = words(identifier);
  if (NOT_SECRET_SUFFIX.has(w[w.length - 1] ?? '') && w.length > 1) return null;
  if (NOT_SECRET_PREFIX.test(text.slice(start, pos))) return null;
  for (let k = 0; k + 1 < w.length; k++) if (w[k] === 'key' && KEY_NOT_CREDENTIAL.has(w[k + 1]!)) return null;
  const fallback = strong
    ? stemWord.startsWith('secret')
      ? 'SECRET'
      : 'PASSWORD'
    : stemWord.startsWith('key')
      ? 'API_KEY'
      : 'TOKEN';
  return { secretStart: valueStart, secretEnd: valueEnd, envName: envStyle(identifier, fallback) };
}

/**
 * What an `Authorization: Bearer|Token …` header carries, however low its entropy
 * (`9f8e7d6c`, `mytoken1234`): 8+ token characters, letters with digits or mixed case, not a
 * placeholder or words (`undefined`, `YOUR_API_TOKEN`).
 */
function headerCredential(value: string): boolean {
  if (value.length < 8 || !/^[A-Za-z0-9._~+/-]+=*$/.test(value)) return false;
  if (isPlaceholder(value) || identifierWords(value) > 0) return false;
  const cls = charClasses(value);
  return (cls.digit > 0 && cls.lower + cls.upper > 0) || (cls.lower > 0 && cls.upper > 0);
}

/**
 * `Basic` takes base64 of `user:password`: a printable user name and a colon are enough (a
 * mistyped or empty password is still the header's credential: `browser:`).
 */
function basicCredentials(value: string): boolean {
  if (!/^[A-Za-z0-9+/]{8,}={0,2}$/.test(value)) return false;
  const decoded = Buffer.from(value, 'base64').toString('latin1');
  return /^[\x20-\x7e]+:/.test(decoded);
}

export default defineDetector({
  id: 'assignment',
  family: 'generic',
  kind: 'GENERIC',
  summary: 'Values assigned to password/secret/token/key names (env, JSON, YAML, code, XML, flags, headers)',
  patterns: [
    {
      id: 'assignment/value',
      keywords: ['pass', 'pwd', 'secret', 'token', 'key', 'auth', 'credential', 'creds'],
      match: matchAssignment,
      precheck: assignmentPrecheck,
      precheckReach: ASSIGNMENT_REACH,
      maxLength: 1200,
      strictOnly: true,
    },
  ],
  examples: {
    positive: [
      { text: 'secret = "hunter2"', secret: 'hunter2', nonStrict: 'keep' },
      {
        text: `os.environ["OPENAI_API_KEY"] = '${randomBody('ge0', HEX, 32)}'`,
        secret: randomBody('ge0', HEX, 32),
        why: 'a quoted subscript: the name closes with a quote and then the bracket',
        nonStrict: 'keep',
      },
      {
        text: `DB_PASSWORD=${randomBody('ge1', BASE62, 18)}`,
        secret: randomBody('ge1', BASE62, 18),
        nonStrict: 'keep',
      },
      {
        text: `{"client_secret": "${randomBody('ge2', BASE64URL, 32)}", "client_id": "app"}`,
        secret: randomBody('ge2', BASE64URL, 32),
        nonStrict: 'keep',
      },
      {
        text: `api_key: ${randomBody('ge3', HEX, 32)}`,
        secret: randomBody('ge3', HEX, 32),
        nonStrict: 'keep',
      },
      {
        text: `curl -H "Authorization: Bearer ${randomBody('ge4', BASE62, 40)}" https://api.example.com`,
        secret: randomBody('ge4', BASE62, 40),
        nonStrict: 'keep',
      },
      {
        text: `mytool --password ${randomBody('ge5', BASE62, 12)} --user bob`,
        secret: randomBody('ge5', BASE62, 12),
        nonStrict: 'keep',
      },
      {
        text: `Authorization: Basic ${Buffer.from(`bob:${randomBody('ge6', BASE62, 12)}`).toString('base64')}`,
        secret: Buffer.from(`bob:${randomBody('ge6', BASE62, 12)}`).toString('base64'),
        nonStrict: 'keep',
      },
      // The shapes configuration and code put a value in (public scanners' sample generators use these).
      ...[
        (v: string) => `\\{\n    \\"deploy_token\\": \\"${v}\\"\n\\}`,
        (v: string) => `{\n    "name": "deploy_token",\n    "value": "${v}"\n}`,
        (v: string) => `<entry name="deployToken" value="${v}" />`,
        (v: string) => `<entry>\n  <key>deployToken</key>\n  <value>${v}</value>\n</entry>`,
        (v: string) => `<deployToken>\n    ${v}\n</deployToken>`,
        (v: string) => `deploy_token: |\n  ${v}`,
        (v: string) => `deploy_token: >-\n  ${v}`,
        (v: string) => `var deployToken string = "${v}"`,
        (v: string) => `val deployToken: String = "${v}"`,
        (v: string) => `let deploy_token: &str = "${v}";`,
        (v: string) => `$deployToken .= "${v}";`,
        (v: string) => `DEPLOY_TOKEN ?= ${v}`,
        (v: string) => `const deployApiKey =\n  "${v}";`,
        (v: string) => `Your deploy key is ${v}, keep it safe.`,
        (v: string) => `deploy_token = ' ${v} '`,
        (v: string) => `static DEPLOY_TOKEN: &'static str = "${v}";`,
      ].map((shape, n) => {
        const v = randomBody(`ge-shape${n}`, BASE62, 28);
        return {
          text: shape(v),
          secret: v,
          nonStrict: 'keep' as const,
          why: 'a value in one of the usual shapes',
        };
      }),
      {
        text: `DB_CREDS="${randomBody('ge23', BASE62, 20)}"`,
        secret: randomBody('ge23', BASE62, 20),
        nonStrict: 'keep',
        why: 'creds names a credential',
      },
      {
        text: `bannerBearToken := "Bearer ${randomBody('ge22', BASE62, 24)}"`,
        secret: randomBody('ge22', BASE62, 24),
        nonStrict: 'keep',
        why: 'the scheme inside the quotes',
      },
      {
        text: `asana_client_token = ${randomBody('ge9', '123456789', 16)}`,
        secret: randomBody('ge9', '123456789', 16),
        nonStrict: 'keep',
        why: 'a long number named as a token',
      },
      {
        text: `MAPBOX_TOKEN=pk.${randomBody('ge10', HEX, 60)}.${randomBody('ge11', HEX, 22)}`,
        secret: `pk.${randomBody('ge10', HEX, 60)}.${randomBody('ge11', HEX, 22)}`,
        nonStrict: 'keep',
        why: 'unquoted dotted token with random parts',
      },
      {
        text: 'dropbox_token: xkqztrmw1pbvnch',
        secret: 'xkqztrmw1pbvnch',
        nonStrict: 'keep',
        why: 'lower-case letters that cannot be said are not words',
      },
      {
        text: `yandex_token = '${randomBody('ge7', BASE62, 18)}.${randomBody('ge8', BASE62, 30)}'`,
        secret: `${randomBody('ge7', BASE62, 18)}.${randomBody('ge8', BASE62, 30)}`,
        nonStrict: 'keep',
        why: 'a quoted dotted token is a string, not a member expression',
      },
      {
        text: `SERVICE_TOKEN ::= "${randomBody('ge30', BASE62, 32)}"`,
        secret: randomBody('ge30', BASE62, 32),
        nonStrict: 'keep',
        why: 'Makefile ::= (and :::=) assignment',
      },
      {
        text: `serviceToken,${randomBody('ge31', BASE62, 32)},prod`,
        secret: randomBody('ge31', BASE62, 32),
        nonStrict: 'keep',
        why: 'a CSV row that opens with the name',
      },
      {
        text: `curl -H "Token: ${randomBody('ge32', HEX, 24)}" https://api.example.com`,
        secret: randomBody('ge32', HEX, 24),
        nonStrict: 'keep',
        why: 'a header on the command line names its value, as a flag does',
      },
      {
        text: `yc --token=t1.${randomBody('ge36', BASE64URL, 30)}.${randomBody('ge37', BASE64URL, 86)}`,
        secret: `t1.${randomBody('ge36', BASE64URL, 30)}.${randomBody('ge37', BASE64URL, 86)}`,
        nonStrict: 'keep',
        why: "a flag's dotted value with digits is a token, not a member expression",
      },
      {
        text: `curl -H 'Authorization: Basic ${Buffer.from('browser:').toString('base64')}' https://x.example`,
        secret: Buffer.from('browser:').toString('base64'),
        nonStrict: 'keep',
        why: 'Basic credentials with an empty password are still the header credential',
      },
      {
        text: `ipinfo token = '${randomBody('ge40', HEX, 14)}'`,
        secret: randomBody('ge40', HEX, 14),
        nonStrict: 'keep',
        why: 'a short quoted literal of letters and digits interleaved is a token',
      },
      {
        text: `svc token = '${randomBody('ge41', BASE62, 40)}\r'`,
        secret: randomBody('ge41', BASE62, 40),
        nonStrict: 'keep',
        why: 'a carriage return before the closing quote',
      },
      {
        text: `vbout token = '${randomBody('ge42', '123456789', 25)}'`,
        secret: randomBody('ge42', '123456789', 25),
        nonStrict: 'keep',
        why: 'a long quoted number under a token name',
      },
      ...[
        (v: string) => `<DB_PASSWORD>${v}</DB_PASSWORD>`,
        (v: string) => `<entry>\n  <key>dbPassword</key>\n  <value>${v}</value>\n</entry>`,
        (v: string) => `DB_PASSWORD,${v},prod`,
        (v: string) => `db_password: >\n  ${v}`,
        (v: string) => `db_password: ${v}`,
        (v: string) => `ENV DB_PASSWORD=${v}`,
        (v: string) => `DB_PASSWORD := "${v}"`,
      ].map((shape, n) => {
        const v =
          randomBody(`ge-sym${n}`, BASE62, 8) +
          '<' +
          randomBody(`ge-sym${n}b`, BASE62, 6) +
          ';' +
          randomBody(`ge-sym${n}c`, BASE62, 6) +
          ',' +
          randomBody(`ge-sym${n}d`, BASE62, 4);
        return {
          text: shape(v),
          secret: v,
          nonStrict: 'keep' as const,
          why: 'a password holding < ; , in one of the usual shapes',
        };
      }),
      {
        text: `curl -H "Authorization: Token ${randomBody('ge43', HEX, 8)}" https://api.example.com`,
        secret: randomBody('ge43', HEX, 8),
        nonStrict: 'keep',
        why: "an Authorization header's credential needs no entropy",
      },
    ],
    negative: [
      { text: 'const PASSABLE: ReadonlySet<string> = new Set([]);', why: 'a type, not a password' },
      {
        text: 'curl -H "Authorization: Bearer undefined" https://x.example',
        why: 'a word, not a credential',
      },
      { text: "image_key = 'ubuntu2204'", why: 'a word and its version, not interleaved' },
      { text: "token = 'python311'", why: 'a word and its version' },
      { text: "key = 'ArrowDown'", why: 'a keyboard key name (words)' },
      { text: "key = 'ctrl+shift+p'", why: 'a key binding' },
      { text: `key_down_event=${randomBody('ge33', BASE62, 30)}`, why: 'a keyboard key, not a credential' },
      { text: "schemaKey = 'DOC_Vector_5_32'", why: 'a schema key names a field' },
      { text: 'keyVaultToStoreSecrets: cmp2-qat-1208358310', why: 'the name of a key vault' },
      {
        text: `csrf-token=${randomBody('ge34', BASE64, 64)}==`,
        why: 'a CSRF token guards a form; it grants no access',
      },
      { text: 'notes = "Maven - io.jsonwebtoken:jjwt-jackson-0.11.2"', why: 'an artifact and its version' },
      {
        text: `export SERVICE_TOKEN=${randomBody('ge35', BASE62, 24)}...`,
        why: 'cut short on purpose in documentation: an elided value',
      },
      {
        text: `apiToken,${randomBody('ge32', BASE62, 32)} and more`,
        why: 'after a CSV-like name the value must fill its cell',
      },
      { text: 'Foo::Token ::= bar', why: 'a short word after ::=' },
      {
        text:
          'golang.org/x/oauth2 v0.0.0-20190604053449-0f29369cfe45/go.mod h1:' +
          randomBody('ge9', BASE62, 43) +
          '=',
        why: 'a go.sum line: a module name that ends in "auth2" and its pseudo-version',
      },
      {
        text: '{"token_uri":"https://oauth2.googleapis.com/token","auth_provider_x509_cert_url":"https://www.googleapis.com/oauth2/v1/certs"}',
        why: 'a URL ending in /token, then the next key: not a name and its value',
      },
      { text: 'routing_key: mockDispatch,', why: 'an unquoted identifier is a variable' },
      { text: 'creds = load_credentials(profile)', why: 'a call' },
      { text: 'exports.isNotColonToken = isNotColonToken;', why: 'an export of a function' },
      { text: "fetch(url, { mode: 'cors', credentials: 'include' })", why: "fetch's credentials mode" },
      { text: 'const apiKey = this.#apiKey ?? opts?.authToken;', why: 'member expressions' },
      { text: "passwd: '/etc/passwd',", why: 'a file path' },
      { text: 'invariants: ["NO_SECRET_EXFILTRATION", "NO_SECRET_FILE_READ"]', why: 'constant names' },
      { text: "authMethods: ['client_secret_basic', 'client_secret_post']", why: 'snake_case words' },
      { text: 'const secret = authenticatedRound1;', why: 'an identifier with a counter' },
      { text: 'token_expires_at = 1700000000123456', why: 'a timestamp under a non-secret name' },
      { text: 'api_key = config.providers.openai.apiKey', why: 'a member expression of words' },
      { text: "if (client.apiKey !== 'Missing Key') return;", why: 'words with a space under a key name' },
      { text: 'key: "General_Category",', why: 'a quoted identifier under a key name' },
      {
        text: 'token:\n  issuer: https://auth.example.com',
        why: 'a nested YAML mapping, not a wrapped value',
      },
      { text: 'the key is important and the token is valid', why: 'prose' },
      { text: "secret = '…'", why: 'an ellipsis placeholder' },
      { text: 'secret = <hunter2>', why: 'templated' },
      { text: 'secret= ${hunter2}', why: 'templated' },
      { text: 'secret = get_secret_key()', why: 'a function call' },
      { text: 'secret = request.headers["apikey"]', why: 'an expression' },
      { text: 'password: $DB_PASS  # do not share', why: 'a variable reference' },
      { text: 'api_key = ""', why: 'empty' },
      { text: 'password = ${link}', why: 'templated' },
      {
        text: `request_id = "${randomBody('ge12', HEX, 8)}-${randomBody('ge13', HEX, 4)}-4${randomBody('ge14', HEX, 3)}-a${randomBody('ge15', HEX, 3)}-${randomBody('ge16', HEX, 12)}"`,
        why: 'a UUID under a non-secret name',
      },
      {
        text: 'The keyboard shortcut and the token count (max_tokens = 4096) are in the docs.',
        why: 'ordinary prose',
      },
      { text: `"integrity": "sha512-${randomBody('ge17', BASE62, 86)}=="`, why: 'a lockfile hash' },
      { text: `checksum = "${randomBody('ge18', HEX, 64)}"`, why: 'a Cargo.lock checksum' },
      { text: `uses: actions/checkout@${randomBody('ge19', HEX, 40)} # v4`, why: 'a pinned commit SHA' },
      { text: 'tokenizer = AutoTokenizer.from_pretrained("gpt2")', why: 'not a credential name' },
      { text: 'hf_FakeFakeFake1FakeFakeFakeFakeFakeFa', why: 'digits in a Hugging Face body' },
      { text: 'public_key = "' + randomBody('ge20', BASE62, 44) + '"', why: 'public keys are public' },
      { text: `data:image/png;base64,${randomBody('ge21', BASE62, 120)}`, why: 'a base64 image' },
      { text: 'password: changeme', why: 'a placeholder word' },
      { text: "typeform_token = 'tfp_1'", why: 'too short' },
      { text: 'id = RANDOM_STRING', why: 'not a secret name' },
    ],
  },
});
