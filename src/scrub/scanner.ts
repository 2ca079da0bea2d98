/**
 * The pure scanning core shared by the one-shot call and the stream: keyword prefilter (one
 * Aho-Corasick pass), then only the patterns owning a found keyword, run at that position; then
 * overlap resolution and marker substitution. Output is the input byte for byte except the
 * redacted spans.
 *
 * Overlap rule: candidates whose spans overlap are merged into ONE redaction covering their union
 * (never leaking a part of either), labelled with the family of the best candidate: highest family
 * priority (specific families beat connection strings, which beat generic), then earliest start,
 * then longest span. Touching spans stay separate redactions.
 *
 * Streaming: a pattern's matcher reads at most LOOKBEHIND characters before its keyword and
 * `maxLength` after it, so text can be emitted once no pending match attempt and no unresolved
 * candidate can reach it. The carry-over buffer is therefore bounded by the largest `maxLength`
 * of the active patterns (JWT: about 17.4 KiB; PEM: MAX_PEM_CHARS per piece, a longer block is
 * cut and redacted piecewise) plus LOOKBEHIND and the longest keyword, whatever the chunking.
 * The one-shot scan is the same machine fed one chunk, so both give identical output.
 *
 * Echoes: once a span is redacted, later verbatim copies of it in the same text are redacted too
 * (same marker), whatever surrounds them: a secret printed twice (`token = 'X' | 'X'`, a log line
 * that repeats a header) must not leak through the copy no detector would recognise on its own.
 * Only copies after the first redaction count, so the stream, which has emitted what came before,
 * gives the one-shot answer; at most MAX_ECHOES token-like spans (echoWorthy) of ECHO_MIN..ECHO_MAX
 * characters are kept.
 */
import type { Detector } from './detector.js';
import type { FamilyId, Matcher, PatternDefinition } from './family.js';
import { charClasses, isAlnumCode, LOOKBEHIND } from './family.js';
import { isObviouslyNotSecret } from './not-secret.js';
import { KeywordAutomaton } from './prefilter.js';
import { DETECTORS } from './registry.js';
import { marker, type Tagger } from './tag.js';

export interface Redaction {
  /** KIND in the marker (AWS, GITHUB, NPM, ..., GENERIC): the detector's. */
  readonly kind: string;
  readonly family: FamilyId;
  /** The detector that won the overlap (src/scrub/detectors/<id>.ts). */
  readonly detector: string;
  /** Environment-variable style name reported in `redacted_keys`. */
  readonly envName: string;
  readonly tag: string;
  /** Half-open UTF-16 span of the secret in the input. */
  readonly span: { readonly start: number; readonly end: number };
}

interface CompiledPattern {
  readonly def: PatternDefinition;
  readonly detector: Detector;
  readonly run: Matcher;
  /** The character before the keyword must not be a letter or digit (def.boundary). */
  readonly boundary: boolean;
  /** def.precheck, null when it has none. */
  readonly precheck: ((text: string, pos: number, limit: number) => boolean) | null;
  /** Characters from the keyword the precheck reads. */
  readonly reach: number;
}

/**
 * Queue an attempt of each pattern at `pos` (absolute) unless its boundary test or precheck rules
 * it out. They run where the keyword is found only when the text they read has arrived (the same
 * text as later, so the same answer); otherwise the attempt is queued untested.
 */
function queueAttempts(
  pending: Attempt[],
  patterns: readonly CompiledPattern[],
  pos: number,
  buf: string,
  bufStart: number,
): void {
  const rel = pos - bufStart;
  for (let k = 0; k < patterns.length; k++) {
    const pattern = patterns[k]!;
    if (pattern.boundary && rel > 0 && isAlnumCode(buf.charCodeAt(rel - 1))) continue;
    const pre = pattern.precheck;
    if (pre !== null && rel + pattern.reach <= buf.length) {
      if (!pre(buf, rel, Math.min(buf.length, rel + pattern.def.maxLength))) continue;
    }
    pending.push({ pos, pattern });
  }
}

