/** MailerSend API tokens (mlsn.). */
import { defineDetector, prefixedToken } from '../detector.js';
import { HEX, randomBody } from '../examples.js';

const ID = 'mailersend';
const token = (seed: string): string => 'mlsn.' + randomBody(`${seed}:1`, HEX, 64);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'MAILERSEND',
  summary: 'MailerSend API tokens (mlsn.)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['mlsn.'],
      regex: /^mlsn\.[a-f0-9]{64}/,
      envName: 'MAILERSEND_API_TOKEN',
      minDistinct: 10,
    }),
  ],
  examples: {
    positive: [
      { text: `export MAILERSEND_API_TOKEN=${token('mai0a')}`, secret: token('mai0a') },
      { text: `Use ${token('mai0b')} for the deploy step.`, secret: token('mai0b') },
      { text: `{"credentials": "${token('mai0c')}"}`, secret: token('mai0c') },
    ],
    negative: [
      { text: token('mai0d').slice(0, 5) + 'x'.repeat(token('mai0d').length - 5), why: 'placeholder body' },
      { text: `${token('mai0e').slice(0, 5 + 6)} is cut short`, why: 'too short' },
      { text: `my${token('mai0f')}`, why: 'inside a longer word' },
    ],
  },
});
