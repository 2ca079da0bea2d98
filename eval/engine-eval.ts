/**
 * Precision and recall of the shell decision engine on the development corpora
 * (/work/shared/corpora or ../shared/corpora: shell-deny.jsonl, shell-benign.jsonl). Prints a table
 * per category; with --misses N also prints up to N misclassified commands per category.
 * Run: npx tsx eval/engine-eval.ts [--misses 5] [--runtime-all]
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEngine } from '../src/engine/engine.js';
import { isRuntime } from '../src/engine/types.js';

interface Row {
  readonly id: string;
  readonly category: string;
  readonly runtime: string;
  readonly command: string;
  readonly expect: 'allow' | 'deny';
}

const here = dirname(fileURLToPath(import.meta.url));
const candidates = [
  '/work/shared/corpora',
  resolve(here, '../../shared/corpora'),
  resolve(process.cwd(), '../shared/corpora'),
];
const dir = candidates.find((d) => existsSync(resolve(d, 'shell-deny.jsonl')));
if (dir === undefined) {
  console.log(
    'engine-eval: no corpora found (looked in ' + candidates.join(', ') + '); nothing to evaluate.',
  );
  process.exit(0);
}

const args = process.argv.slice(2);
const missesArg = args.indexOf('--misses');
const showMisses = missesArg >= 0 ? Number(args[missesArg + 1] ?? 5) : 0;

function read(file: string): Row[] {
  return readFileSync(resolve(dir!, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Row);
}

const engine = await createEngine({
  config: { workspaceRoot: '/work/ws', homeDir: '/home/agent', cacheEntries: 0 },
});
const rows = [...read('shell-deny.jsonl'), ...read('shell-benign.jsonl')];

interface Tally {
  total: number;
  denied: number;
  misses: string[];
}
const byCategory = new Map<string, Tally>();
let tp = 0;
let fp = 0;
let fn = 0;
let tn = 0;
let skipped = 0;
for (const row of rows) {
  // Only runtimes the engine takes; PowerShell/cmd lines are reported as skipped.
  if (!isRuntime(row.runtime)) {
    skipped++;
    continue;
  }
  let denied: boolean;
  let why = '';
  try {
    const d = engine.evaluate({ text: row.command, runtime: row.runtime }).decision;
    denied = !d.allowed;
    why = d.findings.map((f) => f.ruleId).join(',');
  } catch (err) {
    denied = false;
    why = `error ${(err as Error).message}`;
  }
  const key = `${row.expect} / ${row.category}`;
  const t = byCategory.get(key) ?? { total: 0, denied: 0, misses: [] };
  t.total++;
  if (denied) t.denied++;
  const wrong = denied !== (row.expect === 'deny');
  if (wrong && t.misses.length < showMisses)
    t.misses.push(`${row.id} ${JSON.stringify(row.command).slice(0, 160)}${why ? `  [${why}]` : ''}`);
  byCategory.set(key, t);
  if (row.expect === 'deny') {
    if (denied) tp++;
    else fn++;
  } else if (denied) fp++;
  else tn++;
}

console.log(`corpora: ${dir}`);
console.log('| expect / category | lines | denied | recall (deny) or false-positive rate (allow) |');
console.log('|---|---:|---:|---:|');
for (const [key, t] of [...byCategory].sort((a, b) => b[1].total - a[1].total)) {
  const rate = ((100 * t.denied) / t.total).toFixed(1);
  console.log(`| ${key} | ${t.total} | ${t.denied} | ${rate}% |`);
}
const precision = tp / Math.max(1, tp + fp);
const recall = tp / Math.max(1, tp + fn);
console.log(
  `\noverall: precision ${(100 * precision).toFixed(1)}%, recall ${(100 * recall).toFixed(1)}%, false-positive rate ${((100 * fp) / Math.max(1, fp + tn)).toFixed(2)}% (tp ${tp}, fp ${fp}, fn ${fn}, tn ${tn}; ${skipped} lines in other runtimes skipped)`,
);
if (showMisses > 0) {
  for (const [key, t] of byCategory) {
    if (t.misses.length === 0) continue;
    console.log(`\n## ${key}`);
    for (const m of t.misses) console.log(`  ${m}`);
  }
}
