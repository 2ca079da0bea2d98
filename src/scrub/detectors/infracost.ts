/** Infracost API keys (ico-). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'infracost';
const token = (seed: string): string => 'ico-' + randomBody(`${seed}:1`, BASE62, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'INFRACOST',
  summary: 'Infracost API keys (ico-)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['ico-'],
      regex: /^ico-[A-Za-z0-9]{32}/,
      envName: 'INFRACOST_API_KEY',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export INFRACOST_API_KEY=${token('inf0a')}`, secret: token('inf0a') },
      { text: `Use ${token('inf0b')} for the deploy step.`, secret: token('inf0b') },
      { text: `{"credentials": "${token('inf0c')}"}`, secret: token('inf0c') },
    ],
    negative: [
      { text: 'ico-' + 'x'.repeat(token('inf0d').length - 4), why: 'placeholder body' },
      { text: `ico-${randomBody('inf0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('inf0f')}`, why: 'inside a longer word' },
    ],
  },
});