interface Candidate {
  readonly start: number;
  readonly end: number;
  readonly pattern: CompiledPattern;
  readonly envName: string;
}

/** A redacted span whose later copies are redacted too (see Echoes above). */
interface Echo {
  readonly text: string;
  readonly pattern: CompiledPattern;
  readonly envName: string;
  /** Absolute position from which the buffer has not yet been searched for a copy. */
  from: number;
}

/** Shortest span that is echoed: shorter values (`admin`, `hunter2`) are common words too. */
const ECHO_MIN = 8;
/** Longest span echoed (dotted session tokens run to about 1000 characters); also how much text a
 * stream holds back once it knows an echo. */
const ECHO_MAX = 1024;
/** Spans remembered per text or stream (bounded memory and work). */
const MAX_ECHOES = 32;

/**
 * Only token-like spans are echoed: three character classes (lower, upper, digit, symbol), or two
 * over 16 characters (hex, UUIDs) or switching class twice or more (`mlm9iqkm`, `vZrEclFwOqeA`).
 * A word a detector took for a password (`'function'`) must not be masked everywhere else in the text.
 */
function echoWorthy(s: string): boolean {
  const { lower, upper, digit, other } = charClasses(s);
  const classes = Number(lower > 0) + Number(upper > 0) + Number(digit > 0) + Number(other > 0);
  return classes >= 3 || (classes === 2 && (s.length >= 16 || classSwitches(s) >= 2));
}

/** How often the character class (lower, upper, digit, other) changes along `s`. */
function classSwitches(s: string): number {
  let n = 0;
  let prev = -1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const cls = c >= 97 && c <= 122 ? 0 : c >= 65 && c <= 90 ? 1 : c >= 48 && c <= 57 ? 2 : 3;
    if (prev >= 0 && cls !== prev) n++;
    prev = cls;
  }
  return n;
}

interface Attempt {
  readonly pos: number;
  readonly pattern: CompiledPattern;
}

function compileRegex(def: PatternDefinition, regex: RegExp): Matcher {
  const envName = def.envName ?? 'SECRET';
  if (!regex.source.includes('(?<secret>')) {
    // The whole match is the secret: no match indices to compute (the d flag costs on every hit).
    const plain = new RegExp(regex.source, regex.flags.replace('d', ''));
    return (text, pos, limit) => {
      const m = plain.exec(text.slice(pos, limit));
      return m ? { secretStart: pos, secretEnd: pos + m[0].length, envName } : null;
    };
  }
  const re = new RegExp(regex.source, regex.flags.includes('d') ? regex.flags : `${regex.flags}d`);
  return (text, pos, limit) => {
    const m = re.exec(text.slice(pos, limit));
    if (!m) return null;
    const g = m.indices?.groups?.['secret'];
    const [s, e] = g ?? [0, m[0].length];
    return { secretStart: pos + s, secretEnd: pos + e, envName };
  };
}

function compilePattern(def: PatternDefinition, detector: Detector, strict: boolean): CompiledPattern {
  const base = def.regex ? compileRegex(def, def.regex) : def.match!;
  const { boundary, gate } = def;
  const verify = strict ? undefined : def.verify;
  const notSecret = def.notSecretCheck ?? detector.notSecretCheck;
  const run: Matcher = (text, pos, limit) => {
    if (boundary && pos > 0 && isAlnumCode(text.charCodeAt(pos - 1))) return null;
    const hit = base(text, pos, limit);
    if (!hit || hit.secretEnd <= hit.secretStart) return null;
    if (gate || verify || notSecret) {
      const secret = text.slice(hit.secretStart, hit.secretEnd);
      if (gate && !hit.continueWith && !gate(secret)) return null;
      if (verify && !verify(secret)) return null;
      // Placeholders, templates and documentation keys are never tagged (src/scrub/not-secret.ts).
      if (notSecret && !hit.continueWith && isObviouslyNotSecret(secret)) return null;
    }
    return hit;
  };
  const precheck = def.precheck ?? null;
  return {
    def,
    detector,
    run,
    boundary: boundary === true,
    precheck,
    reach: precheck ? (def.precheckReach ?? def.maxLength) : 0,
  };
}

