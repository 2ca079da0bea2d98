/** Codacy tokens next to "codacy". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const ID = 'codacy';
const token = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_LOWER, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'CODACY',
  summary: 'Codacy tokens next to "codacy"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['codacy'],
      value: /[a-z0-9]{32}/,
      envName: 'CODACY_PROJECT_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `CODACY_API_KEY = "${token('cod0a')}"`, secret: token('cod0a'), nonStrict: 'keep' },
      { text: `codacy:\n  credentials: ${token('cod0b')}`, secret: token('cod0b'), nonStrict: 'keep' },
      { text: `const codacyAuth = '${token('cod0c')}';`, secret: token('cod0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the codacy documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `CODACY_URL = "https://api.codacy.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `CODACY_API_KEY = "${'x'.repeat(token('cod0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
