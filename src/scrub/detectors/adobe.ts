/** Adobe client secrets (p8e-). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'adobe';
const token = (seed: string): string => 'p8e-' + randomBody(`${seed}:1`, BASE62, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'ADOBE',
  summary: 'Adobe client secrets (p8e-)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['p8e-'],
      regex: /^p8e-[A-Za-z0-9]{32}/,
      envName: 'ADOBE_CLIENT_SECRET',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export ADOBE_CLIENT_SECRET=${token('ado0a')}`, secret: token('ado0a') },
      { text: `Use ${token('ado0b')} for the deploy step.`, secret: token('ado0b') },
      { text: `{"credentials": "${token('ado0c')}"}`, secret: token('ado0c') },
    ],
    negative: [
      { text: 'p8e-' + 'x'.repeat(token('ado0d').length - 4), why: 'placeholder body' },
      { text: `p8e-${randomBody('ado0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('ado0f')}`, why: 'inside a longer word' },
    ],
  },
});
