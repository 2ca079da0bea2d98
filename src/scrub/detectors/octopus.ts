/** Octopus Deploy API keys (API-). */
import { defineDetector, prefixedToken } from '../detector.js';
import { ALPHA_UPPER, BASE62, DIGITS, randomBody } from '../examples.js';

const ID = 'octopus';
const token = (seed: string): string => 'API-' + randomBody(`${seed}:1`, DIGITS + ALPHA_UPPER, 26);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'OCTOPUS',
  priority: 9,
  summary: 'Octopus Deploy API keys (API-)',
  patterns: [
    prefixedToken(ID, {
      keywords: ['api-'],
      regex: /^API-[A-Z0-9]{26,32}/,
      envName: 'OCTOPUS_API_KEY',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export OCTOPUS_API_KEY=${token('oct0a')}`, secret: token('oct0a') },
      { text: `Use ${token('oct0b')} for the deploy step.`, secret: token('oct0b') },
      { text: `{"credentials": "${token('oct0c')}"}`, secret: token('oct0c') },
    ],
    negative: [
      { text: 'API-' + 'x'.repeat(token('oct0d').length - 4), why: 'placeholder body' },
      { text: `API-${randomBody('oct0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('oct0f')}`, why: 'inside a longer word' },
    ],
  },
});
