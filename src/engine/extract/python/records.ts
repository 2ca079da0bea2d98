/**
 * Python values carried by records and members (issue 22, r3; code/records.ts): classes and their
 * attributes, dataclass/namedtuple/Enum fields, instances built from them, argparse defaults,
 * config text (yaml, toml, ini), `match` captures and functools.reduce, so a delete target or a
 * command kept in one of them reaches the call that uses it.
 */
import type { SyntaxNode } from '../../parse/index.js';
import { configVal, membersOf, movesAway } from '../code/records.js';
import { named } from '../code/syntax.js';
import { constText, opaque, pathOf, refVal, strVal, UNKNOWN, withTaint, type Val } from '../code/value.js';
import type { PyWalker } from '../python.js';
import { PY_CALLS, type PyCall } from './calls.js';
import { finalized, subclassed } from './callbacks.js';
import { preloadVar } from '../code/preload.js';

type Handler = (w: PyWalker, c: PyCall) => Val | undefined;

/** Fields a class or record may declare, and list items a match pattern binds, at most. */
const MAX_FIELDS = 64;
/** Parents of a path listed for `.parents[i]`. */
const MAX_PARENTS = 8;

/**
 * A class definition's body, walked statement by statement: its attributes (`root = '/x'`,
 * `path: str = '/x'`, `run = staticmethod(os.system)`) and methods become the class value's
 * fields, declared names its field order (a dataclass constructor's positions). The class name is
 * bound to that value.
 */
export function classDefinition(w: PyWalker, n: SyntaxNode): Val {
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
    if (c.type !== 'block') {
      w.visit(c);
      continue;
    }
    for (const stmt of named(c)) {
      const v = w.visit(stmt);
      const inner = stmt.type === 'expression_statement' ? named(stmt)[0] : stmt;
      if (inner?.type === 'assignment') {
        const target = inner.children[0];
        if (target?.type !== 'identifier') continue;
        const name = w.src(target);
        const hasValue = inner.children.some((k) => k.type === '=');
        if (order.length < MAX_FIELDS && !order.includes(name)) order.push(name);
        if (hasValue) {
          fields.set(name, v);
          table.record(name, v);
        }
      } else if (inner?.type === 'function_definition' || inner?.type === 'decorated_definition') {
        const def = inner.type === 'function_definition' ? inner : named(inner).at(-1);
        const id = def?.children.find((k) => k.type === 'identifier');
        const fn = id ? w.env.get(w.src(id)) : undefined;
        // A @property is read, not called: the attribute is what its body returns (r6).
        const got = id && def && isProperty(w, inner) ? w.defReturn(def) : undefined;
        if (id && got !== undefined) {
          fields.set(w.src(id), got);
          table.record(w.src(id), got);
        } else if (id && fn?.fn !== undefined) fields.set(w.src(id), fn);
      }
    }
  }
  const name = nameNode ? w.src(nameNode) : 'X';
  const cls: Val = { ...refVal(name, name), fields, fieldNames: order };
  if (nameNode) w.env.set(name, cls);
  subclassed(w, n, cls);
  return cls;
}

/** A method decorated as a property (`@property`, `@functools.cached_property`). */
function isProperty(w: PyWalker, def: SyntaxNode): boolean {
  return named(def).some(
    (d) => d.type === 'decorator' && /^@\s*(?:functools\.)?(?:cached_)?property\s*$/.test(w.src(d)),
  );
}

/**
 * `C(args)` where C is a class or record type of this input: an instance holding the class's
 * attributes, overridden by the arguments by position (declared field order) and keyword; its
 * `__init__` is walked with them (`self.path = path` records what it stores).
 */
