/** Databricks personal access tokens (dapi). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, HEX, randomBody } from '../examples.js';

const ID = 'databricks';
const token = (seed: string): string => 'dapi' + randomBody(`${seed}:1`, HEX, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'DATABRICKS',
  summary: 'Databricks personal access tokens (dapi)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['dapi'],
      regex: /^dapi[a-f0-9]{32}(?:-\d)?/,
      envName: 'DATABRICKS_TOKEN',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export DATABRICKS_TOKEN=${token('dat0a')}`, secret: token('dat0a') },
      { text: `Use ${token('dat0b')} for the deploy step.`, secret: token('dat0b') },
      { text: `{"credentials": "${token('dat0c')}"}`, secret: token('dat0c') },
    ],
    negative: [
      { text: 'dapi' + 'x'.repeat(token('dat0d').length - 4), why: 'placeholder body' },
      { text: `dapi${randomBody('dat0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('dat0f')}`, why: 'inside a longer word' },
    ],
  },
});
