/** Clojars deploy tokens (CLOJARS_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { ALPHA_LOWER, BASE62, DIGITS, randomBody } from '../examples.js';

const ID = 'clojars';
const token = (seed: string): string => 'CLOJARS_' + randomBody(`${seed}:1`, DIGITS + ALPHA_LOWER, 60);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'CLOJARS',
  summary: 'Clojars deploy tokens (CLOJARS_)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['clojars_'],
      regex: /^CLOJARS_[a-z0-9]{60}/,
      envName: 'CLOJARS_TOKEN',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export CLOJARS_TOKEN=${token('clo0a')}`, secret: token('clo0a') },
      { text: `Use ${token('clo0b')} for the deploy step.`, secret: token('clo0b') },
      { text: `{"credentials": "${token('clo0c')}"}`, secret: token('clo0c') },
    ],
    negative: [
      { text: 'CLOJARS_' + 'x'.repeat(token('clo0d').length - 8), why: 'placeholder body' },
      { text: `CLOJARS_${randomBody('clo0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('clo0f')}`, why: 'inside a longer word' },
    ],
  },
});
