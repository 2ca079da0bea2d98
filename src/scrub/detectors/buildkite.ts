/** Buildkite API access tokens (bkua_ and 40 hex) and agent tokens (bkat_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { HEX, randomBody } from '../examples.js';

const ID = 'buildkite';
const token = (seed: string): string => 'bkua_' + randomBody(`${seed}:1`, HEX, 40);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'BUILDKITE',
  summary: 'Buildkite API access tokens (bkua_ and 40 hex) and agent tokens (bkat_)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['bkua_', 'bkat_'],
      regex: /^bk(?:ua|at)_[a-f0-9]{40}/,
      envName: 'BUILDKITE_API_TOKEN',
      minDistinct: 10,
    }),
  ],
  examples: {
    positive: [
      { text: `export BUILDKITE_API_TOKEN=${token('bui0a')}`, secret: token('bui0a') },
      { text: `Use ${token('bui0b')} for the deploy step.`, secret: token('bui0b') },
      { text: `{"credentials": "${token('bui0c')}"}`, secret: token('bui0c') },
    ],
    negative: [
      { text: token('bui0d').slice(0, 5) + 'x'.repeat(token('bui0d').length - 5), why: 'placeholder body' },
      { text: `${token('bui0e').slice(0, 5 + 6)} is cut short`, why: 'too short' },
      { text: `my${token('bui0f')}`, why: 'inside a longer word' },
    ],
  },
});
