/** Perplexity API keys (pplx-). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'perplexity';
const token = (seed: string): string => 'pplx-' + randomBody(`${seed}:1`, BASE62, 48);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'PERPLEXITY',
  summary: 'Perplexity API keys (pplx-)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['pplx-'],
      regex: /^pplx-[A-Za-z0-9]{48}/,
      envName: 'PERPLEXITY_API_KEY',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export PERPLEXITY_API_KEY=${token('per0a')}`, secret: token('per0a') },
      { text: `Use ${token('per0b')} for the deploy step.`, secret: token('per0b') },
      { text: `{"credentials": "${token('per0c')}"}`, secret: token('per0c') },
    ],
    negative: [
      { text: 'pplx-' + 'x'.repeat(token('per0d').length - 5), why: 'placeholder body' },
      { text: `pplx-${randomBody('per0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('per0f')}`, why: 'inside a longer word' },
    ],
  },
});
