/**
 * Values carried through pure functions of literal data (issue 22, r4): a parse of literal text
 * yields the literal pieces it contains (query strings, python literals), a copy, clone, spread,
 * set or container of values holds those values, and a read from such a container the walk cannot
 * resolve takes the riskiest value it may hold (over-approximating, like code/records.ts).
 */
import { constText, mergeLits, opaque, riskRank, strVal, withTaint, type Val } from './value.js';

/** Items and fields one carried container keeps or searches, at most (work stays linear and small). */
const MAX_CARRY = 64;
/** Nesting searched for the riskiest value (`{'a': ['rm -rf ~']}`). */
const MAX_DEPTH = 3;

/** A container the walk knows the contents of: list/tuple/set items or mapping fields (a JS Map too), not a library object. */
export function isContainer(v: Val | undefined): v is Val {
  return (
    v !== undefined &&
    (v.ref === undefined || v.ref === 'Map()') &&
    v.module !== true &&
    (v.items !== undefined || v.fields !== undefined)
  );
}

/**
 * The riskiest value `v` may hold (its items, its fields' values, nested up to MAX_DEPTH), carrying
 * the container's taint; dynamic when it had several candidates. Undefined when none is known text.
 */
export function riskiestHeld(v: Val): Val | undefined {
  // Values are immutable: a container read many times (`d[k]` in a loop) is searched once.
  const known = RISKIEST.get(v);
  if (known !== undefined) return known ?? undefined;
  const found = searchRiskiest(v);
  RISKIEST.set(v, found ?? null);
  return found;
}

/** What riskiestHeld found per container object (null: nothing). */
const RISKIEST = new WeakMap<Val, Val | null>();

function searchRiskiest(v: Val): Val | undefined {
  let best: Val | undefined;
  let rank = 0;
  let seen = 0;
  const visit = (x: Val, depth: number): void => {
    if (++seen > MAX_CARRY * 4) return;
    if (isContainer(x)) {
      if (depth >= MAX_DEPTH) return;
      for (const i of (x.items ?? []).slice(0, MAX_CARRY)) visit(i, depth + 1);
      let n = 0;
      for (const f of x.fields?.values() ?? []) {
        if (++n > MAX_CARRY) break;
        visit(f, depth + 1);
      }
      return;
    }
    const r = riskRank(x);
    if (r > rank) {
      best = x;
      rank = r;
    }
  };
  visit(v, 0);
  if (best === undefined) return undefined;
  const many = (v.items?.length ?? 0) + (v.fields?.size ?? 0) > 1;
  const out = withTaint(best, { ...v, lits: mergeLits(v.lits, []) });
  return many ? { ...out, dynamic: true } : out;
}

/** The value kept under `key` in a container, else (an unresolved key) its riskiest value. */
export function heldAt(v: Val, key: string | null, index: number | undefined): Val | undefined {
  if (!isContainer(v)) return charAt(v, index);
  if (key !== null && v.fields?.has(key)) return v.fields.get(key);
  if (index !== undefined && v.items !== undefined && Number.isInteger(index)) {
    const at = index < 0 ? v.items.length + index : index;
    const item = v.items[at];
    if (item !== undefined) return item;
  }
  return riskiestHeld(v);
}

/**
 * One character of known text picked by a known index (`string.ascii_lowercase[17]`, `a[17]` of a
 * literal alphabet): text the program computes by position, so generated (obfuscation when run).
 */
function charAt(v: Val, index: number | undefined): Val | undefined {
  if (index === undefined || !Number.isInteger(index) || v.ref !== undefined || v.num !== undefined)
    return undefined;
  const text = constText(v);
  if (text === null) return undefined;
  const ch = text.at(index);
  return ch === undefined ? undefined : { ...strVal(ch, v.lits), sources: v.sources, generated: true };
}

/** A mapping value with `fields`, carrying the taint of `from`. */
export function mappingVal(fields: ReadonlyMap<string, Val>, from: readonly Val[]): Val {
  return { ...opaque(from), fields };
}

/** A list value with `items`, carrying the taint of `from`. */
export function itemsVal(items: readonly Val[], from: readonly Val[]): Val {
  return { ...opaque(from), items: items.slice(0, MAX_CARRY) };
}

/** `[[k, v], ...]` pairs (`dict(pairs)`, `new Map(entries)`) as mapping fields; undefined when none is a pair. */
export function pairsToFields(list: Val | undefined): Map<string, Val> | undefined {
  if (list?.items === undefined) return undefined;
  const fields = new Map<string, Val>();
  for (const pair of list.items.slice(0, MAX_CARRY)) {
    const [k, v] = pair.items ?? [];
    const key = k !== undefined && k.ref === undefined && k.parts?.length === 1 ? k.parts[0] : undefined;
    if (typeof key === 'string' && v !== undefined) fields.set(key, v);
  }
  return fields.size > 0 ? fields : undefined;
}

/** A mapping's entries as `[k, v]` pairs (`Object.entries(o)`, `d.items()`). */
export function fieldsToPairs(v: Val): Val | undefined {
  if (v.fields === undefined) return undefined;
  const items: Val[] = [];
  for (const [k, f] of v.fields) {
    if (items.length >= MAX_CARRY) break;
    items.push(itemsVal([strVal(k), f], [f]));
  }
  return itemsVal(items, [v]);
}

