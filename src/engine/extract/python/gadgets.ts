/**
 * Deserialisation gadgets written in the input (issue 22, r4): pickle opcode text, yaml
 * `!!python/object/apply:` tags and jsonpickle `py/reduce` records handed to an unsafe loader.
 * Each is decoded into the calls loading it makes (`os.system('rm -rf ~')`), in the order they
 * run, and those calls are judged like the same calls written as code: a gadget running `ls` is
 * `ls`. A gadget calling something the walk has no model of fails closed.
 */
import { isMap, isScalar, isSeq, parseAllDocuments, type Node as YamlNode } from 'yaml';
import { unescape } from '../code/strings.js';
import { constText, opaque, refVal, strVal, UNKNOWN, type Val } from '../code/value.js';
import type { CallHandler } from '../code/calls.js';
import type { PyWalker } from '../python.js';
import type { PyCall } from './calls.js';
import { isModuleName } from './modules.js';

/** A value built while loading: text, numbers, containers, a named global, a call's result. */
type G = string | number | boolean | null | readonly G[] | Dict | Ref | Call | Unknown;
interface Dict {
  readonly kind: 'dict';
  readonly entries: [G, G][];
}
interface Ref {
  readonly kind: 'ref';
  readonly name: string;
}
interface Call {
  readonly kind: 'call';
  readonly callee: G;
  readonly args: readonly G[];
  readonly kw: readonly (readonly [string, G])[];
  /** `cls.__new__(cls, ...)` (pickle NEWOBJ, yaml/jsonpickle `new`): runs only what a class's __new__ does. */
  readonly construct?: boolean;
}
interface Unknown {
  readonly kind: 'unknown';
}

const UNKNOWN_G: Unknown = { kind: 'unknown' };
/** Most opcodes or document nodes decoded per load: the work stays linear in the input. */
const MAX_STEPS = 20_000;
/** Deepest yaml or JSON nesting followed. */
const MAX_DEPTH = 64;

function isObj(g: G): g is Dict | Ref | Call | Unknown {
  return typeof g === 'object' && g !== null && !Array.isArray(g);
}

/** The module-qualified name a loader resolves, spelled as the call table knows it. */
function globalName(module: string, name: string): string {
  const mod = module.trim().replace(/^(?:posix|nt)$/, 'os');
  const full = `${mod}.${name.trim()}`;
  return full.replace(/^(?:builtins|__builtin__|__builtins__)\./, '');
}

// --- pickle -----------------------------------------------------------------------------------

const MARK = Symbol('mark');
type Slot = G | typeof MARK;

class Stop extends Error {}

/**
 * The calls a pickle stream makes while loading (protocols 0-5): GLOBAL/STACK_GLOBAL name a
 * callable, REDUCE/INST/OBJ call it, NEWOBJ constructs. Decoding stops at STOP or at the first
 * opcode it cannot read; the calls before that point ran in python too.
 */
