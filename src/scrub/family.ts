/**
 * The shape of one credential family (one file per family under ./families/) and the helpers its
 * patterns share: entropy, placeholder detection, boundaries. `defineFamily` checks the definition
 * once at load so a malformed family fails at start, not on the first prompt.
 */

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
  /** Environment-variable style name for `redacted_keys` (regex patterns). */
  readonly envName?: string;
  /** Always applied: entropy gates, placeholder filters, structure checks. */
  readonly gate?: (secret: string) => boolean;
  /**
   * Applied in non-strict mode only: checksums and documented example keys. Strict mode redacts
   * a checksum-invalid token anyway (a typo'd key is still a key).
   */
  readonly verify?: (secret: string) => boolean;
}

export interface FamilyExample {
  /** The text; built from parts so no literal credential sits in the repository. */
  readonly text: string;
  /** The substring that must disappear (positives); defaults to the whole text. */
  readonly secret?: string;
  /** Why a look-alike must be kept, or what a positive shows. */
  readonly why?: string;
  /**
   * Expected outcome in non-strict mode. Positives default to the family's `nonStrict`;
   * look-alikes default to 'keep'.
   */
  readonly nonStrict?: 'redact' | 'keep';
  /** Look-alikes only: strict mode redacts it anyway (documented example keys). */
  readonly strict?: 'redact';
}

export interface FamilyDefinition {
  readonly id: FamilyId;
  /** KIND in `[REDACTED_<KIND>_KEY_<TAG>]`. */
  readonly kind: string;
  readonly summary: string;
  /** Whether the family takes part in non-strict mode (high-confidence, prefix-anchored only). */
  readonly nonStrict: boolean;
  /** Wins ties when candidates of several families overlap; generic is lowest. */
  readonly priority: number;
  readonly patterns: readonly PatternDefinition[];
  readonly examples: {
    readonly positive: readonly FamilyExample[];
    readonly lookalike: readonly FamilyExample[];
  };
}

/** Characters a matcher may look back from its keyword (identifier context, boundaries). */
export const LOOKBEHIND = 32;

export function defineFamily(family: FamilyDefinition): FamilyDefinition {
  if (!/^[A-Z]+$/.test(family.kind)) throw new Error(`family ${family.id}: kind must be upper-case letters`);
  if (family.examples.positive.length < 5 || family.examples.lookalike.length < 5) {
    throw new Error(`family ${family.id}: needs at least 5 positive and 5 look-alike examples`);
  }
  const ids = new Set<string>();
  for (const p of family.patterns) {
    if (!p.id.startsWith(`${family.id}/`))
      throw new Error(`pattern ${p.id}: id must start with ${family.id}/`);
    if (ids.has(p.id)) throw new Error(`pattern ${p.id}: duplicate id`);
    ids.add(p.id);
    if ((p.regex === undefined) === (p.match === undefined)) {
      throw new Error(`pattern ${p.id}: give exactly one of regex or match`);
    }
    if (p.regex && (p.regex.global || p.regex.sticky))
      throw new Error(`pattern ${p.id}: regex takes no g/y flag`);
    if (p.regex && p.envName === undefined) throw new Error(`pattern ${p.id}: regex patterns need envName`);
    if (!Number.isInteger(p.maxLength) || p.maxLength < 8) throw new Error(`pattern ${p.id}: bad maxLength`);
    for (const k of p.keywords) {
      if (k.length < 2 || k !== k.toLowerCase() || /[^\x20-\x7e]/.test(k)) {
        throw new Error(`pattern ${p.id}: keyword "${k}" must be lower-case printable ASCII, 2+ chars`);
      }
    }
  }
  return Object.freeze(family);
}

// ---------------------------------------------------------------------------------------------
// Shared validators

/** Shannon entropy in bits per character. */
export function shannonEntropy(s: string): number {
  if (s.length === 0) return 0;
  const counts = new Map<number, number>();
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
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
  if (/^[$%#]\{|\$\{|\{\{|^<[^<>]*>$|^%[sdv]$|%\(|^\$[A-Za-z_]/.test(v)) return true;
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
  const kinds = (cls.lower > 0 ? 1 : 0) + (cls.upper > 0 ? 1 : 0) + (cls.digit > 0 ? 1 : 0);
  if (kinds < 2) return false;
  return shannonEntropy(value) >= minEntropy;
}

/** Token body with at least a few distinct characters (filters `AAAA...`, `abcabc...`). */
export function hasVariety(value: string, minDistinct = 6): boolean {
  return new Set(value).size >= minDistinct;
}