export function construct(w: PyWalker, cls: Val, args: readonly Val[], kw: ReadonlyMap<string, Val>): Val {
  const names = cls.fieldNames ?? [];
  const fields = new Map<string, Val>();
  const table = membersOf(w);
  for (const [k, v] of cls.fields ?? []) if (v.fn === undefined) fields.set(k, v);
  args.forEach((v, i) => {
    const k = names[i];
    if (k !== undefined) {
      fields.set(k, v);
      table.record(k, v);
    }
  });
  for (const [k, v] of kw) {
    fields.set(k, v);
    table.record(k, v);
  }
  const self: Val = {
    ...opaque([...args, ...kw.values()]),
    ref: `${cls.ref ?? 'X'}()`,
    fields,
    fieldNames: names,
  };
  const init = cls.fields?.get('__init__');
  if (init?.fn !== undefined) w.callFunction(init, [self, ...args], kw);
  // Its __del__ runs when it goes, at the latest at exit (python/callbacks.ts).
  finalized(w, cls, self);
  return self;
}

/**
 * An attribute the walk could not resolve otherwise: an Enum member's `.value`, a directory
 * entry's `.path`, `Path.cwd().parents`, else what the input stored under that name anywhere.
 */
export function attributeHeld(w: PyWalker, base: Val, name: string): Val | undefined {
  if (name === 'value' && base.ref === undefined && constText(base) !== null) return base;
  if (base.ref === 'pathlib.Path()') {
    if (name === 'path') return base;
    if (name === 'parents') return parents(base);
    // The anchor of an absolute path (the working directory is one) is the root (`Path.cwd().anchor`).
    if (name === 'anchor' || name === 'root') {
      const text = constText(base);
      if (base.cwd === true || text?.startsWith('/') === true) return withTaint(strVal('/'), base);
      if (text !== null) return strVal('');
    }
    return undefined;
  }
  if (!holdsMembers(base)) return undefined;
  const held = membersOf(w).lookup(name);
  return held !== undefined ? withTaint(held, base) : undefined;
}

/**
 * An object whose members the input may have stored: not a module or a library name (`shutil.rmtree`
 * stays the function); an instance (`Job()`, `parse_args()`), a class or an unknown value may.
 */
function holdsMembers(base: Val): boolean {
  return base.module !== true && (base.ref === undefined || /^[A-Z]|\(\)/.test(base.ref));
}

/** `p.parents`: its ancestors nearest first; the working directory's climb out of the workspace. */
function parents(base: Val): Val | undefined {
  const text = constText(base);
  if (text === null) return undefined;
  const items: Val[] = [];
  let at = text.replace(/\/+$/, '');
  for (let i = 0; i < MAX_PARENTS; i++) {
    if (at === '.' || at === '..' || at.endsWith('/..')) {
      // Path.cwd() is absolute: its parents are outside; a relative path's parents stop at `.`.
      if (base.cwd !== true && at === '.') break;
      at = at === '.' ? '..' : `${at}/..`;
    } else if (at === '' || at === '/') {
      if (i > 0) break;
      at = '/';
    } else {
      const slash = at.lastIndexOf('/');
      at = slash > 0 ? at.slice(0, slash) : slash === 0 ? '/' : '.';
      if (at === '.' && base.cwd !== true && !text.startsWith('.')) {
        items.push({ ...strVal('.'), ref: 'pathlib.Path()' });
        break;
      }
    }
    items.push({ ...strVal(at), ref: 'pathlib.Path()' });
  }
  return { ...opaque([base]), items };
}

/** `obj.name = v` (`self.out = out`): `name` may hold v wherever it is read. */
export function recordAttribute(w: PyWalker, target: SyntaxNode, v: Val): void {
  const attr = named(target).at(-1);
  if (attr?.type === 'identifier') membersOf(w).record(w.src(attr), v);
}

/**
 * Keywords given to a constructor (`Job(path=p)`, `SimpleNamespace(out=p)`, `dict(out=p)`): the
 * instance's members may hold them. Other calls' keywords are options, not members.
 */