export function pickleCalls(data: string): Call[] {
  const calls: Call[] = [];
  const stack: Slot[] = [];
  const memo = new Map<number, G>();
  const setstate = new Map<G, G>();
  let i = 0;
  const need = (n: number): void => {
    if (i + n > data.length) throw new Stop();
  };
  const line = (): string => {
    const e = data.indexOf('\n', i);
    if (e < 0) throw new Stop();
    const s = data.slice(i, e);
    i = e + 1;
    return s;
  };
  const take = (n: number): string => {
    need(n);
    const s = data.slice(i, i + n);
    i += n;
    return s;
  };
  const uint = (n: number): number => {
    const s = take(n);
    let v = 0;
    for (let k = n - 1; k >= 0; k--) v = v * 256 + (s.charCodeAt(k) & 0xff);
    return v;
  };
  const utf8 = (s: string): string => Buffer.from(s, 'latin1').toString('utf8');
  const pop = (): G => {
    const v = stack.pop();
    if (v === undefined || v === MARK) throw new Stop();
    return v;
  };
  const top = (): G => {
    const v = stack[stack.length - 1];
    if (v === undefined || v === MARK) throw new Stop();
    return v;
  };
  const popMark = (): G[] => {
    const at = stack.lastIndexOf(MARK);
    if (at < 0) throw new Stop();
    return stack.splice(at).slice(1) as G[];
  };
  const call = (callee: G, args: G, kw: readonly (readonly [string, G])[] = [], construct = false): Call => {
    const c: Call = {
      kind: 'call',
      callee,
      args: Array.isArray(args) ? (args as G[]) : [args],
      kw,
      ...(construct ? { construct } : {}),
    };
    calls.push(c);
    return c;
  };
  const addTo = (target: G, items: readonly G[]): void => {
    if (Array.isArray(target)) (target as G[]).push(...items);
  };
  const pairs = (items: readonly G[]): [G, G][] => {
    const out: [G, G][] = [];
    for (let k = 0; k + 1 < items.length; k += 2) out.push([items[k]!, items[k + 1]!]);
    return out;
  };
  const setItems = (target: G, entries: [G, G][]): void => {
    if (isObj(target) && target.kind === 'dict') target.entries.push(...entries);
  };
  try {
    for (let steps = 0; i < data.length && steps < MAX_STEPS; steps++) {
      const op = data[i++]!;
      switch (op) {
        case '.':
          return calls;
        case '(':
          stack.push(MARK);
          break;
        case '0':
          if (stack.pop() === undefined) throw new Stop();
          break;
        case '1':
          popMark();
          break;
        case '2':
          stack.push(top());
          break;
        case 'N':
          stack.push(null);
          break;
        case '\x88':
        case '\x89':
          stack.push(op === '\x88');
          break;
        case 'I': {
          const s = line().trim();
          stack.push(s === '01' ? true : s === '00' ? false : Number(s));
          break;
        }
        case 'L':
          stack.push(Number(line().trim().replace(/L$/, '')));
          break;
        case 'F':
          stack.push(Number(line().trim()));
          break;
        case 'G':
          stack.push(Buffer.from(take(8), 'latin1').readDoubleBE(0));
          break;
        case 'J':
          stack.push(uint(4) | 0);
          break;
        case 'K':
          stack.push(uint(1));
          break;
        case 'M':
          stack.push(uint(2));
          break;
        case '\x8a':
        case '\x8b': {
          const n = uint(op === '\x8a' ? 1 : 4);
          take(n);
          stack.push(0);
          break;
        }
        case 'S': {
          const s = line().trim();
          stack.push(unescape(s.slice(1, -1), false));
          break;
        }
        case 'V':
          stack.push(
            line().replace(/\\u([0-9a-fA-F]{4})|\\U([0-9a-fA-F]{8})/g, (_m, a?: string, b?: string) =>
              String.fromCodePoint(parseInt(a ?? b ?? '0', 16)),
            ),
          );
          break;
        case 'T':
        case 'B':
          stack.push(take(uint(4)));
          break;
        case 'U':
        case 'C':
          stack.push(take(uint(1)));
          break;
        case 'X':
          stack.push(utf8(take(uint(4))));
          break;
        case '\x8c':
          stack.push(utf8(take(uint(1))));
          break;
        case '\x8d':
          stack.push(utf8(take(uint(8))));
          break;
        case '\x8e':
        case '\x96':
          stack.push(take(uint(8)));
          break;
        case ']':
        case ')':
        case '\x8f':
          stack.push([]);
          break;
        case '}':
          stack.push({ kind: 'dict', entries: [] });
          break;
        case 'l':
        case 't':
        case '\x91':
          stack.push(popMark());
          break;
        case '\x85':
          stack.push([pop()]);
          break;
        case '\x86': {
          const b = pop();
          stack.push([pop(), b]);
          break;
        }
        case '\x87': {
          const c = pop();
          const b = pop();
          stack.push([pop(), b, c]);
          break;
        }
        case 'd':
          stack.push({ kind: 'dict', entries: pairs(popMark()) });
          break;
        case 'a': {
          const v = pop();
          addTo(top(), [v]);
          break;
        }
        case 'e':
        case '\x90': {
          const items = popMark();
          addTo(top(), items);
          break;
        }
        case 's': {
          const v = pop();
          const k = pop();
          setItems(top(), [[k, v]]);
          break;
        }
        case 'u': {
          const items = popMark();
          setItems(top(), pairs(items));
          break;
        }
        case 'c': {
          const module = line();
          stack.push({ kind: 'ref', name: globalName(module, line()) });
          break;
        }
        case '\x93': {
          const name = pop();
          const module = pop();
          stack.push(
            typeof module === 'string' && typeof name === 'string'
              ? { kind: 'ref', name: globalName(module, name) }
              : UNKNOWN_G,
          );
          break;
        }
        case 'i': {
          const module = line();
          const ref: Ref = { kind: 'ref', name: globalName(module, line()) };
          stack.push(call(ref, popMark()));
          break;
        }
        case 'o': {
          const [callee, ...args] = popMark();
          stack.push(call(callee ?? UNKNOWN_G, args));
          break;
        }
        case 'R': {
          const args = pop();
          stack.push(call(pop(), args));
          break;
        }
        case '\x81': {
          const args = pop();
          stack.push(call(pop(), args, [], true));
          break;
        }
        case '\x92': {
          pop();
          const args = pop();
          stack.push(call(pop(), args, [], true));
          break;
        }
        case 'b': {
          // BUILD: obj.__setstate__(state) when the object has one; a state dict may set it first.
          const state = pop();
          const obj = top();
          const hook = setstate.get(obj);
          if (hook !== undefined) call(hook, [state]);
          const slots = Array.isArray(state) ? (state as G[])[1] : state;
          if (isObj(slots ?? null) && (slots as Dict).kind === 'dict')
            for (const [k, v] of (slots as Dict).entries) if (k === '__setstate__') setstate.set(obj, v);
          break;
        }
        case 'p':
          memo.set(Number(line()), top());
          break;
        case 'q':
          memo.set(uint(1), top());
          break;
        case 'r':
          memo.set(uint(4), top());
          break;
        case '\x94':
          memo.set(memo.size, top());
          break;
        case 'g':
        case 'h':
        case 'j': {
          const k = op === 'g' ? Number(line()) : uint(op === 'h' ? 1 : 4);
          const v = memo.get(k);
          if (v === undefined) throw new Stop();
          stack.push(v);
          break;
        }
        case '\x80':
          take(1);
          break;
        case '\x95':
          take(8);
          break;
        case '\x98':
          break;
        case 'P':
          line();
          stack.push(UNKNOWN_G);
          break;
        case 'Q':
          pop();
          stack.push(UNKNOWN_G);
          break;
        case '\x97':
          stack.push(UNKNOWN_G);
          break;
        case '\x82':
        case '\x83':
        case '\x84':
          // An extension code names a global registered with copyreg: unknown here.
          take(op === '\x82' ? 1 : op === '\x83' ? 2 : 4);
          stack.push(UNKNOWN_G);
          break;
        default:
          return calls;
      }
    }
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
  }
  return calls;
}

