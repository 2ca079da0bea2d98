/** Render API keys (rnd_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'render';
const token = (seed: string): string => 'rnd_' + randomBody(`${seed}:1`, BASE62, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'RENDER',
  summary: 'Render API keys (rnd_)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['rnd_'],
      regex: /^rnd_[A-Za-z0-9]{32}/,
      envName: 'RENDER_API_KEY',
      minDistinct: 12,
      minEntropy: 4,
    }),
  ],
  examples: {
    positive: [
      { text: `export RENDER_API_KEY=${token('ren0a')}`, secret: token('ren0a') },
      { text: `Use ${token('ren0b')} for the deploy step.`, secret: token('ren0b') },
      { text: `{"credentials": "${token('ren0c')}"}`, secret: token('ren0c') },
    ],
    negative: [
      { text: token('ren0d').slice(0, 4) + 'x'.repeat(token('ren0d').length - 4), why: 'placeholder body' },
      { text: `${token('ren0e').slice(0, 4 + 6)} is cut short`, why: 'too short' },
      { text: `my${token('ren0f')}`, why: 'inside a longer word' },
    ],
  },
});
