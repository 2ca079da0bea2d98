/**
 * What a tool call's name and arguments hold, read in one bounded pass (cli.ts cliEquivalents), so
 * each module that rewrites calls pays only when its gate says it can matter: most calls (read_file,
 * web_search, bash) open a few of some thirty gates.
 *
 * A module declares its gate beside its lines function (`export const CROWD_GATE: Gate = {...}`):
 * name words, key words or a test of the signals, any of which opens it. A gate must open whenever
 * the module can return a line (its own early returns, read over a superset of the arguments):
 * closing it where the module would have answered changes a decision. bench/decision-diff.ts checks
 * that a change of gates decides every case and bench input as before.
 */
import { snakeKey } from './snake-entries.js';

/** The call as the modules read it, with the forms they share. */
export interface CallSignals {
  /** The tool name's words (cli.ts nameWords). */
  readonly w: readonly string[];
  /** The same words, a word joined by `_` also by its parts. */
  readonly name: readonly string[];
  /** The words joined by `_` (`github_create_issue`). */
  readonly tool: string;
  /** Top-level fields by snake-case key (cli.ts fields). */
  readonly f: Map<string, unknown>;
  readonly args: unknown;
  /** Every key at any depth in snake case and in plain lowercase (`maxBytes`: `max_bytes` and `maxbytes`). */
  readonly keys: ReadonlySet<string>;
  /** The `_`-separated words of those keys, each once. */
  readonly keyWords: readonly string[];
  /** The keys (as they are, snake case and lowercase) joined by spaces: one test of an unanchored pattern reads them all. */
  readonly keyText: string;
  /** Every string value at any depth (bounded as the keys). */
  readonly strings: readonly string[];
  /** The walk stopped at a bound (depth, keys or items): every gate opens. */
  readonly partial: boolean;
  /** Nesting of requestCalls: 0 for the call itself. */
  readonly nested: number;
}

/** When a module can matter; any part that holds opens it. A gate with no parts always opens. */
export interface Gate {
  /** Words of the tool's name. */
  readonly name?: ReadonlySet<string>;
  /** Words of the keys, at any depth. */
  readonly keys?: ReadonlySet<string>;
  /** What words cannot say (a value's shape, a name word by pattern). */
  readonly when?: (s: CallSignals) => boolean;
}

/** A set of words written as one space-separated string. */
export const wordSet = (words: string): ReadonlySet<string> => new Set(words.split(/\s+/).filter(Boolean));

/**
 * The words of a plain alternation `/^(?:a|b|c)$/`, so a gate reads the module's own list; throws
 * (at load, in every test run) on any other pattern, whose words a gate must list by hand.
 */
export function alternatives(re: RegExp): string[] {
  const m = /^\^\(\?:([\w|]+)\)\$$/.exec(re.source);
  if (m === null || re.flags !== '') throw new Error(`not a plain word alternation: ${re.source}`);
  return m[1]!.split('|');
}

/** Sets and word lists as one set (gates built from several of a module's lists). */
export const union = (...parts: readonly (Iterable<string> | RegExp)[]): ReadonlySet<string> =>
  new Set(parts.flatMap((p) => (p instanceof RegExp ? alternatives(p) : [...p])));

/** Bounds of the signal walk: deeper than any module reads (their walks stop at 8 levels, 1,024 pairs). */
const MAX_DEPTH = 12;
const MAX_KEYS = 2048;
const MAX_ITEMS = 256;

const lowerKeys = new Map<string, string>();
/** A key's plain lowercase form (blind-spot.ts and others drop separators), memoised for repeated keys. */
function lowerKey(k: string): string {
  let v = lowerKeys.get(k);
  if (v === undefined) {
    v = k.toLowerCase().replace(/[^a-z0-9]+/g, '');
    if (lowerKeys.size > 4096) lowerKeys.clear();
    lowerKeys.set(k, v);
  }
  return v;
}

export function callSignals(
  w: readonly string[],
  f: Map<string, unknown>,
  args: unknown,
  nested: number,
): CallSignals {
  const keys = new Set<string>();
  const keyWords: string[] = [];
  const seen = new Set<string>();
  const strings: string[] = [];
  let partial = false;
  const addKey = (k: string): void => {
    if (keys.has(k)) return;
    keys.add(k);
    const snake = snakeKey(k);
    keys.add(snake);
    keys.add(lowerKey(k));
    for (const part of snake.split('_'))
      if (part !== '' && !seen.has(part)) {
        seen.add(part);
        keyWords.push(part);
      }
  };
  const walk = (x: unknown, depth: number): void => {
    if (typeof x === 'string') {
      if (strings.length >= MAX_KEYS) partial = true;
      else strings.push(x);
      return;
    }
    if (x === null || typeof x !== 'object') return;
    if (depth > MAX_DEPTH || keys.size > MAX_KEYS) {
      partial = true;
      return;
    }
    if (Array.isArray(x)) {
      if (x.length > MAX_ITEMS) partial = true;
      for (let i = 0; i < x.length && i < MAX_ITEMS; i++) walk(x[i], depth + 1);
      return;
    }
    for (const k in x as Record<string, unknown>) {
      if (!Object.prototype.hasOwnProperty.call(x, k)) continue;
      if (keys.size > MAX_KEYS) {
        partial = true;
        return;
      }
      addKey(k);
      walk((x as Record<string, unknown>)[k], depth + 1);
    }
  };
  walk(args, 0);
  const name = w.some((x) => x.includes('_')) ? [...w, ...w.flatMap((x) => x.split('_'))] : w;
  return {
    w,
    name,
    tool: w.join('_'),
    f,
    args,
    keys,
    keyWords,
    keyText: [...keys].join(' '),
    strings,
    partial,
    nested,
  };
}