// --- yaml ---------------------------------------------------------------------------------------

const PY_TAG = /^tag:yaml\.org,2002:python\/(object\/apply|object\/new|name|module):(.+)$/;

/**
 * The calls PyYAML's unsafe constructors make for a document: `!!python/object/apply:f [args]`
 * and `!!python/object/new:f {args, kwds}` call f, innermost first; `!!python/name:f` is f.
 */
export function yamlCalls(text: string): Call[] {
  if (!text.includes('python/')) return [];
  const calls: Call[] = [];
  let steps = 0;
  let docs;
  try {
    docs = parseAllDocuments(text, { prettyErrors: false, uniqueKeys: false });
  } catch {
    return [];
  }
  const list = Array.isArray(docs) ? docs : [docs];
  const convert = (n: unknown, depth: number): G => {
    if (++steps > MAX_STEPS || depth > MAX_DEPTH || n === null || typeof n !== 'object') return null;
    const node = n as YamlNode;
    const tag = PY_TAG.exec(node.tag ?? '');
    if (isScalar(node)) {
      const v = node.value;
      if (tag?.[1] === 'name' || tag?.[1] === 'module')
        return { kind: 'ref', name: globalName(...splitName(tag[2]!)) };
      const g: G =
        typeof v === 'number' || typeof v === 'boolean' || v === null
          ? v
          : typeof v === 'string'
            ? v
            : UNKNOWN_G;
      return tag ? call(tag, [g], []) : g;
    }
    if (isSeq(node)) {
      const items = node.items.map((c) => convert(c, depth + 1));
      return tag ? call(tag, items, []) : items;
    }
    if (isMap(node)) {
      const entries: [G, G][] = node.items.map((p) => [
        convert(p.key, depth + 1),
        convert(p.value, depth + 1),
      ]);
      if (!tag) return { kind: 'dict', entries };
      const field = (k: string): G | undefined => entries.find(([key]) => key === k)?.[1];
      const args = field('args');
      const kwds = field('kwds');
      const kw =
        isObj(kwds ?? null) && (kwds as Dict).kind === 'dict'
          ? (kwds as Dict).entries.flatMap(([k, v]) => (typeof k === 'string' ? [[k, v] as const] : []))
          : [];
      return call(tag, Array.isArray(args) ? (args as G[]) : [], kw);
    }
    return UNKNOWN_G;
  };
  const call = (tag: RegExpExecArray, args: readonly G[], kw: readonly (readonly [string, G])[]): G => {
    if (tag[1] === 'name' || tag[1] === 'module')
      return { kind: 'ref', name: globalName(...splitName(tag[2]!)) };
    const c: Call = {
      kind: 'call',
      callee: { kind: 'ref', name: globalName(...splitName(tag[2]!)) },
      args,
      kw,
      ...(tag[1] === 'object/new' ? { construct: true } : {}),
    };
    calls.push(c);
    return c;
  };
  for (const d of list) convert(d.contents, 0);
  return calls;
}

