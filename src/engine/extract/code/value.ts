/**
 * Abstract values for the python and node extractors: a small constant folder that knows string
 * contents (with `$name` holes for unknown parts), where data came from (taint for flow facts),
 * which literals it carries (egress marking) and what a name refers to (`subprocess.run`).
 */
import type { DataSource } from '../../facts.js';
import type { Sdk } from './sdk.js';

/** An unknown part of a string; rendered as `$name` (`$X` when the expression had no name). */
export interface Hole {
  readonly hole: string;
}
export type Part = string | Hole;

export interface Val {
  /** String content, when the value is string-like; null when not a string or wholly unknown. */
  readonly parts: readonly Part[] | null;
  /** Some part could not be resolved. */
  readonly dynamic: boolean;
  /** Where the data came from (file read, environment, network, decoding). */
  readonly sources: readonly DataSource[];
  /** Ids of the string literals whose text flows into this value (see Collector). */
  readonly lits: readonly number[];
  /**
   * What the value refers to, as a qualified name: a module ('os'), a function ('os.system'), or
   * an instance, written as the constructor's name plus `()` ('socket.socket()', 'pathlib.Path()').
   */
  readonly ref?: string;
  /** Elements of a list, tuple or array literal. */
  readonly items?: readonly Val[];
  /** Keys of a dict or object literal (string keys only). */
  readonly fields?: ReadonlyMap<string, Val>;
  readonly num?: number;
  readonly bool?: boolean;
  /** An open file (python open(), node streams): its path and what the mode lets the program do. */
  readonly file?: { readonly path: Val; readonly op: 'read' | 'write' | 'append' | 'create' };
  /** A connected socket or a network request object: where it goes. */
  readonly peer?: { readonly host: string; readonly url?: string };
  /** The value is SQL already handed to the SQL runtime (sqlalchemy text()): do not hand it again. */
  readonly sqlDone?: boolean;
  /** A function value (lambda, arrow function, a named function), by its node id. */
  readonly fn?: unknown;
  /** Arguments bound in front of every call of this function value (`f.bind(self, cmd)`; code/callbacks.ts). */
  readonly bound?: readonly Val[];
  /**
   * Text computed by the program itself from character codes, reversed or re-spliced literals, or
   * a function defined in the same input: executed as code, that is obfuscation (issue 22).
   */
  readonly generated?: boolean;
  /**
   * A callee or namespace member whose name is only known at run time (`getattr(os, name)`,
   * `globalThis[key]`, a module imported by a computed name).
   */
  readonly unresolved?: boolean;
  /** The value is a module object (an import, `require(...)`, `sys.modules[...]`). */
  readonly module?: boolean;
  /** What calling this function value returns: a fixed value, or the argument at that index. */
  readonly returns?: Val | number;
  /** What iterating over the value yields (a glob pattern's matches, a directory's entries). */
  readonly each?: Val;
  /** A client object of a library that does what a CLI does (boto3, redis, an ORM...; code/sdk.ts). */
  readonly sdk?: Sdk;
  /** A function built from source text (`new Function('c', body)`): its parameters and body. */
  readonly code?: { readonly params: readonly string[]; readonly body: string };
  /** The process's working directory itself (Path.cwd(), os.getcwd()): its parents are outside the workspace. */
  readonly cwd?: boolean;
  /** A record type (namedtuple, dataclass, an own class): its field names in order (code/records.ts). */
  readonly fieldNames?: readonly string[];
}

const NONE: readonly never[] = Object.freeze([]);

export const UNKNOWN: Val = Object.freeze({ parts: null, dynamic: true, sources: NONE, lits: NONE });

export function strVal(text: string, lits: readonly number[] = NONE): Val {
  return { parts: [text], dynamic: false, sources: NONE, lits };
}

export function holeVal(name: string, base: Val = UNKNOWN): Val {
  return { parts: [{ hole: name }], dynamic: true, sources: base.sources, lits: base.lits };
}

export function refVal(ref: string, name: string): Val {
  return { parts: [{ hole: name }], dynamic: true, sources: NONE, lits: NONE, ref };
}