export function recordKeywords(w: PyWalker, name: string, kw: ReadonlyMap<string, Val>): void {
  const last = name.slice(name.lastIndexOf('.') + 1);
  if (!/^[A-Z]/.test(last) && last !== 'dict') return;
  const table = membersOf(w);
  for (const [k, v] of kw) table.record(k, v);
}

/** `d[key]` the walk could not resolve: what the input stored under that key anywhere. */
export function keyHeld(w: PyWalker, base: Val, key: string): Val | undefined {
  if (!holdsMembers(base)) return undefined;
  const held = membersOf(w).lookup(key);
  return held !== undefined ? withTaint(held, base) : undefined;
}

/**
 * `match subject:` — each case's capture names are bound to the part of the subject they match
 * (`case [prog, rest]` takes items by position, `case {'k': v}` a key, `case x` the whole).
 */
export function matchStatement(w: PyWalker, n: SyntaxNode): Val {
  const kids = named(n);
  const subjectNode = kids[0];
  const subject = subjectNode ? w.visit(subjectNode) : UNKNOWN;
  for (const c of kids.slice(1)) {
    if (c.type !== 'block') {
      w.visit(c);
      continue;
    }
    for (const clause of named(c)) {
      if (clause.type !== 'case_clause') {
        w.visit(clause);
        continue;
      }
      for (const part of named(clause)) {
        if (part.type === 'case_pattern') bindPattern(w, part, subject);
        else w.visit(part);
      }
    }
  }
  return UNKNOWN;
}

function bindPattern(w: PyWalker, p: SyntaxNode, v: Val): void {
  switch (p.type) {
    case 'case_pattern':
    case 'union_pattern':
      for (const c of named(p)) bindPattern(w, c, v);
      return;
    case 'dotted_name': {
      const ids = named(p);
      // A bare name captures; a dotted name (`Color.RED`) is a value to compare.
      if (ids.length === 1 && ids[0]!.type === 'identifier' && w.src(p) !== '_') w.env.set(w.src(p), v);
      return;
    }
    case 'as_pattern': {
      const [inner, target] = named(p);
      if (inner) bindPattern(w, inner, v);
      if (target?.type === 'identifier') w.env.set(w.src(target), v);
      return;
    }
    case 'list_pattern':
    case 'tuple_pattern': {
      let i = 0;
      for (const c of named(p).slice(0, MAX_FIELDS)) {
        if (c.type === 'splat_pattern') {
          const id = named(c)[0];
          if (id?.type === 'identifier') w.env.set(w.src(id), opaque([v]));
          continue;
        }
        bindPattern(w, c, v.items?.[i] ?? opaque([v]));
        i++;
      }
      return;
    }
    case 'dict_pattern': {
      const kids = named(p);
      for (let i = 0; i < kids.length; i++) {
        const k = kids[i]!;
        if (k.type === 'splat_pattern') {
          const id = named(k)[0];
          if (id?.type === 'identifier') w.env.set(w.src(id), opaque([v]));
        } else if (k.type !== 'case_pattern') {
          const key = constText(w.visit(k));
          const value = kids[i + 1];
          if (value?.type === 'case_pattern') {
            bindPattern(w, value, (key !== null ? v.fields?.get(key) : undefined) ?? opaque([v]));
            i++;
          }
        }
      }
      return;
    }
    case 'class_pattern':
      for (const c of named(p).slice(1)) {
        const kwp = c.type === 'case_pattern' ? named(c)[0] : undefined;
        if (kwp?.type === 'keyword_pattern') {
          const [k, value] = named(kwp);
          const field = k ? v.fields?.get(w.src(k)) : undefined;
          if (value) bindPattern(w, value, field ?? opaque([v]));
        } else bindPattern(w, c, opaque([v]));
      }
      return;
    case 'keyword_pattern': {
      const value = named(p).at(-1);
      if (value) bindPattern(w, value, opaque([v]));
      return;
    }
    default:
      w.visit(p);
  }
}

