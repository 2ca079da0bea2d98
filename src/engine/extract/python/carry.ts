/**
 * Python values carried through parses, copies and containers of literal data (issue 22, r4;
 * code/carry.ts): parse_qs/parse_qsl, ast.literal_eval, csv over io.StringIO, copy/deepcopy,
 * ChainMap, dict of pairs, next/pop/values/items, shlex.join; plus home and root named through
 * pwd.getpwnam and a path's anchor, and sys.executable as the interpreter it names.
 */
import {
  fieldsToPairs,
  heldAt,
  isContainer,
  itemsVal,
  literalPieces,
  mappingVal,
  mergeFields,
  pairsToFields,
  queryFields,
  queryPairs,
  riskiestHeld,
} from '../code/carry.js';
import { shellJoin } from '../code/collector.js';
import {
  constText,
  holeVal,
  mergeLits,
  opaque,
  strVal,
  UNKNOWN,
  withTaint,
  type Val,
} from '../code/value.js';
import type { PyWalker } from '../python.js';
import { PY_CALLS, PY_CONSTANTS, type PyCall } from './calls.js';
import { loaderData } from './gadgets.js';

type Handler = (w: PyWalker, c: PyCall) => Val | undefined;

/** Rows and cells read from csv text, at most. */
const MAX_ROWS = 64;

/** urllib.parse.parse_qs(text): each key holds the list of its values. */
const parseQs: Handler = (_w, c) => {
  const src = c.args[0] ?? c.kw.get('qs');
  const pairs = queryPairs(src ? constText(src) : null);
  return src && pairs ? mappingVal(queryFields(pairs, src, true), [src]) : undefined;
};

/** urllib.parse.parse_qsl(text): the (key, value) pairs in order. */
const parseQsl: Handler = (_w, c) => {
  const src = c.args[0] ?? c.kw.get('qs');
  const pairs = queryPairs(src ? constText(src) : null);
  if (!src || !pairs) return undefined;
  return itemsVal(
    pairs.map(([k, v]) => itemsVal([withTaint(strVal(k), src), withTaint(strVal(v), src)], [src])),
    [src],
  );
};

/** ast.literal_eval(text): the string literals the text holds (code/carry.ts literalPieces). */
const literalEval: Handler = (_w, c) => {
  const src = c.args[0] ?? c.kw.get('node_or_string');
  return src ? literalPieces(constText(src), src) : undefined;
};

/** copy.copy / copy.deepcopy / types.MappingProxyType: the same contents (after any `__reduce__` gadget). */
function sameContents(prev: Handler | undefined): Handler {
  return (w, c) => prev?.(w, c) ?? (isContainer(c.args[0]) ? c.args[0] : undefined);
}

/** collections.ChainMap(a, b, ...): a key is read from the first mapping that has it. */
const chainMap: Handler = (_w, c) => {
  const maps = c.args.filter((a) => a.fields !== undefined);
  return maps.length > 0 ? mappingVal(mergeFields(maps, true), c.args) : undefined;
};

/** dict(pairs) / dict(mapping, k=v) / OrderedDict(...): a mapping with those keys. */
const dictOf: Handler = (_w, c) => {
  const first = c.args[0];
  const fields = new Map<string, Val>(first?.fields ?? pairsToFields(first) ?? []);
  for (const [k, v] of c.kw) fields.set(k, v);
  return fields.size > 0 ? mappingVal(fields, [...c.args, ...c.kw.values()]) : undefined;
};

/** next(it[, default]): the first item (with several, of a set or unknown order, the riskiest). */
const nextItem: Handler = (_w, c) => {
  const it = c.args[0];
  if (it === undefined) return undefined;
  if (it.each !== undefined && it.items === undefined) return it.each;
  if (!isContainer(it) || it.items === undefined || it.items.length === 0) return c.args[1];
  return it.items.length === 1 ? it.items[0] : riskiestHeld(it);
};

