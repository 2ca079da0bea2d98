/**
 * Text decoders shared by the python and node call tables (issue 22): percent-encoding, HTML
 * character references, quoted-printable and big integers spelled as bytes. Each returns the text a
 * known input decodes to, or null; the callers mark the result generated, so decoded text that
 * reaches a shell or code sink is obfuscated execution whether or not it folds (fail closed).
 */

/** Longest input decoded here; longer text stays unknown (work stays linear and small). */
const MAX_DECODE = 64 * 1024;

/** Bytes (as latin1 code units) read back as UTF-8 text; null when they are not valid UTF-8. */
function utf8(bytes: string): string | null {
  const text = Buffer.from(bytes, 'latin1').toString('utf8');
  return text.includes('\uFFFD') ? null : text;
}

/** `%72%6d` → `rm` (urllib.parse.unquote, decodeURIComponent, unescape); `+` is a space when `plus`. */
export function percentDecode(s: string, plus = false): string | null {
  if (s.length > MAX_DECODE) return null;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '%' && /^[0-9a-fA-F]{2}$/.test(s.slice(i + 1, i + 3))) {
      out += String.fromCharCode(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (c === '%' && s[i + 1] === 'u' && /^[0-9a-fA-F]{4}$/.test(s.slice(i + 2, i + 6))) {
      // JavaScript's legacy unescape('%u0072'): a UTF-16 code unit, not a byte.
      out += Buffer.from(String.fromCharCode(parseInt(s.slice(i + 2, i + 6), 16)), 'utf8').toString('latin1');
      i += 5;
    } else if (plus && c === '+') out += ' ';
    else out += Buffer.from(c, 'utf8').toString('latin1');
  }
  return utf8(out);
}

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  sol: '/',
  bsol: '\\',
  tilde: '~',
  verbar: '|',
  vert: '|',
  semi: ';',
  colon: ':',
  dollar: '$',
  grave: '`',
  lpar: '(',
  rpar: ')',
  excl: '!',
  num: '#',
  period: '.',
  comma: ',',
  equals: '=',
  plus: '+',
  hyphen: '-',
  dash: '-',
  lowbar: '_',
  ast: '*',
  midast: '*',
  quest: '?',
  commat: '@',
  percnt: '%',
  lsqb: '[',
  rsqb: ']',
  lcub: '{',
  rcub: '}',
  Hat: '^',
  NewLine: '\n',
  Tab: '\t',
};

/** `&#114;&#x6d;&amp;` → `rm&` (html.unescape, he.decode); `xml` knows only &amp; &lt; &gt;. */
export function htmlUnescape(s: string, xml = false): string | null {
  if (s.length > MAX_DECODE) return null;
  return s.replace(/&(#[xX][0-9a-fA-F]+|#\d+|[A-Za-z]+);?/g, (m, ref: string) => {
    if (ref.startsWith('#')) {
      if (xml) return m;
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    if (xml) return ref === 'amp' ? '&' : ref === 'lt' ? '<' : ref === 'gt' ? '>' : m;
    return Object.hasOwn(NAMED, ref) ? NAMED[ref]! : m;
  });
}

/** `=72=6D -rf ~` → `rm -rf ~` (quopri.decodestring, binascii.a2b_qp); `=\n` is a soft line break. */
export function quotedPrintable(s: string): string | null {
  if (s.length > MAX_DECODE) return null;
  const bytes = s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  return utf8(bytes);
}

/**
 * A python integer literal's source (`0x696d...`, `(123)`, `0o17`, `1_000`) as its bytes, big- or
 * little-endian, `length` bytes long (int.to_bytes); null when the source is not a plain literal or
 * the bytes are not text.
 */
export function intBytes(src: string, length: number | undefined, little: boolean): string | null {
  const s = src.replace(/^[\s(]+|[\s)]+$/g, '').replace(/_/g, '');
  if (s.length > 4096 || !/^(?:0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|\d+)$/.test(s)) return null;
  let n = BigInt(s);
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  if (length !== undefined) {
    if (length < bytes.length || length > 4096) return null;
    while (bytes.length < length) bytes.unshift(0);
  }
  if (little) bytes.reverse();
  return utf8(String.fromCharCode(...bytes));
}
