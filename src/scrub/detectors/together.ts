/** Together AI API keys (tgp_v1_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE64URL, randomBody } from '../examples.js';

const ID = 'together';
const token = (seed: string): string => 'tgp_v1_' + randomBody(`${seed}:1`, BASE64URL, 43);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'TOGETHER',
  summary: 'Together AI API keys (tgp_v1_)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['tgp_v1_'],
      regex: /^tgp_v1_[A-Za-z0-9_-]{40,64}/,
      envName: 'TOGETHER_API_KEY',
      minDistinct: 10,
    }),
  ],
  examples: {
    positive: [
      { text: `export TOGETHER_API_KEY=${token('tog0a')}`, secret: token('tog0a') },
      { text: `Use ${token('tog0b')} for the deploy step.`, secret: token('tog0b') },
      { text: `{"credentials": "${token('tog0c')}"}`, secret: token('tog0c') },
    ],
    negative: [
      { text: token('tog0d').slice(0, 7) + 'x'.repeat(token('tog0d').length - 7), why: 'placeholder body' },
      { text: `${token('tog0e').slice(0, 7 + 6)} is cut short`, why: 'too short' },
      { text: `my${token('tog0f')}`, why: 'inside a longer word' },
    ],
  },
});
