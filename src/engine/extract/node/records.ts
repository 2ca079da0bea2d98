/**
 * JavaScript values carried by records and members (issue 22, r3; code/records.ts): class fields
 * (static ones too), Map and Object.fromEntries entries, commander option defaults, array holes in
 * destructuring, destructuring defaults, spread arguments and pop/shift, so a delete target or a
 * command kept in one of them reaches the call that uses it.
 */
import type { SyntaxNode } from '../../parse/index.js';
import { configVal, membersOf, movesAway, optionKey } from '../code/records.js';
import { named } from '../code/syntax.js';
import { constText, opaque, pathOf, refVal, riskRank, strVal, withTaint, type Val } from '../code/value.js';
import type { JsWalker } from '../node.js';
import { JS_CALLS, type JsCall } from './calls.js';
import { entriesMap, searchParamsOf } from '../code/carry.js';
import { getterValue } from './accessors.js';

type Handler = (w: JsWalker, c: JsCall) => Val | undefined;

/** Fields a class may declare and Map entries read, at most. */
const MAX_FIELDS = 64;

/** Constants of the path and os modules (`['', 'home', 'u'].join(path.sep)`). */
const CONSTANTS: ReadonlyMap<string, string> = new Map([
  ['path.sep', '/'],
  ['path.posix.sep', '/'],
  ['path.delimiter', ':'],
  ['path.posix.delimiter', ':'],
  ['os.EOL', '\n'],
]);

/**
 * A class declaration or expression: its fields (`static root = '/x'`, `x = 1`) become the class
 * value's fields and are recorded as what those members may hold; methods are walked as before.
 */
export function classDeclaration(w: JsWalker, n: SyntaxNode): Val {
  const fields = new Map<string, Val>();
  const order: string[] = [];
  const table = membersOf(w);
  let nameNode: SyntaxNode | undefined;
  for (const c of n.children) {
    if (!c.named) continue;
    if (c.type === 'identifier' && nameNode === undefined) {
      nameNode = c;
      continue;
    }
    if (c.type !== 'class_body') {
      w.visit(c);
      continue;
    }
    for (const m of named(c)) {
      if (m.type !== 'field_definition') {
        w.visit(m);
        // `get root() { ... }`: the member is what the getter returns (node/accessors.ts).
        const got = m.type === 'method_definition' ? getterValue(w, m) : undefined;
        if (got !== undefined) fields.set(got[0], got[1]);
        continue;
      }
      const kids = named(m);
      const prop = kids.find(
        (k) => k.type === 'property_identifier' || k.type === 'private_property_identifier',
      );
      const valueNode = kids[kids.length - 1];
      const v = valueNode && valueNode !== prop ? w.visit(valueNode) : undefined;
      if (!prop) continue;
      const name = w.src(prop);
      if (order.length < MAX_FIELDS && !order.includes(name)) order.push(name);
      if (v !== undefined) {
        fields.set(name, v);
        table.record(name, v);
      }
    }
  }
  const name = nameNode ? w.src(nameNode) : 'X';
  const cls: Val = { ...refVal(name, name), fields, fieldNames: order };
  if (nameNode) w.env.set(name, cls);
  return cls;
}

/**
 * A member the walk could not resolve otherwise: a path/os constant, else (on an object that is not
 * a library module) what the input stored under that name anywhere.
 */
export function memberHeld(w: JsWalker, base: Val, prop: string, ref: string | undefined): Val | undefined {
  // A URL's query as a mapping (`new URL(text).searchParams.get('c')`; node/carry.ts).
  if (prop === 'searchParams') return searchParamsOf(base);
  // A listing's entry read `{ withFileTypes: true }` is a Dirent: its name is the entry (`*`).
  if (prop === 'name' && isListingEntry(base)) return base;
  if (ref !== undefined) {
    const constant = CONSTANTS.get(ref);
    if (constant !== undefined) return strVal(constant);
  }
  if (base.module === true || (base.ref !== undefined && !/^[A-Z]|\(\)/.test(base.ref))) return undefined;
  const held = membersOf(w).lookup(prop);
  return held !== undefined ? withTaint(held, base) : undefined;
}

