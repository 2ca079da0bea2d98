/** Mailgun public validation keys (pubkey-). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, HEX, randomBody } from '../examples.js';

const ID = 'mailgun-public';
const token = (seed: string): string => 'pubkey-' + randomBody(`${seed}:1`, HEX, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'MAILGUN',
  summary: 'Mailgun public validation keys (pubkey-)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['pubkey-'],
      regex: /^pubkey-[a-f0-9]{32}/,
      envName: 'MAILGUN_PUBLIC_KEY',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export MAILGUN_PUBLIC_KEY=${token('mai0a')}`, secret: token('mai0a') },
      { text: `Use ${token('mai0b')} for the deploy step.`, secret: token('mai0b') },
      { text: `{"credentials": "${token('mai0c')}"}`, secret: token('mai0c') },
    ],
    negative: [
      { text: 'pubkey-' + 'x'.repeat(token('mai0d').length - 7), why: 'placeholder body' },
      { text: `pubkey-${randomBody('mai0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('mai0f')}`, why: 'inside a longer word' },
    ],
  },
});
