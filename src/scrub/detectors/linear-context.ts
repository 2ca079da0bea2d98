/** Linear OAuth client secrets next to "linear". */
import { contextValue, defineDetector } from '../detector.js';
import { HEX, randomBody } from '../examples.js';

const ID = 'linear-context';
const token = (seed: string): string => randomBody(`${seed}:0`, HEX, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'LINEAR',
  summary: 'Linear OAuth client secrets next to "linear"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['linear'],
      value: /[a-f0-9]{32}/,
      envName: 'LINEAR_CLIENT_SECRET',
    }),
  ],
  examples: {
    positive: [
      { text: `LINEAR_API_KEY = "${token('lin0a')}"`, secret: token('lin0a'), nonStrict: 'keep' },
      { text: `linear:\n  credentials: ${token('lin0b')}`, secret: token('lin0b'), nonStrict: 'keep' },
      { text: `const linearAuth = '${token('lin0c')}';`, secret: token('lin0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the linear documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `LINEAR_URL = "https://api.linear.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `LINEAR_API_KEY = "${'x'.repeat(token('lin0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