/**
 * The default values of the parameters a call leaves out (`def clean(path='/x')` then `clean()`):
 * with them the call is worth walking again with its arguments (CodeWalker.mayInline).
 */
export function defaultsLeftOut(
  w: PyWalker,
  fn: SyntaxNode,
  given: number,
  kw: ReadonlyMap<string, Val>,
): Val[] {
  const params = fn.children.find((c) => c.type === 'parameters' || c.type === 'lambda_parameters');
  if (!params) return [];
  const out: Val[] = [];
  named(params).forEach((p, i) => {
    if (i < given || (p.type !== 'default_parameter' && p.type !== 'typed_default_parameter')) return;
    const id = named(p)[0];
    const def = named(p).at(-1);
    if (
      id &&
      def &&
      !kw.has(w.src(id)) &&
      (def.type === 'string' || def.type === 'attribute' || def.type === 'identifier' || def.type === 'call')
    )
      out.push(w.visit(def));
  });
  return out;
}

// --- handlers --------------------------------------------------------------------------------

/** collections.namedtuple('P', 'a b') / namedtuple('P', ['a', 'b']): a record type with those fields. */
function namedtuple(_w: PyWalker, c: PyCall): Val | undefined {
  const typeName = constText(c.args[0] ?? c.kw.get('typename')) ?? 'X';
  const spec = c.args[1] ?? c.kw.get('field_names');
  if (!spec) return undefined;
  const names =
    spec.items?.map((i) => constText(i)).filter((s): s is string => s !== null) ??
    (constText(spec) ?? '').split(/[\s,]+/).filter((s) => s !== '');
  return { ...refVal(typeName, typeName), fields: new Map(), fieldNames: names.slice(0, MAX_FIELDS) };
}

/** parser.add_argument('--out', default=x) / click.option('--out', default=x): `args.out` may hold x. */
function optionDefault(w: PyWalker, c: PyCall): undefined {
  const def = c.kw.get('default');
  if (def === undefined) return undefined;
  const dest = constText(c.kw.get('dest'));
  const flags = c.args.map((a) => constText(a)).filter((s): s is string => s !== null);
  const long = flags.find((f) => f.startsWith('--')) ?? flags[0];
  const key = dest ?? (long !== undefined ? long.replace(/^-+/, '').replace(/-/g, '_') : null);
  if (key !== null && key !== '') membersOf(w).recordOption(key, def);
  return undefined;
}

/** yaml.safe_load(text), tomllib.loads(text), toml.loads(text): the mapping the text spells. */
function configLoad(w: PyWalker, c: PyCall): Val | undefined {
  const src = c.args[0] ?? c.kw.get('stream') ?? c.kw.get('s');
  const v = configVal(src, src ? constText(src) : null);
  if (v !== undefined) membersOf(w).recordFields(v);
  return v;
}

/** ConfigParser().read_string(text) / read_dict(d): the parser now holds those sections. */
function configRead(w: PyWalker, c: PyCall): Val | undefined {
  const src = c.args[0];
  const v = c.method === 'read_dict' ? src : configVal(src, src ? constText(src) : null);
  if (v?.fields === undefined) return undefined;
  membersOf(w).recordFields(v);
  if (c.recvNode?.type === 'identifier' && c.recv) {
    const fields = new Map(c.recv.fields ?? []);
    for (const [k, f] of v.fields) fields.set(k, f);
    w.env.set(w.src(c.recvNode), { ...withTaint(c.recv, v), fields });
  }
  return UNKNOWN;
}

/** d.get('k', default) on a mapping: the key's value, else the default, else what the input stored under k. */
function mappingGet(w: PyWalker, c: PyCall): Val | undefined {
  const key = constText(c.args[0]);
  if (key === null || c.recv === undefined) return undefined;
  const field = c.recv.fields?.get(key);
  // ConfigParser.get(section, option): the option of that section.
  const option = constText(c.args[1]);
  if (field?.fields !== undefined && option !== null && /ConfigParser/.test(c.recv.ref ?? ''))
    return field.fields.get(option) ?? keyHeld(w, c.recv, option);
  if (field !== undefined) return field;
  if (c.recv.ref !== undefined) return undefined;
  const fallback = c.args[1];
  if (fallback !== undefined && fallback.parts !== null)
    return withTaint({ ...fallback, dynamic: true }, c.recv);
  return keyHeld(w, c.recv, key);
}

