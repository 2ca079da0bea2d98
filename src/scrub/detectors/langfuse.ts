/** Langfuse secret keys (sk-lf- and a UUID). */
import { defineDetector, prefixedToken } from '../detector.js';
import { uuidV4 } from '../examples.js';

const ID = 'langfuse';
const token = (seed: string): string => 'sk-lf-' + uuidV4(seed, 'a');

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'LANGFUSE',
  summary: 'Langfuse secret keys (sk-lf- and a UUID)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['sk-lf-'],
      regex: /^sk-lf-[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}/,
      envName: 'LANGFUSE_SECRET_KEY',
      minDistinct: 10,
    }),
  ],
  examples: {
    positive: [
      { text: `export LANGFUSE_SECRET_KEY=${token('lan0a')}`, secret: token('lan0a') },
      { text: `Use ${token('lan0b')} for the deploy step.`, secret: token('lan0b') },
      { text: `{"credentials": "${token('lan0c')}"}`, secret: token('lan0c') },
    ],
    negative: [
      { text: token('lan0d').slice(0, 6) + 'x'.repeat(token('lan0d').length - 6), why: 'placeholder body' },
      { text: `${token('lan0e').slice(0, 6 + 6)} is cut short`, why: 'too short' },
      { text: `my${token('lan0f')}`, why: 'inside a longer word' },
    ],
  },
});
