/** Dynatrace API tokens (dt0c01.). */
import { defineDetector, prefixedToken } from '../detector.js';
import { ALPHA_UPPER, BASE62, DIGITS, randomBody } from '../examples.js';

const ID = 'dynatrace';
const token = (seed: string): string =>
  'dt0c01.' +
  randomBody(`${seed}:1`, DIGITS + ALPHA_UPPER, 24) +
  '.' +
  randomBody(`${seed}:3`, DIGITS + ALPHA_UPPER, 64);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'DYNATRACE',
  summary: 'Dynatrace API tokens (dt0c01.)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['dt0c01.'],
      regex: /^dt0c01\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}/,
      envName: 'DYNATRACE_API_TOKEN',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export DYNATRACE_API_TOKEN=${token('dyn0a')}`, secret: token('dyn0a') },
      { text: `Use ${token('dyn0b')} for the deploy step.`, secret: token('dyn0b') },
      { text: `{"credentials": "${token('dyn0c')}"}`, secret: token('dyn0c') },
      {
        text: `Use ${token('dyn0g').toLowerCase()} for the deploy step.`,
        secret: token('dyn0g').toLowerCase(),
        why: 'lower case: the vendor prefix is enough',
      },
    ],
    negative: [
      { text: 'dt0c01.' + 'x'.repeat(token('dyn0d').length - 7), why: 'placeholder body' },
      { text: `dt0c01.${randomBody('dyn0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('dyn0f')}`, why: 'inside a longer word' },
    ],
  },
});
