/** Mailgun private API keys (key-), and webhook signing keys next to "mailgun". */
import { contextValue, defineDetector, prefixedToken } from '../detector.js';
import { BASE62, HEX, randomBody } from '../examples.js';

const ID = 'mailgun';
const tok0 = (seed: string): string => 'key-' + randomBody(`${seed}:1`, HEX, 32);
const signingKey = (seed: string): string =>
  `${randomBody(`${seed}:1`, HEX, 32)}-${randomBody(`${seed}:2`, HEX, 8)}-${randomBody(`${seed}:3`, HEX, 8)}`;

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'MAILGUN',
  summary: 'Mailgun private API keys (key-) and webhook signing keys next to "mailgun"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['key-'],
      regex: /^key-[0-9a-f]{32}/,
      envName: 'MAILGUN_API_KEY',
      tail: 'A-Za-z0-9',
    }),
    contextValue(ID, {
      name: 'signing-key',
      keywords: ['mailgun'],
      value: /[a-h0-9]{32}-[a-h0-9]{8}-[a-h0-9]{8}/,
      envName: 'MAILGUN_WEBHOOK_SIGNING_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `export MAILGUN_API_KEY=${tok0('mai0a')}`, secret: tok0('mai0a') },
      { text: `Use ${tok0('mai0b')} for the deploy step.`, secret: tok0('mai0b') },
      { text: `{"credentials": "${tok0('mai0c')}"}`, secret: tok0('mai0c') },
      { text: `{"mailgun": "${signingKey('mai1a')}"}`, secret: signingKey('mai1a'), nonStrict: 'keep' },
      { text: `mailgunToken := "${signingKey('mai1b')}"`, secret: signingKey('mai1b'), nonStrict: 'keep' },
    ],
    negative: [
      { text: 'key-' + 'x'.repeat(tok0('mai0d').length - 4), why: 'placeholder body' },
      { text: `key-${randomBody('mai0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${tok0('mai0f')}`, why: 'inside a longer word' },
      { text: `See the mailgun documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `MAILGUN_URL = "https://api.mailgun.example/v1/items"`, why: 'a URL, not a credential' },
    ],
  },
});
