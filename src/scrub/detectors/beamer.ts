/** Beamer API tokens (b_…) next to "beamer". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE64URL, randomBody } from '../examples.js';

const ID = 'beamer';
const token = (seed: string): string => 'b_' + randomBody(`${seed}:1`, BASE64URL, 44);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'BEAMER',
  summary: 'Beamer API tokens (b_…) next to "beamer"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['beamer'],
      value: /b_[a-z0-9=_-]{44}/,
      envName: 'BEAMER_API_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `BEAMER_API_KEY = "${token('bea0a')}"`, secret: token('bea0a'), nonStrict: 'keep' },
      { text: `beamer:\n  credentials: ${token('bea0b')}`, secret: token('bea0b'), nonStrict: 'keep' },
      { text: `const beamerAuth = '${token('bea0c')}';`, secret: token('bea0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the beamer documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `BEAMER_URL = "https://api.beamer.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `BEAMER_API_KEY = "${'x'.repeat(token('bea0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
