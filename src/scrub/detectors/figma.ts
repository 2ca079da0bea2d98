/** Figma personal access tokens (figd_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64URL, randomBody } from '../examples.js';

const ID = 'figma';
const token = (seed: string): string => 'figd_' + randomBody(`${seed}:1`, BASE64URL, 40);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'FIGMA',
  summary: 'Figma personal access tokens (figd_)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['figd_'],
      regex: /^figd_[A-Za-z0-9_-]{40,60}/,
      envName: 'FIGMA_TOKEN',
      minDistinct: 10,
    }),
  ],
  examples: {
    positive: [
      { text: `export FIGMA_TOKEN=${token('fig0a')}`, secret: token('fig0a') },
      { text: `Use ${token('fig0b')} for the deploy step.`, secret: token('fig0b') },
      { text: `{"credentials": "${token('fig0c')}"}`, secret: token('fig0c') },
    ],
    negative: [
      { text: 'figd_' + 'x'.repeat(token('fig0d').length - 5), why: 'placeholder body' },
      { text: `figd_${randomBody('fig0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('fig0f')}`, why: 'inside a longer word' },
    ],
  },
});
