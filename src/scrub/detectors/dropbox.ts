/** Dropbox short-lived access tokens (sl.). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64URL, randomBody } from '../examples.js';

const ID = 'dropbox';
const token = (seed: string): string => 'sl.' + randomBody(`${seed}:1`, BASE64URL, 140);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'DROPBOX',
  summary: 'Dropbox short-lived access tokens (sl.)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['sl.'],
      regex: /^sl\.(?:u\.)?[A-Za-z0-9_=-]{130,1400}/,
      envName: 'DROPBOX_ACCESS_TOKEN',
      minDistinct: 10,
      tail: 'A-Za-z0-9_=-',
      maxLength: 1420,
    }),
  ],
  examples: {
    positive: [
      { text: `export DROPBOX_ACCESS_TOKEN=${token('dro0a')}`, secret: token('dro0a') },
      { text: `Use ${token('dro0b')} for the deploy step.`, secret: token('dro0b') },
      { text: `{"credentials": "${token('dro0c')}"}`, secret: token('dro0c') },
    ],
    negative: [
      { text: 'sl.' + 'x'.repeat(token('dro0d').length - 3), why: 'placeholder body' },
      { text: `sl.${randomBody('dro0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('dro0f')}`, why: 'inside a longer word' },
    ],
  },
});
