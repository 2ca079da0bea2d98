/** Shippo API tokens (shippo_live_/shippo_test_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, HEX, randomBody } from '../examples.js';

const ID = 'shippo';
const token = (seed: string): string => 'shippo_live_' + randomBody(`${seed}:1`, HEX, 40);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'SHIPPO',
  summary: 'Shippo API tokens (shippo_live_/shippo_test_)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['shippo_live_', 'shippo_test_'],
      regex: /^shippo_(?:live|test)_[a-fA-F0-9]{40}/,
      envName: 'SHIPPO_API_TOKEN',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export SHIPPO_API_TOKEN=${token('shi0a')}`, secret: token('shi0a') },
      { text: `Use ${token('shi0b')} for the deploy step.`, secret: token('shi0b') },
      { text: `{"credentials": "${token('shi0c')}"}`, secret: token('shi0c') },
    ],
    negative: [
      { text: 'shippo_live_' + 'x'.repeat(token('shi0d').length - 12), why: 'placeholder body' },
      { text: `shippo_live_${randomBody('shi0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('shi0f')}`, why: 'inside a longer word' },
    ],
  },
});
