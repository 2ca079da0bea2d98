/**
 * Product code that runs whatever a caller sends (R22: a Next.js route doing `new
 * Function('require', req.body.code)(require)`, an Electron preload exposing `cp.execSync(c)` to the
 * renderer through `contextBridge`): a remote shell planted in the server or app. Only request data
 * reaching the evaluator counts, so a templating library's `new Function(source)` stays allowed, and
 * only a bridge in text that loads `child_process` and calls it.
 */
import type { Planted } from './auth-backdoor.js';

/** An evaluator fed straight from the request's body, query or parameters (`re.exec(...)`, `db.exec(...)` are methods, no evaluator). */
const REQUEST_CODE =
  /(?:(?<![.\w$])(?:new\s+Function|eval|exec)|\bvm\.runIn\w*Context)\s*\([^)\n]{0,120}?\b(?:req|request|ctx\.request|ctx|event)\.(?:body|query|params|json|form|args|data|values|GET|POST)\b/;
/** A renderer-facing bridge whose functions run a process. */
const BRIDGE_EXEC =
  /\bexposeInMainWorld\([^]{0,400}?\b(?:execSync|exec|spawn|spawnSync|execFile|execFileSync)\s*\(/;

/** Where and why the text runs a caller's code, or undefined. */
export function exposedExecAt(text: string): Planted | undefined {
  const m = REQUEST_CODE.exec(text);
  if (m !== null) return { why: `runs code the request sends (${m[0].slice(0, 60)})`, at: m.index };
  const b = /child_process/.test(text) ? BRIDGE_EXEC.exec(text) : null;
  if (b !== null) return { why: 'exposes process execution to the renderer', at: b.index };
  return undefined;
}
