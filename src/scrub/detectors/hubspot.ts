/** HubSpot API keys (UUIDs next to "hubspot"). */
import { contextValue, defineDetector } from '../detector.js';
import { uuidV4 } from '../examples.js';

const ID = 'hubspot';
const token = (seed: string): string => uuidV4(seed, '9');

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'HUBSPOT',
  summary: 'HubSpot API keys (UUIDs next to "hubspot")',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['hubspot'],
      value: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/,
      envName: 'HUBSPOT_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `HUBSPOT_API_KEY = "${token('hub0a')}"`, secret: token('hub0a'), nonStrict: 'keep' },
      { text: `hubspot:\n  credentials: ${token('hub0b')}`, secret: token('hub0b'), nonStrict: 'keep' },
      { text: `const hubspotAuth = '${token('hub0c')}';`, secret: token('hub0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the hubspot documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `HUBSPOT_URL = "https://api.hubspot.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `HUBSPOT_API_KEY = "${'x'.repeat(token('hub0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
