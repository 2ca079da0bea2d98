/**
 * Loaders and system calls that python reaches without a shell (issue 22, r6): a module spec or
 * loader made for a file (`spec_from_file_location(name, p)` then `exec_module`) runs that file as
 * runpy does; libc's reboot through ctypes is `reboot -f`; dulwich's porcelain.push is `git push`.
 */
import { runArgv } from '../code/effects.js';
import { respawns } from '../code/respawn.js';
import { constText, pathOf, strVal, truthy, UNKNOWN, type Val } from '../code/value.js';
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
PY_CALLS.wrap(
  ['subprocess.run', 'subprocess.call', 'subprocess.check_call', 'subprocess.Popen', 'os.system'],
  (prev) => (w, c) => {
    respawns(w, c.span, c.args);
    return prev?.(w, c);
  },
);

/** An fd's own link (`/proc/self/fd/{fd}`, `/dev/fd/{fd}`, or the fd itself for fexecve). */
const FD_LINK = /^\/(?:proc\/self|dev)\/fd\//;

// os.execv of an in-memory file (os.memfd_create, python/tempfiles.ts): what was written to it runs
// (r9 fileless loader), whatever the fd is called.
PY_CALLS.wrap(['os.execv', 'os.execve', 'os.execl', 'os.execle', 'os.fexecve'], (prev) => (w, c) => {
  const target = c.args[0];
  if (target !== undefined && (target.ref === 'os.memfd_create()' || FD_LINK.test(pathOf(target).path)))
    for (const from of w.col.writtenSources('/proc/self/fd/memfd'))
      w.col.flow(c.span, from, { kind: 'exec', program: 'memfd' });
  return prev?.(w, c);
});

// A shared library loaded into the process runs its constructors at once: one this input wrote
// from a download is downloaded code run, through the loaders python/calls.ts loadLibrary does not name.
PY_CALLS.wrap(
  [
    'ctypes.WinDLL',
    'ctypes.pydll.LoadLibrary',
    'ctypes.LibraryLoader().LoadLibrary',
    '_ctypes.dlopen',
    'cffi.FFI().dlopen',
  ],
  (prev) => (w, c) => {
    const lib = c.args[0] ?? c.kw.get('name');
    if (lib !== undefined)
      for (const from of w.col.writtenSources(pathOf(lib).path))
        w.col.flow(c.span, from, { kind: 'exec', program: 'ld.so' });
    return prev?.(w, c);
  },
);

// A socket wrapped in TLS is the same connection (`ctx.wrap_socket(socket.create_connection(a))`, r9).
PY_CALLS.methods([['wrap_socket', (_w: PyWalker, c: PyCall) => c.args[0] ?? c.kw.get('sock')]]);
