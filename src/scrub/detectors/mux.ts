/** Mux access token ids (UUID-shaped) and secrets (75) next to "mux". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, BASE64, DIGITS, randomBody, randomGroups } from '../examples.js';

const ID = 'mux';
const sample0 = (seed: string): string => randomGroups(seed, DIGITS + ALPHA_LOWER, [8, 4, 4, 4, 12]);
const sample1 = (seed: string): string => randomBody(`${seed}:5`, BASE64, 75);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'MUX',
  summary: 'Mux access token ids (UUID-shaped) and secrets (75) next to "mux"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'id',
      keywords: ['mux'],
      value: /[0-9a-z]{8}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{12}/,
      envName: 'MUX_TOKEN',
    }),
    contextValue(ID, {
      name: 'secret',
      keywords: ['mux'],
      value: /[0-9A-Za-z+/]{75}/,
      envName: 'MUX_TOKEN',
      tail: 'A-Za-z0-9+/',
    }),
  ],
  examples: {
    positive: [
      { text: `MUX_TOKEN = "${sample0('mux0a')}"`, secret: sample0('mux0a'), nonStrict: 'keep' },
      {
        text: `mux '${sample0('mux0b')}'`,
        secret: sample0('mux0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `mux: ${sample0('mux0c')} / ops@example.com`,
        secret: sample0('mux0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
      { text: `MUX_TOKEN = "${sample1('mux1a')}"`, secret: sample1('mux1a'), nonStrict: 'keep' },
      {
        text: `mux '${sample1('mux1b')}'`,
        secret: sample1('mux1b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `mux: ${sample1('mux1c')} / ops@example.com`,
        secret: sample1('mux1c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the mux documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `MUX_TOKEN = "${'x'.repeat(sample0('mux9').length)}"`, why: 'placeholder value' },
      { text: `mux_url = "https://mux.example.com/v1/items"`, why: 'a URL, not a credential' },
    ],
  },
});
