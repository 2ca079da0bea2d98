/**
 * The work budget's false positives on large ordinary files (issue 22, ENG-AST-002): every python
 * module of /usr/lib/python3.11 and /usr/lib/python3 and every .js/.mjs/.cjs file of node_modules
 * above 30 KB, cut at the engine's size cap, analysed with the budget the engine gives it
 * (src/engine/budget.ts workUnitsFor). Prints per runtime how many run out of the budget (each
 * would be denied by ENG-AST-002), the files that do, and the units per character spent.
 * Deterministic: files in sorted path order, at most --per N per runtime (evenly spaced).
 * Run: npx tsx eval/budget-ordinary.ts [--per N] [--list]
 */
import { readFileSync } from 'node:fs';
import { analyze } from '../src/engine/analyze.js';
import { WorkBudget, workUnitsFor } from '../src/engine/budget.js';
import { tokenEstimate } from '../src/engine/extract/code/work.js';
import { CAP } from '../bench/lib/adversarial-inputs.js';
import { sortedFiles } from './lib/files.js';

const argv = process.argv.slice(2);
const per = Number(argv[argv.indexOf('--per') + 1] ?? 0) || 400;
const list = argv.includes('--list');
const MIN_BYTES = 30 * 1024;
const limits = { maxInputBytes: CAP, maxDepth: 8 }; // the engine's defaults (src/config/sections/engine.ts)

/** Files under `root` (links followed, sorted) whose name ends in one of `exts` and above MIN_BYTES. */
const files = (root: string, exts: readonly string[]): string[] =>
  sortedFiles(root, (name, bytes) => bytes > MIN_BYTES && exts.some((e) => name.endsWith(e)));

/** At most `n` of `xs`, evenly spaced, in order. */
const spread = <T>(xs: readonly T[], n: number): T[] =>
  xs.length <= n ? [...xs] : Array.from({ length: n }, (_, i) => xs[Math.floor((i * xs.length) / n)]!);

/** The text cut so its UTF-8 form fits the cap. */
function atCap(text: string): string {
  let t = text.slice(0, CAP);
  while (Buffer.byteLength(t) > CAP)
    t = t.slice(0, t.length - Math.ceil((Buffer.byteLength(t) - CAP) / 3) - 1);
  return t;
}

const py = [...new Set([...files('/usr/lib/python3.11', ['.py']), ...files('/usr/lib/python3', ['.py'])])];
const js = files(new URL('../node_modules', import.meta.url).pathname, ['.js', '.mjs', '.cjs']);

for (const [runtime, paths] of [
  ['python', py],
  ['node', js],
] as const) {
  const picked = spread(paths, per);
  const denied: string[] = [];
  const perChar: number[] = [];
  for (const path of picked) {
    const text = atCap(readFileSync(path, 'utf8'));
    const budget = new WorkBudget(workUnitsFor(text.length, runtime));
    analyze(text, runtime, limits, budget);
    if (budget.exhausted)
      denied.push(
        `${path} (${text.length} chars, ${(tokenEstimate(text) / text.length).toFixed(2)} tokens/char, stopped in ${budget.stoppedIn})`,
      );
    else perChar.push(budget.used / text.length);
  }
  perChar.sort((a, b) => a - b);
  const q = (p: number): string => (perChar[Math.floor(p * (perChar.length - 1))] ?? 0).toFixed(1);
  console.log(
    `${runtime}: ${denied.length}/${picked.length} over the budget (ENG-AST-002) of ${paths.length} files > 30 KB; ` +
      `units/char of the rest p50 ${q(0.5)} p90 ${q(0.9)} max ${q(1)}`,
  );
  if (list) for (const d of denied) console.log(`  ${d}`);
}
