/**
 * A library preload set by code for the programs it starts (issue 22, gdog r10): python's
 * `os.environ['LD_PRELOAD'] = x`, `env={'LD_PRELOAD': x}`, node's `process.env.LD_PRELOAD = x` or
 * `spawn(cmd, args, { env: { LD_PRELOAD: x } })` load `x` into every such program, as the shell's
 * `LD_PRELOAD=x.so cmd` does (SH-AST-021). A library this input downloaded is downloaded code run
 * (SH-AST-010).
 */
import type { Span } from '../../types.js';
import type { Collector } from './collector.js';
import { constText, type Val } from './value.js';

/** Variables whose libraries the dynamic loader maps into every program started with them. */
const PRELOAD_VARS: ReadonlySet<string> = new Set(['LD_PRELOAD', 'DYLD_INSERT_LIBRARIES']);

/** `name=value` in the environment of programs this input starts. */
export function preloadVar(
  col: Collector,
  span: Span,
  name: string,
  value: Val | undefined,
  actor: string,
): void {
  if (value === undefined) return;
  const text = constText(value);
  if (text !== null) col.ownEnv.set(name, text);
  else col.ownEnv.delete(name);
  if (!PRELOAD_VARS.has(name) || text === null) return;
  // LD_PRELOAD also splits on spaces; every listed library is loaded.
  for (const lib of text.split(name === 'LD_PRELOAD' ? /[:\s]+/ : ':')) {
    if (lib === '') continue;
    col.file(span, 'execute', lib, actor);
    for (const from of col.writtenSources(lib)) col.flow(span, from, { kind: 'exec', program: actor });
  }
}

/** Every preload variable of an environment mapping given to a started program (`env=`, `{ env }`). */
export function preloadEnv(col: Collector, span: Span, env: Val | undefined, actor: string): void {
  if (env?.fields === undefined) return;
  for (const [k, v] of env.fields) preloadVar(col, span, k, v, actor);
}