/** Union of two source lists without duplicates (by content). */
export function mergeSources(a: readonly DataSource[], b: readonly DataSource[]): readonly DataSource[] {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const out = a.slice();
  for (const s of b) if (!out.some((o) => sameSource(o, s))) out.push(s);
  return out;
}

function sameSource(a: DataSource, b: DataSource): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'file':
      return a.path === (b as typeof a).path;
    case 'env':
      return a.name === (b as typeof a).name;
    case 'net':
      return a.host === (b as typeof a).host && a.url === (b as typeof a).url;
    case 'output':
      return a.program === (b as typeof a).program;
    case 'decoded':
      return true;
    case 'page':
      return a.what === (b as typeof a).what;
  }
}

/** Most literal ids one value tracks; `x = x + x` repeated must not double a list forever. */
const MAX_LITS = 256;

/** Longest folded string; past it the value becomes unknown (`x = x + x` repeated 40 times). */
const MAX_FOLD = 64 * 1024;

export function mergeLits(a: readonly number[], b: readonly number[]): readonly number[] {
  // A full list stays as it is (merging into it cost O(MAX_LITS) per operand on long lists).
  if (b.length === 0 || a === b || a.length >= MAX_LITS) return a;
  if (a.length === 0) return b;
  const out = a.length + b.length > 16 ? [...new Set([...a, ...b])] : [...a, ...b];
  return out.length > MAX_LITS ? out.slice(0, MAX_LITS) : out;
}

/** Unknown value carrying the taint and literals of all `vals` (an unknown call, an operator). */
export function opaque(vals: readonly Val[], name = 'X'): Val {
  let sources: readonly DataSource[] = NONE;
  let lits: readonly number[] = NONE;
  let generated = false;
  for (const v of vals) {
    sources = mergeSources(sources, v.sources);
    lits = mergeLits(lits, v.lits);
    generated ||= v.generated === true;
    if (v.items)
      for (const inner of v.items) {
        sources = mergeSources(sources, inner.sources);
        lits = mergeLits(lits, inner.lits);
      }
    if (v.fields)
      for (const inner of v.fields.values()) {
        sources = mergeSources(sources, inner.sources);
        lits = mergeLits(lits, inner.lits);
      }
  }
  return generated
    ? { parts: [{ hole: name }], dynamic: true, sources, lits, generated }
    : { parts: [{ hole: name }], dynamic: true, sources, lits };
}

/** Same value with extra taint and literals (a method result derived from its receiver). */
export function withTaint(v: Val, from: Val): Val {
  const generated = from.generated === true && v.generated !== true;
  if (from.sources.length === 0 && from.lits.length === 0 && !generated) return v;
  return {
    ...v,
    sources: mergeSources(v.sources, from.sources),
    lits: mergeLits(v.lits, from.lits),
    ...(generated ? { generated } : {}),
  };
}

/** The string parts of `v`, or one hole when it is not string-like. */
export function partsOf(v: Val, name = 'X'): readonly Part[] {
  return v.parts ?? [{ hole: name }];
}

export function concat(vals: readonly Val[]): Val {
  const parts: Part[] = [];
  let dynamic = false;
  let sources: readonly DataSource[] = NONE;
  let lits: readonly number[] = NONE;
  let generated = false;
  for (const v of vals) {
    const p = partsOf(v);
    generated ||= v.generated === true;
    for (const part of p) {
      const last = parts[parts.length - 1];
      if (typeof part === 'string' && typeof last === 'string') parts[parts.length - 1] = last + part;
      else parts.push(part);
    }
    dynamic ||= v.dynamic || v.parts === null;
    sources = mergeSources(sources, v.sources);
    lits = mergeLits(lits, v.lits);
  }
  let size = 0;
  for (const part of parts) size += typeof part === 'string' ? part.length : 1;
  const extra = generated ? { generated } : {};
  if (size > MAX_FOLD || parts.length > 1024)
    return { parts: [{ hole: 'X' }], dynamic: true, sources, lits, ...extra };
  return { parts, dynamic, sources, lits, ...extra };
}

/** `$name` for a hole name that is a shell identifier, `$X` otherwise. */
export function holeText(h: Hole): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(h.hole) ? `$${h.hole}` : '$X';
}