/** The patterns of one mode, compiled once: the automaton, keyword → patterns, id → pattern. */
export class Ruleset {
  readonly strict: boolean;
  readonly automaton: KeywordAutomaton;
  readonly maxLength: number;
  readonly #byKeyword: readonly (readonly CompiledPattern[])[];
  readonly #byId: ReadonlyMap<string, CompiledPattern>;

  constructor(strict: boolean, detectors: readonly Detector[] = DETECTORS) {
    this.strict = strict;
    const keywords: string[] = [];
    const byKeyword: CompiledPattern[][] = [];
    const byId = new Map<string, CompiledPattern>();
    let maxLength = 0;
    for (const detector of detectors) {
      for (const def of detector.patterns) {
        const strictOnly = def.strictOnly ?? !detector.nonStrict;
        if (!strict && strictOnly) continue;
        const compiled = compilePattern(def, detector, strict);
        byId.set(def.id, compiled);
        maxLength = Math.max(maxLength, def.maxLength);
        for (const k of def.keywords) {
          let idx = keywords.indexOf(k);
          if (idx < 0) {
            idx = keywords.length;
            keywords.push(k);
            byKeyword.push([]);
          }
          byKeyword[idx]!.push(compiled);
        }
      }
    }
    this.automaton = new KeywordAutomaton(keywords);
    this.#byKeyword = byKeyword;
    this.#byId = byId;
    this.maxLength = maxLength;
  }

  patternsFor(keyword: number): readonly CompiledPattern[] {
    return this.#byKeyword[keyword]!;
  }

  pattern(id: string): CompiledPattern | undefined {
    return this.#byId.get(id);
  }

  /** Longest span of text a stream may hold back (documented bound). */
  get carryBound(): number {
    return this.maxLength + LOOKBEHIND + this.automaton.maxKeywordLength;
  }
}

const rulesets = new Map<boolean, Ruleset>();

export function rulesetFor(strict: boolean): Ruleset {
  let r = rulesets.get(strict);
  if (!r) {
    r = new Ruleset(strict);
    rulesets.set(strict, r);
  }
  return r;
}

function better(a: Candidate, b: Candidate): Candidate {
  if (a.pattern.detector.priority !== b.pattern.detector.priority) {
    return a.pattern.detector.priority > b.pattern.detector.priority ? a : b;
  }
  if (a.start !== b.start) return a.start < b.start ? a : b;
  return a.end - a.start >= b.end - b.start ? a : b;
}

/**
 * The incremental scanner. `push` returns the scrubbed text that is final so far; `end` returns the
 * rest. Redactions are collected in `redactions` in input order.
 */
export class ScanMachine {
  readonly redactions: Redaction[] = [];
  readonly #rules: Ruleset;
  readonly #tag: Tagger;
  #buf = '';
  #bufStart = 0;
  #emitted = 0;
  #state = 0;
  #pending: Attempt[] = [];
  #cands: Candidate[] = [];
  #echoes: Echo[] = [];
  /** Length of the longest echo: a copy may still be arriving in the last this-1 characters. */
  #echoHold = 0;
  #ended = false;

  constructor(rules: Ruleset, tagger: Tagger) {
    this.#rules = rules;
    this.#tag = tagger;
    this.#state = rules.automaton.initial;
  }

