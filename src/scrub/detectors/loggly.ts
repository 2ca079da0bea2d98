/** Loggly customer tokens (UUID-shaped) next to "loggly". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomGroups } from '../examples.js';

const ID = 'loggly';
const sample0 = (seed: string): string => randomGroups(seed, DIGITS + ALPHA_LOWER, [8, 4, 4, 4, 12]);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'LOGGLY',
  summary: 'Loggly customer tokens (UUID-shaped) next to "loggly"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['loggly'],
      value: /[a-z0-9]{8}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{12}/,
      envName: 'LOGGLY_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `LOGGLY_TOKEN = "${sample0('logg0a')}"`, secret: sample0('logg0a'), nonStrict: 'keep' },
      {
        text: `loggly '${sample0('logg0b')}'`,
        secret: sample0('logg0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `loggly: ${sample0('logg0c')} / ops@example.com`,
        secret: sample0('logg0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the loggly documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `LOGGLY_TOKEN = "${'x'.repeat(sample0('logg9').length)}"`, why: 'placeholder value' },
      { text: `loggly_url = "https://loggly.example.com/v1/items"`, why: 'a URL, not a credential' },
    ],
  },
});