/** Strings longer than this are left out of lowerText (every gate that reads it bounds its strings below it). */
export const LOWER_TEXT_MAX = 300;
let lowerFor: CallSignals | undefined;
let lowered = '';
/**
 * The call's strings under LOWER_TEXT_MAX characters, lowercased and joined by newlines, made once
 * per call: a gate tests one pattern of words its own test needs on it and reads the strings one
 * by one only where that matches (most calls hold none of a gate's words). A signals object is
 * never changed once made, so the last one asked for is memoised by identity.
 */
export function lowerText(s: CallSignals): string {
  if (lowerFor !== s) {
    let text = '';
    for (const v of s.strings) if (v.length < LOWER_TEXT_MAX) text += `${v.toLowerCase()}\n`;
    lowered = text;
    lowerFor = s;
  }
  return lowered;
}

/** Whether any of `words` is in `set`. */
export function anyIn(words: readonly string[], set: ReadonlySet<string>): boolean {
  for (let i = 0; i < words.length; i++) if (set.has(words[i]!)) return true;
  return false;
}

/** Whether the gate opens for these signals. */
export function opens(gate: Gate, s: CallSignals): boolean {
  if (s.partial) return true;
  if (gate.name === undefined && gate.keys === undefined && gate.when === undefined) return true;
  if (gate.name !== undefined && anyIn(s.name, gate.name)) return true;
  if (gate.keys !== undefined && anyIn(s.keyWords, gate.keys)) return true;
  return gate.when !== undefined && gate.when(s);
}

/**
 * Many gates read as one: which gates list each name and key word, so a call looks its words up
 * once instead of once per gate (some fifty gates, a few words each, were a fifth of a call's
 * argument steps). `openGates` answers what `opens` answers for each gate.
 */
export interface GateIndex {
  readonly size: number;
  readonly byName: ReadonlyMap<string, readonly number[]>;
  readonly byKey: ReadonlyMap<string, readonly number[]>;
  /** Gates with no parts: always open. */
  readonly always: readonly number[];
  /** Gates with a test, asked only where no word opened them. */
  readonly tested: readonly number[];
  readonly gates: readonly (Gate | undefined)[];
}

export function gateIndex(gates: readonly (Gate | undefined)[]): GateIndex {
  const byName = new Map<string, number[]>();
  const byKey = new Map<string, number[]>();
  const always: number[] = [];
  const tested: number[] = [];
  const add = (map: Map<string, number[]>, words: ReadonlySet<string>, i: number): void => {
    for (const word of words) {
      const list = map.get(word);
      if (list === undefined) map.set(word, [i]);
      else if (list[list.length - 1] !== i) list.push(i);
    }
  };
  gates.forEach((gate, i) => {
    if (gate === undefined || (gate.name === undefined && gate.keys === undefined && gate.when === undefined))
      always.push(i);
    if (gate?.name !== undefined) add(byName, gate.name, i);
    if (gate?.keys !== undefined) add(byKey, gate.keys, i);
    if (gate?.when !== undefined) tested.push(i);
  });
  return { size: gates.length, byName, byKey, always, tested, gates };
}

/** Per gate of the index, whether it opens for these signals (as `opens` decides it). */
export function openGates(index: GateIndex, s: CallSignals): boolean[] {
  const open = new Array<boolean>(index.size).fill(s.partial);
  if (s.partial) return open;
  for (const i of index.always) open[i] = true;
  const mark = (map: ReadonlyMap<string, readonly number[]>, words: readonly string[]): void => {
    for (let w = 0; w < words.length; w++) {
      const list = map.get(words[w]!);
      if (list !== undefined) for (let k = 0; k < list.length; k++) open[list[k]!] = true;
    }
  };
  mark(index.byName, s.name);
  mark(index.byKey, s.keyWords);
  for (const i of index.tested) if (!open[i]) open[i] = index.gates[i]!.when!(s);
  return open;
}
