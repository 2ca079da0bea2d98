/**
 * False positives on ordinary code from public algorithm collections (issue 22: "≤ 0.5% denied"):
 * every .py, .js, .cjs and .mjs file under $ALGOS_DIR is one python or node input. Prints
 * denied/total per runtime and each denied file with its rules. The files are not committed (they
 * are other projects' code): fetch them into a directory and point ALGOS_DIR at it.
 * Run: ALGOS_DIR=/tmp/algos npx tsx eval/algos-eval.ts
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createEngine } from '../src/engine/engine.js';
import type { Runtime } from '../src/engine/types.js';

const dir = process.env['ALGOS_DIR'];
if (dir === undefined || dir === '') {
  console.log('algos-eval: skipped (set ALGOS_DIR to a directory of fetched .py/.js files)');
  process.exit(0);
}

function runtimeOf(file: string): Runtime | null {
  if (file.endsWith('.py')) return 'python';
  if (/\.[cm]?js$/.test(file)) return 'node';
  return null;
}

function* walk(d: string): Generator<string> {
  for (const name of readdirSync(d).sort()) {
    const p = join(d, name);
    if (statSync(p).isDirectory()) yield* walk(p);
    else yield p;
  }
}

const engine = await createEngine({
  config: { workspaceRoot: '/work/ws', homeDir: '/home/agent', cacheEntries: 0 },
});
const totals = new Map<Runtime, { total: number; denied: number }>();
for (const file of walk(dir)) {
  const runtime = runtimeOf(file);
  if (runtime === null) continue;
  const t = totals.get(runtime) ?? { total: 0, denied: 0 };
  totals.set(runtime, t);
  t.total++;
  let d;
  try {
    d = engine.evaluate({ text: readFileSync(file, 'utf8'), runtime }).decision;
  } catch (e) {
    // Inputs over the engine's size limit are refused before analysis: not a decision on the code.
    t.total--;
    console.log(`skipped ${file.slice(dir.length + 1)}: ${(e as Error).message}`);
    continue;
  }
  if (d.allowed) continue;
  t.denied++;
  console.log(`denied ${file.slice(dir.length + 1)}`);
  for (const f of d.findings) console.log(`    ${f.ruleId}: ${String(f.reason).slice(0, 160)}`);
}
for (const [runtime, t] of totals) {
  const pct = t.total === 0 ? 0 : (100 * t.denied) / t.total;
  console.log(`${runtime}: ${t.denied}/${t.total} denied (${pct.toFixed(2)}%)`);
}
