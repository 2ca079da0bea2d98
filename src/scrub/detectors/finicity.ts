/** Finicity client secrets (20 alphanumerics) and API tokens (32 hex) next to "finicity". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE62, HEX, randomBody } from '../examples.js';

const ID = 'finicity';
const secret = (seed: string): string => randomBody(`${seed}:1`, BASE62, 20);
const apiToken = (seed: string): string => randomBody(`${seed}:1`, HEX, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'FINICITY',
  summary: 'Finicity client secrets and API tokens next to "finicity"',
  // Vendor formats are more specific than the generic assignment detector they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'client-secret',
      keywords: ['finicity'],
      value: /[A-Za-z0-9]{20}/,
      envName: 'FINICITY_SECRET',
    }),
    contextValue(ID, {
      name: 'api-token',
      keywords: ['finicity'],
      value: /[a-f0-9]{32}/,
      envName: 'FINICITY_APP_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `finicityToken := "${secret('fin0a')}"`, secret: secret('fin0a'), nonStrict: 'keep' },
      { text: `{"finicity": "${secret('fin0b')}"}`, secret: secret('fin0b'), nonStrict: 'keep' },
      { text: `FINICITY_APP_KEY=${apiToken('fin1a')}`, secret: apiToken('fin1a'), nonStrict: 'keep' },
      { text: `finicity:\n  app_key: ${apiToken('fin1b')}`, secret: apiToken('fin1b'), nonStrict: 'keep' },
    ],
    negative: [
      { text: 'See the finicity documentation for the partner secret.', why: 'prose, no value' },
      { text: `FINICITY_URL = "https://api.finicity.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `FINICITY_SECRET = "${'x'.repeat(20)}"`, why: 'placeholder value' },
    ],
  },
});
