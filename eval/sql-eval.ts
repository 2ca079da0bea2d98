/**
 * Precision and recall of the sql runtime on /work/shared/corpora/sql.jsonl (development corpus,
 * not shipped): every line through the whole engine, overall and per category.
 * Run: npx tsx eval/sql-eval.ts [--misses]
 */
import { existsSync, readFileSync } from 'node:fs';
import { createEngine } from '../src/engine/engine.js';

const CORPUS = process.env.SQL_CORPUS ?? '/work/shared/corpora/sql.jsonl';
if (!existsSync(CORPUS)) {
  console.log(`no corpus at ${CORPUS}; nothing to evaluate`);
  process.exit(0);
}
const showMisses = process.argv.includes('--misses');
const engine = await createEngine({ config: { cacheEntries: 0 } });
const counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
const perCategory = new Map<string, { total: number; correct: number }>();
for (const line of readFileSync(CORPUS, 'utf8').split('\n')) {
  if (line.trim() === '') continue;
  const row = JSON.parse(line) as { id: string; category: string; command: string; expect: 'allow' | 'deny' };
  const { decision } = engine.evaluate({ text: row.command, runtime: 'sql' });
  const denied = !decision.allowed;
  const want = row.expect === 'deny';
  if (denied && want) counts.tp++;
  else if (denied) counts.fp++;
  else if (want) counts.fn++;
  else counts.tn++;
  const c = perCategory.get(row.category) ?? { total: 0, correct: 0 };
  c.total++;
  if (denied === want) c.correct++;
  perCategory.set(row.category, c);
  if (showMisses && denied !== want)
    console.log(
      `${denied ? 'FP' : 'FN'} ${row.id} ${row.category}: ${row.command.slice(0, 120).replace(/\s+/g, ' ')}${denied ? ` [${decision.findings.map((f) => f.ruleId).join(',')}]` : ''}`,
    );
}
const precision = counts.tp / (counts.tp + counts.fp);
const recall = counts.tp / (counts.tp + counts.fn);
console.log(
  `sql.jsonl: ${counts.tp + counts.fp + counts.fn + counts.tn} rows  tp ${counts.tp} fp ${counts.fp} fn ${counts.fn} tn ${counts.tn}`,
);
console.log(`precision ${precision.toFixed(3)}  recall ${recall.toFixed(3)}`);
for (const [category, c] of [...perCategory].sort())
  console.log(`  ${category.padEnd(24)} ${c.correct}/${c.total}`);
