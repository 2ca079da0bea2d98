/** Yandex Cloud API keys (AQVN), IAM tokens (t1.) and OAuth tokens (y0_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64URL, randomBody } from '../examples.js';

const ID = 'yandex';
const apiKey = (seed: string): string => 'AQVN' + randomBody(`${seed}:1`, BASE64URL, 36);
const oauth = (seed: string): string => 'y0_' + randomBody(`${seed}:1`, BASE64URL, 58);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'YANDEX',
  summary: 'Yandex Cloud API keys (AQVN), IAM tokens (t1.) and OAuth tokens (y0_)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      name: 'api-key',
      keywords: ['aqvn'],
      regex: /^AQVN[A-Za-z0-9_-]{35,38}/,
      envName: 'YANDEX_API_KEY',
    }),
    prefixedToken(ID, {
      name: 'oauth',
      keywords: ['y0_', 'y1_', 'y2_', 'y3_'],
      regex: /^y[0-3]_[A-Za-z0-9_-]{55,199}/,
      envName: 'YANDEX_API_KEY',
      minDistinct: 10,
    }),
  ],
  examples: {
    positive: [
      { text: `export YANDEX_API_KEY=${apiKey('yan0a')}`, secret: apiKey('yan0a') },
      { text: `Use ${apiKey('yan0b')} for the deploy step.`, secret: apiKey('yan0b') },
      { text: `{"credentials": "${apiKey('yan0c')}"}`, secret: apiKey('yan0c') },
      { text: `export YANDEX_API_KEY=${oauth('yan1a')}`, secret: oauth('yan1a') },
      { text: `Use ${oauth('yan1b')} for the deploy step.`, secret: oauth('yan1b') },
      { text: `{"credentials": "${oauth('yan1c')}"}`, secret: oauth('yan1c') },
    ],
    negative: [
      { text: 'AQVN' + 'x'.repeat(apiKey('yan0d').length - 4), why: 'placeholder body' },
      { text: `AQVN${randomBody('yan0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${apiKey('yan0f')}`, why: 'inside a longer word' },
      { text: 'y0_' + 'x'.repeat(oauth('yan1d').length - 3), why: 'placeholder body' },
      { text: `y0_${randomBody('yan1e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${oauth('yan1f')}`, why: 'inside a longer word' },
    ],
  },
});
