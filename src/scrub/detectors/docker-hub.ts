/** Docker Hub personal and organisation access tokens. */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64URL, randomBody } from '../examples.js';

const ID = 'docker-hub';
const token = (seed: string): string => 'dckr_pat_' + randomBody(`${seed}:1`, BASE64URL, 27);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'DOCKER',
  summary: 'Docker Hub personal and organisation access tokens',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['dckr_pat_', 'dckr_oat_'],
      regex: /^dckr_(?:pat|oat)_[A-Za-z0-9_-]{27,80}/,
      envName: 'DOCKER_TOKEN',
      minDistinct: 10,
      prefixLength: 9,
    }),
  ],
  examples: {
    positive: [
      { text: `export DOCKER_TOKEN=${token('doc0a')}`, secret: token('doc0a') },
      { text: `Use ${token('doc0b')} for the deploy step.`, secret: token('doc0b') },
      { text: `{"credentials": "${token('doc0c')}"}`, secret: token('doc0c') },
    ],
    negative: [
      { text: 'dckr_pat_' + 'x'.repeat(token('doc0d').length - 9), why: 'placeholder body' },
      { text: `dckr_pat_${randomBody('doc0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('doc0f')}`, why: 'inside a longer word' },
    ],
  },
});
