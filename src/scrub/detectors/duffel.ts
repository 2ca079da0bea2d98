/** Duffel API tokens (duffel_test_/duffel_live_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64URL, randomBody } from '../examples.js';

const ID = 'duffel';
const token = (seed: string): string => 'duffel_live_' + randomBody(`${seed}:1`, BASE64URL, 43);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'DUFFEL',
  summary: 'Duffel API tokens (duffel_test_/duffel_live_)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['duffel_test_', 'duffel_live_'],
      regex: /^duffel_(?:test|live)_[A-Za-z0-9_=-]{43}/,
      envName: 'DUFFEL_ACCESS_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `export DUFFEL_ACCESS_TOKEN=${token('duf0a')}`, secret: token('duf0a') },
      { text: `Use ${token('duf0b')} for the deploy step.`, secret: token('duf0b') },
      { text: `{"credentials": "${token('duf0c')}"}`, secret: token('duf0c') },
    ],
    negative: [
      { text: 'duffel_live_' + 'x'.repeat(token('duf0d').length - 12), why: 'placeholder body' },
      { text: `duffel_live_${randomBody('duf0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('duf0f')}`, why: 'inside a longer word' },
    ],
  },
});
