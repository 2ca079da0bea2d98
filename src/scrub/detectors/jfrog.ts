/** JFrog API keys (73) and identity tokens (64) next to "jfrog"/"artifactory". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const ID = 'jfrog';
const token = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_LOWER, 73);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'JFROG',
  summary: 'JFrog API keys (73) and identity tokens (64) next to "jfrog"/"artifactory"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['jfrog', 'artifactory'],
      value: /[a-z0-9]{73}|[a-z0-9]{64}/,
      envName: 'JFROG_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `JFROG_API_KEY = "${token('jfr0a')}"`, secret: token('jfr0a'), nonStrict: 'keep' },
      { text: `jfrog:\n  credentials: ${token('jfr0b')}`, secret: token('jfr0b'), nonStrict: 'keep' },
      { text: `const jfrogAuth = '${token('jfr0c')}';`, secret: token('jfr0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the jfrog documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `JFROG_URL = "https://api.jfrog.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `JFROG_API_KEY = "${'x'.repeat(token('jfr0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