/** functools.reduce(f, items, init): f applied along the literal list (`f(a)` where f is an item). */
function reduceCall(w: PyWalker, c: PyCall): Val | undefined {
  const [f, it, init] = c.args;
  if (!f || f.fn === undefined || !it?.items || it.items.length > 16) return undefined;
  let acc = init ?? it.items[0] ?? UNKNOWN;
  for (const item of init !== undefined ? it.items : it.items.slice(1))
    acc = w.callFunction(f, [acc, item]) ?? opaque([acc, item]);
  return acc;
}

/** staticmethod(f) / classmethod(f): the function itself, called through the class. */
function sameFunction(_w: PyWalker, c: PyCall): Val | undefined {
  return c.args[0];
}

/** os.environ.setdefault('K', v): later reads of K get v unless the program set K already. */
function wrapSetdefault(): void {
  const prev = PY_CALLS.get('os.environ.setdefault');
  PY_CALLS.add(['os.environ.setdefault'], (w, c) => {
    const k = constText(c.args[0]);
    const v = c.args[1];
    if (k !== null && v !== undefined && !w.env.has(`os.environ[${k}]`)) {
      w.env.set(`os.environ[${k}]`, v);
      preloadVar(w.col, c.span, k, v, c.name);
    }
    return prev?.(w, c);
  });
}

/** os.environ.update({'K': v}) / update(K=v): later reads of K get v. */
function environUpdate(w: PyWalker, c: PyCall): Val | undefined {
  for (const [k, v] of [...(c.args[0]?.fields ?? []), ...c.kw]) {
    w.env.set(`os.environ[${k}]`, v);
    preloadVar(w.col, c.span, k, v, c.name);
  }
  return undefined;
}

/** os.putenv('K', v) / os.environ.__setitem__('K', v): later programs get K (and reads of it, v). */
function environSet(w: PyWalker, c: PyCall): Val | undefined {
  const k = constText(c.args[0]);
  const v = c.args[1];
  if (k === null || v === undefined) return undefined;
  w.env.set(`os.environ[${k}]`, v);
  preloadVar(w.col, c.span, k, v, c.name);
  return undefined;
}

/** dataclasses.field(default=x), attr.ib(default=x), pydantic Field(x): the field holds x. */
function fieldDefault(_w: PyWalker, c: PyCall): Val | undefined {
  return c.kw.get('default') ?? (/Field$/.test(c.name) ? c.args[0] : undefined);
}

/** yaml.load with a safe loader reads like safe_load (the unsafe loaders keep their handler). */
function wrapYamlLoad(): void {
  const prev = PY_CALLS.get('yaml.load');
  PY_CALLS.add(['yaml.load'], (w, c) => prev?.(w, c) ?? configLoad(w, c));
}

/** A method handler that runs after the one already registered for that name, when that one declines. */
function withPrevious(prev: Handler | undefined, h: Handler): Handler {
  return prev === undefined ? h : (w, c) => prev(w, c) ?? h(w, c);
}

/** Runs `after` once the handler already registered for `names` has run (each name's own). */
function wrap(
  names: readonly string[],
  after: (w: PyWalker, c: PyCall, out: Val | undefined) => Val | undefined,
): void {
  for (const name of names) {
    const prev = PY_CALLS.get(name);
    PY_CALLS.add([name], (w, c) => after(w, c, prev?.(w, c)));
  }
}

