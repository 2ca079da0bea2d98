/** Flutterwave public keys (FLWPUBK-). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, HEX, randomBody } from '../examples.js';

const ID = 'flutterwave-public';
const token = (seed: string): string => 'FLWPUBK_TEST-' + randomBody(`${seed}:1`, HEX, 32) + '-X';

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'FLUTTERWAVE',
  summary: 'Flutterwave public keys (FLWPUBK-)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['flwpubk-', 'flwpubk_test-'],
      regex: /^FLWPUBK(?:_TEST)?-[a-hA-H0-9]{32}-X/,
      envName: 'FLUTTERWAVE_PUBLIC_KEY',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export FLUTTERWAVE_PUBLIC_KEY=${token('flu0a')}`, secret: token('flu0a') },
      { text: `Use ${token('flu0b')} for the deploy step.`, secret: token('flu0b') },
      { text: `{"credentials": "${token('flu0c')}"}`, secret: token('flu0c') },
    ],
    negative: [
      { text: 'FLWPUBK_TEST-' + 'x'.repeat(token('flu0d').length - 13), why: 'placeholder body' },
      { text: `FLWPUBK_TEST-${randomBody('flu0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('flu0f')}`, why: 'inside a longer word' },
    ],
  },
});
