/**
 * Personal-data detectors for NO_PII_EGRESS: e-mail addresses, payment cards (Luhn + issuer
 * prefix), US SSNs (valid area/group/serial), IBANs (length per country + ISO 13616 mod-97) and
 * phone numbers (E.164 with a known country code, or NANP). Only validated forms count, so order
 * ids, timestamps, UUIDs and version numbers do not. Pure functions; matches carry offsets, the
 * caller never needs to echo the value.
 */

export type PiiKind = 'email' | 'card' | 'ssn' | 'iban' | 'phone';

export interface PiiMatch {
  readonly kind: PiiKind;
  readonly start: number;
  readonly end: number;
}

// ------------------------------------------------------------------ e-mail

const EMAIL =
  /[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,63})@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+([A-Za-z]{2,24})\b/g;
/** Documentation and reserved domains (RFC 2606, RFC 6761), and code hosts' no-reply/ssh forms. */
const PLACEHOLDER_DOMAIN =
  /@(?:[\w-]+\.)*(?:example\.(?:com|org|net)|example|test|invalid|localhost|local|users\.noreply\.github\.com|noreply\.github\.com|gserviceaccount\.com)$/i;
const PLACEHOLDER_LOCAL =
  /^(?:git|noreply|no-reply|donotreply|user|username|name|email|foo|bar|test|you|your\.?name|someone|john\.?doe|jane\.?doe)@/i;
/** File extensions that look like top-level domains in `icon@2x.png`, `pkg@1.2.3.tgz`. */
const FILE_TLD =
  /^(?:png|jpe?g|gif|svg|webp|ico|js|mjs|cjs|ts|tsx|jsx|py|rb|go|rs|css|scss|json|ya?ml|toml|md|txt|html?|xml|lock|tgz|gz|zip|map|wasm|so|dll|exe|sh)$/i;

function emails(text: string, out: PiiMatch[]): void {
  if (!text.includes('@')) return;
  for (const m of text.matchAll(EMAIL)) {
    const value = m[0];
    const tld = m[1]!;
    if (FILE_TLD.test(tld) || PLACEHOLDER_DOMAIN.test(value) || PLACEHOLDER_LOCAL.test(value)) continue;
    // `scheme://user@host` is URL userinfo, not a mail address.
    if (text.slice(Math.max(0, m.index - 3), m.index) === '://') continue;
    // `user@host:path` (scp/git remotes) and `@scope/pkg` are not mail addresses.
    const after = text[m.index + value.length];
    if (after === ':' && /^[\w.-]+@[\w.-]+:[^\s/]/.test(text.slice(m.index, m.index + value.length + 2)))
      continue;
    out.push({ kind: 'email', start: m.index, end: m.index + value.length });
  }
}

// ------------------------------------------------------------------ payment cards

export function luhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Issuer prefix and length (Visa, Mastercard, Amex, Discover, JCB, Diners, UnionPay, Maestro). */
export function cardBrand(d: string): string | null {
  const n = d.length;
  const p2 = Number(d.slice(0, 2));
  const p3 = Number(d.slice(0, 3));
  const p4 = Number(d.slice(0, 4));
  const p6 = Number(d.slice(0, 6));
  if (d[0] === '4' && (n === 13 || n === 16 || n === 19)) return 'visa';
  if (((p2 >= 51 && p2 <= 55) || (p6 >= 222100 && p6 <= 272099)) && n === 16) return 'mastercard';
  if ((p2 === 34 || p2 === 37) && n === 15) return 'amex';
  if ((p4 === 6011 || p2 === 65 || (p3 >= 644 && p3 <= 649)) && n >= 16 && n <= 19) return 'discover';
  if (p4 >= 3528 && p4 <= 3589 && n >= 16 && n <= 19) return 'jcb';
  if (((p3 >= 300 && p3 <= 305) || p2 === 36 || p2 === 38) && n >= 14 && n <= 19) return 'diners';
  if (p2 === 62 && n >= 16 && n <= 19) return 'unionpay';
  if (
    (p4 === 5018 || p4 === 5020 || p4 === 5038 || p4 === 6304 || p4 === 6759 || p4 === 6761 || p4 === 6763) &&
    n >= 12 &&
    n <= 19
  )
    return 'maestro';
  return null;
}

// A leading `+` makes the digits an international phone number, a trailing `@` an address's local
// part (a WhatsApp id `4915112345678@c.us`): no card is written either way.
const CARD = /(?<![\d.+-])\d(?:[ -]?\d){11,18}(?![\d.@-])/g;

function cards(text: string, out: PiiMatch[]): void {
  for (const m of text.matchAll(CARD)) {
    const raw = m[0];
    // Separators, when present, must be consistent groups of 4 (Amex 4-6-5): not a phone or a date.
    if (
      /[ -]/.test(raw) &&
      !/^\d{4}([ -])\d{4,6}\1\d{4,5}(?:\1\d{1,4})?$/.test(raw) &&
      !/^\d{4}([ -])\d{4}\1\d{4}\1\d{4}(?:\1\d{1,3})?$/.test(raw)
    )
      continue;
    const digits = raw.replace(/[ -]/g, '');
    if (/^(\d)\1+$/.test(digits) || cardBrand(digits) === null || !luhn(digits)) continue;
    out.push({ kind: 'card', start: m.index, end: m.index + raw.length });
  }
}

// ------------------------------------------------------------------ US social security numbers