// The working directory is absolute: its parents climb out of the workspace (`Path.cwd().parents[1]`).
wrap(['pathlib.Path.cwd', 'os.getcwd'], (_w, _c, out) => (out !== undefined ? { ...out, cwd: true } : out));
// A relative path made absolute is anchored at the working directory: its parents climb out of the
// workspace as the working directory's do (`Path('a/b').resolve().parents[2]`).
wrap(
  ['pathlib.Path().resolve', 'pathlib.Path().absolute', 'os.path.abspath', 'os.path.realpath'],
  (_w, _c, out) => {
    const text = out === undefined ? null : constText(out);
    return out !== undefined && text !== null && !/^[/~]/.test(text) ? { ...out, cwd: true } : out;
  },
);
// `Path(__file__)` keeps its anchor (`Path(__file__).parents[2]`).
wrap(['pathlib.Path', 'pathlib.PurePath', 'pathlib.PosixPath', 'pathlib.PurePosixPath'], (_w, c, out) =>
  out !== undefined && c.args.length === 1 && c.args[0]?.cwd === true ? { ...out, cwd: true } : out,
);
// sorted(listing) iterates the same entries (`sorted(Path.home().rglob('*'))`).
wrap(['list', 'tuple', 'sorted', 'reversed', 'iter'], (_w, c, out) => {
  const each = c.args[0]?.each;
  return each !== undefined && out !== undefined && out.items === undefined && out.each === undefined
    ? { ...out, each }
    : out;
});
// Home or root moved elsewhere is gone from its place: a recursive delete of it (`shutil.move(~, x)`).
wrap(
  ['shutil.move', 'os.rename', 'os.replace', 'os.renames', 'pathlib.Path().rename', 'pathlib.Path().replace'],
  (w, c, out) => {
    const self = c.name.startsWith('pathlib.');
    const src = self ? c.recv : (c.args[0] ?? c.kw.get('src'));
    const p = src ? pathOf(src) : undefined;
    if (p !== undefined && movesAway(p.path))
      w.col.file(c.span, 'delete', p.path, c.name, { recursive: true, dynamic: p.dynamic });
    return out;
  },
);
// A link exposes its target under a new name (a key linked into a served directory): the target is read.
wrap(['os.symlink', 'os.link', 'pathlib.Path().symlink_to', 'pathlib.Path().hardlink_to'], (w, c, out) => {
  const target = c.args[0] ?? c.kw.get('src') ?? c.kw.get('target');
  const p = target ? pathOf(target) : undefined;
  if (p !== undefined) w.col.file(c.span, 'read', p.path, c.name, { dynamic: p.dynamic });
  return out;
});

PY_CALLS.add(['collections.namedtuple', 'namedtuple', 'typing.NamedTuple'], namedtuple);
PY_CALLS.add(
  ['yaml.safe_load', 'tomllib.loads', 'toml.loads', 'tomli.loads', 'tomlkit.loads', 'tomlkit.parse'],
  configLoad,
);
PY_CALLS.add(['functools.reduce', 'reduce'], reduceCall);
PY_CALLS.add(['os.environ.update'], environUpdate);
PY_CALLS.add(['os.putenv', 'os.environ.__setitem__'], environSet);
PY_CALLS.add(
  ['dataclasses.field', 'field', 'attr.ib', 'attr.attrib', 'attrs.field', 'pydantic.Field', 'Field'],
  fieldDefault,
);
PY_CALLS.add(['staticmethod', 'classmethod'], sameFunction);
PY_CALLS.add(['click.option', 'click.argument', 'typer.Option', 'typer.Argument'], optionDefault);
PY_CALLS.methods(
  (
    [
      ['add_argument', optionDefault],
      ['add_option', optionDefault],
      ['read_string', configRead],
      ['read_dict', configRead],
      ['get', mappingGet],
    ] as const
  ).map(([m, h]) => [m, withPrevious(PY_CALLS.byMethod(m), h)] as const),
);
wrapSetdefault();
wrapYamlLoad();
