/** xAI API keys (xai-). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'xai';
const token = (seed: string): string => 'xai-' + randomBody(`${seed}:1`, BASE62, 80);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'XAI',
  summary: 'xAI API keys (xai-)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['xai-'],
      regex: /^xai-[A-Za-z0-9]{60,100}/,
      envName: 'XAI_API_KEY',
      minDistinct: 10,
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export XAI_API_KEY=${token('xai0a')}`, secret: token('xai0a') },
      { text: `Use ${token('xai0b')} for the deploy step.`, secret: token('xai0b') },
      { text: `{"credentials": "${token('xai0c')}"}`, secret: token('xai0c') },
    ],
    negative: [
      { text: 'xai-' + 'x'.repeat(token('xai0d').length - 4), why: 'placeholder body' },
      { text: `xai-${randomBody('xai0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('xai0f')}`, why: 'inside a longer word' },
    ],
  },
});
