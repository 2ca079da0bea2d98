/** Chargebee API keys (test_/live_ + 32-34 alphanumerics) next to "chargebee". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'chargebee';
const key = (seed: string): string =>
  (seed.endsWith('t') ? 'test_' : 'live_') + randomBody(`${seed}:1`, BASE62, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'CHARGEBEE',
  summary: 'Chargebee API keys (test_/live_…) next to "chargebee"',
  // Vendor formats are more specific than the generic assignment detector they overlap.
  priority: 9,
  patterns: [
    // The test_/live_ prefixes alone are everyday code words: the service name gates them.
    contextValue(ID, {
      keywords: ['chargebee'],
      value: /(?:test|live)_[A-Za-z0-9]{32,34}/,
      envName: 'CHARGEBEE_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `chargebeeToken := "${key('cb0t')}"`, secret: key('cb0t'), nonStrict: 'keep' },
      { text: `CHARGEBEE_API_KEY=${key('cb1l')}`, secret: key('cb1l'), nonStrict: 'keep' },
      { text: `{"chargebee": "${key('cb2l')}"}`, secret: key('cb2l'), nonStrict: 'keep' },
    ],
    negative: [
      {
        text: `nonMatchingToken := "${randomBody('cb3', BASE62, 32)}"`,
        why: 'no chargebee name, no prefix (the generic assignment takes it in strict mode)',
        strict: 'redact',
      },
      { text: 'def test_chargebee_subscription_renewal_flow(self):', why: 'a test function name' },
      { text: `CHARGEBEE_API_KEY = "test_${'x'.repeat(32)}"`, why: 'placeholder value' },
    ],
  },
});
