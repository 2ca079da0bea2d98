/**
 * The loop the corpus evals share: read a JSON-lines corpus of labelled rows, judge each row,
 * print tp/fp/fn/tn, precision and recall, per-category accuracy and (with --misses) every miss.
 */
import { existsSync, readFileSync } from 'node:fs';

export interface CorpusRow {
  readonly id: string;
  readonly category: string;
  readonly expect: 'allow' | 'deny';
}

export interface Judgement {
  readonly denied: boolean;
  /** The row's input, shown (shortened) on a miss. */
  readonly text: string;
  /** Appended to a miss line (the rules that fired, say). */
  readonly note?: string;
}

/** The corpus path, or exits 0 with a note when it is not there (corpora are not shipped). */
export function corpusPath(envValue: string | undefined, fallback: string): string {
  const path = envValue ?? fallback;
  if (!existsSync(path)) {
    console.log(`no corpus at ${path}; nothing to evaluate`);
    process.exit(0);
  }
  return path;
}

export function evaluateCorpus<R extends CorpusRow>(
  path: string,
  label: string,
  judge: (row: R) => Judgement,
  showMisses: boolean,
): void {
  const counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
  const perCategory = new Map<string, { total: number; correct: number }>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const row = JSON.parse(line) as R;
    const { denied, text, note } = judge(row);
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
        `${denied ? 'FP' : 'FN'} ${row.id} ${row.category}: ${text.slice(0, 120).replace(/\s+/g, ' ')}${note ?? ''}`,
      );
  }
  const precision = counts.tp / (counts.tp + counts.fp);
  const recall = counts.tp / (counts.tp + counts.fn);
  console.log(
    `${label}: ${counts.tp + counts.fp + counts.fn + counts.tn} rows  tp ${counts.tp} fp ${counts.fp} fn ${counts.fn} tn ${counts.tn}`,
  );
  console.log(`precision ${precision.toFixed(3)}  recall ${recall.toFixed(3)}`);
  for (const [category, c] of [...perCategory].sort())
    console.log(`  ${category.padEnd(24)} ${c.correct}/${c.total}`);
}
