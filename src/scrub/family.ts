/**
 * The twelve credential families of SPEC 2.2 (the user-facing grouping: `redacted_keys`, docs,
 * strict vs non-strict), the pattern shape detectors use (./detector.ts), and the helpers their
 * patterns share: entropy, placeholder detection, boundaries.
 */
import { closedPlaceholder } from './not-secret.js';

/** Family ids, in the order the SPEC counts them (12 under strict masking, SPEC 8). */
export const FAMILY_IDS = [
  'aws',
  'github',
  'gitlab',
  'openai',
  'anthropic',
  'google',
  'slack',
  'stripe',
  'private-key',
  'jwt',
  'connection-string',
  'generic',
] as const;
export type FamilyId = (typeof FAMILY_IDS)[number];

/** What a pattern found: the match and, inside it, the part that is the secret (the redacted span). */
export interface PatternHit {
  /** Offsets relative to the text the matcher was given. */
  readonly secretStart: number;
  readonly secretEnd: number;
  /** Environment-variable style name reported in `redacted_keys`. */
  readonly envName: string;
  /** Set by a matcher that had to stop at its maxLength inside an unfinished secret (over-long PEM). */
  readonly continueWith?: string;
}

/**
 * A matcher runs at a keyword position `pos` of `text` and may read `text[pos - LOOKBEHIND, limit)`
 * only; `limit` is at most `pos + maxLength`. That locality is what lets the stream scanner give
 * the same answer as the one-shot scan with a bounded carry-over buffer.
 */
export type Matcher = (text: string, pos: number, limit: number) => PatternHit | null;

export interface PatternDefinition {
  /** Stable id, `<family>/<name>`. */
  readonly id: string;
  /**
   * Literal prefixes (matched case-insensitively by the prefilter); the matcher runs where one of
   * them starts. Empty for continuation patterns that only other matchers start.
   */
  readonly keywords: readonly string[];
  /** Most characters a match can span from its keyword, lookahead included. */
  readonly maxLength: number;
  /** Strict-only patterns are dropped in non-strict mode. Default: the family's `nonStrict` is false. */
  readonly strictOnly?: boolean;
  /**
   * Either a regex (anchored at the keyword; a named group `secret` marks the redacted part,
   * otherwise the whole match) or a hand-written matcher.
   */
  readonly regex?: RegExp;
  readonly match?: Matcher;
  /** The character before the keyword must not be a letter or digit (prefix-anchored tokens). */
  readonly boundary?: boolean;
  /**
   * A cheap necessary condition, tested where the keyword is found (`limit` as for the matcher):
   * false drops the attempt before it is queued. Common words (`token`, `key`, `path` for
   * `pat`) start most attempts in clean text, and queuing and running one costs more than this
   * test. It reads nothing past `pos + precheckReach`; where the text seen so far is shorter
   * (a stream), the attempt is queued untested.
   */
  readonly precheck?: (text: string, pos: number, limit: number) => boolean;
  /** Characters from the keyword that `precheck` may read (required with it). */
  readonly precheckReach?: number;
  /** Environment-variable style name for `redacted_keys` (regex patterns). */
  readonly envName?: string;
  /** Always applied: entropy gates, placeholder filters, structure checks. */
  readonly gate?: (secret: string) => boolean;
  /**
   * Applied in non-strict mode only: checksums and documented example keys. Strict mode redacts
   * a checksum-invalid token anyway (a typo'd key is still a key).
   */
  readonly verify?: (secret: string) => boolean;
  /** Override the detector's `notSecretCheck` (binary payloads such as STS tokens turn it off). */
  readonly notSecretCheck?: boolean;
}

/** A family as the user sees it (SPEC 2.2's twelve): marker KIND default, priority, mode. */
export interface FamilyInfo {
  readonly id: FamilyId;
  /** KIND of the family's own detectors; other detectors in it name their own. */
  readonly kind: string;
  readonly summary: string;
  /** Whether the family's detectors take part in non-strict mode by default. */
  readonly nonStrict: boolean;
  /** Wins ties when candidates overlap; generic is lowest. A detector may override it. */
  readonly priority: number;
}

const info = (
  id: FamilyId,
  kind: string,
  priority: number,
  nonStrict: boolean,
  summary: string,
): FamilyInfo => Object.freeze({ id, kind, priority, nonStrict, summary });

/** The twelve families in SPEC order. Detectors (./detectors/) are the open dimension under them. */
export const FAMILY_INFO: readonly FamilyInfo[] = Object.freeze([
  info('aws', 'AWS', 10, true, 'AWS access key ids, secret access keys and session tokens'),
  info('github', 'GITHUB', 10, true, 'GitHub personal, OAuth, app and refresh tokens'),
  info('gitlab', 'GITLAB', 10, true, 'GitLab personal, deploy, runner and other tokens'),
  info('openai', 'OPENAI', 10, true, 'OpenAI API keys'),
  info('anthropic', 'ANTHROPIC', 12, true, 'Anthropic API and admin keys'),
  info('google', 'GOOGLE', 10, true, 'Google API keys, OAuth client secrets and tokens'),
  info('slack', 'SLACK', 10, true, 'Slack tokens and webhook URLs'),
  info('stripe', 'STRIPE', 10, true, 'Stripe secret, restricted and webhook keys'),
  info('private-key', 'PRIVATE', 20, true, 'Private keys (PEM blocks, age keys)'),
  info('jwt', 'JWT', 8, true, 'JSON Web Tokens (JWS and JWE compact form)'),
  info(
    'connection-string',
    'CONNSTR',
    5,
    false,
    'Connection strings, URLs and config files carrying a password',
  ),
  info(
    'generic',
    'GENERIC',
    0,
    true,
    'Keyword assignments gated by entropy, Authorization headers, other services’ prefixed tokens',
  ),
]);

