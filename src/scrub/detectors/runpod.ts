/** RunPod API keys (rpa_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { ALPHA_UPPER, DIGITS, randomBody } from '../examples.js';

const ID = 'runpod';
const token = (seed: string): string => 'rpa_' + randomBody(`${seed}:1`, ALPHA_UPPER + DIGITS, 46);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'RUNPOD',
  summary: 'RunPod API keys (rpa_)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['rpa_'],
      regex: /^rpa_[A-Z0-9]{40,50}/,
      envName: 'RUNPOD_API_KEY',
      minDistinct: 12,
    }),
  ],
  examples: {
    positive: [
      { text: `export RUNPOD_API_KEY=${token('run0a')}`, secret: token('run0a') },
      { text: `Use ${token('run0b')} for the deploy step.`, secret: token('run0b') },
      { text: `{"credentials": "${token('run0c')}"}`, secret: token('run0c') },
    ],
    negative: [
      { text: token('run0d').slice(0, 4) + 'x'.repeat(token('run0d').length - 4), why: 'placeholder body' },
      { text: `${token('run0e').slice(0, 4 + 6)} is cut short`, why: 'too short' },
      { text: `my${token('run0f')}`, why: 'inside a longer word' },
    ],
  },
});
