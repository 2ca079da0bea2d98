/**
 * Tree walks beside os.walk (issue 22, r6): os.fwalk, whose names are used with the directory's
 * descriptor (`os.unlink(f, dir_fd=fd)`), and pathlib's Path.walk (3.12), whose root is a Path
 * (`root / f`). As for os.walk (python/calls.ts), a delete in the loop reads as a glob under top.
 */
import { concat, opaque, strVal, UNKNOWN, type Val } from '../code/value.js';
import { PY_CALLS, type PyCall } from './calls.js';

/** A name a listing yields: every entry, written as the glob `*`. */
const ANY_ENTRY: Val = { ...strVal('*'), dynamic: true };

/** What iterating a walk of `top` yields: (dirpath, dirnames, filenames[, dirfd]). */
function walkOf(top: Val, under: Val, name: Val, fd: boolean): Val {
  const names: Val = { ...opaque([top]), each: name };
  const each: Val = { ...opaque([top]), items: [under, names, names, ...(fd ? [UNKNOWN] : [])] };
  return { ...opaque([top]), each };
}

/** os.fwalk(top): a name stands for its entry wherever the walk is (it is opened relative to dir_fd). */
function fwalk(_w: unknown, c: PyCall): Val | undefined {
  const top = c.args[0] ?? c.kw.get('top');
  if (!top) return undefined;
  const under = concat([top, strVal('/**')]);
  return walkOf(top, under, { ...concat([under, strVal('/*')]), dynamic: true }, true);
}

/** Path(top).walk(): the directory yielded is a Path under top, the names its entries. */
function pathWalk(_w: unknown, c: PyCall): Val | undefined {
  const top = c.recv;
  if (!top) return undefined;
  const under: Val = { ...concat([top, strVal('/**')]), ref: 'pathlib.Path()' };
  return walkOf(top, under, ANY_ENTRY, false);
}

PY_CALLS.add(['os.fwalk'], fwalk);
PY_CALLS.add(['pathlib.Path().walk'], pathWalk);