/** Fields of several mappings merged: `first` wins (ChainMap) or the last one does (spread, Object.assign). */
export function mergeFields(maps: readonly Val[], first: boolean): Map<string, Val> {
  const out = new Map<string, Val>();
  for (const m of first ? [...maps].reverse() : maps)
    for (const [k, f] of m.fields ?? []) if (out.size < MAX_CARRY || out.has(k)) out.set(k, f);
  return out;
}

/** Percent-decoding of one query component (`+` is a space); the text as it is when malformed. */
function queryDecode(s: string): string {
  const spaced = s.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * A query string's `key=value` pairs, decoded (`urllib.parse.parse_qsl`, `URLSearchParams`,
 * `querystring.parse`); a leading `?` or a whole URL's query part is accepted. Null when not text.
 */
export function queryPairs(text: string | null): [string, string][] | null {
  if (text === null || text.length > 64 * 1024) return null;
  const q = text.includes('?') ? text.slice(text.indexOf('?') + 1) : text;
  const pairs: [string, string][] = [];
  for (const piece of q.replace(/#.*$/, '').split(/[&;]/)) {
    if (piece === '' || pairs.length >= MAX_CARRY) continue;
    const eq = piece.indexOf('=');
    pairs.push(
      eq < 0 ? [queryDecode(piece), ''] : [queryDecode(piece.slice(0, eq)), queryDecode(piece.slice(eq + 1))],
    );
  }
  return pairs;
}

/** Query pairs as a mapping: each key holds its first value, or a list of them (`parse_qs`). */
export function queryFields(pairs: readonly [string, string][], from: Val, lists: boolean): Map<string, Val> {
  const fields = new Map<string, Val>();
  for (const [k, v] of pairs) {
    const val = withTaint(strVal(v), from);
    if (!lists) {
      if (!fields.has(k)) fields.set(k, val);
      continue;
    }
    const old = fields.get(k);
    fields.set(k, itemsVal([...(old?.items ?? []), val], [from]));
  }
  return fields;
}

/** Longest python literal text read by literalPieces. */
const MAX_LITERAL = 16 * 1024;

/**
 * The string literals written in a python literal's text (`ast.literal_eval("'rm -rf ~'")`): one
 * string when the text is nothing else, else a list of every quoted piece (over-approximating what
 * the parsed structure may hand out). Undefined when the text holds no string.
 */
export function literalPieces(text: string | null, from: Val): Val | undefined {
  if (text === null || text.length > MAX_LITERAL) return undefined;
  const re = /[rRbBuU]?('''[\s\S]*?'''|"""[\s\S]*?"""|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")/g;
  const pieces: Val[] = [];
  let whole = false;
  for (let m = re.exec(text); m !== null && pieces.length < MAX_CARRY; m = re.exec(text)) {
    const body = m[1]!;
    const q = body.startsWith("'''") || body.startsWith('"""') ? 3 : 1;
    const raw = body.slice(q, body.length - q);
    const inner = /^[rR]/.test(m[0]) ? raw : raw.replace(/\\(.)/g, (_, ch: string) => ESCAPES[ch] ?? ch);
    pieces.push(withTaint(strVal(inner), from));
    if (m.index === text.search(/\S/) && m.index + m[0].length === text.trimEnd().length) whole = true;
  }
  if (pieces.length === 0) return undefined;
  if (whole && pieces.length === 1) return pieces[0];
  return itemsVal(pieces, [from]);
}

const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', '0': '\0' };

/**
 * A mapping that is also iterable over its [key, value] entries (a JS Map or URLSearchParams):
 * spreading it, Array.from or a for-of loop see the pairs, Object.fromEntries the fields.
 */
export function entriesMap(fields: ReadonlyMap<string, Val>, from: readonly Val[]): Val {
  const m = mappingVal(fields, from);
  return { ...m, items: fieldsToPairs(m)?.items ?? [] };
}

/**
 * Query text, a {k: v} object, [[k, v]] pairs or another mapping as a mapping (URLSearchParams when
 * iterable, querystring.parse when not).
 */
export function paramsOf(src: Val | undefined, iterable: boolean): Val | undefined {
  if (src === undefined) return undefined;
  const make = (f: ReadonlyMap<string, Val>): Val => (iterable ? entriesMap(f, [src]) : mappingVal(f, [src]));
  if (src.fields !== undefined && (src.ref === undefined || src.ref === 'Map()')) return make(src.fields);
  const pairs = pairsToFields(src);
  if (pairs !== undefined) return make(pairs);
  const q = queryPairs(src.ref === undefined ? constText(src) : null);
  return q ? make(queryFields(q, src, false)) : undefined;
}

/** url.searchParams of a URL whose text is known: its query as URLSearchParams. */
export function searchParamsOf(base: Val): Val | undefined {
  const text = base.ref === undefined ? constText(base) : null;
  if (text === null || !/^[a-zA-Z][\w+.-]*:\/\/[^?#]*\?/.test(text)) return undefined;
  return paramsOf(withTaint(strVal(text.slice(text.indexOf('?'))), base), true);
}
