/** Metabase session tokens (36) next to "metabase". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'metabase';
const sample0 = (seed: string): string => randomBody(`${seed}:0`, BASE62, 36);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'METABASE',
  summary: 'Metabase session tokens (36) next to "metabase"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'session',
      keywords: ['metabase'],
      value: /[a-zA-Z0-9-]{36}/,
      envName: 'METABASE_SESSION',
    }),
  ],
  examples: {
    positive: [
      { text: `METABASE_SESSION = "${sample0('meta0a')}"`, secret: sample0('meta0a'), nonStrict: 'keep' },
      {
        text: `metabase '${sample0('meta0b')}'`,
        secret: sample0('meta0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `metabase: ${sample0('meta0c')} / ops@example.com`,
        secret: sample0('meta0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the metabase documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `METABASE_SESSION = "${'x'.repeat(sample0('meta9').length)}"`, why: 'placeholder value' },
      { text: `metabase_url = "https://metabase.example.com/v1/items"`, why: 'a URL, not a credential' },
    ],
  },
});
