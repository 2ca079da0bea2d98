/**
 * Python functions handed over as values and called out of sight (issue 22, r4; code/callbacks.ts):
 * a function given to any call runs with that call's other arguments or items (`sorted(xs,
 * key=os.system)`, `sched.enter(0, 1, f, (p,))`, `weakref.finalize(o, f, p)`, an unknown library's
 * `schedule(f, cmd)`), a regex substitution calls its replacement with a match of the text, and the
 * dunder hooks of the input's own classes run where python calls them (`__getattr__` for getattr,
 * `__getitem__` for `obj[k]`, `__call__` for `obj(...)`, `__del__` once the object goes,
 * `__init_subclass__` when a subclass is defined with keywords).
 */
import type { SyntaxNode } from '../../parse/index.js';
import { callbackCalls } from '../code/callbacks.js';
import { CLIENT_REQUEST } from '../code/effects.js';
import { registersHandler } from '../code/route-registrations.js';
import { inHotRegion, keyspaceOf, loopRegion, rangeTurns, type HotRegion } from '../code/repeats.js';
import { opaque, strVal, UNKNOWN, type Val } from '../code/value.js';
import type { PyWalker } from '../python.js';
import { callValue, PY_CALLS, type PyCall } from './calls.js';

/**
 * Calls whose handlers already call the function they are given (threads, executors, atexit,
 * partial, map, reduce...): the walk does not call it a second time.
 */
const CALLS_ITS_FUNCTION = new Set([
  'map',
  'itertools.starmap',
  'functools.partial',
  'functools.reduce',
  'reduce',
  'threading.Thread',
  'threading.Timer',
  'multiprocessing.Process',
  'multiprocessing.context.Process',
  'atexit.register',
  'asyncio.to_thread',
  'operator.call',
  'cProfile.runcall',
  'pdb.runcall',
]);
const METHODS_CALLING_ITS_FUNCTION = new Set(['submit', 'apply_async', 'run_in_executor']);

/** A server calls its handlers with the client's connection, request or message in every parameter. */
const CLIENT: Val = { ...UNKNOWN, sources: [CLIENT_REQUEST] };
const CLIENT_ARGS: readonly Val[] = [CLIENT, CLIENT, CLIENT, CLIENT];

/** A regex substitution: its replacement, when a function, is called with a match of the text. */
const SUBSTITUTION = /^(?:re|regex)\.subn?$|^(?:re|regex)\.compile\(\)\.subn?$/;

/** Matches an own-function replacement is handed: the subject text for `m.group(i)` and `m[i]`. */
const MATCH_GROUPS = 10;

/** A function value the walk can call: one of the input's own, or a library function it models. */
function callable(v: Val): boolean {
  if (v.fn !== undefined) return v.fieldNames === undefined;
  if (v.ref === undefined || v.module === true || v.ref.endsWith('()')) return false;
  return PY_CALLS.byName(v.ref) !== undefined;
}

/** A function value kept under an attribute name (`self.f = os.system`): calling the attribute calls it. */
export function storedFunction(v: Val | undefined): Val | undefined {
  if (v === undefined || v.module === true || v.fieldNames !== undefined) return undefined;
  if (v.fn !== undefined || v.bound !== undefined) return v;
  return v.ref !== undefined && !v.ref.endsWith('()') && PY_CALLS.byName(v.ref) !== undefined ? v : undefined;
}

/**
 * Every function value among a call's arguments, called as the receiving call may call it. Not
 * for the input's own functions (their bodies are walked with the arguments) nor for handlers
 * that call their function themselves.
 */
export function passCallables(w: PyWalker, c: PyCall, callee: Val | undefined): void {
  if (callee?.fn !== undefined || CALLS_ITS_FUNCTION.has(c.name)) return;
  if (c.method !== undefined && METHODS_CALLING_ITS_FUNCTION.has(c.method)) return;
  if (!c.args.some(callable) && ![...c.kw.values()].some(callable)) return;
  const kwValues = [...c.kw.values()];
  // A route or connection handler is called by the server with what the client sent (code/route-registrations.ts).
  if (registersHandler(c.name, c.method, [...c.args, ...kwValues])) {
    for (const f of [...c.args, ...kwValues])
      if (f.fn !== undefined) callValue(w, c, f, CLIENT_ARGS, new Map());
    return;
  }
  const substitution = SUBSTITUTION.test(c.name);
  const call = (f: Val, at: number): void => {
    inHotRegion(w.col, perItem(w, c, at), undefined, () => {
      for (const cb of callbackCalls(at, c.args, kwValues, f)) {
        const args = substitution && f.fn !== undefined ? cb.args.map(matchOf) : cb.args;
        const kw = cb.forwardKw ? new Map([...c.kw].filter(([, v]) => !callable(v))) : new Map<string, Val>();
        callValue(w, c, f, args, kw);
      }
    });
  };
  c.args.forEach((a, i) => {
    if (callable(a)) call(a, i);
  });
  for (const v of kwValues) if (callable(v)) call(v, -1);
}

/**
 * `pool.map(hit, range(100000))`, `ex.map(login, lines)`: the function runs once per item of an
 * argument, so a request it makes is repeated that often or guessed from that list (code/repeats.ts).
 */
