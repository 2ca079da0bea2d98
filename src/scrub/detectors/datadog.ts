/** Datadog API (32 hex) and application keys (40 hex) next to "datadog"/"dd_". */
import { contextValue, defineDetector } from '../detector.js';
import { HEX, randomBody } from '../examples.js';

const ID = 'datadog';
const token = (seed: string): string => randomBody(`${seed}:0`, HEX, 40);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'DATADOG',
  summary: 'Datadog API (32 hex) and application keys (40 hex) next to "datadog"/"dd_"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['datadog', 'dd_api', 'dd_app'],
      value: /[a-f0-9]{40}|[a-f0-9]{32}/,
      envName: 'DATADOG_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `DATADOG_API_KEY = "${token('dat0a')}"`, secret: token('dat0a'), nonStrict: 'keep' },
      { text: `datadog:\n  credentials: ${token('dat0b')}`, secret: token('dat0b'), nonStrict: 'keep' },
      { text: `const datadogAuth = '${token('dat0c')}';`, secret: token('dat0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the datadog documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `DATADOG_URL = "https://api.datadog.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `DATADOG_API_KEY = "${'x'.repeat(token('dat0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
