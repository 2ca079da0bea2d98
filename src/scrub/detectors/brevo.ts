/** Brevo (Sendinblue) API and SMTP keys (xkeysib- / xsmtpsib-). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, HEX, randomBody } from '../examples.js';

const ID = 'brevo';
const token = (seed: string, p = 'xkeysib-'): string =>
  p + randomBody(`${seed}:1`, HEX, 64) + '-' + randomBody(`${seed}:2`, BASE62, 16);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'BREVO',
  summary: 'Brevo (Sendinblue) API and SMTP keys (xkeysib- / xsmtpsib-)',
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['xkeysib-', 'xsmtpsib-'],
      regex: /^x(?:keysib|smtpsib)-[a-f0-9]{64}-[A-Za-z0-9]{16}/,
      envName: 'BREVO_API_KEY',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export SENDINBLUE_API_KEY=${token('bre0a')}`, secret: token('bre0a') },
      { text: `smtp password ${token('bre0b', 'xsmtpsib-')}`, secret: token('bre0b', 'xsmtpsib-') },
      { text: `{"credentials": "${token('bre0c')}"}`, secret: token('bre0c') },
    ],
    negative: [
      { text: 'xkeysib-' + 'x'.repeat(64) + '-' + 'x'.repeat(16), why: 'placeholder body' },
      { text: `xkeysib-${randomBody('bre0e', HEX, 12)} is cut short`, why: 'too short' },
      { text: `my${token('bre0f')}`, why: 'inside a longer word' },
    ],
  },
});