/** What iterating a directory listing yields (node/calls.ts readdir): the glob of every entry. */
function isListingEntry(v: Val): boolean {
  const only = v.parts?.length === 1 ? v.parts[0] : undefined;
  return v.dynamic && (only === '*' || only === '**/*');
}

/** The targets of an array pattern with their positions, holes counted (`[, t]` binds t to item 1). */
export function arrayTargets(n: SyntaxNode): [SyntaxNode, number][] {
  const out: [SyntaxNode, number][] = [];
  let i = 0;
  for (const c of n.children) {
    if (c.type === ',') i++;
    else if (c.named) out.push([c, i]);
  }
  return out;
}

/**
 * `{ name = def }` in a destructuring pattern: the member, or the default when the walk cannot
 * tell what the member holds (an absent key, an unknown object): the default is what runs then.
 */
export function memberOrDefault(got: Val, def: Val): Val {
  return riskRank(got) === 0 && got.fn === undefined && got.ref === undefined ? withTaint(def, got) : got;
}

/** Most items a spread argument is expanded into. */
const MAX_SPREAD = 64;

/** `...x` in a call's arguments: the items of a known array, else one value carrying its taint. */
export function spreadItems(w: JsWalker, a: SyntaxNode): Val[] {
  const inner = named(a)[0];
  const v = inner ? w.visit(inner) : undefined;
  if (v === undefined) return [opaque([])];
  if (v.items !== undefined && v.ref === undefined && v.items.length <= MAX_SPREAD) return [...v.items];
  return [opaque([v])];
}

/**
 * The defaults of the parameters a call leaves out (`function clean(p = os.homedir())` then
 * `clean()`): with them the call is worth walking again (CodeWalker.mayInline).
 */
export function defaultsLeftOut(w: JsWalker, fn: SyntaxNode, given: number): Val[] {
  const params = fn.children.find((c) => c.type === 'formal_parameters');
  if (!params) return [];
  const out: Val[] = [];
  named(params).forEach((p, i) => {
    const def = p.type === 'assignment_pattern' ? named(p)[1] : undefined;
    if (i >= given && def !== undefined && DEFAULT_KINDS.has(def.type)) out.push(w.visit(def));
  });
  return out;
}

/** Default expressions worth a second walk: text, a name, a member or a call (`os.homedir()`). */
const DEFAULT_KINDS: ReadonlySet<string> = new Set([
  'string',
  'template_string',
  'identifier',
  'member_expression',
  'call_expression',
]);

/** `new Map([[k, v], ...])` / `Object.fromEntries([[k, v], ...])`: a mapping with those keys. */
function entries(_w: JsWalker, c: JsCall): Val | undefined {
  const list = c.args[0];
  const fields = new Map<string, Val>();
  // Another Map or URLSearchParams iterates over its entries (code/carry.ts entriesMap).
  if (!list?.items && list?.fields !== undefined && (list.ref === undefined || list.ref === 'Map()'))
    for (const [k, v] of list.fields) fields.set(k, v);
  else if (!list?.items) return undefined;
  for (const pair of list.items?.slice(0, MAX_FIELDS) ?? []) {
    const k = constText(pair.items?.[0]);
    const v = pair.items?.[1];
    if (k !== null && v !== undefined) fields.set(k, v);
  }
  // A Map iterates over its entries too (`[...m]`, `for (const [k, v] of m)`).
  return c.name === 'new Map'
    ? { ...entriesMap(fields, [list]), ref: 'Map()' }
    : { ...opaque([list]), fields };
}

/** m.get(k) on a known mapping: the entry; on an unknown one, what the input stored under k. */
function mapGet(w: JsWalker, c: JsCall): Val | undefined {
  const key = constText(c.args[0]);
  if (key === null || !c.recv) return undefined;
  const field = c.recv.fields?.get(key);
  if (field !== undefined) return field;
  if (c.recv.module === true) return undefined;
  const held = membersOf(w).lookup(key);
  return held !== undefined ? withTaint(held, c.recv) : undefined;
}

