/**
 * The language of code a tool is handed under a field that says "code" but not which
 * (`lambda_update_function_code {inline_code: "import os ..."}`, `create_snippet {code: ...}`),
 * read from the code's own marks: Python's `def`/`import`/`from ... import`, JavaScript's
 * `require(`/`module.exports`/`=>`/declarations. Undefined when neither shows or they tie, so prose
 * under such a field stays prose.
 *
 *   import os\ndef handler(e, c): ...        -> python
 *   exports.handler = async (e) => { ... }    -> node
 *   Please review the attached code           -> undefined
 */
import type { Runtime } from '../../types.js';

/** Marks with their weight: a definition or an import says code outright (2), a line shape leans (1). */
const PYTHON_MARKS: readonly (readonly [RegExp, number])[] = [
  [/^[ \t]*(?:async )?def [A-Za-z_]\w*\s*\(/m, 2],
  [/^[ \t]*class [A-Za-z_]\w*\s*[(:]/m, 1],
  [/^[ \t]*import [A-Za-z_][\w.]*(?:\s+as\s+\w+)?(?:\s*,\s*[A-Za-z_][\w.]*)*[ \t]*$/m, 2],
  [/^[ \t]*from [A-Za-z_.][\w.]* import /m, 2],
  [/^if __name__ == ['"]__main__['"]/m, 2],
  [/^[ \t]*(?:async )?with .+:[ \t]*$/m, 1],
];

const NODE_MARKS: readonly (readonly [RegExp, number])[] = [
  [/\brequire\(\s*['"`]/, 2],
  [/\bmodule\.exports\b|\bexports\.\w+\s*=/, 2],
  [/^[ \t]*(?:const|let|var)\s+[\w${[]/m, 1],
  [/=>\s*[{(\w]/, 1],
  [/^[ \t]*import\s.+\sfrom\s+['"]/m, 2],
  [/^[ \t]*export\s+(?:default|async|function|const|class)\b/m, 2],
  [/\bconsole\.\w+\(|\bawait\s+fetch\(/, 1],
];

const score = (marks: readonly (readonly [RegExp, number])[], text: string): number =>
  marks.reduce((n, [re, w]) => n + (re.test(text) ? w : 0), 0);

/** The runtime a piece of code reads as (python or node), or undefined when it shows neither. */
export function sniffRuntime(text: string): Runtime | undefined {
  // Past a few kilobytes the marks have shown themselves; a long text is not scanned whole per mark.
  const head = text.length > 8192 ? text.slice(0, 8192) : text;
  if (!/[(=:]/.test(head)) return undefined;
  const py = score(PYTHON_MARKS, head);
  const js = score(NODE_MARKS, head);
  // One leaning line shape (`with the team:`) is prose as often as code.
  if (py === js || Math.max(py, js) < 2) return undefined;
  return py > js ? 'python' : 'node';
}
