/** SendGrid API keys (SG.<22>.<43>). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64URL, randomBody } from '../examples.js';

const ID = 'sendgrid';
const token = (seed: string): string =>
  'SG.' + randomBody(`${seed}:1`, BASE64URL, 22) + '.' + randomBody(`${seed}:3`, BASE64URL, 43);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'SENDGRID',
  summary: 'SendGrid API keys (SG.<22>.<43>)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['sg.'],
      // The documented shape, or 66 characters of the key alphabet with the dots anywhere.
      regex: /^SG\.(?:[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}|[A-Za-z0-9=_.-]{66}(?![A-Za-z0-9=_.-]))/,
      envName: 'SENDGRID_API_KEY',
      minDistinct: 10,
    }),
  ],
  examples: {
    positive: [
      { text: `export SENDGRID_API_KEY=${token('sen0a')}`, secret: token('sen0a') },
      { text: `Use ${token('sen0b')} for the deploy step.`, secret: token('sen0b') },
      { text: `{"credentials": "${token('sen0c')}"}`, secret: token('sen0c') },
      {
        text: `Use SG.${randomBody('sen0g', BASE64URL + '.=', 66)} for it.`,
        secret: 'SG.' + randomBody('sen0g', BASE64URL + '.=', 66),
        why: '66 characters of the key alphabet, dots anywhere',
      },
    ],
    negative: [
      { text: 'SG.' + 'x'.repeat(token('sen0d').length - 3), why: 'placeholder body' },
      { text: `SG.${randomBody('sen0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('sen0f')}`, why: 'inside a longer word' },
    ],
  },
});
