/** SettleMint personal, application and service access tokens (sm_pat_/sm_aat_/sm_sat_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'settlemint';
const token = (seed: string): string => 'sm_pat_' + randomBody(`${seed}:1`, BASE62, 16);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'SETTLEMINT',
  summary: 'SettleMint personal, application and service access tokens (sm_pat_/sm_aat_/sm_sat_)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['sm_pat_', 'sm_aat_', 'sm_sat_'],
      regex: /^sm_[pas]at_[A-Za-z0-9]{16}/,
      envName: 'SETTLEMINT_TOKEN',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export SETTLEMINT_TOKEN=${token('set0a')}`, secret: token('set0a') },
      { text: `Use ${token('set0b')} for the deploy step.`, secret: token('set0b') },
      { text: `{"credentials": "${token('set0c')}"}`, secret: token('set0c') },
    ],
    negative: [
      { text: 'sm_pat_' + 'x'.repeat(token('set0d').length - 7), why: 'placeholder body' },
      { text: `sm_pat_${randomBody('set0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('set0f')}`, why: 'inside a longer word' },
    ],
  },
});
