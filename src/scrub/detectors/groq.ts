/** Groq API keys (gsk_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'groq';
const token = (seed: string): string => 'gsk_' + randomBody(`${seed}:1`, BASE62, 52);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'GROQ',
  summary: 'Groq API keys (gsk_)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['gsk_'],
      regex: /^gsk_[A-Za-z0-9]{52}/,
      envName: 'GROQ_API_KEY',
      minDistinct: 10,
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export GROQ_API_KEY=${token('gro0a')}`, secret: token('gro0a') },
      { text: `Use ${token('gro0b')} for the deploy step.`, secret: token('gro0b') },
      { text: `{"credentials": "${token('gro0c')}"}`, secret: token('gro0c') },
    ],
    negative: [
      { text: 'gsk_' + 'x'.repeat(token('gro0d').length - 4), why: 'placeholder body' },
      { text: `gsk_${randomBody('gro0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('gro0f')}`, why: 'inside a longer word' },
    ],
  },
});
