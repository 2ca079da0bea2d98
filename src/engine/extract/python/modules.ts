/**
 * How python reaches one module through another (issue 22): `shutil.os`, `os.sys.modules[...]`,
 * `vars(os)['system']`, `globals()['__builtins__'].exec`, `__builtins__.__dict__['eval']` all name
 * the same functions as `os.system` or `exec`, so they resolve to those names.
 */
import type { Val } from '../code/value.js';

/**
 * Modules that other standard modules import and so expose as attributes (`shutil.os`,
 * `tempfile.os`, `logging.sys`, `asyncio.subprocess`): `<anything>.os` is the os module.
 */
const REEXPORTED: ReadonlySet<string> = new Set([
  'os',
  'sys',
  'subprocess',
  'socket',
  'shutil',
  'ctypes',
  'pty',
  'importlib',
  'pickle',
  'marshal',
  'base64',
  'codecs',
  'zlib',
  'builtins',
  'requests',
  'urllib',
  'http',
  'io',
  'platform',
  'tempfile',
  'pathlib',
  'glob',
  'runpy',
  'commands',
  'posix',
]);

/** Qualified names that are module objects (indexing them by name reaches their members). */
export function isModuleName(ref: string): boolean {
  return REEXPORTED.has(ref) || ref === 'sys.modules' || ref === 'builtins';
}

/** Prefixes that name the built-in namespace (`builtins.exec` is `exec`). */
const BUILTIN_PREFIX = /^(?:(?:builtins|__builtins__|__builtin__)\.)+/;

/**
 * The qualified name of `base.<name>`: a namespace's `__dict__` is the namespace, a module
 * re-exported by another is that module, built-ins lose their prefix; undefined when `base`
 * names nothing.
 */
export function attrRef(base: Val, name: string): string | undefined {
  const ref = base.ref;
  if (ref === undefined) return undefined;
  if (name === '__dict__' && base.module === true) return ref;
  // `glob.glob`, `socket.socket`: a module's own function named like it, not a re-export.
  const own = ref === name || ref.endsWith(`.${name}`);
  if (base.module === true && REEXPORTED.has(name) && !own && !ref.includes('(')) return name;
  if (name === '__builtins__' || name === '__builtin__') return 'builtins';
  const joined = `${ref}.${name}`;
  // Only a ref that starts like `builtins.` can lose a prefix (most do not: no regex over the joined text).
  const full =
    ref.startsWith('builtins') || ref.startsWith('__builtin') ? joined.replace(BUILTIN_PREFIX, '') : joined;
  return full === '' ? 'builtins' : full;
}

/** Python's `s[start:stop:step]` on a string; null for a zero step. */
export function sliceText(
  s: string,
  start: number | undefined,
  stop: number | undefined,
  step: number | undefined,
): string | null {
  const k = step ?? 1;
  if (k === 0 || !Number.isInteger(k)) return null;
  const n = s.length;
  const norm = (i: number, lo: number, hi: number): number => Math.min(Math.max(i < 0 ? i + n : i, lo), hi);
  let out = '';
  if (k > 0) {
    const a = start === undefined ? 0 : norm(start, 0, n);
    const b = stop === undefined ? n : norm(stop, 0, n);
    for (let i = a; i < b; i += k) out += s[i];
  } else {
    const a = start === undefined ? n - 1 : norm(start, -1, n - 1);
    const b = stop === undefined ? -1 : norm(stop, -1, n - 1);
    for (let i = a; i > b; i += k) out += s[i];
  }
  return out;
}
