/**
 * A file this input wrote, then loaded as code (issue 22, r6): `writeFileSync(p, downloaded)` then
 * `require(p)` / `import(p)` / `process.dlopen(m, p)` runs what was written, as `node p` would; the written content's
 * sources flow into execution (SH-AST-010 judges a download run) and known text is analysed.
 */
import { codeFlows, runArgv } from '../code/effects.js';
import { respawns } from '../code/respawn.js';
import { loadableName } from '../code/calls.js';
import { constText, pathOf, strVal, type Val } from '../code/value.js';
import type { JsWalker } from '../node.js';
import { JS_CALLS, type JsCall } from './calls.js';

/** A module name that is a file path, not a package (`./m.js`, `/tmp/.m.js`). */
const FILE_PATH = /^(?:\.{1,2}\/|\/|~\/|file:\/\/)/;

/** The input wrote `path` before loading it. */
function wrote(w: JsWalker, path: string): boolean {
  const at = w.col.fromCwd(path);
  return w.col.facts.some(
    (f) => f.kind === 'file' && (f.op === 'write' || f.op === 'create' || f.op === 'append') && f.path === at,
  );
}

/** A name built at run time, as the write of the same name recorded it (code/calls.ts loadableName). */
function dynamicName(arg: Val): string | null {
  const { path } = pathOf(arg);
  return loadableName(path) ? path : null;
}

function loadWritten(w: JsWalker, c: JsCall, at = 0): void {
  const arg = c.args[at];
  const name = arg ? (constText(arg) ?? dynamicName(arg)) : null;
  if (name === null || !FILE_PATH.test(name)) return;
  const path = name.replace(/^file:\/\//, '');
  if (!wrote(w, path)) return;
  for (const from of w.col.writtenSources(w.col.fromCwd(path)))
    w.col.flow(c.span, from, { kind: 'exec', program: 'node' });
  runArgv(w.col, c.span, [strVal('node'), strVal(path)], 'node');
}

JS_CALLS.wrap(['require', 'module.require', 'module._load'], (prev) => (w, c) => {
  loadWritten(w, c);
  return prev?.(w, c);
});

// `process.dlopen(module, path)`: a native addon written here is loaded, its code runs.
JS_CALLS.add(['process.dlopen'], (w, c) => {
  loadWritten(w, c, 1);
  return undefined;
});

// Starting the script's own file again with no condition multiplies processes (code/respawn.ts).
JS_CALLS.wrap(
  [
    'child_process.fork',
    'child_process.spawn',
    'child_process.exec',
    'child_process.execSync',
    'child_process.execFile',
    'child_process.spawnSync',
    'child_process.execFileSync',
  ],
  (prev) => (w, c) => {
    respawns(w, c.span, c.args);
    return prev?.(w, c);
  },
);

// Deserializers that rebuild functions from their text and call them (node-serialize's
// `_$$ND_FUNC$$_` IIFE, funcster, cryo): what they are given runs, as eval would run it (r9).
JS_CALLS.add(['node-serialize.unserialize', 'funcster.deepDeserialize', 'cryo.parse'], (w, c) => {
  if (c.args[0] !== undefined) codeFlows(w.col, c.span, [c.args[0]], c.name.split('.')[0]!);
  return undefined;
});
