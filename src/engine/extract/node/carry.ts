/**
 * JavaScript values carried through parses, copies and containers of literal data (issue 22, r4;
 * code/carry.ts): URLSearchParams and a URL's searchParams, querystring/qs, structuredClone and
 * lodash clones, Set, Array.from/of, Object.entries/values of a literal object, array concat,
 * `path.parse`; plus datastore clients whose statements the generic readings miss (drizzle deletes
 * and updates with no `.where`, @clickhouse/client, duckdb).
 */
import {
  fieldsToPairs,
  heldAt,
  isContainer,
  itemsVal,
  mappingVal,
  paramsOf,
  riskiestHeld,
} from '../code/carry.js';
import { sqlQuery } from '../code/effects.js';
import { constText, dirnameOf, opaque, strVal, UNKNOWN, withTaint, type Val } from '../code/value.js';
import type { JsWalker } from '../node.js';
import { JS_CALLS, type JsCall, testRun } from './calls.js';

type Handler = (w: JsWalker, c: JsCall) => Val | undefined;

const VIA = 'node';

/** A handler that runs after the one already registered, when that one declines. */
function withPrevious(prev: Handler | undefined, h: Handler): Handler {
  return prev === undefined ? h : (w, c) => prev(w, c) ?? h(w, c);
}

/** A handler that runs before the one already registered, which answers when this one declines. */
function before(prev: Handler | undefined, h: Handler): Handler {
  return prev === undefined ? h : (w, c) => h(w, c) ?? prev(w, c);
}

/** structuredClone(x), lodash clones, Object.freeze: the same contents. */
const sameContents: Handler = (_w, c) => (isContainer(c.args[0]) ? c.args[0] : undefined);

/** new Set(items) / Array.from(items): the same items (an object's own items, a string's characters stay unknown). */
const sameItems: Handler = (_w, c) => {
  const src = c.args[0];
  // `new Set()` / `new Array()`: empty, filled by add/push (node.ts).
  if (src === undefined && c.name !== 'Array.from') return itemsVal([], []);
  // Array.from(x, f) maps every item: left to the generic walk.
  if (src?.items === undefined || src.ref !== undefined || c.args[1]?.fn !== undefined) return undefined;
  return itemsVal(src.items, [src]);
};

/** Object.entries / Object.values / Object.keys of a literal object. */
const objectView: Handler = (_w, c) => {
  const o = c.args[0];
  if (o?.fields === undefined || o.ref !== undefined || o.module === true) return undefined;
  if (c.name === 'Object.entries') return fieldsToPairs(o);
  if (c.name === 'Object.values') return itemsVal([...o.fields.values()], [o]);
  return itemsVal(
    [...o.fields.keys()].map((k) => strVal(k)),
    [o],
  );
};

/** a.concat(b, c): an array of every item (strings keep their own concat). */
const arrayConcat: Handler = (_w, c) => {
  const a = c.recv;
  if (a?.items === undefined || a.ref !== undefined) return undefined;
  const items = [...a.items];
  for (const x of c.args)
    if (x.items !== undefined && x.ref === undefined) items.push(...x.items);
    else items.push(x);
  return itemsVal(items, [a, ...c.args]);
};

/** arr.flat() / arr.at(i) / arr.toSorted() / arr.toReversed() / arr.sort() on a known array. */
const arrayView: Handler = (_w, c) => {
  const a = c.recv;
  if (a?.items === undefined || a.ref !== undefined) return undefined;
  switch (c.method) {
    case 'flat':
      return itemsVal(
        a.items.flatMap((i) => (i.items !== undefined && i.ref === undefined ? i.items : [i])),
        [a],
      );
    case 'at': {
      const i = c.args[0]?.num;
      if (i === undefined || !Number.isInteger(i)) return riskiestHeld(a);
      return a.items[i < 0 ? a.items.length + i : i];
    }
    case 'toReversed':
      return itemsVal([...a.items].reverse(), [a]);
    case 'toSorted':
    case 'sort': {
      // The default order compares the strings; with a comparator or unknown items the order is unknown.
      const texts = a.items.map((i) => constText(i));
      if (c.args.length > 0 || texts.some((t) => t === null)) return undefined;
      const order = a.items.map((item, i) => ({ item, t: texts[i]! }));
      order.sort((x, y) => (x.t < y.t ? -1 : x.t > y.t ? 1 : 0));
      return itemsVal(
        order.map((o) => o.item),
        [a],
      );
    }
    default:
      return undefined;
  }
};

