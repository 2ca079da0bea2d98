/** Airtable personal access tokens (pat….<64 hex>) and legacy keys next to "airtable". */
import { contextValue, defineDetector, prefixedToken } from '../detector.js';
import { BASE62, HEX, randomBody } from '../examples.js';

const ID = 'airtable';
const pat = (seed: string): string =>
  'pat' + randomBody(`${seed}:1`, BASE62, 14) + '.' + randomBody(`${seed}:3`, HEX, 64);
const legacy = (seed: string): string => 'key' + randomBody(`${seed}:1`, BASE62, 14);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'AIRTABLE',
  summary: 'Airtable personal access tokens (pat….<64 hex>) and legacy keys next to "airtable"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      name: 'pat',
      keywords: ['pat'],
      regex: /^pat[A-Za-z0-9]{14}\.[a-f0-9]{64}/,
      envName: 'AIRTABLE_API_KEY',
      alnumAfter: 14,
      tail: 'A-Za-z0-9',
      prefixLength: 3,
    }),
    contextValue(ID, {
      name: 'legacy',
      keywords: ['airtable'],
      value: /key[A-Za-z0-9]{14}/,
      envName: 'AIRTABLE_API_KEY',
      minDistinct: 7,
    }),
  ],
  examples: {
    positive: [
      { text: `export AIRTABLE_API_KEY=${pat('air0a')}`, secret: pat('air0a') },
      { text: `Use ${pat('air0b')} for the deploy step.`, secret: pat('air0b') },
      { text: `{"credentials": "${pat('air0c')}"}`, secret: pat('air0c') },
      { text: `AIRTABLE_API_KEY = "${legacy('air1a')}"`, secret: legacy('air1a'), nonStrict: 'keep' },
      { text: `airtable:\n  credentials: ${legacy('air1b')}`, secret: legacy('air1b'), nonStrict: 'keep' },
      { text: `const airtableAuth = '${legacy('air1c')}';`, secret: legacy('air1c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: 'pat' + 'x'.repeat(pat('air0d').length - 3), why: 'placeholder body' },
      { text: `pat${randomBody('air0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${pat('air0f')}`, why: 'inside a longer word' },
      { text: `See the airtable documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `AIRTABLE_URL = "https://api.airtable.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `AIRTABLE_API_KEY = "${'x'.repeat(legacy('air1d').length)}"`, why: 'placeholder value' },
    ],
  },
});