/** `os.system` → ['os', 'system']; a bare name is a builtin. */
function splitName(dotted: string): [string, string] {
  const at = dotted.lastIndexOf('.');
  return at < 0 ? ['builtins', dotted] : [dotted.slice(0, at), dotted.slice(at + 1)];
}

// --- jsonpickle -------------------------------------------------------------------------------------

/**
 * The calls jsonpickle makes restoring a JSON document: `py/reduce` [callable, args] calls it,
 * `py/object` with `py/newargs` constructs, `py/repr` "module/expression" evaluates the
 * expression with the module imported (a call of `exec` on that code).
 */
export function jsonpickleCalls(text: string): Call[] {
  if (!text.includes('py/')) return [];
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return [];
  }
  const calls: Call[] = [];
  let steps = 0;
  const push = (c: Call): Call => {
    calls.push(c);
    return c;
  };
  const convert = (v: unknown, depth: number): G => {
    if (++steps > MAX_STEPS || depth > MAX_DEPTH) return UNKNOWN_G;
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
    if (Array.isArray(v)) return v.map((x) => convert(x, depth + 1));
    if (typeof v !== 'object') return UNKNOWN_G;
    const o = v as Record<string, unknown>;
    const name = (k: string): string | undefined => {
      const x = o[k];
      return typeof x === 'string' ? x : undefined;
    };
    const fn = name('py/function') ?? name('py/type') ?? name('py/mod');
    if (fn !== undefined) return { kind: 'ref', name: globalName(...splitName(fn.replace(/\//g, '.'))) };
    if (Array.isArray(o['py/tuple']) || Array.isArray(o['py/set']))
      return convert(o['py/tuple'] ?? o['py/set'], depth + 1);
    if (Array.isArray(o['py/reduce'])) {
      const [callee, args] = (o['py/reduce'] as unknown[]).map((x) => convert(x, depth + 1));
      return push({
        kind: 'call',
        callee: callee ?? UNKNOWN_G,
        args: Array.isArray(args) ? (args as G[]) : [],
        kw: [],
      });
    }
    const repr = name('py/repr');
    if (repr !== undefined) {
      const slash = repr.indexOf('/');
      const code = slash < 0 ? repr : `import ${repr.slice(0, slash)}\n${repr.slice(slash + 1)}`;
      return push({ kind: 'call', callee: { kind: 'ref', name: 'exec' }, args: [code], kw: [] });
    }
    const cls = name('py/object');
    const newargs = o['py/newargs'] ?? o['py/newargsex'] ?? o['py/initargs'];
    if (cls !== undefined && newargs !== undefined) {
      const args = convert(newargs, depth + 1);
      return push({
        kind: 'call',
        callee: { kind: 'ref', name: globalName(...splitName(cls)) },
        args: Array.isArray(args)
          ? Array.isArray((args as G[])[0]) && 'py/newargsex' in o
            ? ((args as G[])[0] as G[])
            : (args as G[])
          : [],
        kw: [],
        construct: !('py/initargs' in o),
      });
    }
    return { kind: 'dict', entries: Object.entries(o).map(([k, x]) => [k, convert(x, depth + 1)]) };
  };
  convert(doc, 0);
  return calls;
}

// --- running the calls ----------------------------------------------------------------------------

/** What the gadget's calls need from the python walk. */
export interface GadgetHost {
  /** Calls `callee` as the code `callee(*args, **kw)` would; undefined when nothing is modelled. */
  call(callee: Val, args: readonly Val[], kw: ReadonlyMap<string, Val>): Val | undefined;
  /** Whether the call table models the qualified name. */
  knows(name: string): boolean;
  /** A gadget calls something with no model: it runs code the analysis cannot see (fail closed). */
  unmodelled(what: string): void;
}

/**
 * Modules whose callables rebuild plain data (containers, dates, numbers, arrays, own records):
 * what pickle and yaml call for ordinary objects, so an unmodelled one of these is not a threat.
 */
const DATA_MODULE =
  /^(?:collections|datetime|decimal|fractions|copy_reg|copyreg|_codecs|codecs|uuid|pathlib|enum|array|re|numpy|pandas|torch\._utils|_collections_abc|types|ipaddress|zoneinfo|email)(?:\.|$)/;
const DATA_BUILTINS = new Set([
  'set',
  'frozenset',
  'bytearray',
  'bytes',
  'complex',
  'object',
  'list',
  'dict',
  'tuple',
  'slice',
  'range',
  'int',
  'float',
  'str',
  'bool',
  'type',
  'reversed',
  'enumerate',
  'zip',
]);

function isDataCallable(name: string): boolean {
  if (!name.includes('.')) return DATA_BUILTINS.has(name);
  return DATA_MODULE.test(name);
}

/** Text a loader would read from `data`: constant text, else the known parts (holes dropped). */
function loaderTexts(data: Val): readonly string[] {
  const t = constText(data);
  if (t !== null) return [t];
  return (data.parts ?? []).filter((p): p is string => typeof p === 'string');
}

export type GadgetFormat = 'pickle' | 'yaml' | 'jsonpickle';

/** Decodes the gadget in `data` and makes its calls through `host`, in loading order. */
export function fireGadgets(format: GadgetFormat, data: Val, host: GadgetHost): void {
  const decode = format === 'pickle' ? pickleCalls : format === 'yaml' ? yamlCalls : jsonpickleCalls;
  for (const text of loaderTexts(data)) {
    const results = new Map<Call, Val>();
    const val = (g: G): Val => toVal(g, results);
    for (const c of decode(text)) {
      const callee = val(c.callee);
      const name = callee.ref;
      const args = c.args.map(val);
      const kw = new Map(c.kw.map(([k, v]) => [k, val(v)] as const));
      if (name === undefined) {
        if (!c.construct) host.unmodelled('a callable built while loading');
        results.set(c, opaque(args));
        continue;
      }
      if (!host.knows(name) && !c.construct && !isDataCallable(name)) host.unmodelled(name);
      const out = host.knows(name) ? host.call(callee, args, kw) : undefined;
      results.set(c, out ?? { ...opaque(args), ref: `${name}()` });
    }
  }
}

/** The loader format a deserialiser's name reads; undefined for loaders of code objects (marshal). */
export function gadgetFormat(name: string): GadgetFormat | undefined {
  if (name.startsWith('yaml.')) return 'yaml';
  if (name.startsWith('jsonpickle.')) return 'jsonpickle';
  return /pickle|dill/i.test(name) ? 'pickle' : undefined;
}

// --- in-memory files handed to loaders ----------------------------------------------------------

type Handler = CallHandler<PyWalker, PyCall>;

/** What an in-memory file (io.BytesIO(b)) or an Unpickler over one holds: a loader reads that. */
const BUFFERS = new WeakMap<Val, Val>();

/** The data a loader reads from `v`: the bytes an in-memory file holds, else `v` itself. */
export function loaderData(v: Val | undefined): Val | undefined {
  return v === undefined ? undefined : (BUFFERS.get(v) ?? v);
}

function holding(ref: string, data: Val | undefined): Val {
  const out: Val = { ...opaque(data ? [data] : []), ref };
  const inner = loaderData(data);
  if (inner !== undefined) BUFFERS.set(out, inner);
  return out;
}

export const PY_BUFFERS: readonly (readonly [readonly string[], Handler])[] = [
  [['io.BytesIO', 'io.StringIO'], (_w, c) => holding(`${c.name}()`, c.args[0] ?? c.kw.get('initial_bytes'))],
  [
    ['pickle.Unpickler', '_pickle.Unpickler', 'dill.Unpickler', 'cloudpickle.Unpickler'],
    (_w, c) => holding('pickle.Unpickler()', c.args[0] ?? c.kw.get('file')),
  ],
];

function toVal(g: G, results: ReadonlyMap<Call, Val>): Val {
  if (typeof g === 'string') return strVal(g);
  if (typeof g === 'number') return { ...UNKNOWN, dynamic: false, num: g };
  if (typeof g === 'boolean' || g === null) return { ...UNKNOWN, dynamic: false, bool: g === true };
  if (Array.isArray(g)) {
    const items = (g as readonly G[]).map((x) => toVal(x, results));
    return { ...opaque(items), items };
  }
  const o = g as Dict | Ref | Call | Unknown;
  switch (o.kind) {
    case 'ref':
      return isModuleName(o.name) ? { ...refVal(o.name, o.name), module: true } : refVal(o.name, o.name);
    case 'call':
      return results.get(o) ?? UNKNOWN;
    case 'dict': {
      const fields = new Map<string, Val>();
      const vals: Val[] = [];
      for (const [k, v] of o.entries) {
        const val = toVal(v, results);
        if (typeof k === 'string') fields.set(k, val);
        vals.push(val);
      }
      return { ...opaque(vals), fields };
    }
    default:
      return UNKNOWN;
  }
}
