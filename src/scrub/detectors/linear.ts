/** Linear API keys (lin_api_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'linear';
const token = (seed: string): string => 'lin_api_' + randomBody(`${seed}:1`, BASE62, 40);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'LINEAR',
  summary: 'Linear API keys (lin_api_)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['lin_api_'],
      regex: /^lin_api_[A-Za-z0-9]{40}/,
      envName: 'LINEAR_API_KEY',
      minDistinct: 10,
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export LINEAR_API_KEY=${token('lin0a')}`, secret: token('lin0a') },
      { text: `Use ${token('lin0b')} for the deploy step.`, secret: token('lin0b') },
      { text: `{"credentials": "${token('lin0c')}"}`, secret: token('lin0c') },
    ],
    negative: [
      { text: 'lin_api_' + 'x'.repeat(token('lin0d').length - 8), why: 'placeholder body' },
      { text: `lin_api_${randomBody('lin0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('lin0f')}`, why: 'inside a longer word' },
    ],
  },
});
