/** Keen IO API keys (64) and project ids (24) next to "keen". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, ALPHA_UPPER, DIGITS, randomBody } from '../examples.js';

const ID = 'keenio';
const sample0 = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_UPPER, 64);
const sample1 = (seed: string): string => randomBody(`${seed}:1`, DIGITS + ALPHA_LOWER, 24);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'KEENIO',
  summary: 'Keen IO API keys (64) and project ids (24) next to "keen"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'key',
      keywords: ['keenio', 'keen_io', 'keen.io', 'keen_'],
      value: /[0-9A-Z]{64}/,
      envName: 'KEEN_API_KEY',
    }),
    contextValue(ID, {
      name: 'project',
      keywords: ['keenio', 'keen_io', 'keen.io', 'keen_'],
      value: /[0-9a-z]{24}/,
      envName: 'KEEN_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `KEEN_API_KEY = "${sample0('keen0a')}"`, secret: sample0('keen0a'), nonStrict: 'keep' },
      {
        text: `keenio '${sample0('keen0b')}'`,
        secret: sample0('keen0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `keenio: ${sample0('keen0c')} / ops@example.com`,
        secret: sample0('keen0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
      { text: `KEEN_API_KEY = "${sample1('keen1a')}"`, secret: sample1('keen1a'), nonStrict: 'keep' },
      {
        text: `keenio '${sample1('keen1b')}'`,
        secret: sample1('keen1b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `keenio: ${sample1('keen1c')} / ops@example.com`,
        secret: sample1('keen1c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the keenio documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `KEEN_API_KEY = "${'x'.repeat(sample0('keen9').length)}"`, why: 'placeholder value' },
      { text: `keenio_url = "https://keenio.example.com/v1/items"`, why: 'a URL, not a credential' },
    ],
  },
});
