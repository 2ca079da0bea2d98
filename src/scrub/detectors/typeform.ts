/** Typeform personal tokens (tfp_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64URL, randomBody } from '../examples.js';

const ID = 'typeform';
const token = (seed: string): string => 'tfp_' + randomBody(`${seed}:1`, BASE64URL, 59);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'TYPEFORM',
  summary: 'Typeform personal tokens (tfp_)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['tfp_'],
      regex: /^tfp_[A-Za-z0-9_.=-]{59}/,
      envName: 'TYPEFORM_API_TOKEN',
      minDistinct: 10,
    }),
  ],
  examples: {
    positive: [
      { text: `export TYPEFORM_API_TOKEN=${token('typ0a')}`, secret: token('typ0a') },
      { text: `Use ${token('typ0b')} for the deploy step.`, secret: token('typ0b') },
      { text: `{"credentials": "${token('typ0c')}"}`, secret: token('typ0c') },
    ],
    negative: [
      { text: 'tfp_' + 'x'.repeat(token('typ0d').length - 4), why: 'placeholder body' },
      { text: `tfp_${randomBody('typ0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('typ0f')}`, why: 'inside a longer word' },
    ],
  },
});
