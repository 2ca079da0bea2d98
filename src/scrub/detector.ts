/**
 * One detector per file under ./detectors/: its patterns (keywords for the prefilter, a regex or a
 * matcher, gates and non-strict verifiers), the marker KIND it reports, the family it belongs to
 * and its own examples. The list of files is generated (scripts/generate-scrub-detectors.ts), so a
 * new provider is one new file. `defineDetector` checks a definition once at load, so a malformed
 * detector fails at start, not on the first prompt.
 */
import {
  familyInfo,
  FAMILY_IDS,
  hasVariety,
  isAlnumCode,
  shannonEntropy,
  type FamilyId,
  type PatternDefinition,
} from './family.js';
import { prefixedNotSecretReason } from './not-secret.js';

export interface DetectorExample {
  /** The text; built from parts or generated so no literal credential sits in the repository. */
  readonly text: string;
  /** The substring that must disappear; defaults to the whole text. */
  readonly secret?: string;
  /** What the example shows. */
  readonly why?: string;
  /** Expected outcome in non-strict mode; defaults to whether the detector runs in non-strict mode. */
  readonly nonStrict?: 'redact' | 'keep';
}

export interface DetectorNegative {
  readonly text: string;
  /** Why it must be kept (required: a false positive without a reason is not a test). */
  readonly why: string;
  /** Strict mode redacts it anyway (a different detector legitimately takes it). */
  readonly strict?: 'redact';
  readonly nonStrict?: 'redact';
}

export interface DetectorDefinition {
  /** Equal to the file name (without .ts). */
  readonly id: string;
  readonly family: FamilyId;
  /** KIND in `[REDACTED_<KIND>_KEY_<TAG>]`: upper-case letters. */
  readonly kind: string;
  readonly summary: string;
  /** Takes part in non-strict mode (fixed prefix, checksum...). Default: the family's. */
  readonly nonStrict?: boolean;
  /** Overlap priority; default: the family's. */
  readonly priority?: number;
  /**
   * Apply the shared "obviously not a secret" check (./not-secret.ts) to every hit. Default true;
   * detectors of binary payloads (PEM, JWT, STS tokens) turn it off.
   */
  readonly notSecretCheck?: boolean;
  readonly patterns: readonly PatternDefinition[];
  readonly examples: {
    readonly positive: readonly DetectorExample[];
    readonly negative: readonly DetectorNegative[];
  };
}

/** A detector with its defaults filled in. */
export interface Detector extends DetectorDefinition {
  readonly nonStrict: boolean;
  readonly priority: number;
  readonly notSecretCheck: boolean;
}

