/**
 * Temporary files and directories (issue 22, r3: a script written to a NamedTemporaryFile, then
 * run by `sh f.name`). The name python picks is random, so the walk gives each one a fixed stand-in
 * path under the directory asked for (`/tmp/tmpXXXXXXXX.sh`): what is written there and later run
 * from there is then analysed as the script it is, by the collector's written-then-run link.
 */
import { writeTo, type CallHandler } from '../code/calls.js';
import { concat, constText, strVal, UNKNOWN, type Val } from '../code/value.js';
import type { PyWalker } from '../python.js';
import type { PyCall } from './calls.js';

type Handler = CallHandler<PyWalker, PyCall>;

/** The stand-in path of a temporary file or directory: `dir/prefixXXXXXXXXsuffix`. */
function tempPath(c: PyCall, at: { suffix: number; prefix: number; dir: number }): Val {
  const pick = (i: number, name: string): Val | undefined => c.kw.get(name) ?? c.args[i];
  const suffix = pick(at.suffix, 'suffix');
  const prefix = pick(at.prefix, 'prefix');
  const dir = pick(at.dir, 'dir');
  const known = (v: Val | undefined, d: string): Val => (v === undefined || v.bool === false ? strVal(d) : v);
  const base = known(dir, '/tmp');
  const sep = constText(base)?.endsWith('/') === true ? '' : '/';
  return concat([base, strVal(sep), known(prefix, 'tmp'), strVal('XXXXXXXX'), known(suffix, '')]);
}

/** The operation a mode string allows on the file (default `w+b`: written and read). */
function modeOp(mode: Val | undefined): 'write' | 'append' {
  return constText(mode ?? strVal('w+b'))?.includes('a') === true ? 'append' : 'write';
}

/** NamedTemporaryFile(mode, ..., suffix, prefix, dir): an open file whose `.name` is its path. */
const namedTemporaryFile: Handler = (_w, c) => {
  const path = tempPath(c, { suffix: 4, prefix: 5, dir: 6 });
  return {
    ...UNKNOWN,
    ref: 'tempfile.NamedTemporaryFile()',
    file: { path, op: modeOp(c.kw.get('mode') ?? c.args[0]) },
    fields: new Map([['name', path]]),
  };
};

/** mkstemp(suffix, prefix, dir): (fd, path); the fd is an open file at that path. */
const mkstemp: Handler = (_w, c) => {
  const path = tempPath(c, { suffix: 0, prefix: 1, dir: 2 });
  return { ...UNKNOWN, items: [{ ...UNKNOWN, file: { path, op: 'write' } }, path] };
};

/** mkdtemp(suffix, prefix, dir) / TemporaryDirectory(...): the directory's path (`with ... as d` gives it too). */
const tempDir: Handler = (_w, c) => {
  const path = tempPath(c, { suffix: 0, prefix: 1, dir: 2 });
  return c.name.endsWith('mkdtemp')
    ? path
    : { ...path, ref: 'tempfile.TemporaryDirectory()', fields: new Map([['name', path]]) };
};

/**
 * os.memfd_create(name): an anonymous file in memory, run later through its /proc/self/fd link
 * (r9 fileless loader: a download written there, then `os.execv(f"/proc/self/fd/{fd}")`). The fd
 * stands in as the text `memfd`, so the link spelled from it is the path its writes go to.
 */
const memfd: Handler = () => ({
  ...strVal('memfd'),
  ref: 'os.memfd_create()',
  file: { path: strVal('/proc/self/fd/memfd'), op: 'write' },
});

/** os.write(fd, data) / os.fdopen(fd, mode): an fd from mkstemp or memfd_create is that file. */
const fdWrite: Handler = (w, c) => {
  const fd = c.args[0];
  const data = c.args[1];
  return fd?.file && data ? writeTo(w, { ...c, recv: fd }, data) : undefined;
};
const fdOpen: Handler = (_w, c) => (c.args[0]?.file ? c.args[0] : undefined);

export const PY_TEMPFILES: readonly (readonly [readonly string[], Handler])[] = [
  [['tempfile.NamedTemporaryFile', 'tempfile.TemporaryFile'], namedTemporaryFile],
  [['tempfile.mkstemp'], mkstemp],
  [['tempfile.mkdtemp', 'tempfile.TemporaryDirectory'], tempDir],
  [['os.write'], fdWrite],
  [['os.memfd_create'], memfd],
  [['os.fdopen'], fdOpen],
];
