/** Resend API keys (re_<8>_<24>). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'resend';
const token = (seed: string): string =>
  're_' + randomBody(`${seed}:1`, BASE62, 8) + '_' + randomBody(`${seed}:2`, BASE62, 24);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'RESEND',
  summary: 'Resend API keys (re_<8>_<24>)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['re_'],
      regex: /^re_[A-Za-z0-9]{8}_[A-Za-z0-9]{24}/,
      envName: 'RESEND_API_KEY',
      minDistinct: 12,
      minEntropy: 4,
    }),
  ],
  examples: {
    positive: [
      { text: `export RESEND_API_KEY=${token('res0a')}`, secret: token('res0a') },
      { text: `Use ${token('res0b')} for the deploy step.`, secret: token('res0b') },
      { text: `{"credentials": "${token('res0c')}"}`, secret: token('res0c') },
    ],
    negative: [
      { text: token('res0d').slice(0, 3) + 'x'.repeat(token('res0d').length - 3), why: 'placeholder body' },
      { text: `${token('res0e').slice(0, 3 + 6)} is cut short`, why: 'too short' },
      { text: `my${token('res0f')}`, why: 'inside a longer word' },
    ],
  },
});
