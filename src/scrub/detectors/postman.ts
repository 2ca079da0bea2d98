/** Postman API keys (PMAK-). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, HEX, randomBody } from '../examples.js';

const ID = 'postman';
const token = (seed: string): string =>
  'PMAK-' + randomBody(`${seed}:1`, HEX, 24) + '-' + randomBody(`${seed}:3`, HEX, 34);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'POSTMAN',
  summary: 'Postman API keys (PMAK-)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['pmak-'],
      regex: /^PMAK-[a-f0-9]{24}-[a-f0-9]{34}/,
      envName: 'POSTMAN_API_KEY',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export POSTMAN_API_KEY=${token('pos0a')}`, secret: token('pos0a') },
      { text: `Use ${token('pos0b')} for the deploy step.`, secret: token('pos0b') },
      { text: `{"credentials": "${token('pos0c')}"}`, secret: token('pos0c') },
    ],
    negative: [
      { text: 'PMAK-' + 'x'.repeat(token('pos0d').length - 5), why: 'placeholder body' },
      { text: `PMAK-${randomBody('pos0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('pos0f')}`, why: 'inside a longer word' },
    ],
  },
});
