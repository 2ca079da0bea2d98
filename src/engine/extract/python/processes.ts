/**
 * psutil's process lists (issue 22, r4): iterating `psutil.process_iter()` or `psutil.pids()`
 * yields every process, so a kill in that loop with no test picking processes is `kill -SIG -1`,
 * which RUN-AST-004 judges as it judges the shell's. A kill under a test that selects
 * (`if p.name() == 'worker'`) signals the processes the test picks, as `pkill worker` does.
 */
import { guardOf } from '../code/callbacks.js';
import { killArgv } from '../code/calls.js';
import { runArgv } from '../code/effects.js';
import { everyProcessPid } from '../code/process-lists.js';
import { strVal, UNKNOWN, type Val } from '../code/value.js';
import { PY_CALLS, type PyCall } from './calls.js';
import type { PyWalker } from '../python.js';

/** The pid of every process: signalling it is `kill -1`. */
const EVERY_PID: Val = { ...UNKNOWN, num: -1, ref: 'psutil.pids()' };
const EVERY_PROCESS: Val = { ...UNKNOWN, ref: 'psutil.Process()', fields: new Map([['pid', EVERY_PID]]) };

function everyPid(v: Val | undefined): boolean {
  return v?.num === -1 && v.ref === EVERY_PID.ref;
}

/**
 * The call runs under a test that picks processes (`==`, `in`, a name match): not every process.
 * A test that only leaves some out (`!=`, `not in`, `is not`) still signals all the others.
 */
function selective(w: PyWalker, c: PyCall): boolean {
  const guard = guardOf(w.root, c.node, w.text);
  return guard !== undefined && !/!=|\bnot\b|\bis\b/.test(guard);
}

function signalProcess(signal: string | undefined): (w: PyWalker, c: PyCall) => Val | undefined {
  return (w, c) => {
    // psutil.Process.kill(p) takes the process as its first argument.
    const unbound = !c.name.includes('()');
    const proc = unbound ? c.args[0] : c.recv;
    const pid = proc?.fields?.get('pid');
    if (everyPid(pid) && selective(w, c)) return UNKNOWN;
    const sig = signal !== undefined ? strVal(signal) : c.args[unbound ? 1 : 0];
    const argv = killArgv(pid, sig);
    if (argv) runArgv(w.col, c.span, argv, 'python');
    return UNKNOWN;
  };
}

PY_CALLS.add(['psutil.process_iter'], () => ({
  ...UNKNOWN,
  ref: 'psutil.process_iter()',
  each: EVERY_PROCESS,
}));
PY_CALLS.add(['psutil.pids'], () => ({ ...UNKNOWN, ref: 'psutil.pids()', each: EVERY_PID }));
PY_CALLS.add(['psutil.Process'], (_w, c) => {
  const pid = c.args[0] ?? c.kw.get('pid');
  return { ...UNKNOWN, ref: 'psutil.Process()', fields: new Map(pid ? [['pid', pid]] : []) };
});
for (const [method, signal] of [
  ['kill', 'SIGKILL'],
  ['terminate', 'SIGTERM'],
  ['send_signal', undefined],
] as const) {
  const h = signalProcess(signal);
  PY_CALLS.add([`psutil.Process().${method}`, `psutil.Process.${method}`], h);
}

// os.kill(pid, sig) with a pid from psutil.pids(): every process, unless a test picks some.
const osKill = PY_CALLS.get('os.kill');
PY_CALLS.add(['os.kill'], (w, c) => {
  if (everyPid(c.args[0]) && selective(w, c)) return UNKNOWN;
  const listed = everyProcessPid(w, c, c.args[0]);
  return osKill?.(w, listed !== undefined ? { ...c, args: [listed, ...c.args.slice(1)] } : c);
});
