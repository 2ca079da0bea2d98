/** Rootly API tokens (rootly_ + 64 hex). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, HEX, randomBody } from '../examples.js';

const ID = 'rootly';
const token = (seed: string): string => 'rootly_' + randomBody(`${seed}:1`, HEX, 64);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'ROOTLY',
  summary: 'Rootly API tokens (rootly_ + 64 hex)',
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['rootly_'],
      regex: /^rootly_[a-f0-9]{64}/,
      envName: 'ROOTLY_API_TOKEN',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export ROOTLY_API_TOKEN=${token('roo0a')}`, secret: token('roo0a') },
      { text: `the data ='${token('roo0b')}'`, secret: token('roo0b') },
      { text: `{"credentials": "${token('roo0c')}"}`, secret: token('roo0c') },
    ],
    negative: [
      { text: 'rootly_' + 'f'.repeat(64), why: 'one character repeated' },
      { text: `rootly_${randomBody('roo0e', BASE62, 8)} is cut short`, why: 'too short' },
      { text: 'rootly_api_client = RootlyClient()', why: 'a variable name' },
    ],
  },
});
