/**
 * Product code that runs whatever a caller sends (R22: a Next.js route doing `new
 * Function('require', req.body.code)(require)`, an Electron preload exposing `cp.execSync(c)` to the
 * renderer through `contextBridge`): a remote shell planted in the server or app. Only request data
 * reaching the evaluator counts, so a templating library's `new Function(source)` stays allowed, and
 * only a bridge in text that loads `child_process` and calls it, hands over a whole process or file
 * module or `require`, an `ipcMain` handler running the renderer's argument, or a window with node
 * integration loading a remote page. A narrow bridge (`ipcRenderer.invoke('dialog:openFile')`) and a
 * handler running a fixed command stay allowed.
 */
import { anchoredMatch } from './anchored.js';
import type { Planted } from './auth-backdoor.js';

/** An evaluator fed straight from the request's body, query or parameters (`re.exec(...)`, `db.exec(...)` are methods, no evaluator). */
const REQUEST_CODE =
  /(?:(?<![.\w$])(?:new\s+Function|eval|exec)|\bvm\.runIn\w*Context)\s*\([^)\n]{0,120}?\b(?:req|request|ctx\.request|ctx|event)\.(?:body|query|params|json|form|args|data|values|GET|POST)\b/;
/** A renderer-facing bridge whose functions run a process. */
const BRIDGE_EXEC =
  /\bexposeInMainWorld\([^]{0,400}?\b(?:execSync|exec|spawn|spawnSync|execFile|execFileSync)\s*\(/;

/** A bridge handing the page a whole module that runs processes or touches files, or `require` itself. */
const BRIDGE_MODULE =
  /\bexposeInMainWorld\([^]{0,400}?(?:require\(\s*["'](?:node:)?(?:child_process|fs|fs\/promises|shelljs|execa|vm)["']\s*\)\s*[,}\n]|\brequire\s*[,}]|\brequire\s*:\s*require\b|\(\s*(\w+)\s*\)\s*=>\s*require\(\s*\1\s*\))/y;
/** A main-process handler running the command the renderer sends (`ipcMain.handle('run', (e, cmd) => execSync(cmd))`). */
const IPC_EXEC =
  /\bipcMain\.(?:handle|on)\(\s*["'`][^"'`]+["'`]\s*,\s*(?:async\s*)?(?:function\s*\w*\s*)?\(\s*\w+\s*,\s*(\w+)[^)]{0,40}\)\s*(?:=>)?\s*\{?[^]{0,200}?\b(?:execSync|exec|spawn|spawnSync|execa|execaCommand|eval|runInNewContext)\s*\(\s*\1\b/y;
/** A window with node in the page (no isolation) that loads a remote page: the site runs code on the machine. */
const REMOTE_NODE =
  /\bnodeIntegration\s*:\s*true\b[^]{0,300}?\bloadURL\(\s*["'`]https?:\/\/(?!localhost|127\.|\[::1\])/y;

/** Where and why the text runs a caller's code, or undefined. */
export function exposedExecAt(text: string): Planted | undefined {
  const m = REQUEST_CODE.exec(text);
  if (m !== null) return { why: `runs code the request sends (${m[0].slice(0, 60)})`, at: m.index };
  const b = /child_process/.test(text) ? BRIDGE_EXEC.exec(text) : null;
  if (b !== null) return { why: 'exposes process execution to the renderer', at: b.index };
  const mod = anchoredMatch(text, /\bexposeInMainWorld\(/g, BRIDGE_MODULE);
  if (mod !== null) return { why: 'hands the renderer a module that runs processes or files', at: mod.index };
  const ipc = anchoredMatch(text, /\bipcMain\.(?:handle|on)\(/g, IPC_EXEC);
  if (ipc !== null)
    return { why: `runs the command the renderer sends (${ipc[0].slice(0, 50)})`, at: ipc.index };
  const remote = /contextIsolation\s*:\s*false/.test(text)
    ? anchoredMatch(text, /\bnodeIntegration\b/g, REMOTE_NODE)
    : null;
  if (remote !== null) return { why: 'loads a remote page with node in it', at: remote.index };
  return undefined;
}