function perItem(w: PyWalker, c: PyCall, at: number): HotRegion | undefined {
  if (c.splat || c.args.length !== c.argNodes.length) return undefined;
  for (let i = 0; i < c.argNodes.length; i++) {
    if (i === at) continue;
    const src = w.src(c.argNodes[i]!);
    const keys = keyspaceOf(src);
    const region = loopRegion(w.src(c.node), false, rangeTurns(src) ?? keys?.turns, c.args[i], keys?.what);
    if (region !== undefined) return region;
  }
  return undefined;
}

/**
 * A `*args` or `**kwargs` parameter bound at a call: the remaining arguments as a tuple, the
 * keywords as a dict, so `f(*args, **kw)` in the body hands them on (`def apply(f, *a): f(*a)`).
 */
export function splatParam(type: string, rest: readonly Val[], kw: ReadonlyMap<string, Val>): Val {
  if (type === 'dictionary_splat_pattern') return { ...opaque([...kw.values()]), fields: new Map(kw) };
  return { ...opaque(rest), items: rest };
}

/** A match of `text`: every group is (at most) the text itself. */
function matchOf(text: Val): Val {
  if (text.parts === null) return text;
  const group = withoutRef(text);
  return { ...text, ref: 're.Match()', items: Array.from({ length: MATCH_GROUPS }, () => group) };
}

/** m.group(i) / m.groups(): the text the match was taken from. */
PY_CALLS.add(['re.Match().group', 're.Match().expand'], (_w, c) => (c.recv ? withoutRef(c.recv) : undefined));
PY_CALLS.add(['re.Match().groups'], (_w, c) =>
  c.recv ? { ...opaque([c.recv]), items: c.recv.items } : undefined,
);

function withoutRef(v: Val): Val {
  const { ref: _ref, items: _items, ...rest } = v;
  return rest;
}

/** The class of an instance of the input's own classes (`P()` is an instance of the class bound to `P`). */
function classOf(w: PyWalker, obj: Val | undefined): Val | undefined {
  const ref = obj?.ref;
  if (ref === undefined || !ref.endsWith('()') || obj?.fieldNames === undefined) return undefined;
  const cls = w.env.get(ref.slice(0, -2));
  return cls?.fieldNames !== undefined ? cls : undefined;
}

/**
 * The dunder `hook` of an own instance called with `args` (`__getattr__` by getattr, `__getitem__`
 * by a subscript, `__call__` by a call): what it returns; undefined when the class has no such hook.
 */
export function dunder(
  w: PyWalker,
  obj: Val | undefined,
  hook: string,
  args: readonly Val[],
): Val | undefined {
  const f = classOf(w, obj)?.fields?.get(hook);
  if (f?.fn === undefined) return undefined;
  return w.callFunction(f, [obj!, ...args]) ?? UNKNOWN;
}

/**
 * Hooks python calls with more than the instance (an attribute name, a key, call arguments,
 * a subclass): run where that use is seen (`dunder`), not when the instance is made.
 */
const HOOKS_AT_USE = new Set([
  '__init__',
  '__new__',
  '__getattr__',
  '__getattribute__',
  '__getitem__',
  '__call__',
  '__init_subclass__',
  '__class_getitem__',
  '__set_name__',
]);

/** Dunder hooks run at one construction, at most (each walks the method again). */
const MAX_HOOKS = 8;

/**
 * An own instance made: the hooks python runs on it out of sight (`__del__` when it goes,
 * `__enter__`/`__exit__` in a with, `__str__`, `__eq__`, `__iter__`...) run with it, so what
 * `__init__` stored (`self.p = p`) reaches them; their other parameters are unknown.
 */
export function finalized(w: PyWalker, cls: Val, self: Val): void {
  let n = 0;
  for (const [name, f] of cls.fields ?? []) {
    if (f.fn === undefined || !/^__\w+__$/.test(name) || HOOKS_AT_USE.has(name)) continue;
    if (++n > MAX_HOOKS) break;
    w.callFunction(f, [self]);
  }
}

/**
 * `class C(Base, key=v)`: each own base's `__init_subclass__` runs with the class and the keywords.
 */
export function subclassed(w: PyWalker, n: SyntaxNode, cls: Val): void {
  const list = n.children.find((c) => c.type === 'argument_list');
  const kw = new Map<string, Val>();
  const bases: Val[] = [];
  for (const a of list?.children ?? []) {
    if (a.type === 'keyword_argument') {
      const [k, v] = a.children.filter((x) => x.named);
      if (k && v) kw.set(w.src(k), w.visit(v));
    } else if (a.named) bases.push(w.visit(a));
  }
  for (const base of bases) {
    const hook = base.fieldNames !== undefined ? base.fields?.get('__init_subclass__') : undefined;
    if (hook?.fn !== undefined) w.callFunction(hook, [cls], kw);
  }
  // A class attribute that is an own instance learns its owner and name: __set_name__(self, owner, name).
  let hooks = 0;
  for (const [name, v] of cls.fields ?? []) {
    if (v.fn !== undefined || ++hooks > MAX_HOOKS) continue;
    dunder(w, v, '__set_name__', [cls, strVal(name)]);
  }
  // An own metaclass builds the class: its __new__/__init__ run with (meta, name, bases, namespace).
  const meta = kw.get('metaclass');
  if (meta?.fieldNames !== undefined) {
    const ns: Val = { ...opaque([...(cls.fields?.values() ?? [])]), fields: cls.fields ?? new Map() };
    const args = [meta, strVal(cls.ref ?? 'X'), { ...opaque(bases), items: bases }, ns];
    for (const hook of ['__new__', '__init__', '__prepare__']) {
      const f = meta.fields?.get(hook);
      if (f?.fn !== undefined) w.callFunction(f, args);
    }
  }
}

