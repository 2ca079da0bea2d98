/**
 * Precision and recall of NO_PROMPT_INJECTION_PAYLOAD on /work/shared/corpora/prompt-injection.jsonl
 * (development corpus, not shipped): each text as the one argument of a tool call through the whole
 * engine; a row counts as denied when a PI-AST rule fires. Run: npx tsx eval/injection-eval.ts [--misses]
 */
import { createEngine } from '../src/engine/engine.js';
import { corpusPath, evaluateCorpus, type CorpusRow } from './lib/corpus.js';

const CORPUS = corpusPath(process.env.PI_CORPUS, '/work/shared/corpora/prompt-injection.jsonl');
const engine = await createEngine({ config: { cacheEntries: 0 } });
evaluateCorpus<CorpusRow & { text: string }>(
  CORPUS,
  'prompt-injection.jsonl',
  (row) => {
    const { decision } = engine.validateToolCall({ name: 'post_message', arguments: { text: row.text } });
    return {
      denied: decision.findings.some((f) => f.invariant === 'NO_PROMPT_INJECTION_PAYLOAD'),
      text: row.text,
    };
  },
  process.argv.includes('--misses'),
);