/** The string as the program would see it, holes written as `$name`. */
export function render(v: Val): string {
  const p = v.parts;
  if (p === null) return '$X';
  if (p.length === 1 && typeof p[0] === 'string') return p[0];
  let out = '';
  for (const part of p) out += typeof part === 'string' ? part : holeText(part);
  return out;
}

/** The value is a string with every part known. */
export function isConst(v: Val): boolean {
  return v.parts !== null && !v.dynamic;
}

/** Constant text, or null. */
export function constText(v: Val | undefined): string | null {
  if (v === undefined || v.parts === null || v.dynamic) return null;
  return v.parts.length === 1 && typeof v.parts[0] === 'string' ? v.parts[0] : render(v);
}

/** Truthiness when known: a bool, a number, a constant string; undefined when unknown. */
export function truthy(v: Val | undefined): boolean | undefined {
  if (v === undefined) return undefined;
  if (v.bool !== undefined) return v.bool;
  if (v.num !== undefined) return v.num !== 0;
  const t = constText(v);
  if (t !== null && v.ref === undefined) return t.length > 0;
  return undefined;
}

/** All sources of `v`, including those of its items and fields (a dict sent as a JSON body). */
export function deepSources(v: Val): readonly DataSource[] {
  let s = v.sources;
  if (v.items) for (const i of v.items) s = mergeSources(s, deepSources(i));
  if (v.fields) for (const f of v.fields.values()) s = mergeSources(s, deepSources(f));
  return s;
}

export function deepLits(v: Val): readonly number[] {
  let l = v.lits;
  if (v.items) for (const i of v.items) l = mergeLits(l, deepLits(i));
  if (v.fields) for (const f of v.fields.values()) l = mergeLits(l, deepLits(f));
  return l;
}

/** Rewrites a leading `$HOME`/`${HOME}` to `~` (facts.ts convention for paths). */
export function homePath(path: string): string {
  if (path.startsWith('$HOME')) return `~${path.slice(5)}`;
  if (path.startsWith('${HOME}')) return `~${path.slice(7)}`;
  return path;
}

/**
 * A path value rendered for a FileOpFact. A path that is nothing but one unknown value is written
 * `{name}`, not `$name`: in code an empty path is an error, not the root, so the shell's "empty
 * variable becomes /" hazard (FS-AST-003) does not apply. Unknown parts next to literal text stay
 * `$name` (`f"{base}/"` is `$base/`: empty, that one does name the root).
 */
