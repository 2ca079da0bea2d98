/** Looker API client ids (20 alphanumerics) and client secrets (24) next to "looker". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'looker';
const clientId = (seed: string): string => randomBody(`${seed}:1`, BASE62, 20);
const clientSecret = (seed: string): string => randomBody(`${seed}:1`, BASE62, 24);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'LOOKER',
  summary: 'Looker API client ids and client secrets next to "looker"',
  // Vendor formats are more specific than the generic assignment detector they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'client-id',
      keywords: ['looker'],
      value: /[A-Za-z0-9]{20}/,
      envName: 'LOOKERSDK_CLIENT_ID',
    }),
    contextValue(ID, {
      name: 'client-secret',
      keywords: ['looker'],
      value: /[A-Za-z0-9]{24}/,
      envName: 'LOOKERSDK_CLIENT_SECRET',
    }),
  ],
  examples: {
    positive: [
      { text: `LOOKERSDK_CLIENT_ID=${clientId('lk0a')}`, secret: clientId('lk0a'), nonStrict: 'keep' },
      { text: `{"looker": "${clientId('lk0b')}"}`, secret: clientId('lk0b'), nonStrict: 'keep' },
      { text: `lookerSecret := "${clientSecret('lk1a')}"`, secret: clientSecret('lk1a'), nonStrict: 'keep' },
      {
        text: `looker:\n  client_secret: ${clientSecret('lk1b')}`,
        secret: clientSecret('lk1b'),
        nonStrict: 'keep',
      },
    ],
    negative: [
      { text: 'She is a real looker, said nobody in a code review.', why: 'prose, no value' },
      { text: 'LOOKERSDK_BASE_URL = "https://acme.cloud.looker.com"', why: 'a URL, not a credential' },
      { text: `LOOKERSDK_CLIENT_SECRET = "${'x'.repeat(24)}"`, why: 'placeholder value' },
    ],
  },
});