/** Operator hooks: the left operand's, then the reflected one on the right operand. */
const OPERATORS: Readonly<Record<string, readonly [string, string]>> = {
  '+': ['__add__', '__radd__'],
  '-': ['__sub__', '__rsub__'],
  '*': ['__mul__', '__rmul__'],
  '/': ['__truediv__', '__rtruediv__'],
  '//': ['__floordiv__', '__rfloordiv__'],
  '%': ['__mod__', '__rmod__'],
  '**': ['__pow__', '__rpow__'],
  '@': ['__matmul__', '__rmatmul__'],
  '&': ['__and__', '__rand__'],
  '|': ['__or__', '__ror__'],
  '^': ['__xor__', '__rxor__'],
  '<<': ['__lshift__', '__rlshift__'],
  '>>': ['__rshift__', '__rrshift__'],
  '==': ['__eq__', '__eq__'],
  '!=': ['__ne__', '__ne__'],
  '<': ['__lt__', '__gt__'],
  '>': ['__gt__', '__lt__'],
  '<=': ['__le__', '__ge__'],
  '>=': ['__ge__', '__le__'],
};

/** `a <op> b` where an operand is an own instance: its operator hook runs with the other operand. */
export function operatorHook(w: PyWalker, op: string, a: Val, b: Val): Val | undefined {
  const hooks = OPERATORS[op];
  if (!hooks || (classOf(w, a) === undefined && classOf(w, b) === undefined)) return undefined;
  return dunder(w, a, hooks[0], [b]) ?? dunder(w, b, hooks[1], [a]);
}

/**
 * A comparison chain (`P() == cmd`, `cmd in P()`): each operand walked once; an own instance's
 * comparison or `__contains__` hook runs with the other operand. The value is the operands' taint.
 */
export function comparison(w: PyWalker, n: SyntaxNode): Val {
  const vals: Val[] = [];
  let left: Val | undefined;
  let op = '';
  for (const c of n.children) {
    if (!c.named) {
      op = op === '' ? c.type : `${op} ${c.type}`;
      continue;
    }
    const v = w.visit(c);
    if (left !== undefined) {
      if (op === 'in' || op === 'not in') dunder(w, v, '__contains__', [left]);
      else operatorHook(w, op, left, v);
    }
    vals.push(v);
    left = v;
    op = '';
  }
  const { sources, lits } = opaque(vals);
  return sources.length === 0 && lits.length === 0 ? UNKNOWN : { ...UNKNOWN, sources, lits };
}

/** `obj[k] = v` / `obj.name = v` on an own instance: its `__setitem__` / `__setattr__` runs. */
export function assigned(w: PyWalker, target: SyntaxNode, v: Val): void {
  const [base, key] = target.children.filter((c) => c.named);
  // Only a plain name or attribute chain is walked again (a call there would run twice).
  if (!base || !key || (base.type !== 'identifier' && base.type !== 'attribute')) return;
  const obj = w.visit(base);
  if (classOf(w, obj) === undefined) return;
  if (target.type === 'subscript') dunder(w, obj, '__setitem__', [w.visit(key), v]);
  else if (target.type === 'attribute')
    dunder(w, obj, '__setattr__', [{ ...UNKNOWN, parts: [w.src(key)], dynamic: false }, v]);
}

// json.loads(text, object_hook=f): f runs with each object decoded (the whole document at least).
for (const name of ['json.loads', 'json.load', 'simplejson.loads', 'ujson.loads']) {
  const decode = PY_CALLS.get(name);
  PY_CALLS.add([name], (w, c) => {
    const out = decode?.(w, c);
    const hook = c.kw.get('object_hook') ?? c.kw.get('object_pairs_hook');
    if (hook !== undefined && callable(hook)) callValue(w, c, hook, [out ?? UNKNOWN], new Map());
    return out;
  });
}

// getattr(obj, 'name') on an own instance whose class defines __getattr__: the hook runs with the name.
const getattrHandler = PY_CALLS.get('getattr');
PY_CALLS.add(['getattr'], (w, c) => {
  const [obj, name] = c.args;
  if (name !== undefined && classOf(w, obj) !== undefined) {
    const hooked = dunder(w, obj, '__getattr__', [name]) ?? dunder(w, obj, '__getattribute__', [name]);
    if (hooked !== undefined) return hooked;
  }
  return getattrHandler?.(w, c);
});
