/** Replicate API tokens (r8_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'replicate';
const token = (seed: string): string => 'r8_' + randomBody(`${seed}:1`, BASE62, 37);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'REPLICATE',
  summary: 'Replicate API tokens (r8_)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['r8_'],
      regex: /^r8_[A-Za-z0-9]{37}/,
      envName: 'REPLICATE_API_TOKEN',
      minDistinct: 10,
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export REPLICATE_API_TOKEN=${token('rep0a')}`, secret: token('rep0a') },
      { text: `Use ${token('rep0b')} for the deploy step.`, secret: token('rep0b') },
      { text: `{"credentials": "${token('rep0c')}"}`, secret: token('rep0c') },
    ],
    negative: [
      { text: 'r8_' + 'x'.repeat(token('rep0d').length - 3), why: 'placeholder body' },
      { text: `r8_${randomBody('rep0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('rep0f')}`, why: 'inside a longer word' },
    ],
  },
});
