/** Jina AI API keys (jina_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'jina';
const token = (seed: string): string => 'jina_' + randomBody(`${seed}:1`, BASE62, 60);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'JINA',
  summary: 'Jina AI API keys (jina_)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['jina_'],
      regex: /^jina_[A-Za-z0-9_-]{56,80}/,
      envName: 'JINA_API_KEY',
      minDistinct: 12,
    }),
  ],
  examples: {
    positive: [
      { text: `export JINA_API_KEY=${token('jin0a')}`, secret: token('jin0a') },
      { text: `Use ${token('jin0b')} for the deploy step.`, secret: token('jin0b') },
      { text: `{"credentials": "${token('jin0c')}"}`, secret: token('jin0c') },
    ],
    negative: [
      { text: token('jin0d').slice(0, 5) + 'x'.repeat(token('jin0d').length - 5), why: 'placeholder body' },
      { text: `${token('jin0e').slice(0, 5 + 6)} is cut short`, why: 'too short' },
      { text: `my${token('jin0f')}`, why: 'inside a longer word' },
    ],
  },
});
