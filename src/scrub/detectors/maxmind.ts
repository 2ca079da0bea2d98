/** MaxMind license keys (<6>_<29>_mmk). */
import { defineDetector, infixToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'maxmind';
const token = (seed: string): string =>
  randomBody(`${seed}:0`, BASE62, 6) + '_' + randomBody(`${seed}:2`, BASE62, 29) + '_mmk';

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'MAXMIND',
  summary: 'MaxMind license keys (<6>_<29>_mmk)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    infixToken(ID, {
      name: 'token',
      keywords: ['_mmk'],
      before: 36,
      regex: /^[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk/,
      envName: 'MAXMIND_LICENSE_KEY',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export MAXMIND_LICENSE_KEY=${token('max0a')}`, secret: token('max0a') },
      { text: `Use ${token('max0b')} for the deploy step.`, secret: token('max0b') },
      { text: `{"credentials": "${token('max0c')}"}`, secret: token('max0c') },
    ],
    negative: [
      { text: `${token('max0g').replace(/[A-Za-z0-9]/g, 'x')}`, why: 'placeholder body' },
      { text: `${token('max0h').slice(0, 20)}`, why: 'too short' },
    ],
  },
});
