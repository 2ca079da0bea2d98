/** Plaid access tokens (access-<env>-<uuid>). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, HEX, randomBody } from '../examples.js';

const ID = 'plaid';
const token = (seed: string): string =>
  'access-production-' +
  randomBody(`${seed}:1`, HEX, 8) +
  '-' +
  randomBody(`${seed}:3`, HEX, 4) +
  '-4' +
  randomBody(`${seed}:5`, HEX, 3) +
  '-b' +
  randomBody(`${seed}:7`, HEX, 3) +
  '-' +
  randomBody(`${seed}:9`, HEX, 12);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'PLAID',
  summary: 'Plaid access tokens (access-<env>-<uuid>)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['access-sandbox-', 'access-development-', 'access-production-'],
      regex:
        /^access-(?:sandbox|development|production)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/,
      envName: 'PLAID_ACCESS_TOKEN',
      tail: 'A-Za-z0-9',
      prefixLength: 15,
    }),
  ],
  examples: {
    positive: [
      { text: `export PLAID_ACCESS_TOKEN=${token('pla0a')}`, secret: token('pla0a') },
      { text: `Use ${token('pla0b')} for the deploy step.`, secret: token('pla0b') },
      { text: `{"credentials": "${token('pla0c')}"}`, secret: token('pla0c') },
    ],
    negative: [
      { text: 'access-production-' + 'x'.repeat(token('pla0d').length - 18), why: 'placeholder body' },
      { text: `access-production-${randomBody('pla0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('pla0f')}`, why: 'inside a longer word' },
    ],
  },
});
