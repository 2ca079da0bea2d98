/** Luno API key secrets (43) next to "luno". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE64URL, randomBody } from '../examples.js';

const ID = 'luno';
const sample0 = (seed: string): string => randomBody(`${seed}:0`, BASE64URL, 43);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'LUNO',
  summary: 'Luno API key secrets (43) next to "luno"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'secret',
      keywords: ['luno'],
      value: /[a-zA-Z0-9_-]{43}/,
      envName: 'LUNO_API_SECRET',
    }),
  ],
  examples: {
    positive: [
      { text: `LUNO_API_SECRET = "${sample0('luno0a')}"`, secret: sample0('luno0a'), nonStrict: 'keep' },
      {
        text: `luno '${sample0('luno0b')}'`,
        secret: sample0('luno0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `luno: ${sample0('luno0c')} / ops@example.com`,
        secret: sample0('luno0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the luno documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `LUNO_API_SECRET = "${'x'.repeat(sample0('luno9').length)}"`, why: 'placeholder value' },
      { text: `luno_url = "https://luno.example.com/v1/items"`, why: 'a URL, not a credential' },
    ],
  },
});
