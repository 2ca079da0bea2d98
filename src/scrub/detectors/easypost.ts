/** EasyPost production and test API keys (EZAK/EZTK). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'easypost';
const token = (seed: string): string => 'EZAK' + randomBody(`${seed}:1`, BASE62, 54);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'EASYPOST',
  summary: 'EasyPost production and test API keys (EZAK/EZTK)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['ezak', 'eztk'],
      regex: /^EZ[AT]K[A-Za-z0-9]{54}/,
      envName: 'EASYPOST_API_KEY',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export EASYPOST_API_KEY=${token('eas0a')}`, secret: token('eas0a') },
      { text: `Use ${token('eas0b')} for the deploy step.`, secret: token('eas0b') },
      { text: `{"credentials": "${token('eas0c')}"}`, secret: token('eas0c') },
    ],
    negative: [
      { text: 'EZAK' + 'x'.repeat(token('eas0d').length - 4), why: 'placeholder body' },
      { text: `EZAK${randomBody('eas0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('eas0f')}`, why: 'inside a longer word' },
    ],
  },
});
