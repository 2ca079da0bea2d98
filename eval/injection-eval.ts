/**
 * Precision and recall of NO_PROMPT_INJECTION_PAYLOAD on /work/shared/corpora/prompt-injection.jsonl
 * (development corpus, not shipped): each text as the one argument of a tool call through the whole
 * engine; a row counts as denied when a PI-AST rule fires. Run: npx tsx eval/injection-eval.ts [--misses]
 */
import { existsSync, readFileSync } from 'node:fs';
import { createEngine } from '../src/engine/engine.js';

const CORPUS = process.env.PI_CORPUS ?? '/work/shared/corpora/prompt-injection.jsonl';
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
  const row = JSON.parse(line) as { id: string; category: string; text: string; expect: 'allow' | 'deny' };
  const { decision } = engine.validateToolCall({ name: 'post_message', arguments: { text: row.text } });
  const denied = decision.findings.some((f) => f.invariant === 'NO_PROMPT_INJECTION_PAYLOAD');
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
      `${denied ? 'FP' : 'FN'} ${row.id} ${row.category}: ${row.text.slice(0, 120).replace(/\s+/g, ' ')}`,
    );
}
const precision = counts.tp / (counts.tp + counts.fp);
const recall = counts.tp / (counts.tp + counts.fn);
console.log(
  `prompt-injection.jsonl: ${counts.tp + counts.fp + counts.fn + counts.tn} rows  tp ${counts.tp} fp ${counts.fp} fn ${counts.fn} tn ${counts.tn}`,
);
console.log(`precision ${precision.toFixed(3)}  recall ${recall.toFixed(3)}`);
for (const [category, c] of [...perCategory].sort())
  console.log(`  ${category.padEnd(24)} ${c.correct}/${c.total}`);