const SSN = /(?<![\d-])(\d{3})([- ])(\d{2})\2(\d{4})(?![\d-])/g;
/** Numbers published as examples (the Woolworth wallet card, common documentation values). */
const SSN_EXAMPLES = new Set(['078051120', '219099999', '123456789', '457555462']);

export function validSsn(area: string, group: string, serial: string): boolean {
  const a = Number(area);
  if (a === 0 || a === 666 || a >= 900) return false;
  if (group === '00' || serial === '0000') return false;
  return !SSN_EXAMPLES.has(area + group + serial);
}

function ssns(text: string, out: PiiMatch[]): void {
  for (const m of text.matchAll(SSN)) {
    if (!validSsn(m[1]!, m[3]!, m[4]!)) continue;
    out.push({ kind: 'ssn', start: m.index, end: m.index + m[0].length });
  }
}

// ------------------------------------------------------------------ IBAN

/** ISO 13616 lengths of the countries that issue IBANs (SWIFT registry). */
const IBAN_LENGTH: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MR: 27,
  MT: 31,
  MU: 30,
  NL: 18,
  NO: 15,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  SA: 24,
  SC: 31,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
};

export function validIban(iban: string): boolean {
  const s = iban.toUpperCase();
  if (IBAN_LENGTH[s.slice(0, 2)] !== s.length) return false;
  const moved = s.slice(4) + s.slice(0, 4);
  let rem = 0;
  for (const ch of moved) {
    const c = ch.charCodeAt(0);
    const v = c >= 65 ? String(c - 55) : ch;
    for (const d of v) rem = (rem * 10 + (d.charCodeAt(0) - 48)) % 97;
  }
  return rem === 1;
}

const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b/g;

function ibans(text: string, out: PiiMatch[]): void {
  for (const m of text.matchAll(IBAN)) {
    if (!validIban(m[0].replace(/ /g, ''))) continue;
    out.push({ kind: 'iban', start: m.index, end: m.index + m[0].length });
  }
}

// ------------------------------------------------------------------ phone numbers

/** ITU-T E.164 country calling codes (1-3 digits). */
const COUNTRY_CODES = new Set(
  (
    '1 7 20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98 ' +
    '211 212 213 216 218 220 221 222 223 224 225 226 227 228 229 230 231 232 233 234 235 236 237 238 239 240 241 242 243 244 245 246 248 249 250 ' +
    '251 252 253 254 255 256 257 258 260 261 262 263 264 265 266 267 268 269 290 291 297 298 299 350 351 352 353 354 355 356 357 358 359 370 371 ' +
    '372 373 374 375 376 377 378 380 381 382 383 385 386 387 389 420 421 423 500 501 502 503 504 505 506 507 508 509 590 591 592 593 594 595 596 ' +
    '597 598 599 670 672 673 674 675 676 677 678 679 680 681 682 683 685 686 687 688 689 690 691 692 850 852 853 855 856 880 886 960 961 962 963 ' +
    '964 965 966 967 968 970 971 972 973 974 975 976 977 992 993 994 995 996 998'
  ).split(' '),
);

const E164 = /(?<![\w+])\+(\d[\d ().-]{6,20}\d)(?![\dA-Za-z])/g;
const NANP = /(?<![\w.+-])(?:\(([2-9]\d{2})\)\s?|([2-9]\d{2})[-. ])([2-9]\d{2})[-. ](\d{4})(?![\w-]|\.\d)/g;

function phones(text: string, out: PiiMatch[]): void {
  if (text.includes('+'))
    for (const m of text.matchAll(E164)) {
      const digits = m[1]!.replace(/\D/g, '');
      if (digits.length < 8 || digits.length > 15) continue;
      // An unseparated run needs a full-length number (`tail -n +347340107`, `find -size +2005576` are counts).
      if (/^\d+$/.test(m[1]!) && digits.length < 10) continue;
      const cc = [1, 2, 3].map((k) => digits.slice(0, k)).find((c) => COUNTRY_CODES.has(c));
      if (cc === undefined) continue;
      // +1 must be a valid NANP number: area and exchange codes start with 2-9.
      if (cc === '1' && (digits.length !== 11 || !/^1[2-9]\d{2}[2-9]/.test(digits))) continue;
      out.push({ kind: 'phone', start: m.index, end: m.index + m[0].length });
    }
  for (const m of text.matchAll(NANP)) {
    const area = m[1] ?? m[2]!;
    // 555-01xx are reserved fictional numbers; N11 codes are services, not subscribers.
    if (/^[2-9]11$/.test(area) || /^[2-9]11$/.test(m[3]!)) continue;
    if (m[3] === '555' && m[4]!.startsWith('01')) continue;
    out.push({ kind: 'phone', start: m.index, end: m.index + m[0].length });
  }
}

/** Every validated personal-data match in `text`, ordered by position, overlaps removed. */
export function findPii(text: string, kinds?: ReadonlySet<PiiKind>): PiiMatch[] {
  const out: PiiMatch[] = [];
  const want = (k: PiiKind): boolean => kinds === undefined || kinds.has(k);
  if (want('email')) emails(text, out);
  const digits = /\d{3}/.test(text);
  if (digits) {
    if (want('card')) cards(text, out);
    if (want('ssn')) ssns(text, out);
    if (want('iban') && /[A-Z]{2}\d{2}/.test(text)) ibans(text, out);
    if (want('phone')) phones(text, out);
  }
  out.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: PiiMatch[] = [];
  for (const m of out) if (!kept.some((k) => m.start < k.end && k.start < m.end)) kept.push(m);
  return kept;
}