const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function defineDetector(def: DetectorDefinition): Detector {
  const where = `detector ${def.id}`;
  if (!ID.test(def.id)) throw new Error(`${where}: id must be kebab-case`);
  if (!FAMILY_IDS.includes(def.family)) throw new Error(`${where}: unknown family ${def.family}`);
  if (!/^[A-Z]{2,16}$/.test(def.kind)) throw new Error(`${where}: kind must be 2-16 upper-case letters`);
  if (def.examples.positive.length < 1 || def.examples.negative.length < 1) {
    throw new Error(`${where}: needs at least one positive and one negative example`);
  }
  for (const n of def.examples.negative) if (!n.why) throw new Error(`${where}: negative without why`);
  const ids = new Set<string>();
  for (const p of def.patterns) {
    if (!p.id.startsWith(`${def.id}/`)) throw new Error(`pattern ${p.id}: id must start with ${def.id}/`);
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
  const family = familyInfo(def.family);
  return Object.freeze({
    ...def,
    nonStrict: def.nonStrict ?? family.nonStrict,
    priority: def.priority ?? family.priority,
    notSecretCheck: def.notSecretCheck ?? true,
  });
}

// ---------------------------------------------------------------------------------------------
// Building blocks for the common shapes, so most detector files are a few lines of data.

export interface PrefixedTokenOptions {
  /** Pattern id suffix (default `token`). */
  readonly name?: string;
  /** Literal prefixes, lower case (the prefilter is case-insensitive). */
  readonly keywords: readonly string[];
  /** The whole token, anchored at the keyword (`^`); the terminating look-ahead is added here. */
  readonly regex: RegExp;
  readonly envName: string;
  /** Distinct characters the body (after the prefix) must have. Default 8. */
  readonly minDistinct?: number;
  /** Bits per character over the whole token. Default 0 (no entropy gate). */
  readonly minEntropy?: number;
  /** Characters that continue a token (the match must not be followed by one). Default `[A-Za-z0-9_-]`. */
  readonly tail?: string;
  /** Most characters the token can take (default 260). */
  readonly maxLength?: number;
  readonly strictOnly?: boolean;
  /** Applied in non-strict mode only (checksums). */
  readonly verify?: (secret: string) => boolean;
  /** Length of the fixed prefix, for the variety gate (default: the matched keyword's length). */
  readonly prefixLength?: number;
  /**
   * Letters or digits every token has right after its shortest keyword: tested where the keyword
   * is found, before the regex (`pat` starts `path` and `patch` far more often than a token).
   */
  readonly alnumAfter?: number;
}

/** Whether `text[from, from + n)` is letters and digits, reading nothing at or past `limit`. */
function alnumRun(text: string, from: number, n: number, limit: number): boolean {
  if (from + n > limit) return false;
  for (let k = from; k < from + n; k++) if (!isAlnumCode(text.charCodeAt(k))) return false;
  return true;
}

/** A token recognised by its fixed prefix: `npm_…`, `dckr_pat_…`, `PMAK-…`. */
export function prefixedToken(detectorId: string, o: PrefixedTokenOptions): PatternDefinition {
  const tail = o.tail ?? 'A-Za-z0-9_-';
  const regex = new RegExp(`${o.regex.source}(?![${tail}])`, o.regex.flags);
  const minDistinct = o.minDistinct ?? 8;
  const minEntropy = o.minEntropy ?? 0;
  const shortest = Math.min(...o.keywords.map((k) => k.length));
  const prefixLength = o.prefixLength ?? shortest;
  return {
    id: `${detectorId}/${o.name ?? 'token'}`,
    keywords: o.keywords,
    regex,
    boundary: true,
    ...(o.alnumAfter
      ? {
          precheck: (text: string, pos: number, limit: number) =>
            alnumRun(text, pos + shortest, o.alnumAfter!, limit),
          precheckReach: shortest + o.alnumAfter,
        }
      : {}),
    maxLength: o.maxLength ?? 260,
    envName: o.envName,
    strictOnly: o.strictOnly,
    verify: o.verify,
    // The shared placeholder check, judging filler by what it leaves of the body after the prefix.
    notSecretCheck: false,
    gate: (s) =>
      hasVariety(s.slice(prefixLength), minDistinct) &&
      shannonEntropy(s) >= minEntropy &&
      prefixedNotSecretReason(s, prefixLength) === null,
  };
}

export interface ContextValueOptions {
  readonly name?: string;
  /** Words that name the service (lower case); the value follows one of them within `within`. */
  readonly keywords: readonly string[];
  /** The value's shape, e.g. /[a-f0-9]{32}/ (no anchors). */
  readonly value: RegExp;
  readonly envName: string;
  /** Characters between the keyword and the separator (identifier tail). Default 40. */
  readonly within?: number;
  /** Distinct characters the value must have. Default 8. */
  readonly minDistinct?: number;
  /** Bits per character. Default 3. */
  readonly minEntropy?: number;
  /** Characters that may not follow the value. Default `[A-Za-z0-9_+/=-]`. */
  readonly tail?: string;
  /** Additional check on the value. */
  readonly check?: (value: string) => boolean;
}

/**
 * A value of a known shape assigned to a name that mentions the service: `SUMO_KEY = "…"`,
 * `"twilio_auth_token": "…"`, `sendinblue: …`. The name may continue for `within` identifier
 * characters (and up to two more blank-separated words: `sumo access key = …`), then a separator
 * (`=`, `:`, `:=`, `::=`, `=>`, `?=`, `+=`, `>`, `,`, or blanks),
 * optionally one nested YAML line (`sumo:\n  access_key: …`) or a declared type before `=`
 * (`sumoKey: String =`, `sumo_key: &str =`), then the value, optionally quoted.
 * Strict mode only: no fixed prefix.
 */
export function contextValue(detectorId: string, o: ContextValueOptions): PatternDefinition {
  const within = o.within ?? 40;
  const tail = o.tail ?? 'A-Za-z0-9_+/=-';
  const re = new RegExp(
    `^[A-Za-z0-9_.-]{0,${within}}(?:[ \\t]+[A-Za-z0-9_.-]{1,20}){0,2}["'\`\\]]?(?:[ \\t]*(?::{1,3}=|=>|->|[?+]=|\\|\\||[=:,>])[ \\t]*|[ \\t]+)(?:\\r?\\n[ \\t]+[A-Za-z0-9_.-]{1,40}[ \\t]*[:=][ \\t]*|&?[A-Za-z_][\\w.<>]{0,30}[ \\t]*=[ \\t]*)?["'\`]?(?:(?:Bearer|Basic|Token|Bot)[ \\t]+)?(?<secret>${o.value.source})(?![${tail}])`,
    'id',
  );
  // Case-insensitive like the name: `[a-f0-9]{32}` also takes upper-case hex.
  const exact = new RegExp(`^(?:${o.value.source})$`, 'i');
  const minDistinct = o.minDistinct ?? 8;
  const minEntropy = o.minEntropy ?? 3;
  return {
    id: `${detectorId}/${o.name ?? 'value'}`,
    keywords: o.keywords,
    // The match's first two exits, tested where the keyword is found.
    precheck: (text, pos, limit) =>
      (pos === 0 || startsName(text, pos)) && nameCanEnd(text, pos, limit, within),
    precheckReach: within + 3,
    match: (text, pos, limit) => {
      // The service word starts a name (or follows a separator inside one): not "consumo".
      if (pos > 0 && !startsName(text, pos)) return null;
      // Most mentions of a service in prose and code (`getTokenFromVault(client)`) fail here,
      // before the slice and the regex with match indices.
      if (!nameCanEnd(text, pos, limit, within)) return null;
      const m = re.exec(text.slice(pos, limit));
      if (!m?.indices?.groups?.['secret']) return null;
      const [s, e] = m.indices.groups['secret'];
      const value = m.groups!['secret']!;
      // The shape is case-sensitive unless the detector says otherwise (the name match is not).
      if (!exact.test(value)) return null;
      if (!hasVariety(value, minDistinct) || shannonEntropy(value) < minEntropy) return null;
      if (o.check && !o.check(value)) return null;
      return { secretStart: pos + s, secretEnd: pos + e, envName: o.envName };
    },
    maxLength: within + 40 + 300,
    strictOnly: true,
  };
}

/**
 * Whether contextValue's regex can get past the name at `pos`: its `[A-Za-z0-9_.-]{0,within}`
 * run must be followed by a blank, a quote or `]`, or a separator's first character (`:`, `=`,
 * `?`, `|`, `,`, `>`). Only `-` of `->` can end the run early, and `>` follows it, so the
 * longest run decides (one character longer when it ends in that `-`). A necessary condition, no
 * more: the regex still decides.
 */
export function nameCanEnd(text: string, pos: number, limit: number, within: number): boolean {
  const stop = Math.min(limit, pos + within + 2);
  let r = pos;
  for (let c = text.charCodeAt(r); r < stop; c = text.charCodeAt(++r)) {
    const ident =
      (c >= 97 && c <= 122) ||
      (c >= 65 && c <= 90) ||
      (c >= 48 && c <= 57) ||
      c === 95 ||
      c === 46 ||
      c === 45;
    if (!ident) break;
  }
  if (r >= limit) return false;
  switch (text.charCodeAt(r)) {
    case 0x20: // blank
    case 0x09:
    case 0x22: // " ' ` ]
    case 0x27:
    case 0x60:
    case 0x5d:
    case 0x3a: // : = ? | ,
    case 0x3d:
    case 0x3f:
    case 0x7c:
    case 0x2c:
      return r - pos <= within;
    case 0x3e: // > (also of ->, whose - may be one past the run's bound)
      return r - pos <= within || (r - pos === within + 1 && text.charCodeAt(r - 1) === 0x2d);
    default:
      return false;
  }
}

/** The keyword at `pos` starts a word: after a non-letter, or camelCase (`mySumoKey`). */
export function startsName(text: string, pos: number): boolean {
  const prev = text.charCodeAt(pos - 1);
  const first = text.charCodeAt(pos);
  if (prev >= 65 && prev <= 90) return false;
  if (prev >= 97 && prev <= 122) return first >= 65 && first <= 90;
  return true;
}

export interface InfixTokenOptions {
  readonly name?: string;
  /** A literal inside the token (`.atlasv1.`, `-us`), lower case. */
  readonly keywords: readonly string[];
  /** Characters of the token before the keyword (at most LOOKBEHIND - 1). */
  readonly before: number;
  /** The whole token from its start (`^`); the terminating look-ahead is added here. */
  readonly regex: RegExp;
  readonly envName: string;
  readonly minDistinct?: number;
  readonly tail?: string;
  readonly maxLength?: number;
  readonly strictOnly?: boolean;
}

/** A token recognised by a literal in its middle: `<14>.atlasv1.<64>`, `<32 hex>-us21`. */
export function infixToken(detectorId: string, o: InfixTokenOptions): PatternDefinition {
  const tail = o.tail ?? 'A-Za-z0-9_-';
  const regex = new RegExp(`${o.regex.source}(?![${tail}])`, o.regex.flags);
  const minDistinct = o.minDistinct ?? 8;
  return {
    id: `${detectorId}/${o.name ?? 'token'}`,
    keywords: o.keywords,
    match: (text, pos, limit) => {
      const start = pos - o.before;
      if (start < 0) return null;
      if (start > 0) {
        const c = text.charCodeAt(start - 1);
        if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)) return null;
      }
      const m = regex.exec(text.slice(start, limit));
      if (!m || !hasVariety(m[0], minDistinct)) return null;
      return { secretStart: start, secretEnd: start + m[0].length, envName: o.envName };
    },
    maxLength: o.maxLength ?? 200,
    strictOnly: o.strictOnly,
  };
}
