/** 42 Intra client secrets (s-s4t2ud-/s-s4t2af-). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, HEX, randomBody } from '../examples.js';

const ID = 'intra42';
const token = (seed: string): string => 's-s4t2ud-' + randomBody(`${seed}:1`, HEX, 64);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'INTRA',
  summary: '42 Intra client secrets (s-s4t2ud-/s-s4t2af-)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['s-s4t2ud-', 's-s4t2af-'],
      regex: /^s-s4t2(?:ud|af)-[a-f0-9]{64}/,
      envName: 'INTRA42_CLIENT_SECRET',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export INTRA42_CLIENT_SECRET=${token('int0a')}`, secret: token('int0a') },
      { text: `Use ${token('int0b')} for the deploy step.`, secret: token('int0b') },
      { text: `{"credentials": "${token('int0c')}"}`, secret: token('int0c') },
    ],
    negative: [
      { text: 's-s4t2ud-' + 'x'.repeat(token('int0d').length - 9), why: 'placeholder body' },
      { text: `s-s4t2ud-${randomBody('int0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('int0f')}`, why: 'inside a longer word' },
    ],
  },
});
