/** HubSpot API keys (UUIDs next to "hubspot") and private-app access tokens (pat-na1-<UUID>). */
import { contextValue, defineDetector, prefixedToken } from '../detector.js';
import { uuidV4 } from '../examples.js';

const ID = 'hubspot';
const token = (seed: string): string => uuidV4(seed, '9');

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'HUBSPOT',
  summary: 'HubSpot API keys (UUIDs next to "hubspot") and private-app tokens (pat-na1-)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['hubspot'],
      value: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/,
      envName: 'HUBSPOT_API_KEY',
    }),
    prefixedToken(ID, {
      name: 'private-app',
      // The region (na1, eu1, ...) and a UUID.
      keywords: ['pat-na', 'pat-eu', 'pat-ap'],
      regex: /^pat-(?:na|eu|ap)[0-9]-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/,
      envName: 'HUBSPOT_ACCESS_TOKEN',
      minDistinct: 10,
      prefixLength: 8,
    }),
  ],
  examples: {
    positive: [
      { text: `HUBSPOT_API_KEY = "${token('hub0a')}"`, secret: token('hub0a'), nonStrict: 'keep' },
      { text: `hubspot:\n  credentials: ${token('hub0b')}`, secret: token('hub0b'), nonStrict: 'keep' },
      { text: `const hubspotAuth = '${token('hub0c')}';`, secret: token('hub0c'), nonStrict: 'keep' },
      { text: `Authorization: Bearer pat-na1-${token('hub1a')}`, secret: `pat-na1-${token('hub1a')}` },
      {
        text: `client = Client(access_token="pat-eu1-${token('hub1b')}")`,
        secret: `pat-eu1-${token('hub1b')}`,
      },
    ],
    negative: [
      { text: `See the hubspot documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `HUBSPOT_URL = "https://api.hubspot.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `HUBSPOT_API_KEY = "${'x'.repeat(token('hub0d').length)}"`, why: 'placeholder value' },
      { text: 'pat-na1-00000000-0000-0000-0000-000000000000', why: 'a zero UUID' },
      { text: `repeat-na1-${token('hub1c')}`, why: 'inside a longer word' },
    ],
  },
});