/** x.pop() / x.pop(i) / d.pop(k) / s.pop() / d.popitem() on a known container. */
const popItem: Handler = (_w, c) => {
  const v = c.recv;
  if (!isContainer(v)) return undefined;
  const a = c.args[0];
  if (c.method === 'popitem') return riskiestHeld(v);
  if (c.method === 'popleft') return v.items?.[0];
  if (a !== undefined) return heldAt(v, constText(a), a.num) ?? c.args[1];
  return v.items !== undefined && v.items.length === 1 ? v.items[0] : riskiestHeld(v);
};

/** d.copy() / d.values() / d.items() / d.keys() on a known mapping or list. */
const viewOf: Handler = (_w, c) => {
  const v = c.recv;
  if (!isContainer(v)) return undefined;
  switch (c.method) {
    case 'copy':
      return v;
    case 'values':
      return v.fields !== undefined ? itemsVal([...v.fields.values()], [v]) : undefined;
    case 'items':
      return fieldsToPairs(v);
    case 'keys':
      return v.fields !== undefined
        ? itemsVal(
            [...v.fields.keys()].map((k) => strVal(k)),
            [v],
          )
        : undefined;
    default:
      return undefined;
  }
};

/** shlex.join(argv): the command line those words make (quoted where needed). */
const shlexJoin: Handler = (_w, c) => {
  const argv = c.args[0]?.items;
  if (argv === undefined) return undefined;
  const dynamic = argv.some((a) => a.dynamic || a.parts === null);
  const out = { ...opaque(argv), parts: [shellJoin(argv)], dynamic };
  return { ...out, lits: mergeLits(out.lits, c.args[0]!.lits) };
};

/** csv.reader(lines or a StringIO): its rows as lists of cells. */
const csvReader: Handler = (_w, c) => {
  const src = c.args[0];
  if (src === undefined) return undefined;
  const lines =
    src.items?.map((i) => constText(i)) ??
    constText(loaderData(src) ?? src)
      ?.split(/\r?\n/)
      .filter((l) => l !== '') ??
    null;
  if (lines === null) return undefined;
  const delim = constText(c.kw.get('delimiter')) ?? ',';
  const rows: Val[] = [];
  for (const line of lines.slice(0, MAX_ROWS)) {
    if (line === null || delim === '') return undefined;
    const cells = line
      .split(delim)
      .slice(0, MAX_ROWS)
      .map((cell) => withTaint(strVal(cell.replace(/^"(.*)"$/, '$1')), src));
    rows.push(itemsVal(cells, [src]));
  }
  return itemsVal(rows, [src]);
};

/** pwd.getpwnam(name): that user's entry; its pw_dir is a home directory (`/root` for root). */
const passwdByName: Handler = (_w, c) => {
  const user = constText(c.args[0]);
  const home = user === 'root' ? '/root' : user !== null && /^[\w.-]+$/.test(user) ? `/home/${user}` : '~';
  return {
    ...UNKNOWN,
    ref: 'pwd.struct_passwd()',
    fields: new Map<string, Val>([
      ['pw_dir', strVal(home)],
      ['pw_name', user !== null ? strVal(user) : holeVal('USER')],
    ]),
  };
};

/** zip(a, b, ...): tuples of the items at each position, as long as the shortest. */
const zipItems: Handler = (_w, c) => {
  const lists = c.args.map((a) => a.items);
  if (lists.length === 0 || lists.some((l) => l === undefined)) return undefined;
  const n = Math.min(...lists.map((l) => l!.length));
  const rows: Val[] = [];
  for (let i = 0; i < n; i++)
    rows.push(
      itemsVal(
        lists.map((l) => l![i]!),
        c.args,
      ),
    );
  return itemsVal(rows, c.args);
};

/** dict.fromkeys(keys, value): a mapping of those keys. */
const fromKeys: Handler = (_w, c) => {
  const keys = c.args[0]?.items;
  if (keys === undefined) return undefined;
  const value = c.args[1] ?? { ...UNKNOWN, dynamic: false, bool: false };
  const fields = new Map<string, Val>();
  for (const k of keys) {
    const t = constText(k);
    if (t !== null) fields.set(t, value);
  }
  return mappingVal(fields, c.args);
};