/** url.parse(text, true): its parts, the query as a mapping (as text when not asked to parse it). */
const legacyUrl: Handler = (_w, c) => {
  const src = c.args[0];
  const text = src ? constText(src) : null;
  if (src === undefined || text === null || c.args[1]?.bool !== true) return undefined;
  const query = paramsOf(
    withTaint(strVal(text.includes('?') ? text.slice(text.indexOf('?')) : ''), src),
    false,
  );
  return query !== undefined ? { ...opaque([src]), fields: new Map([['query', query]]) } : undefined;
};

/** m.get(k) / params.getAll(k) on a known container with a key the walk cannot know: its riskiest value. */
const unknownKey: Handler = (_w, c) => {
  if (!isContainer(c.recv)) return undefined;
  const k = c.args[0];
  const held = heldAt(c.recv, k !== undefined ? constText(k) : null, undefined);
  if (held === undefined) return undefined;
  return c.method === 'getAll' ? itemsVal([held], [c.recv]) : held;
};

/** s.values() / m.values() / arr.values() / m.entries(): what iterating yields. */
const iterView: Handler = (_w, c) => {
  const v = c.recv;
  if (!isContainer(v)) return undefined;
  if (c.method === 'entries') return v.fields !== undefined ? fieldsToPairs(v) : undefined;
  if (c.method === 'values') return v.fields !== undefined ? itemsVal([...v.fields.values()], [v]) : v;
  return undefined;
};

/** path.parse(p): root, dir, base, name and ext; the working directory is absolute. */
const pathParse: Handler = (_w, c) => {
  const p = c.args[0];
  if (p === undefined) return undefined;
  const text = constText(p);
  const absolute = p.cwd === true || text?.startsWith('/') === true;
  if (text === null && !absolute) return undefined;
  const fields = new Map<string, Val>([['root', withTaint(strVal(absolute ? '/' : ''), p)]]);
  if (text !== null) {
    const base = text.replace(/\/+$/, '').split('/').pop() ?? '';
    const dot = base.lastIndexOf('.');
    fields.set('dir', dirnameOf(p));
    fields.set('base', withTaint(strVal(base), p));
    fields.set('name', withTaint(strVal(dot > 0 ? base.slice(0, dot) : base), p));
    fields.set('ext', withTaint(strVal(dot > 0 ? base.slice(dot) : ''), p));
  }
  return mappingVal(fields, [p]);
};

// --- datastore clients --------------------------------------------------------------------------

/** Drizzle's per-driver entry points (`require('drizzle-orm/node-postgres').drizzle`). */
const DRIZZLE_DRIVERS = [
  'node-postgres',
  'postgres-js',
  'mysql2',
  'better-sqlite3',
  'libsql',
  'neon-http',
  'neon-serverless',
  'planetscale-serverless',
  'vercel-postgres',
  'pglite',
  'd1',
  'bun-sqlite',
  'sqlite-proxy',
  'pg-proxy',
];

