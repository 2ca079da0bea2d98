/**
 * Code an interpreter loads by itself from files this input wrote earlier: python's start-up hooks
 * (sitecustomize.py, usercustomize.py, `import` lines of a .pth file) run on every start, and a
 * module the code imports (`python3 -c 'import m'` after `echo ... > m.py`, `node -e
 * 'require("./m")'` after `echo ... > m.js`) runs when imported (issue 22).
 */
import type { Invocation } from '../bash/model.js';
import type { ProgramHandler, Toolkit } from './types.js';

/** Most imported modules looked up per invocation. */
const MAX_MODULES = 16;

const PYTHON_IMPORT =
  /(?:^|[\s;])(?:import\s+([\w.]+(?:\s*,\s*[\w.]+)*)|from\s+([\w.]+)\s+import)|(?:__import__|import_module)\(\s*['"]([\w.]+)['"]/g;
const NODE_IMPORT =
  /(?:require|import)\s*\(\s*['"`](\.{1,2}\/[^'"`]+)['"`]|from\s+['"](\.{1,2}\/[^'"]+)['"]/g;

/** The texts an invocation may run: its words, its standard input, and written files it names. */
function codeTexts(inv: Invocation, kit: Toolkit): string[] {
  const texts: string[] = [];
  for (const w of inv.argv.slice(1)) {
    texts.push(w.text);
    const written = kit.writtenText(w);
    if (written !== null) texts.push(written.text);
  }
  if (!inv.stdin.interactive && inv.stdin.text !== null) texts.push(inv.stdin.text);
  return texts;
}

function pythonModules(texts: readonly string[]): string[] {
  const names = new Set<string>();
  for (const t of texts) {
    if (!t.includes('import')) continue;
    for (const m of t.matchAll(PYTHON_IMPORT)) {
      for (const n of (m[1] ?? m[2] ?? m[3] ?? '').split(',')) if (n.trim() !== '') names.add(n.trim());
      if (names.size >= MAX_MODULES) return [...names];
    }
  }
  return [...names];
}

function nodeModules(texts: readonly string[]): string[] {
  const names = new Set<string>();
  for (const t of texts) {
    if (!t.includes('./')) continue;
    for (const m of t.matchAll(NODE_IMPORT)) {
      names.add((m[1] ?? m[2])!);
      if (names.size >= MAX_MODULES) return [...names];
    }
  }
  return [...names];
}

/** Wraps python's handler: start-up hooks and imported modules this input wrote are analysed. */
export function withWrittenPythonModules(handler: ProgramHandler): ProgramHandler {
  return (inv, kit) => {
    const out = handler(inv, kit);
    const paths = kit.writtenPaths();
    if (paths.length === 0) return out;
    const at = inv.argv[0]!;
    for (const path of paths) {
      const base = path.slice(path.lastIndexOf('/') + 1);
      const hook = base === 'sitecustomize.py' || base === 'usercustomize.py';
      if (!hook && !base.endsWith('.pth')) continue;
      const written = kit.writtenText({ ...at, text: path, dynamic: false });
      if (written === null) continue;
      // A .pth file runs its lines that start with `import`; the others are path entries.
      const code = hook
        ? written.text
        : written.text
            .split('\n')
            .filter((l) => /^import[\s\t]/.test(l))
            .join('\n');
      if (code.trim() !== '') kit.nested(code, 'python', written.span, inv.program);
    }
    for (const name of pythonModules(codeTexts(inv, kit))) {
      const file = name.replace(/\./g, '/');
      for (const candidate of [`${file}.py`, `${file}/__init__.py`]) {
        const written = kit.writtenText({ ...at, text: candidate, dynamic: false });
        if (written !== null) kit.nested(written.text, 'python', written.span, inv.program);
      }
    }
    return out;
  };
}

/** Wraps node's handler: relative modules the code requires or imports that this input wrote are analysed. */
export function withWrittenNodeModules(handler: ProgramHandler): ProgramHandler {
  return (inv, kit) => {
    const out = handler(inv, kit);
    if (kit.writtenPaths().length === 0) return out;
    const at = inv.argv[0]!;
    for (const name of nodeModules(codeTexts(inv, kit))) {
      const exact = /\.[cm]?js$/.test(name);
      const candidates = exact
        ? [name]
        : [`${name}.js`, `${name}.cjs`, `${name}.mjs`, `${name}/index.js`, name];
      for (const candidate of candidates) {
        const written = kit.writtenText({ ...at, text: candidate, dynamic: false });
        if (written === null) continue;
        kit.nested(written.text, 'node', written.span, inv.program);
        break;
      }
    }
    return out;
  };
}
