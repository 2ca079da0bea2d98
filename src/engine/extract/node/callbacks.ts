/**
 * Node functions handed over as values and called out of sight (issue 22, r4; code/callbacks.ts):
 * a function given to any call runs with that call's other arguments or items; a listener added
 * with `on(event, f)` runs with what `emit(event, ...)` passes; a Proxy's `get` and `apply` traps
 * run on a member read and a call; a `replace` callback gets the matched text; `f.bind(t, ...a)`
 * keeps `a` for every later call; a member of child_process picked by searching the module's keys
 * (`Object.keys(cp).find(...)`, `for (k in cp)`) or by a key known only at run time is, at worst,
 * the one that runs a shell command line.
 */
import { callbackCalls } from '../code/callbacks.js';
import { hiddenEnumeration } from '../code/hidden-names.js';
import { constText, opaque, refVal, strVal, UNKNOWN, type Val } from '../code/value.js';
import type { JsWalker } from '../node.js';
import { callAs, JS_CALLS, type JsCall } from './calls.js';

/** Calls whose handlers already call the function they are given (timers, Reflect.apply, then...). */
const CALLS_ITS_FUNCTION = new Set([
  'setTimeout',
  'setInterval',
  'setImmediate',
  'process.nextTick',
  'queueMicrotask',
  'Reflect.apply',
  // TXT lookups call their callback with the answer themselves (node/calls.ts dns).
  'dns.resolveTxt',
  'dns.resolveAny',
  'dns.resolve',
]);
const METHODS_CALLING_ITS_FUNCTION = new Set(['call', 'apply', 'bind', 'then', 'forEach', 'map']);
const LISTEN = new Set(['on', 'once', 'addListener', 'prependListener', 'prependOnceListener']);
/** Events a readable stream passes its chunks to (a batch of what it yields). */
const STREAMED = /^(?:data|readable|item|items|row|rows|entry|page|batch|keys)$/;
/** Listeners one event keeps, at most. */
const MAX_LISTENERS = 8;
/** Items a key search tries its predicate on, at most. */
const MAX_SEARCH = 64;

/** A function value the walk can call: the input's own, a bound one, or a library function it models. */
function callable(v: Val | undefined): v is Val {
  if (v === undefined) return false;
  if (v.fn !== undefined || v.bound !== undefined) return true;
  if (v.ref === undefined || v.module === true || v.ref.endsWith('()')) return false;
  return JS_CALLS.byName(v.ref) !== undefined;
}

/** A function value kept in an object's member: a call of that member calls it. */
export function heldFunction(v: Val | undefined): boolean {
  if (v === undefined || v.module === true) return false;
  return v.fn !== undefined || v.bound !== undefined || (v.ref !== undefined && !v.ref.endsWith('()'));
}

/** Listeners by event name, per walk (the emitter object itself is not tracked: any emitter). */
const listeners = new WeakMap<JsWalker, Map<string, Val[]>>();

/**
 * Every function value among a call's arguments, called as the receiving call may call it; an
 * event listener kept for its emit; a replace callback called with the matched text.
 */
export function passCallables(w: JsWalker, c: JsCall): void {
  const listens = c.method !== undefined && (LISTEN.has(c.method) || c.method === 'emit');
  const event = listens ? constText(c.args[0]) : null;
  if (event !== null && LISTEN.has(c.method!) && callable(c.args[1])) {
    let table = listeners.get(w);
    if (!table) listeners.set(w, (table = new Map<string, Val[]>()));
    const list = table.get(event) ?? [];
    if (list.length < MAX_LISTENERS) table.set(event, [...list, c.args[1]]);
    // The runtime may emit it (process 'exit', a server's 'request'): a bound listener runs with its own arguments.
    if (c.args[1].bound !== undefined) callAs(w, c, c.args[1], []);
    // A stream of known items (redis `scanStream()`, a listing's pages) emits them to its data listener.
    else if (STREAMED.test(event) && c.recv?.each !== undefined) callAs(w, c, c.args[1], [c.recv]);
    return;
  }
  if (event !== null && c.method === 'emit') {
    for (const f of listeners.get(w)?.get(event) ?? []) callAs(w, c, f, c.args.slice(1));
    return;
  }
  // 'text'.replace(re, (m, ...groups) => ...): the callback sees (at most) the whole text.
  if ((c.method === 'replace' || c.method === 'replaceAll') && c.args[1]?.fn !== undefined) {
    const text =
      c.recv !== undefined && c.recv.ref === undefined && c.recv.parts !== null ? c.recv : undefined;
    if (text) callAs(w, c, c.args[1], [text, text, text]);
    return;
  }
  // Most calls pass no function value at all: nothing more to look at.
  if (!c.args.some((a) => a.fn !== undefined || a.bound !== undefined || a.ref !== undefined)) return;
  if (CALLS_ITS_FUNCTION.has(c.name)) return;
  if (c.method !== undefined && METHODS_CALLING_ITS_FUNCTION.has(c.method)) return;
  c.args.forEach((f, i) => {
    if (!callable(f)) return;
    const calls = callbackCalls(i, c.args, [], f);
    // A bound function needs no arguments from the call (`process.on('exit', f.bind(null, cmd))`).
    if (calls.length === 0 && f.bound !== undefined) calls.push({ args: [], forwardKw: false });
    for (const cb of calls) callAs(w, c, f, [...cb.args]);
  });
}