/** What follows a call in its statement: `.where(...)` narrows a drizzle delete or update. */
function narrowedAfter(w: JsWalker, c: JsCall): boolean {
  const rest = w.text.slice(c.node.end, c.node.end + 600);
  // The statement ends at `;` or at a line that does not continue the chain.
  const stop = rest.search(/;|\n\s*(?![\s.?])/);
  return /\.\s*where\s*\(/.test(stop < 0 ? rest : rest.slice(0, stop));
}

/** The table a drizzle call names (`users`, `schema.users`), lower case. */
function tableName(w: JsWalker, c: JsCall): string {
  const node = c.argNodes[0];
  const t = c.args[0]?.ref ?? (node ? w.src(node) : 'X');
  const last = t.replace(/\(\)$/, '').split('.').pop() ?? 'X';
  return /^\w+$/.test(last) ? last : 'X';
}

/** db.delete(t) / db.update(t).set(...) with no `.where`: every row, written as the SQL it runs. */
const drizzleWrite: Handler = (w, c) => {
  if (narrowedAfter(w, c)) return undefined;
  const table = tableName(w, c);
  const sql = c.method === 'delete' ? `DELETE FROM ${table}` : `UPDATE ${table} SET x = 1`;
  sqlQuery(w.col, strVal(sql), c.span, VIA);
  return UNKNOWN;
};

/** client.command({ query }) / client.query({ query }) / db.run(sql): the statement as SQL. */
const statementCall: Handler = (w, c) => {
  const first = c.args[0];
  const q = first?.fields?.get('query') ?? first;
  if (q === undefined) return undefined;
  const at = c.argNodes[0];
  sqlQuery(w.col, q, at ? w.span(at) : c.span, VIA, testRun(w, c));
  return opaque([q]);
};

JS_CALLS.add(['new URLSearchParams', 'URLSearchParams'], (_w, c) => paramsOf(c.args[0], true));
JS_CALLS.add(['querystring.parse', 'querystring.decode', 'qs.parse', 'query-string.parse'], (_w, c) =>
  paramsOf(c.args[0], false),
);
JS_CALLS.add(
  ['structuredClone', 'lodash.cloneDeep', 'lodash.clone', 'lodash/cloneDeep', 'lodash/clone', 'rfdc()'],
  sameContents,
);
JS_CALLS.add(['Object.freeze'], withPrevious(JS_CALLS.get('Object.freeze'), sameContents));
JS_CALLS.add(['new Set', 'Array.from', 'new Array'], sameItems);
JS_CALLS.add(['Array.of'], (_w, c) => itemsVal(c.args, c.args));
for (const name of ['Object.entries', 'Object.values', 'Object.keys'])
  JS_CALLS.add([name], withPrevious(JS_CALLS.get(name), objectView));
JS_CALLS.add(['path.parse', 'path.posix.parse'], pathParse);
JS_CALLS.add(['url.parse'], withPrevious(JS_CALLS.get('url.parse'), legacyUrl));
// The working directory is absolute: `path.parse(process.cwd()).root` is the root.
JS_CALLS.add(['process.cwd'], () => ({ ...strVal('.'), cwd: true }));
JS_CALLS.methods([
  ['concat', before(JS_CALLS.byMethod('concat'), arrayConcat)],
  ['get', withPrevious(JS_CALLS.byMethod('get'), unknownKey)],
  ['getAll', withPrevious(JS_CALLS.byMethod('getAll'), unknownKey)],
  ['values', withPrevious(JS_CALLS.byMethod('values'), iterView)],
  ['entries', withPrevious(JS_CALLS.byMethod('entries'), iterView)],
  ...(['flat', 'at', 'toSorted', 'toReversed', 'sort'] as const).map(
    (m) => [m, before(JS_CALLS.byMethod(m), arrayView)] as const,
  ),
]);
JS_CALLS.add(
  DRIZZLE_DRIVERS.flatMap((d) => [`drizzle-orm/${d}.drizzle().delete`, `drizzle-orm/${d}.drizzle().update`]),
  drizzleWrite,
);
JS_CALLS.add(
  [
    '@clickhouse/client.createClient().command',
    '@clickhouse/client.createClient().query',
    '@clickhouse/client.createClient().exec',
    'new duckdb.Database().run',
    'new duckdb.Database().all',
    'new duckdb.Database().exec',
    '@duckdb/node-api.DuckDBInstance.create().connect().run',
  ],
  statementCall,
);
