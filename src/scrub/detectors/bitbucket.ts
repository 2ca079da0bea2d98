/** Bitbucket app passwords (ATBB) and access tokens (ATCTT3). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'bitbucket';
const token = (seed: string): string => 'ATBB' + randomBody(`${seed}:1`, BASE62, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'BITBUCKET',
  summary: 'Bitbucket app passwords (ATBB) and access tokens (ATCTT3)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['atbb', 'atctt3'],
      regex: /^(?:ATBB[A-Za-z0-9_=.-]{32}|ATCTT3[A-Za-z0-9_=-]{100,300})/,
      envName: 'BITBUCKET_TOKEN',
      minDistinct: 10,
      tail: 'A-Za-z0-9_=.-',
      maxLength: 320,
    }),
  ],
  examples: {
    positive: [
      { text: `export BITBUCKET_TOKEN=${token('bit0a')}`, secret: token('bit0a') },
      { text: `Use ${token('bit0b')} for the deploy step.`, secret: token('bit0b') },
      { text: `{"credentials": "${token('bit0c')}"}`, secret: token('bit0c') },
    ],
    negative: [
      { text: 'ATBB' + 'x'.repeat(token('bit0d').length - 4), why: 'placeholder body' },
      { text: `ATBB${randomBody('bit0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('bit0f')}`, why: 'inside a longer word' },
    ],
  },
});
