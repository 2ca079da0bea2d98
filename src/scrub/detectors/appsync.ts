/** AWS AppSync GraphQL API keys (da2-). */
import { defineDetector, prefixedToken } from '../detector.js';
import { ALPHA_LOWER, BASE62, DIGITS, randomBody } from '../examples.js';

const ID = 'appsync';
const token = (seed: string): string => 'da2-' + randomBody(`${seed}:1`, DIGITS + ALPHA_LOWER, 26);

export default defineDetector({
  id: ID,
  family: 'aws',
  kind: 'APPSYNC',
  summary: 'AWS AppSync GraphQL API keys (da2-)',
  patterns: [
    prefixedToken(ID, {
      keywords: ['da2-'],
      regex: /^da2-[a-z0-9]{26}/,
      envName: 'APPSYNC_API_KEY',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export APPSYNC_API_KEY=${token('app0a')}`, secret: token('app0a') },
      { text: `Use ${token('app0b')} for the deploy step.`, secret: token('app0b') },
      { text: `{"credentials": "${token('app0c')}"}`, secret: token('app0c') },
    ],
    negative: [
      { text: 'da2-' + 'x'.repeat(token('app0d').length - 4), why: 'placeholder body' },
      { text: `da2-${randomBody('app0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('app0f')}`, why: 'inside a longer word' },
    ],
  },
});
