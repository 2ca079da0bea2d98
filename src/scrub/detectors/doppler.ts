/** Doppler personal, service, service-account, CLI, SCIM and audit tokens (dp.). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'doppler';
const token = (seed: string): string => 'dp.pt.' + randomBody(`${seed}:1`, BASE62, 43);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'DOPPLER',
  summary: 'Doppler personal, service, service-account, CLI, SCIM and audit tokens (dp.)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['dp.pt.', 'dp.st.', 'dp.sa.', 'dp.ct.', 'dp.scim.', 'dp.audit.'],
      regex: /^dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9_.-]{40,100}/,
      envName: 'DOPPLER_TOKEN',
      minDistinct: 10,
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export DOPPLER_TOKEN=${token('dop0a')}`, secret: token('dop0a') },
      { text: `Use ${token('dop0b')} for the deploy step.`, secret: token('dop0b') },
      { text: `{"credentials": "${token('dop0c')}"}`, secret: token('dop0c') },
    ],
    negative: [
      { text: 'dp.pt.' + 'x'.repeat(token('dop0d').length - 6), why: 'placeholder body' },
      { text: `dp.pt.${randomBody('dop0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('dop0f')}`, why: 'inside a longer word' },
    ],
  },
});
