/** Red Hat Pyxis API keys (32) next to "pyxis" or "redhat". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const ID = 'redhat-pyxis';
const sample0 = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_LOWER, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'REDHAT',
  summary: 'Red Hat Pyxis API keys (32) next to "pyxis" or "redhat"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'key',
      keywords: ['pyxis', 'redhat'],
      value: /[a-z0-9]{32}/,
      envName: 'PYXIS_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `PYXIS_API_KEY = "${sample0('redh0a')}"`, secret: sample0('redh0a'), nonStrict: 'keep' },
      {
        text: `pyxis '${sample0('redh0b')}'`,
        secret: sample0('redh0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `pyxis: ${sample0('redh0c')} / ops@example.com`,
        secret: sample0('redh0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the pyxis documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `PYXIS_API_KEY = "${'x'.repeat(sample0('redh9').length)}"`, why: 'placeholder value' },
      { text: `pyxis_url = "https://pyxis.example.com/v1/items"`, why: 'a URL, not a credential' },
    ],
  },
});
