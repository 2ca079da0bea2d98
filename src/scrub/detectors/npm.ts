/** npm access tokens (npm_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'npm';
const token = (seed: string): string => 'npm_' + randomBody(`${seed}:1`, BASE62, 36);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'NPM',
  summary: 'npm access tokens (npm_)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['npm_'],
      regex: /^npm_[A-Za-z0-9]{36}/,
      envName: 'NPM_TOKEN',
      minDistinct: 10,
    }),
  ],
  examples: {
    positive: [
      { text: `export NPM_TOKEN=${token('npm0a')}`, secret: token('npm0a') },
      { text: `Use ${token('npm0b')} for the deploy step.`, secret: token('npm0b') },
      { text: `{"credentials": "${token('npm0c')}"}`, secret: token('npm0c') },
    ],
    negative: [
      { text: 'npm_' + 'x'.repeat(token('npm0d').length - 4), why: 'placeholder body' },
      { text: `npm_${randomBody('npm0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('npm0f')}`, why: 'inside a longer word' },
    ],
  },
});