export function familyInfo(id: FamilyId): FamilyInfo {
  return FAMILY_INFO[FAMILY_IDS.indexOf(id)]!;
}

/** Characters a matcher may look back from its keyword (identifier context, boundaries). */
export const LOOKBEHIND = 40;

// ---------------------------------------------------------------------------------------------
// Shared validators

/** Per-character counts for ASCII values (reused: the scanner is synchronous and single-threaded). */
const ASCII_COUNTS = new Int32Array(128);

/** Shannon entropy in bits per character (a counting array for ASCII, a Map only past it). */
export function shannonEntropy(s: string): number {
  if (s.length === 0) return 0;
  let wide: Map<number, number> | undefined;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) ASCII_COUNTS[c]!++;
    else (wide ??= new Map()).set(c, (wide.get(c) ?? 0) + 1);
  }
  let h = 0;
  const add = (n: number): void => {
    const p = n / s.length;
    h -= p * Math.log2(p);
  };
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 128 && ASCII_COUNTS[c]! > 0) {
      add(ASCII_COUNTS[c]!);
      ASCII_COUNTS[c] = 0;
    }
  }
  if (wide) for (const n of wide.values()) add(n);
  return h;
}

export function isAlnumCode(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** Counts of character classes: lower, upper, digit, other. */
export function charClasses(s: string): { lower: number; upper: number; digit: number; other: number } {
  let lower = 0;
  let upper = 0;
  let digit = 0;
  let other = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 97 && c <= 122) lower++;
    else if (c >= 65 && c <= 90) upper++;
    else if (c >= 48 && c <= 57) digit++;
    else other++;
  }
  return { lower, upper, digit, other };
}

const PLACEHOLDER_WORDS =
  /^(?:changeme|change_?me|password|passwd|secret|token|api_?key|apikey|example|placeholder|redacted|dummy|null|none|nil|undefined|true|false|empty|todo|tbd|replace_?me|your[\w-]*|my[_-]?(?:secret|token|key|password)|insert[\w-]*|enter[\w-]*|\w*_here)$/i;

/**
 * True for values that are obviously not a secret: templates (`${X}`, `{{x}}`, `<key>`, `%s`),
 * runs of one character (`xxxx`, `****`), and the usual placeholder words.
 */
export function isPlaceholder(value: string): boolean {
  const v = value.trim();
  if (v.length === 0) return true;
  // Our own markers: scrubbing scrubbed text must change nothing.
  if (/^\[REDACTED_[A-Z]+_KEY_[0-9a-f]{8}\]$/.test(v)) return true;
  // `$VAR`, `$HOME/.x`, `$cfg.key`: a variable; `$Yi@qC4m…` is a password that opens with `$`.
  if (/^<[^<>]*>$|^%[sdv]$|%\(|^\$[A-Za-z_]\w*(?:$|[./:[({)\s-])/.test(v) || closedPlaceholder(v))
    return true;
  if (/^(.)\1*$/.test(v)) return true;
  if (/x{5,}|X{5,}|\*{3,}|\.{3,}|_{5,}/.test(v)) return true;
  if (PLACEHOLDER_WORDS.test(v)) return true;
  return false;
}

/** A quick "looks random enough" check for keyword-anchored values. */
export function looksRandom(value: string, minLength: number, minEntropy: number): boolean {
  if (value.length < minLength) return false;
  if (isPlaceholder(value)) return false;
  const cls = charClasses(value);
  // Symbols other than identifier punctuation (`-`, `_`, `.`) count as a class of their own.
  const symbols = cls.other > 0 && /[^A-Za-z0-9_.-]/.test(value) ? 1 : 0;
  const kinds = (cls.lower > 0 ? 1 : 0) + (cls.upper > 0 ? 1 : 0) + (cls.digit > 0 ? 1 : 0) + symbols;
  if (kinds < 2) return false;
  return shannonEntropy(value) >= minEntropy;
}

/** Token body with at least a few distinct characters (filters `AAAA...`, `abcabc...`). */
export function hasVariety(value: string, minDistinct = 6): boolean {
  // Four 32-bit words mark the ASCII characters seen; anything wider falls back to a Set.
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let distinct = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 128) return new Set(value).size >= minDistinct;
    const bit = 1 << (code & 31);
    const word = code >> 5;
    const seen = word === 0 ? a : word === 1 ? b : word === 2 ? c : d;
    if ((seen & bit) !== 0) continue;
    distinct++;
    if (word === 0) a |= bit;
    else if (word === 1) b |= bit;
    else if (word === 2) c |= bit;
    else d |= bit;
    if (distinct >= minDistinct) return true;
  }
  return distinct >= minDistinct;
}
