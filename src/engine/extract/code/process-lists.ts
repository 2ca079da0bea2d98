/**
 * Pids read from a listing of every process (r9 mass kill: `for pid of execSync('ps -eo pid=')...
 * process.kill(Number(pid), 'SIGKILL')`): signalling each is `kill -SIG -1`, so RUN-AST-004 judges
 * the loop as the shell's. A ps that selects (`--ppid`, `-p`, `-u`, `-C`) or a test before the
 * kill (`if (cmd.includes('worker'))`) picks some processes, as pkill does.
 */
import { guardOf } from './callbacks.js';
import { deepSources, type Val } from './value.js';
import type { CodeWalker } from './walker.js';
import type { CodeCall } from './calls.js';

/** ps options that list every process (`-e`, `-A`, `-ef`, BSD `ax`, `aux`). */
const EVERY = /^-[a-zA-Z]*[eA]|^[a-z]*x[a-z]*$/;
/** ps options that select processes by parent, id, owner, name, group or terminal. */
const SELECT =
  /^(?:--ppid|--pid|--quick-pid|-[pqCuUgGts]|--user|--User|--group|--Group|--sid|--tty|p|U|t)(?:=|$)|^-[pqC]\d/;

/** A test that picks processes (`cmd === 'vite'`, `name in KEEP`, `.includes('worker')`); one that
 * only leaves some out (`pid !== process.pid`, `if (pid)`) still signals all the others. */
const PICKS = /(?<![!<>=])==|\.(?:includes|startsWith|endsWith|test|match|has)\s*\(|(?<!\bnot)\s\bin\b/;

/** The facts so far hold a ps run that lists every process and selects none. */
function listsEvery(w: CodeWalker): boolean {
  return w.col.facts.some(
    (f) =>
      f.kind === 'exec' &&
      f.program === 'ps' &&
      f.argv.slice(1).some((a) => EVERY.test(a)) &&
      !f.argv.slice(1).some((a) => SELECT.test(a)),
  );
}

/** The pid of every process (`-1`), when `pid` is one of every process's pids and no test picks. */
export function everyProcessPid(w: CodeWalker, c: CodeCall, pid: Val | undefined): Val | undefined {
  if (pid === undefined || pid.num !== undefined) return undefined;
  if (!deepSources(pid).some((s) => s.kind === 'output' && s.program === 'ps')) return undefined;
  const guard = guardOf(w.root, c.node, w.text);
  if (!listsEvery(w) || (guard !== undefined && PICKS.test(guard))) return undefined;
  return { ...pid, num: -1 };
}
