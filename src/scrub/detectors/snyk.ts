/** Snyk API tokens (UUIDs next to "snyk"). */
import { contextValue, defineDetector } from '../detector.js';
import { uuidV4 } from '../examples.js';

const ID = 'snyk';
const token = (seed: string): string => uuidV4(seed, '8');

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'SNYK',
  summary: 'Snyk API tokens (UUIDs next to "snyk")',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['snyk'],
      value: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/,
      envName: 'SNYK_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `SNYK_API_KEY = "${token('sny0a')}"`, secret: token('sny0a'), nonStrict: 'keep' },
      { text: `snyk:\n  credentials: ${token('sny0b')}`, secret: token('sny0b'), nonStrict: 'keep' },
      { text: `const snykAuth = '${token('sny0c')}';`, secret: token('sny0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the snyk documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `SNYK_URL = "https://api.snyk.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `SNYK_API_KEY = "${'x'.repeat(token('sny0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
