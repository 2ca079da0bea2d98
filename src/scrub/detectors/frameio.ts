/** Frame.io API tokens (fio-u-). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64URL, randomBody } from '../examples.js';

const ID = 'frameio';
const token = (seed: string): string => 'fio-u-' + randomBody(`${seed}:1`, BASE64URL, 64);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'FRAMEIO',
  summary: 'Frame.io API tokens (fio-u-)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, { keywords: ['fio-u-'], regex: /^fio-u-[A-Za-z0-9_=-]{64}/, envName: 'FRAMEIO_TOKEN' }),
  ],
  examples: {
    positive: [
      { text: `export FRAMEIO_TOKEN=${token('fra0a')}`, secret: token('fra0a') },
      { text: `Use ${token('fra0b')} for the deploy step.`, secret: token('fra0b') },
      { text: `{"credentials": "${token('fra0c')}"}`, secret: token('fra0c') },
    ],
    negative: [
      { text: 'fio-u-' + 'x'.repeat(token('fra0d').length - 6), why: 'placeholder body' },
      { text: `fio-u-${randomBody('fra0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('fra0f')}`, why: 'inside a longer word' },
    ],
  },
});
