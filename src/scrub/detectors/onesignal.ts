/** OneSignal REST API keys (48, or UUID-shaped app keys) next to "onesignal". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, BASE62, DIGITS, randomBody, randomGroups } from '../examples.js';

const ID = 'onesignal';
const sample0 = (seed: string): string => randomGroups(seed, DIGITS + ALPHA_LOWER, [8, 4, 4, 4, 12]);
const sample1 = (seed: string): string => randomBody(`${seed}:5`, BASE62, 48);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'ONESIGNAL',
  summary: 'OneSignal REST API keys (48, or UUID-shaped app keys) next to "onesignal"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'uuid',
      keywords: ['onesignal'],
      value: /[0-9a-z]{8}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{12}/,
      envName: 'ONESIGNAL_API_KEY',
    }),
    contextValue(ID, {
      name: 'key',
      keywords: ['onesignal'],
      value: /[a-zA-Z0-9]{48}/,
      envName: 'ONESIGNAL_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `ONESIGNAL_API_KEY = "${sample0('ones0a')}"`, secret: sample0('ones0a'), nonStrict: 'keep' },
      {
        text: `onesignal '${sample0('ones0b')}'`,
        secret: sample0('ones0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `onesignal: ${sample0('ones0c')} / ops@example.com`,
        secret: sample0('ones0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
      { text: `ONESIGNAL_API_KEY = "${sample1('ones1a')}"`, secret: sample1('ones1a'), nonStrict: 'keep' },
      {
        text: `onesignal '${sample1('ones1b')}'`,
        secret: sample1('ones1b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `onesignal: ${sample1('ones1c')} / ops@example.com`,
        secret: sample1('ones1c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the onesignal documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `ONESIGNAL_API_KEY = "${'x'.repeat(sample0('ones9').length)}"`, why: 'placeholder value' },
      { text: `onesignal_url = "https://onesignal.example.com/v1/items"`, why: 'a URL, not a credential' },
    ],
  },
});
