/**
 * isomorphic-git, git written in JavaScript (r9): `git.push({ dir, remote, ref, force: true })`
 * is the `git push --force` it performs, so GIT-AST-004 judges it as it judges the command line.
 */
import { runArgv } from '../code/effects.js';
import { strVal, truthy, type Val } from '../code/value.js';
import type { JsWalker } from '../node.js';
import { JS_CALLS, type JsCall } from './calls.js';

/** push({ remote | url, ref, remoteRef, force, delete }): the git push command line. */
function push(w: JsWalker, c: JsCall): Val | undefined {
  const opts = c.args[0]?.fields;
  if (opts === undefined) return undefined;
  const on = (k: string): boolean => truthy(opts.get(k)) === true;
  const ref = opts.get('ref');
  const remoteRef = opts.get('remoteRef');
  const argv: Val[] = [
    strVal('git'),
    strVal('push'),
    ...(on('force') ? [strVal('--force')] : []),
    ...(on('delete') ? [strVal('--delete')] : []),
    opts.get('url') ?? opts.get('remote') ?? strVal('origin'),
    ...(ref !== undefined ? [ref] : []),
    ...(remoteRef !== undefined ? [remoteRef] : []),
  ];
  runArgv(w.col, c.span, argv, 'node');
  return undefined;
}

JS_CALLS.add(['isomorphic-git.push', 'isomorphic-git.default.push'], push);
