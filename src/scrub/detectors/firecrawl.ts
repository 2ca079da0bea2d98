/** Firecrawl API keys (fc- and 32 hex). */
import { defineDetector, prefixedToken } from '../detector.js';
import { HEX, randomBody } from '../examples.js';

const ID = 'firecrawl';
const token = (seed: string): string => 'fc-' + randomBody(`${seed}:1`, HEX, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'FIRECRAWL',
  summary: 'Firecrawl API keys (fc- and 32 hex)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['fc-'],
      regex: /^fc-[a-f0-9]{32}/,
      envName: 'FIRECRAWL_API_KEY',
      minDistinct: 10,
    }),
  ],
  examples: {
    positive: [
      { text: `export FIRECRAWL_API_KEY=${token('fir0a')}`, secret: token('fir0a') },
      { text: `Use ${token('fir0b')} for the deploy step.`, secret: token('fir0b') },
      { text: `{"credentials": "${token('fir0c')}"}`, secret: token('fir0c') },
    ],
    negative: [
      { text: token('fir0d').slice(0, 3) + 'x'.repeat(token('fir0d').length - 3), why: 'placeholder body' },
      { text: `${token('fir0e').slice(0, 3 + 6)} is cut short`, why: 'too short' },
      { text: `my${token('fir0f')}`, why: 'inside a longer word' },
    ],
  },
});