  /** Absolute end of the input seen so far. */
  get #end(): number {
    return this.#bufStart + this.#buf.length;
  }

  /** Characters held back right now (for tests of the bound). */
  get held(): number {
    return this.#end - this.#emitted;
  }

  push(chunk: string): string {
    if (this.#ended) throw new Error('scan stream already ended');
    if (chunk.length === 0) return '';
    this.#feed(chunk);
    return this.#drain();
  }

  /**
   * The last chunk and the end at once (the one-shot scan): one resolution pass over the whole
   * text instead of a partial one for the chunk and another for the end. Same output as
   * `push(chunk) + end()`.
   */
  finish(chunk: string): string {
    if (this.#ended) throw new Error('scan stream already ended');
    if (chunk.length > 0) this.#feed(chunk);
    this.#ended = true;
    return this.#drain();
  }

  /** Append a chunk and queue the attempts its keywords start. */
  #feed(chunk: string): void {
    const from = this.#buf.length;
    this.#buf += chunk;
    const rules = this.#rules;
    const pending = this.#pending;
    const buf = this.#buf;
    const bufStart = this.#bufStart;
    // The chunk itself goes to the prefilter (positions offset by where it starts in the buffer):
    // it never needs the carried-over text, the automaton state stands for that. The callback is
    // an unnamed arrow: a named one (a class field) costs a defineProperty per machine under tsx.
    this.#state = rules.automaton.scan(chunk, 0, chunk.length, this.#bufStart + from, this.#state, (hit) =>
      queueAttempts(pending, rules.patternsFor(hit.keyword), hit.start, buf, bufStart),
    );
  }

  end(): string {
    if (this.#ended) return '';
    this.#ended = true;
    return this.#drain();
  }

  #runAttempts(): void {
    if (this.#pending.length === 0) return;
    const end = this.#end;
    const keep: Attempt[] = [];
    const pending = this.#pending;
    for (let i = 0; i < pending.length; i++) {
      const a = pending[i]!;
      const max = a.pattern.def.maxLength;
      if (!this.#ended && a.pos + max > end) {
        keep.push(a);
        continue;
      }
      const rel = a.pos - this.#bufStart;
      const limit = Math.min(this.#buf.length, rel + max);
      const hit = a.pattern.run(this.#buf, rel, limit);
      if (!hit) continue;
      const start = Math.max(hit.secretStart + this.#bufStart, this.#emitted);
      const stop = hit.secretEnd + this.#bufStart;
      if (stop > start) this.#cands.push({ start, end: stop, pattern: a.pattern, envName: hit.envName });
      if (hit.continueWith) {
        const next = this.#rules.pattern(hit.continueWith);
        if (next) pending.push({ pos: stop, pattern: next });
      }
    }
    this.#pending = keep;
  }

  #drain(): string {
    this.#runAttempts();
    for (const e of this.#echoes) this.#findCopies(e, this.#cands);
    const end = this.#end;
    let safe = this.#ended ? end : end - this.#rules.automaton.maxKeywordLength + 1 - LOOKBEHIND;
    if (!this.#ended && this.#echoHold > 0) safe = Math.min(safe, end - this.#echoHold);
    for (const a of this.#pending) safe = Math.min(safe, a.pos - LOOKBEHIND);
    safe = Math.max(safe, this.#emitted);

    const out: string[] = [];
    let cands = this.#cands;
    if (cands.length > 1) cands.sort((a, b) => a.start - b.start || b.end - a.end);
    let i = 0;
    while (i < cands.length) {
      let best = cands[i]!;
      const gStart = best.start;
      let gEnd = best.end;
      let j = i + 1;
      while (j < cands.length && cands[j]!.start < gEnd) {
        gEnd = Math.max(gEnd, cands[j]!.end);
        best = better(best, cands[j]!);
        j++;
      }
      if (gEnd > safe) {
        if (gStart < safe) safe = gStart;
        break;
      }
      out.push(this.#slice(this.#emitted, gStart));
      const secret = this.#slice(gStart, gEnd);
      const tag = this.#tag(secret);
      const kind = best.pattern.detector.kind;
      out.push(marker(kind, tag));
      this.redactions.push({
        kind,
        family: best.pattern.detector.family,
        detector: best.pattern.detector.id,
        envName: best.envName,
        tag,
        span: { start: gStart, end: gEnd },
      });
      this.#emitted = gEnd;
      i = j;
      const echo = this.#learn(secret, best);
      if (echo) {
        // Its copies (all after gEnd) join the candidates still to be resolved.
        cands = cands.slice(i);
        i = 0;
        if (this.#findCopies(echo, cands) && cands.length > 1) {
          cands.sort((a, b) => a.start - b.start || b.end - a.end);
        }
        if (!this.#ended) safe = Math.max(this.#emitted, Math.min(safe, end - this.#echoHold));
      }
    }
    this.#cands = i === 0 ? cands : cands.slice(i);
    if (safe > this.#emitted) {
      out.push(this.#slice(this.#emitted, safe));
      this.#emitted = safe;
    }
    this.#trim();
    return out.length === 1 ? out[0]! : out.join('');
  }

  /** Remember a redacted span as an echo (null when it is too short or long, known, or full). */
  #learn(secret: string, best: Candidate): Echo | null {
    if (secret.length < ECHO_MIN || secret.length > ECHO_MAX || this.#echoes.length >= MAX_ECHOES)
      return null;
    if (!echoWorthy(secret)) return null;
    for (const e of this.#echoes) if (e.text === secret) return null;
    const echo: Echo = { text: secret, pattern: best.pattern, envName: best.envName, from: this.#emitted };
    this.#echoes.push(echo);
    this.#echoHold = Math.max(this.#echoHold, secret.length);
    return echo;
  }

  /**
   * Copies of `echo` in the unsearched part of the buffer become candidates in `into`; true when
   * any was found. A copy must stand alone: not inside a longer run of letters and digits.
   */
  #findCopies(echo: Echo, into: Candidate[]): boolean {
    const buf = this.#buf;
    const { text } = echo;
    const first = isAlnumCode(text.charCodeAt(0));
    const last = isAlnumCode(text.charCodeAt(text.length - 1));
    // Until the stream ends, a copy at the very end waits for the character after it.
    const open = this.#ended ? Infinity : buf.length - text.length;
    let found = false;
    let k = buf.indexOf(text, Math.max(echo.from, this.#emitted) - this.#bufStart);
    while (k >= 0 && k < open) {
      const ok =
        !(first && k > 0 && isAlnumCode(buf.charCodeAt(k - 1))) &&
        !(last && isAlnumCode(buf.charCodeAt(k + text.length)));
      if (ok) {
        const start = k + this.#bufStart;
        into.push({ start, end: start + text.length, pattern: echo.pattern, envName: echo.envName });
        found = true;
      }
      k = buf.indexOf(text, k + (ok ? text.length : 1));
    }
    echo.from = Math.max(echo.from, this.#end - text.length);
    return found;
  }

  #slice(from: number, to: number): string {
    return this.#buf.slice(from - this.#bufStart, to - this.#bufStart);
  }

  /** Drop text no matcher can look at again (keep LOOKBEHIND characters of context). */
  #trim(): void {
    const keepFrom = this.#emitted - LOOKBEHIND;
    const drop = keepFrom - this.#bufStart;
    if (drop > 4096 && drop * 2 > this.#buf.length) {
      this.#buf = this.#buf.slice(drop);
      this.#bufStart = keepFrom;
    }
  }
}

/** One-shot scan: the stream machine fed the whole text at once. */
export function scanText(
  text: string,
  rules: Ruleset,
  tagger: Tagger,
): { sanitized: string; redactions: Redaction[] } {
  const machine = new ScanMachine(rules, tagger);
  const sanitized = machine.finish(text);
  // Nothing redacted: the output is the input itself (not a copy the machine assembled).
  if (machine.redactions.length === 0) return { sanitized: text, redactions: machine.redactions };
  return { sanitized, redactions: machine.redactions };
}
