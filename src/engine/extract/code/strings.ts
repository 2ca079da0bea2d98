/**
 * String-literal escapes shared by the python and node extractors: the literal's source text in,
 * the string the program sees out (one pass, no regular expressions on the hot path).
 */

const SIMPLE: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '`': '`',
  $: '$',
  '\n': '',
};

/**
 * Resolves backslash escapes. `js` adds `\u{...}` and treats `\0` as NUL; unknown escapes keep
 * the character (JavaScript) or the backslash and character (Python).
 */
export function unescape(raw: string, js: boolean): string {
  if (!raw.includes('\\')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c !== '\\' || i + 1 >= raw.length) {
      out += c;
      continue;
    }
    const n = raw[++i]!;
    const simple = SIMPLE[n];
    if (simple !== undefined) {
      out += simple;
      continue;
    }
    if (n === '\r') {
      if (raw[i + 1] === '\n') i++;
      continue;
    }
    if (n === 'x') {
      const code = parseInt(raw.slice(i + 1, i + 3), 16);
      if (Number.isFinite(code)) {
        out += String.fromCharCode(code);
        i += 2;
        continue;
      }
    } else if (n === 'u') {
      if (js && raw[i + 1] === '{') {
        const close = raw.indexOf('}', i);
        const code = parseInt(raw.slice(i + 2, close), 16);
        if (close > 0 && Number.isFinite(code) && code <= 0x10ffff) {
          out += String.fromCodePoint(code);
          i = close;
          continue;
        }
      } else {
        const code = parseInt(raw.slice(i + 1, i + 5), 16);
        if (Number.isFinite(code)) {
          out += String.fromCharCode(code);
          i += 4;
          continue;
        }
      }
    } else if (n === 'N' && !js && raw[i + 1] === '{') {
      const close = raw.indexOf('}', i);
      const ch = close > 0 ? charByName(raw.slice(i + 2, close)) : undefined;
      if (ch !== undefined) {
        out += ch;
        i = close;
        continue;
      }
    } else if (n === 'U' && !js) {
      const code = parseInt(raw.slice(i + 1, i + 9), 16);
      if (Number.isFinite(code) && code <= 0x10ffff) {
        out += String.fromCodePoint(code);
        i += 8;
        continue;
      }
    } else if (n >= '0' && n <= '7') {
      let j = i;
      while (j < i + 3 && j < raw.length && raw[j]! >= '0' && raw[j]! <= '7') j++;
      out += String.fromCharCode(parseInt(raw.slice(i, j), 8));
      i = j - 1;
      continue;
    }
    out += js ? n : `\\${n}`;
  }
  return out;
}

/** Names of the ASCII punctuation and control characters a python `\N{...}` escape may spell. */
const CHAR_NAMES: Readonly<Record<string, string>> = {
  SPACE: ' ',
  'EXCLAMATION MARK': '!',
  'QUOTATION MARK': '"',
  'NUMBER SIGN': '#',
  'DOLLAR SIGN': '$',
  'PERCENT SIGN': '%',
  AMPERSAND: '&',
  APOSTROPHE: "'",
  'LEFT PARENTHESIS': '(',
  'RIGHT PARENTHESIS': ')',
  ASTERISK: '*',
  'PLUS SIGN': '+',
  COMMA: ',',
  'HYPHEN-MINUS': '-',
  'FULL STOP': '.',
  SOLIDUS: '/',
  COLON: ':',
  SEMICOLON: ';',
  'LESS-THAN SIGN': '<',
  'EQUALS SIGN': '=',
  'GREATER-THAN SIGN': '>',
  'QUESTION MARK': '?',
  'COMMERCIAL AT': '@',
  'LEFT SQUARE BRACKET': '[',
  'REVERSE SOLIDUS': '\\',
  'RIGHT SQUARE BRACKET': ']',
  'CIRCUMFLEX ACCENT': '^',
  'LOW LINE': '_',
  'GRAVE ACCENT': '`',
  'LEFT CURLY BRACKET': '{',
  'VERTICAL LINE': '|',
  'RIGHT CURLY BRACKET': '}',
  TILDE: '~',
  'LINE FEED': '\n',
  LF: '\n',
  'NEW LINE': '\n',
  'CHARACTER TABULATION': '\t',
  TAB: '\t',
  'CARRIAGE RETURN': '\r',
  'NO-BREAK SPACE': '\u00a0',
};

const DIGITS = ['ZERO', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT', 'NINE'];

/**
 * The character a python `\N{NAME}` escape names, for ASCII letters, digits, punctuation and the
 * usual controls (names are case-insensitive, as in python); undefined for any other name.
 */
export function charByName(name: string): string | undefined {
  const n = name.trim().toUpperCase().replace(/\s+/g, ' ');
  const letter = /^LATIN (SMALL|CAPITAL) LETTER ([A-Z])$/.exec(n);
  if (letter) return letter[1] === 'SMALL' ? letter[2]!.toLowerCase() : letter[2]!;
  if (n.startsWith('DIGIT ')) {
    const d = DIGITS.indexOf(n.slice(6));
    return d >= 0 ? String(d) : undefined;
  }
  return Object.hasOwn(CHAR_NAMES, n) ? CHAR_NAMES[n] : undefined;
}
