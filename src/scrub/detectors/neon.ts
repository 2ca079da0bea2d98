/** Neon API keys (napi_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const LOWER_ALNUM = DIGITS + ALPHA_LOWER;

const ID = 'neon';
const token = (seed: string): string => 'napi_' + randomBody(`${seed}:1`, LOWER_ALNUM, 64);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'NEON',
  summary: 'Neon API keys (napi_)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['napi_'],
      regex: /^napi_[a-z0-9]{64}/,
      envName: 'NEON_API_KEY',
      minDistinct: 12,
    }),
  ],
  examples: {
    positive: [
      { text: `export NEON_API_KEY=${token('neo0a')}`, secret: token('neo0a') },
      { text: `Use ${token('neo0b')} for the deploy step.`, secret: token('neo0b') },
      { text: `{"credentials": "${token('neo0c')}"}`, secret: token('neo0c') },
    ],
    negative: [
      { text: token('neo0d').slice(0, 5) + 'x'.repeat(token('neo0d').length - 5), why: 'placeholder body' },
      { text: `${token('neo0e').slice(0, 5 + 6)} is cut short`, why: 'too short' },
      { text: `my${token('neo0f')}`, why: 'inside a longer word' },
    ],
  },
});
