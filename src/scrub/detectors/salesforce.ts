/** Salesforce session IDs and access tokens (00D<org>!<token>). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'salesforce';
const token = (seed: string): string =>
  '00D' + randomBody(`${seed}:1`, BASE62, 12) + '!' + randomBody(`${seed}:2`, BASE62 + '._', 96);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'SALESFORCE',
  summary: 'Salesforce session IDs and access tokens (00D<org>!<token>)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['00d'],
      regex: /^00D[A-Za-z0-9]{12,15}![A-Za-z0-9._]{80,200}/,
      envName: 'SALESFORCE_ACCESS_TOKEN',
      minDistinct: 16,
      tail: 'A-Za-z0-9._',
      prefixLength: 16,
    }),
  ],
  examples: {
    positive: [
      { text: `export SALESFORCE_ACCESS_TOKEN=${token('sal0a')}`, secret: token('sal0a') },
      { text: `Use ${token('sal0b')} for the deploy step.`, secret: token('sal0b') },
      { text: `{"credentials": "${token('sal0c')}"}`, secret: token('sal0c') },
    ],
    negative: [
      { text: token('sal0d').slice(0, 16) + 'x'.repeat(token('sal0d').length - 16), why: 'placeholder body' },
      { text: `${token('sal0e').slice(0, 16 + 6)} is cut short`, why: 'too short' },
      { text: `my${token('sal0f')}`, why: 'inside a longer word' },
    ],
  },
});
