/** Adyen API keys (AQE<5+>.<50-80>) anywhere, and client keys (test_/live_) next to "adyen". */
import { contextValue, defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64URL, randomBody } from '../examples.js';

const ID = 'adyen';
const LOWER_DIGITS = 'abcdefghijklmnopqrstuvwxyz0123456789';
const apiKey = (seed: string): string =>
  'AQE' + randomBody(`${seed}:1`, LOWER_DIGITS, 6) + '.' + randomBody(`${seed}:2`, BASE64URL, 60);
const clientKey = (seed: string): string => 'live_' + randomBody(`${seed}:1`, BASE62, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'ADYEN',
  summary: 'Adyen API keys (AQE….…) and client keys (test_/live_) next to "adyen"',
  // Vendor formats are more specific than the generic assignment detector they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      name: 'api-key',
      keywords: ['aqe'],
      regex: /^AQE[a-z0-9]{5,20}\.[A-Za-z0-9_=-]{50,80}/,
      envName: 'ADYEN_API_KEY',
      minDistinct: 12,
      tail: 'A-Za-z0-9_=-',
    }),
    contextValue(ID, {
      name: 'client-key',
      keywords: ['adyen'],
      value: /(?:test|live)_[A-Za-z0-9]{30,40}/,
      envName: 'ADYEN_CLIENT_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `ADYEN_API_KEY=${apiKey('ady0a')}`, secret: apiKey('ady0a') },
      { text: `{"x-api-key": "${apiKey('ady0b')}"}`, secret: apiKey('ady0b') },
      { text: `Use ${apiKey('ady0c')} for the checkout.`, secret: apiKey('ady0c') },
      { text: `adyenClientKey := "${clientKey('ady1a')}"`, secret: clientKey('ady1a'), nonStrict: 'keep' },
      { text: `{"adyen": "${clientKey('ady1b')}"}`, secret: clientKey('ady1b'), nonStrict: 'keep' },
    ],
    negative: [
      {
        text: `nonMatchingToken := "AXE${randomBody('ady0d', BASE62, 30)}"`,
        why: 'not the AQE prefix (the generic assignment takes it in strict mode)',
        strict: 'redact',
      },
      { text: `AQE${'x'.repeat(6)}.${'x'.repeat(60)}`, why: 'placeholder body' },
      { text: `see the adyen docs for the client key`, why: 'prose, no value' },
      {
        text: `const prodKey = "prod_${randomBody('ady1c', BASE62, 34)}"`,
        why: 'no adyen name, no AQE prefix (the generic assignment takes it in strict mode)',
        strict: 'redact',
      },
    ],
  },
});
