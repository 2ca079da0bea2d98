/**
 * Loaders and system calls that python reaches without a shell (issue 22, r6): a module spec or
 * loader made for a file (`spec_from_file_location(name, p)` then `exec_module`) runs that file as
 * runpy does; libc's reboot through ctypes is `reboot -f`; dulwich's porcelain.push is `git push`.
 */
import { runArgv } from '../code/effects.js';
import { respawns } from '../code/respawn.js';
import { constText, strVal, truthy, UNKNOWN, type Val } from '../code/value.js';
import type { PyWalker } from '../python.js';
import { PY_CALLS, runPythonFile, type PyCall } from './calls.js';

const VIA = 'python';

/** A file made into a module: what was written there runs (SH-AST-010 judges a download run). */
function fileModule(w: PyWalker, c: PyCall): Val | undefined {
  const p = c.args[1] ?? c.kw.get('location') ?? c.kw.get('path');
  if (!p) return undefined;
  runPythonFile(w, c, p);
  return { ...UNKNOWN, ref: `${c.name}()` };
}

/** libc.reboot(cmd) through ctypes: the kernel restarts or halts the host at once. */
function libcReboot(w: PyWalker, c: PyCall): Val | undefined {
  runArgv(w.col, c.span, [strVal('reboot'), strVal('-f')], VIA);
  return UNKNOWN;
}

/** dulwich porcelain.push(repo, remote, refspecs, force=...): the git push it performs. */
function dulwichPush(w: PyWalker, c: PyCall): Val | undefined {
  const remote = c.args[1] ?? c.kw.get('remote_location') ?? strVal('origin');
  const refs = c.args[2] ?? c.kw.get('refspecs');
  const specs = refs?.items ?? (refs ? [refs] : []);
  const force = truthy(c.kw.get('force') ?? c.args[6]) === true;
  const names = specs.map((s) => strVal((constText(s) ?? '$X').replace(/^refs\/heads\//, '')));
  runArgv(
    w.col,
    c.span,
    [strVal('git'), strVal('push'), ...(force ? [strVal('--force')] : []), remote, ...names],
    VIA,
  );
  return UNKNOWN;
}

PY_CALLS.add(
  ['importlib.util.spec_from_file_location', 'importlib.machinery.SourceFileLoader', 'imp.load_module'],
  fileModule,
);
PY_CALLS.add(
  ['ctypes.CDLL().reboot', 'ctypes.cdll.LoadLibrary().reboot', 'ctypes.CDLL().syscall_reboot'],
  libcReboot,
);
PY_CALLS.add(['dulwich.porcelain.push'], dulwichPush);

// Starting the script's own file again with no condition multiplies processes (code/respawn.ts).
for (const name of [
  'subprocess.run',
  'subprocess.call',
  'subprocess.check_call',
  'subprocess.Popen',
  'os.system',
]) {
  const prev = PY_CALLS.get(name);
  PY_CALLS.add([name], (w: PyWalker, c: PyCall): Val | undefined => {
    respawns(w, c.span, c.args);
    return prev?.(w, c);
  });
}
