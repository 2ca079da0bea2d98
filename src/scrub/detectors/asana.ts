/** Asana personal access tokens (n/<16 digits>[/<16 digits>]:<32>). */
import { contextValue, defineDetector } from '../detector.js';
import { DIGITS, HEX, randomBody } from '../examples.js';

const ID = 'asana';
const token = (seed: string): string =>
  '2/' +
  randomBody(`${seed}:1`, DIGITS, 16) +
  '/' +
  randomBody(`${seed}:3`, DIGITS, 16) +
  ':' +
  randomBody(`${seed}:5`, HEX, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'ASANA',
  summary: 'Asana personal access tokens (n/<16 digits>[/<16 digits>]:<32>)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'pat',
      keywords: ['asana'],
      value: /[0-9]\/[0-9]{16}(?:\/[0-9]{16})?:[A-Za-z0-9]{32}/,
      envName: 'ASANA_ACCESS_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `ASANA_API_KEY = "${token('asa0a')}"`, secret: token('asa0a'), nonStrict: 'keep' },
      { text: `asana:\n  credentials: ${token('asa0b')}`, secret: token('asa0b'), nonStrict: 'keep' },
      { text: `const asanaAuth = '${token('asa0c')}';`, secret: token('asa0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the asana documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `ASANA_URL = "https://api.asana.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `ASANA_API_KEY = "${'x'.repeat(token('asa0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