/** Fields a JSON.parse reviver is called with, at most. */
const MAX_REVIVED = 16;

// JSON.parse(text, reviver): the reviver runs with each (key, value) of the document, then ('', it).
const parseJson = JS_CALLS.get('JSON.parse');
JS_CALLS.add(['JSON.parse'], (w, c) => {
  const out = parseJson?.(w, c);
  const reviver = c.args[1];
  if (reviver === undefined || !callable(reviver)) return out;
  for (const [k, v] of [...(out?.fields ?? [])].slice(0, MAX_REVIVED)) callAs(w, c, reviver, [strVal(k), v]);
  callAs(w, c, reviver, [strVal(''), out ?? UNKNOWN]);
  return out;
});

/** items.sort(compare) / toSorted: the comparator runs with pairs of the items (each item on both sides). */
function compared(w: JsWalker, items: readonly Val[] | undefined, f: Val | undefined): void {
  if (!items || items.length > MAX_SEARCH || f?.fn === undefined) return;
  for (const item of items) w.callFunction(f, [item, item]);
}

// --- Proxy traps ---------------------------------------------------------------------------

/** new Proxy(target, handler): the handler's traps run on reads and calls. */
JS_CALLS.add(['new Proxy'], (_w, c) => ({
  ...opaque(c.args),
  ref: 'Proxy()',
  items: [c.args[0] ?? UNKNOWN, c.args[1] ?? UNKNOWN],
}));

/** `p.name` / `p['name']` on a Proxy: its get trap with (target, name, proxy). */
export function proxyGet(w: JsWalker, base: Val, prop: string): Val | undefined {
  if (base.ref !== 'Proxy()') return undefined;
  const get = base.items?.[1]?.fields?.get('get');
  if (get?.fn === undefined) return undefined;
  return w.callFunction(get, [base.items![0]!, strVal(prop), base]) ?? UNKNOWN;
}

/** `p(...args)` on a Proxy: its apply trap with (target, this, args). */
export function proxyApply(w: JsWalker, proxy: Val | undefined, args: readonly Val[]): Val | undefined {
  if (proxy?.ref !== 'Proxy()') return undefined;
  const apply = proxy.items?.[1]?.fields?.get('apply');
  if (apply?.fn === undefined) return undefined;
  const list: Val = { ...opaque(args), items: args };
  return w.callFunction(apply, [proxy.items![0]!, UNKNOWN, list]) ?? UNKNOWN;
}

// --- members of child_process found by searching its keys ------------------------------------

/** Members that run a shell command line first: a search over the keys that cannot be decided picks them. */
const RISK_ORDER = ['execSync', 'exec', 'spawnSync', 'spawn', 'execFileSync', 'execFile', 'fork'];

function rank(name: string): number {
  const i = RISK_ORDER.indexOf(name);
  return i < 0 ? RISK_ORDER.length : i;
}

/** Modules whose member chosen at run time is, at worst, a command runner. */
const COMMAND_MODULES = new Set(['child_process']);

