/** Scalingo API tokens (tk-us-). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64URL, randomBody } from '../examples.js';

const ID = 'scalingo';
const token = (seed: string): string => 'tk-us-' + randomBody(`${seed}:1`, BASE64URL, 48);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'SCALINGO',
  summary: 'Scalingo API tokens (tk-us-)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['tk-us-'],
      regex: /^tk-us-[A-Za-z0-9_-]{48}/,
      envName: 'SCALINGO_API_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `export SCALINGO_API_TOKEN=${token('sca0a')}`, secret: token('sca0a') },
      { text: `Use ${token('sca0b')} for the deploy step.`, secret: token('sca0b') },
      { text: `{"credentials": "${token('sca0c')}"}`, secret: token('sca0c') },
    ],
    negative: [
      { text: 'tk-us-' + 'x'.repeat(token('sca0d').length - 6), why: 'placeholder body' },
      { text: `tk-us-${randomBody('sca0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('sca0f')}`, why: 'inside a longer word' },
    ],
  },
});