/** m.set(k, v): `m.get(k)` may hold v. */
function mapSet(w: JsWalker, c: JsCall): Val | undefined {
  const key = constText(c.args[0]);
  const v = c.args[1];
  if (key !== null && v !== undefined && c.recv?.module !== true) membersOf(w).record(key, v);
  return undefined;
}

/** arr.pop() / arr.shift() on a known array: its last / first item. */
function popShift(_w: JsWalker, c: JsCall): Val | undefined {
  const items = c.recv?.items;
  if (!items || items.length === 0 || c.recv?.ref !== undefined) return undefined;
  return c.method === 'pop' ? items[items.length - 1] : items[0];
}

/**
 * program.option('-d, --dir <d>', 'desc', default) (commander) or .option('dir', { default })
 * (yargs): `program.opts().dir` / `argv.dir` may hold the default.
 */
function commanderOption(w: JsWalker, c: JsCall): Val | undefined {
  const flags = constText(c.args[0]);
  const def = c.args[2] ?? c.args[1]?.fields?.get('default');
  if (flags === null || def === undefined) return undefined;
  const key = optionKey(flags, true);
  if (key !== null) membersOf(w).recordOption(key, def);
  return undefined;
}

/** A handler that runs after the one already registered for that name, when that one declines. */
function withPrevious(prev: Handler | undefined, h: Handler): Handler {
  return prev === undefined ? h : (w, c) => prev(w, c) ?? h(w, c);
}

/** Runs `after` once the handler already registered for each of `names` has run. */
function wrap(names: readonly string[], after: (w: JsWalker, c: JsCall) => void): void {
  for (const name of names) {
    const prev = JS_CALLS.get(name);
    JS_CALLS.add([name], (w, c) => {
      const out = prev?.(w, c);
      after(w, c);
      return out;
    });
  }
}

/** fs.x, fs.xSync and the fs-extra forms of each operation. */
const fsNames = (ops: readonly string[]): string[] =>
  ops.flatMap((op) => [`fs.${op}`, `fs.${op}Sync`, `fs-extra.${op}`, `fs-extra.${op}Sync`]);

// A link exposes its target under a new name (a key linked into a served directory): the target is read.
wrap(fsNames(['symlink', 'link']), (w, c) => {
  const target = c.args[0];
  if (target === undefined) return;
  const { path, dynamic } = pathOf(target);
  w.col.file(c.span, 'read', path, c.name, { dynamic });
});
// Home or root moved elsewhere is gone from its place: a recursive delete of it.
wrap(fsNames(['rename', 'move']), (w, c) => {
  const src = c.args[0];
  if (src === undefined) return;
  const { path, dynamic } = pathOf(src);
  if (movesAway(path)) w.col.file(c.span, 'delete', path, c.name, { recursive: true, dynamic });
});

// yaml/toml/ini text parsed into an object (js-yaml, yaml, toml, ini): its keys hold the text's values.
for (const name of [
  'js-yaml.load',
  'js-yaml.safeLoad',
  'yaml.parse',
  'toml.parse',
  '@iarna/toml.parse',
  'smol-toml.parse',
  'ini.parse',
  'ini.decode',
])
  JS_CALLS.add(
    [name],
    withPrevious(JS_CALLS.get(name), (w, c) => {
      const v = configVal(c.args[0], constText(c.args[0]));
      if (v !== undefined) membersOf(w).recordFields(v);
      return v;
    }),
  );
for (const name of ['new Map', 'Object.fromEntries'])
  JS_CALLS.add([name], withPrevious(JS_CALLS.get(name), entries));
JS_CALLS.methods(
  (
    [
      ['get', mapGet],
      ['set', mapSet],
      ['pop', popShift],
      ['shift', popShift],
      ['option', commanderOption],
      ['requiredOption', commanderOption],
    ] as const
  ).map(([m, h]) => [m, withPrevious(JS_CALLS.byMethod(m), h)] as const),
);