/** list(d) / iter(d) / sorted(d) of a known mapping: its keys. */
function keysFirst(prev: Handler | undefined): Handler {
  return (w, c) => {
    // `set()` / `list()`: an empty container that `add`/`append` fill (python.ts #append).
    if (c.args.length === 0 && c.kw.size === 0 && c.name !== 'iter') return itemsVal([], []);
    const d = c.args[0];
    if (isContainer(d) && d.items === undefined && d.fields !== undefined)
      return itemsVal(
        [...d.fields.keys()].map((k) => withTaint(strVal(k), d)),
        [d],
      );
    return prev?.(w, c);
  };
}

/** urllib.parse.urlparse/urlsplit(text): its parts (`.query` feeds parse_qs, `.hostname` a request). */
const urlParts: Handler = (_w, c) => {
  const src = c.args[0] ?? c.kw.get('url');
  const text = src ? constText(src) : null;
  if (src === undefined || text === null || !/^[a-zA-Z][\w+.-]*:\/\//.test(text)) return undefined;
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return undefined;
  }
  const part = (s: string): Val => withTaint(strVal(s), src);
  const fields = new Map<string, Val>([
    ['scheme', part(u.protocol.replace(/:$/, ''))],
    ['netloc', part(u.host)],
    ['hostname', part(u.hostname)],
    ['path', part(u.pathname)],
    ['query', part(u.search.replace(/^\?/, ''))],
    ['fragment', part(u.hash.replace(/^#/, ''))],
  ]);
  return { ...opaque([src]), ref: 'urllib.parse.ParseResult()', fields };
};

/** random.choice(xs) / max(xs) / heapq.heappop(h) / max(a, b): one of the items, at worst the riskiest. */
const oneOf: Handler = (_w, c) => {
  const pool = c.args.length === 1 ? c.args[0] : itemsVal(c.args, c.args);
  if (!isContainer(pool) || pool.items === undefined || pool.items.length === 0) return undefined;
  return pool.items.length === 1 ? pool.items[0] : riskiestHeld(pool);
};

/** random.sample / random.choices / itertools.islice / cycle: some of the items. */
const someOf: Handler = (_w, c) => {
  const pool = c.args[0];
  return isContainer(pool) && pool.items !== undefined ? itemsVal(pool.items, [pool]) : undefined;
};

/** itertools.chain(a, b, ...): every item of each, in order. */
const chainItems: Handler = (_w, c) => {
  const lists = c.name.endsWith('from_iterable') ? (c.args[0]?.items ?? []) : c.args;
  if (lists.length === 0 || lists.some((l) => l.items === undefined)) return undefined;
  return itemsVal(
    lists.flatMap((l) => l.items!),
    lists,
  );
};

/** enumerate(xs): (index, item) pairs. */
const enumerated: Handler = (_w, c) => {
  const xs = c.args[0];
  if (!isContainer(xs) || xs.items === undefined) return undefined;
  return itemsVal(
    xs.items.map((item, i) => itemsVal([{ ...UNKNOWN, dynamic: false, num: i }, item], [xs])),
    [xs],
  );
};

/** buf.read() / getvalue() / readline() / readlines() of an io.StringIO or BytesIO over known text. */
const bufferRead: Handler = (_w, c) => {
  const data = loaderData(c.recv);
  const text = data !== undefined && data !== c.recv ? constText(data) : null;
  if (data === undefined || text === null) return undefined;
  const lines = text.split(/(?<=\n)/).slice(0, MAX_ROWS);
  switch (c.method) {
    case 'readline':
      return withTaint(strVal(lines[0] ?? ''), data);
    case 'readlines':
      return itemsVal(
        lines.map((l) => withTaint(strVal(l), data)),
        [data],
      );
    default:
      return data;
  }
};

/** A handler that runs after the one already registered, when that one declines. */
function withPrevious(prev: Handler | undefined, h: Handler): Handler {
  return prev === undefined ? h : (w, c) => prev(w, c) ?? h(w, c);
}

PY_CALLS.add(['urllib.parse.parse_qs', 'urlparse.parse_qs', 'cgi.parse_qs'], parseQs);
PY_CALLS.add(['urllib.parse.parse_qsl', 'urlparse.parse_qsl', 'cgi.parse_qsl'], parseQsl);
PY_CALLS.add(['ast.literal_eval'], literalEval);
for (const name of ['copy.copy', 'copy.deepcopy', 'types.MappingProxyType'])
  PY_CALLS.add([name], sameContents(PY_CALLS.get(name)));
PY_CALLS.add(['collections.ChainMap', 'ChainMap'], chainMap);
for (const name of ['dict', 'collections.OrderedDict', 'OrderedDict'])
  PY_CALLS.add([name], withPrevious(PY_CALLS.get(name), dictOf));
PY_CALLS.add(['next'], withPrevious(PY_CALLS.get('next'), nextItem));
PY_CALLS.add(['shlex.join'], shlexJoin);
PY_CALLS.add(['csv.reader'], withPrevious(PY_CALLS.get('csv.reader'), csvReader));
PY_CALLS.add(['pwd.getpwnam'], passwdByName);
PY_CALLS.add(['zip'], withPrevious(PY_CALLS.get('zip'), zipItems));
PY_CALLS.add(['dict.fromkeys'], fromKeys);
for (const buf of ['io.StringIO()', 'io.BytesIO()'])
  for (const m of ['read', 'getvalue', 'readline', 'readlines'])
    PY_CALLS.add([`${buf}.${m}`], withPrevious(PY_CALLS.get(`${buf}.${m}`), bufferRead));
for (const name of ['random.choice', 'secrets.choice', 'max', 'min', 'heapq.heappop', 'heapq.heappushpop'])
  PY_CALLS.add([name], withPrevious(PY_CALLS.get(name), oneOf));
for (const name of ['random.sample', 'random.choices', 'itertools.islice', 'itertools.cycle'])
  PY_CALLS.add([name], withPrevious(PY_CALLS.get(name), someOf));
PY_CALLS.add(['itertools.chain', 'itertools.chain.from_iterable'], chainItems);
PY_CALLS.add(['enumerate'], withPrevious(PY_CALLS.get('enumerate'), enumerated));
for (const name of ['list', 'tuple', 'sorted', 'set', 'frozenset', 'iter'])
  PY_CALLS.add([name], keysFirst(PY_CALLS.get(name)));
PY_CALLS.add(
  ['urllib.parse.urlparse', 'urllib.parse.urlsplit', 'urlparse.urlparse', 'urlparse.urlsplit'],
  urlParts,
);
PY_CALLS.methods(
  (
    [
      ['pop', popItem],
      ['popitem', popItem],
      ['popleft', popItem],
      ['copy', viewOf],
      ['values', viewOf],
      ['items', viewOf],
      ['keys', viewOf],
    ] as const
  ).map(([m, h]) => [m, withPrevious(PY_CALLS.byMethod(m), h)] as const),
);
// The interpreter running the input: `[sys.executable, '-c', code]` runs python code.
PY_CONSTANTS.set('sys.executable', strVal('python3'));
// The string module's alphabets, so a command spelled by indexing one is read (r5).
for (const [k, text] of Object.entries({
  ascii_lowercase: 'abcdefghijklmnopqrstuvwxyz',
  ascii_uppercase: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  ascii_letters: 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',
  digits: '0123456789',
  hexdigits: '0123456789abcdefABCDEF',
  octdigits: '01234567',
  punctuation: '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~',
}))
  if (!PY_CONSTANTS.has(`string.${k}`)) PY_CONSTANTS.set(`string.${k}`, strVal(text));
