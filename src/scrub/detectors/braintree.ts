/** Braintree access tokens (access_token$production$…). */
import { defineDetector, prefixedToken } from '../detector.js';
import { ALPHA_LOWER, DIGITS, HEX, randomBody } from '../examples.js';

const LOWER_ALNUM = DIGITS + ALPHA_LOWER;

const ID = 'braintree';
const token = (seed: string): string =>
  'access_token$production$' +
  randomBody(`${seed}:1`, LOWER_ALNUM, 16) +
  '$' +
  randomBody(`${seed}:2`, HEX, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'BRAINTREE',
  summary: 'Braintree access tokens (access_token$production$…)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['access_token$production$', 'access_token$sandbox$'],
      regex: /^access_token\$(?:production|sandbox)\$[a-z0-9]{16}\$[a-f0-9]{32}/,
      envName: 'BRAINTREE_ACCESS_TOKEN',
      minDistinct: 12,
      prefixLength: 24,
    }),
  ],
  examples: {
    positive: [
      { text: `export BRAINTREE_ACCESS_TOKEN=${token('bra0a')}`, secret: token('bra0a') },
      { text: `Use ${token('bra0b')} for the deploy step.`, secret: token('bra0b') },
      { text: `{"credentials": "${token('bra0c')}"}`, secret: token('bra0c') },
    ],
    negative: [
      { text: token('bra0d').slice(0, 24) + 'x'.repeat(token('bra0d').length - 24), why: 'placeholder body' },
      { text: `${token('bra0e').slice(0, 24 + 6)} is cut short`, why: 'too short' },
      { text: `my${token('bra0f')}`, why: 'inside a longer word' },
    ],
  },
});
