/** ReadMe API keys (rdme_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { ALPHA_LOWER, BASE62, DIGITS, randomBody } from '../examples.js';

const ID = 'readme';
const token = (seed: string): string => 'rdme_' + randomBody(`${seed}:1`, DIGITS + ALPHA_LOWER, 70);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'README',
  summary: 'ReadMe API keys (rdme_)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['rdme_'],
      regex: /^rdme_[a-z0-9]{70}/,
      envName: 'README_API_KEY',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export README_API_KEY=${token('rea0a')}`, secret: token('rea0a') },
      { text: `Use ${token('rea0b')} for the deploy step.`, secret: token('rea0b') },
      { text: `{"credentials": "${token('rea0c')}"}`, secret: token('rea0c') },
    ],
    negative: [
      { text: 'rdme_' + 'x'.repeat(token('rea0d').length - 5), why: 'placeholder body' },
      { text: `rdme_${randomBody('rea0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('rea0f')}`, why: 'inside a longer word' },
    ],
  },
});
