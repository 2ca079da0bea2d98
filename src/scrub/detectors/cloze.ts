/** Cloze API keys (32 hex) next to "cloze". */
import { contextValue, defineDetector } from '../detector.js';
import { HEX, randomBody } from '../examples.js';

const ID = 'cloze';
const sample0 = (seed: string): string => randomBody(`${seed}:0`, HEX, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'CLOZE',
  summary: 'Cloze API keys (32 hex) next to "cloze"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'key',
      keywords: ['cloze'],
      value: /[0-9a-f]{32}/,
      envName: 'CLOZE_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `CLOZE_API_KEY = "${sample0('cloz0a')}"`, secret: sample0('cloz0a'), nonStrict: 'keep' },
      {
        text: `cloze '${sample0('cloz0b')}'`,
        secret: sample0('cloz0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `cloze: ${sample0('cloz0c')} / ops@example.com`,
        secret: sample0('cloz0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the cloze documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `CLOZE_API_KEY = "${'x'.repeat(sample0('cloz9').length)}"`, why: 'placeholder value' },
      { text: `cloze_url = "https://cloze.example.com/v1/items"`, why: 'a URL, not a credential' },
    ],
  },
});
