/** Pulumi access tokens (pul-). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, HEX, randomBody } from '../examples.js';

const ID = 'pulumi';
const token = (seed: string): string => 'pul-' + randomBody(`${seed}:1`, HEX, 40);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'PULUMI',
  summary: 'Pulumi access tokens (pul-)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['pul-'],
      regex: /^pul-[a-f0-9]{40}/,
      envName: 'PULUMI_ACCESS_TOKEN',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export PULUMI_ACCESS_TOKEN=${token('pul0a')}`, secret: token('pul0a') },
      { text: `Use ${token('pul0b')} for the deploy step.`, secret: token('pul0b') },
      { text: `{"credentials": "${token('pul0c')}"}`, secret: token('pul0c') },
    ],
    negative: [
      { text: 'pul-' + 'x'.repeat(token('pul0d').length - 4), why: 'placeholder body' },
      { text: `pul-${randomBody('pul0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('pul0f')}`, why: 'inside a longer word' },
    ],
  },
});
