/** GoCanvas API keys (43 base64 and =) next to "gocanvas". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE64, randomBody } from '../examples.js';

const ID = 'gocanvas';
const sample0 = (seed: string): string => randomBody(`${seed}:0`, BASE64, 43) + '=';

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'GOCANVAS',
  summary: 'GoCanvas API keys (43 base64 and =) next to "gocanvas"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'key',
      keywords: ['gocanvas'],
      value: /[0-9A-Za-z/+]{43}=/,
      envName: 'GOCANVAS_API_KEY',
      tail: 'A-Za-z0-9+/=',
    }),
  ],
  examples: {
    positive: [
      { text: `GOCANVAS_API_KEY = "${sample0('goca0a')}"`, secret: sample0('goca0a'), nonStrict: 'keep' },
      {
        text: `gocanvas '${sample0('goca0b')}'`,
        secret: sample0('goca0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `gocanvas: ${sample0('goca0c')} / ops@example.com`,
        secret: sample0('goca0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the gocanvas documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `GOCANVAS_API_KEY = "${'x'.repeat(sample0('goca9').length)}"`, why: 'placeholder value' },
      { text: `gocanvas_url = "https://gocanvas.example.com/v1/items"`, why: 'a URL, not a credential' },
    ],
  },
});
