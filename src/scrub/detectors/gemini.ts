/** Gemini/Vertex express API keys (AQ.Ab8…). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64URL, randomBody } from '../examples.js';

const ID = 'gemini';
const token = (seed: string): string => 'AQ.Ab8RN6' + randomBody(`${seed}:1`, BASE64URL, 50);

export default defineDetector({
  id: ID,
  family: 'google',
  kind: 'GOOGLE',
  summary: 'Gemini/Vertex express API keys (AQ.Ab8…)',
  patterns: [
    prefixedToken(ID, {
      keywords: ['aq.ab8'],
      regex: /^AQ\.Ab8[A-Za-z0-9_-]{40,80}/,
      envName: 'GEMINI_API_KEY',
      minDistinct: 10,
    }),
  ],
  examples: {
    positive: [
      { text: `export GEMINI_API_KEY=${token('gem0a')}`, secret: token('gem0a') },
      { text: `Use ${token('gem0b')} for the deploy step.`, secret: token('gem0b') },
      { text: `{"credentials": "${token('gem0c')}"}`, secret: token('gem0c') },
    ],
    negative: [
      { text: 'AQ.Ab8RN6' + 'x'.repeat(token('gem0d').length - 9), why: 'placeholder body' },
      { text: `AQ.Ab8RN6${randomBody('gem0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('gem0f')}`, why: 'inside a longer word' },
    ],
  },
});
