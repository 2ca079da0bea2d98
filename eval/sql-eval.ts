/**
 * Precision and recall of the sql runtime on /work/shared/corpora/sql.jsonl (development corpus,
 * not shipped): every line through the whole engine, overall and per category.
 * Run: npx tsx eval/sql-eval.ts [--misses]
 */
import { createEngine } from '../src/engine/engine.js';
import { corpusPath, evaluateCorpus, type CorpusRow } from './lib/corpus.js';

const CORPUS = corpusPath(process.env.SQL_CORPUS, '/work/shared/corpora/sql.jsonl');
const engine = await createEngine({ config: { cacheEntries: 0 } });
evaluateCorpus<CorpusRow & { command: string }>(
  CORPUS,
  'sql.jsonl',
  (row) => {
    const { decision } = engine.evaluate({ text: row.command, runtime: 'sql' });
    const denied = !decision.allowed;
    return {
      denied,
      text: row.command,
      ...(denied ? { note: ` [${decision.findings.map((f) => f.ruleId).join(',')}]` } : {}),
    };
  },
  process.argv.includes('--misses'),
);
