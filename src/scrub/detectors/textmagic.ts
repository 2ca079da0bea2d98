/** TextMagic API keys (30) next to "textmagic". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'textmagic';
const sample0 = (seed: string): string => randomBody(`${seed}:0`, BASE62, 30);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'TEXTMAGIC',
  summary: 'TextMagic API keys (30) next to "textmagic"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'key',
      keywords: ['textmagic'],
      value: /[0-9A-Za-z]{30}/,
      envName: 'TEXTMAGIC_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `TEXTMAGIC_API_KEY = "${sample0('text0a')}"`, secret: sample0('text0a'), nonStrict: 'keep' },
      {
        text: `textmagic '${sample0('text0b')}'`,
        secret: sample0('text0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `textmagic: ${sample0('text0c')} / ops@example.com`,
        secret: sample0('text0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the textmagic documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `TEXTMAGIC_API_KEY = "${'x'.repeat(sample0('text9').length)}"`, why: 'placeholder value' },
      { text: `textmagic_url = "https://textmagic.example.com/v1/items"`, why: 'a URL, not a credential' },
    ],
  },
});