/** The member names the walk models for a module object, riskiest first. */
function memberNames(mod: Val | undefined): string[] | undefined {
  if (mod?.module !== true || mod.ref === undefined || !COMMAND_MODULES.has(mod.ref)) return undefined;
  const names = JS_CALLS.namesUnder(`${mod.ref}.`).filter((n) => /^\w+$/.test(n));
  return names.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * `cp[k]` with a key known only at run time: the riskiest member, still a dynamic callee carrying
 * the key's taint and marks (a generated or downloaded key stays one).
 */
export function runtimeMember(base: Val, key: Val): Val | undefined {
  const best = memberNames(base)?.[0];
  if (best === undefined) return undefined;
  return { ...opaque([base, key]), ref: `${base.ref!}.${best}`, unresolved: true };
}

/** `for (k in cp)`: the module as an object of its members (its keys are iterated). */
export function moduleAsObject(mod: Val): Val | undefined {
  const names = memberNames(mod);
  if (!names) return undefined;
  return { ...opaque([mod]), fields: new Map(names.map((n) => [n, refVal(`${mod.ref!}.${n}`, n)])) };
}

JS_CALLS.add(['Object.keys', 'Object.getOwnPropertyNames', 'Reflect.ownKeys'], (_w, c) => {
  const names = memberNames(c.args[0]);
  return names ? { ...opaque(c.args), items: names.map((n) => strVal(n)) } : undefined;
});
JS_CALLS.add(['Object.values'], (_w, c) => {
  const names = memberNames(c.args[0]);
  return names
    ? { ...opaque(c.args), items: names.map((n) => refVal(`${c.args[0]!.ref!}.${n}`, n)) }
    : undefined;
});
JS_CALLS.add(['Object.entries'], (_w, c) => {
  const names = memberNames(c.args[0]);
  if (!names) return undefined;
  const pairs = names.map((n): Val => {
    const pair = [strVal(n), refVal(`${c.args[0]!.ref!}.${n}`, n)];
    return { ...opaque(pair), items: pair };
  });
  return { ...opaque(c.args), items: pairs };
});
// Listing a module's members to pick one by name is a hidden name (code/hidden-names.ts). Going
// through every name with for...of to copy each member is not (esbuild's `__copyProps`).
const NAMES_ONLY = new Set(['Object.keys', 'Object.getOwnPropertyNames', 'Reflect.ownKeys']);
JS_CALLS.wrap(
  ['Object.keys', 'Object.getOwnPropertyNames', 'Reflect.ownKeys', 'Object.values', 'Object.entries'],
  (inner) => (w, c) => {
    const mod = c.args[0];
    if (mod?.module !== true || mod.ref === undefined) return inner?.(w, c);
    // Names gone through whole: the loop's body marks a member it calls by them (node.ts).
    if (NAMES_ONLY.has(c.name) && w.iterated === c.span.start) w.iteratedModule = mod.ref;
    else hiddenEnumeration(w.col, c.span, mod.ref, c.name);
    return inner?.(w, c);
  },
);

/** Text tests a search predicate uses, folded when both sides are known. */
for (const method of ['startsWith', 'endsWith', 'includes'] as const)
  JS_CALLS.methods([
    [
      method,
      (_w, c) => {
        const s = c.recv?.ref === undefined && c.recv?.items === undefined ? constText(c.recv) : null;
        const t = constText(c.args[0]);
        if (s === null || t === null) return undefined;
        return { ...UNKNOWN, dynamic: false, bool: s[method](t) };
      },
    ],
  ]);

/**
 * items.find(pred) / filter(pred) over known items: the items the predicate may accept (all of
 * them where it cannot be decided); find gives the first of those. items.reduce(f, init): f
 * along the items (`[cmd].reduce((acc, c) => exec(c), null)`).
 */
export function searched(
  w: JsWalker,
  method: string | undefined,
  recv: Val | undefined,
  args: readonly Val[],
): Val | undefined {
  if (method === 'reduce') return reduced(w, recv?.items, args[0], args[1]);
  if (method === 'sort' || method === 'toSorted') {
    compared(w, recv?.items, args[0]);
    return undefined;
  }
  if (method !== 'find' && method !== 'filter' && method !== 'findLast') return undefined;
  const pred = args[0];
  const items = recv?.items;
  if (!items || items.length > MAX_SEARCH || pred === undefined || !items.some(isMemberLike))
    return undefined;
  // A predicate the walk cannot call (`filter(fs.existsSync)`, `filter(Boolean)`) may keep every item.
  if (pred.fn === undefined) return method === 'filter' ? { ...opaque(items), items } : undefined;
  const kept = items.filter(
    (item, i) => w.callFunction(pred, [item, { ...UNKNOWN, num: i }])?.bool !== false,
  );
  if (method === 'filter') return { ...opaque(kept), items: kept };
  const picked = method === 'find' ? kept[0] : kept.at(-1);
  return picked ?? UNKNOWN;
}

/** Items a reduce is walked along, at most. */
const MAX_REDUCE = 16;

function reduced(
  w: JsWalker,
  items: readonly Val[] | undefined,
  f: Val | undefined,
  init: Val | undefined,
): Val | undefined {
  if (!items || items.length === 0 || items.length > MAX_REDUCE || f?.fn === undefined) return undefined;
  let acc = init ?? items[0]!;
  const rest = init !== undefined ? items : items.slice(1);
  for (const [i, item] of rest.entries())
    acc = w.callFunction(f, [acc, item, { ...UNKNOWN, num: i }]) ?? opaque([acc, item]);
  return acc;
}

/** An item of a module's key or member list (Object.keys(cp) and friends). */
function isMemberLike(v: Val): boolean {
  return (
    (v.ref !== undefined && !v.ref.endsWith('()')) || v.items?.[1]?.ref !== undefined || constText(v) !== null
  );
}
