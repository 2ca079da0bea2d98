/** MagicBell API secrets (40) next to "magicbell". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'magicbell';
const sample0 = (seed: string): string => randomBody(`${seed}:0`, BASE62, 40);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'MAGICBELL',
  summary: 'MagicBell API secrets (40) next to "magicbell"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'secret',
      keywords: ['magicbell'],
      value: /[a-zA-Z0-9-]{40}/,
      envName: 'MAGICBELL_API_SECRET',
      tail: 'A-Za-z0-9_-',
    }),
  ],
  examples: {
    positive: [
      { text: `MAGICBELL_API_SECRET = "${sample0('magi0a')}"`, secret: sample0('magi0a'), nonStrict: 'keep' },
      {
        text: `magicbell '${sample0('magi0b')}'`,
        secret: sample0('magi0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `magicbell: ${sample0('magi0c')} / ops@example.com`,
        secret: sample0('magi0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the magicbell documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `MAGICBELL_API_SECRET = "${'x'.repeat(sample0('magi9').length)}"`, why: 'placeholder value' },
      { text: `magicbell_url = "https://magicbell.example.com/v1/items"`, why: 'a URL, not a credential' },
    ],
  },
});
