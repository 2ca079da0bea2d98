/** nuget.org API keys (oy2 and 43 lower-case letters and digits). */
import { defineDetector, prefixedToken } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const LOWER_ALNUM = DIGITS + ALPHA_LOWER;

const ID = 'nuget-api-key';
const token = (seed: string): string => 'oy2' + randomBody(`${seed}:1`, LOWER_ALNUM, 43);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'NUGET',
  summary: 'nuget.org API keys (oy2 and 43 lower-case letters and digits)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['oy2'],
      regex: /^oy2[a-z0-9]{43}/,
      envName: 'NUGET_API_KEY',
      minDistinct: 12,
      minEntropy: 4,
    }),
  ],
  examples: {
    positive: [
      { text: `export NUGET_API_KEY=${token('nug0a')}`, secret: token('nug0a') },
      { text: `Use ${token('nug0b')} for the deploy step.`, secret: token('nug0b') },
      { text: `{"credentials": "${token('nug0c')}"}`, secret: token('nug0c') },
    ],
    negative: [
      { text: token('nug0d').slice(0, 3) + 'x'.repeat(token('nug0d').length - 3), why: 'placeholder body' },
      { text: `${token('nug0e').slice(0, 3 + 6)} is cut short`, why: 'too short' },
      { text: `my${token('nug0f')}`, why: 'inside a longer word' },
    ],
  },
});
