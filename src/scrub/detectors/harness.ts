/** Harness personal and service account tokens (pat./sat.). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64URL, randomBody } from '../examples.js';

const ID = 'harness';
const token = (seed: string): string =>
  'pat.' +
  randomBody(`${seed}:1`, BASE64URL, 22) +
  '.' +
  randomBody(`${seed}:3`, BASE62, 24) +
  '.' +
  randomBody(`${seed}:5`, BASE62, 20);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'HARNESS',
  summary: 'Harness personal and service account tokens (pat./sat.)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['pat.', 'sat.'],
      regex: /^(?:pat|sat)\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}/,
      envName: 'HARNESS_API_KEY',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export HARNESS_API_KEY=${token('har0a')}`, secret: token('har0a') },
      { text: `Use ${token('har0b')} for the deploy step.`, secret: token('har0b') },
      { text: `{"credentials": "${token('har0c')}"}`, secret: token('har0c') },
    ],
    negative: [
      { text: 'pat.' + 'x'.repeat(token('har0d').length - 4), why: 'placeholder body' },
      { text: `pat.${randomBody('har0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('har0f')}`, why: 'inside a longer word' },
    ],
  },
});