export function pathOf(v: Val): { path: string; dynamic: boolean } {
  const only = v.parts?.length === 1 ? v.parts[0] : undefined;
  if (only !== undefined && typeof only !== 'string') return { path: `{${only.hole}}`, dynamic: true };
  if (v.parts === null) return { path: '{X}', dynamic: true };
  // `~` + a user name the walk cannot read (`expanduser('~' + USER)`) is some user's home: `~`.
  const [first, second] = v.parts;
  if (first === '~' && second !== undefined && typeof second !== 'string') {
    const rest = render({ ...v, parts: v.parts.slice(2) });
    return { path: rest === '' || rest.startsWith('/') ? `~${rest}` : `~/${rest}`, dynamic: true };
  }
  let path = homePath(render(v));
  // A file: URL names the same file (node fs accepts `new URL('file:///home/u')`).
  if (path.startsWith('file://')) path = fileUrlPath(path);
  // A Windows profile path built with backslashes (`%APPDATA%\\discord\\Local Storage`) names the same store.
  if (path.startsWith('~/AppData') && path.includes('\\')) path = path.replace(/\\/g, '/');
  return { path, dynamic: v.dynamic || /[*?[]/.test(path) };
}

/** The path of a `file:` URL (`file:///home/u` → `/home/u`, `file://localhost/x` → `/x`), percent-decoded. */
function fileUrlPath(url: string): string {
  const rest = url.slice('file://'.length);
  const slash = rest.indexOf('/');
  const path = slash < 0 ? '/' : rest.slice(slash);
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * How much harm a value could do as a path or command, for choosing among the values a name may
 * hold (code/records.ts, conditional branches): 3 root, home or an ancestor; 2 another absolute
 * path or a command with a destructive word; 1 other known text; 0 unknown.
 */
export function riskRank(v: Val): number {
  if (v.parts === null || !v.parts.some((p) => typeof p === 'string')) return 0;
  const text = render(v);
  if (HOME_OR_ROOT.test(text)) return 3;
  if (/^(?:[/~]|\$HOME|file:)|\b(?:rm|mkfs|dd|shred|chmod|chown|curl|wget|nc|kill)\b/.test(text)) return 2;
  return 1;
}

/** Root, a home directory or an ancestor of the working directory, as a path. */
const HOME_OR_ROOT =
  /^(?:file:\/\/)?(?:\/+|~\/?|\$HOME\/?|\$\{HOME\}\/?|\/home\/?|\/(?:home|Users)\/[^/]+\/?|\/root\/?|\.\.(?:\/\.\.)*\/?)$/;

/** Of two values one of which runs (a conditional's branches): the one that could do more harm; `a` on a tie. */
export function riskier(a: Val, b: Val): Val {
  return riskRank(b) > riskRank(a) ? b : a;
}

/** Joins path values like os.path.join / path.join: an absolute later part restarts the path. */
export function joinPaths(vals: readonly Val[], sep = '/'): Val {
  let start = 0;
  for (let i = vals.length - 1; i > 0; i--) {
    const first = vals[i]!.parts?.[0];
    if (typeof first === 'string' && (first.startsWith('/') || first.startsWith('~'))) {
      start = i;
      break;
    }
  }
  const pieces: Val[] = [];
  for (let i = start; i < vals.length; i++) {
    const v = vals[i]!;
    if (pieces.length > 0) {
      const prev = render(pieces[pieces.length - 1]!);
      if (!prev.endsWith(sep) && render(v) !== '') pieces.push(strVal(sep));
    }
    pieces.push(v);
  }
  return pieces.length === 0 ? strVal('') : concat(pieces);
}

/** Octal mode text for a numeric mode (0o777 → '777', 0o4755 → '4755'). */
export function modeText(v: Val | undefined): string | undefined {
  if (v === undefined) return undefined;
  if (v.num !== undefined && Number.isInteger(v.num) && v.num >= 0) return v.num.toString(8);
  const t = constText(v);
  if (t !== null && /^[0-7]{3,4}$/.test(t)) return t;
  return t ?? undefined;
}

/** os.path.dirname / path.dirname / Path.parent: drops the last segment (`./x` → `.`, `/etc/x` → `/etc`). */
export function dirnameOf(v: Val): Val {
  // The working directory's parent is above the workspace (`Path.cwd().parent`).
  if (v.cwd === true && constText(v) === '.') return { ...v, parts: ['..'], cwd: false };
  const parts = v.parts;
  if (parts === null || parts.length === 0) return { ...v, parts: [{ hole: 'X' }], dynamic: true };
  const last = parts[parts.length - 1];
  if (typeof last !== 'string') return parts.length === 1 ? v : { ...v, parts: parts.slice(0, -1) };
  const trimmed = last.length > 1 && last.endsWith('/') ? last.slice(0, -1) : last;
  // The parent of `..` is one more level up (`Path.cwd().parent.parent`).
  if (trimmed === '..' || trimmed.endsWith('/..'))
    return { ...v, parts: [...parts.slice(0, -1), `${trimmed}/..`] };
  const slash = trimmed.lastIndexOf('/');
  if (slash < 0) return parts.length === 1 ? { ...v, parts: ['.'] } : { ...v, parts: parts.slice(0, -1) };
  const head = slash === 0 ? '/' : trimmed.slice(0, slash);
  return { ...v, parts: [...parts.slice(0, -1), head] };
}

/**
 * Data rather than a path: no string at all (a Buffer, a stream) or a string that carries secret
 * sources and no literal path text (`JSON.stringify(process.env)`, not `process.env.HOME + '/.ssh/id_rsa'`).
 */
export function dataNotPath(v: Val): boolean {
  if (v.parts === null) return true;
  if (deepSources(v).length === 0) return false;
  return !v.parts.some((p) => typeof p === 'string' && /[/\\]|^\.\w/.test(p));
}
