/** Honeycomb ingest and configuration keys (hcaik_, hcxik_, hcamk_, hcxmk_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const LOWER_ALNUM = DIGITS + ALPHA_LOWER;

const ID = 'honeycomb';
const token = (seed: string): string => 'hcaik_' + randomBody(`${seed}:1`, LOWER_ALNUM, 58);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'HONEYCOMB',
  summary: 'Honeycomb ingest and configuration keys (hcaik_, hcxik_, hcamk_, hcxmk_)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['hcaik_', 'hcxik_', 'hcamk_', 'hcxmk_'],
      regex: /^hc[ax][im]k_[a-z0-9]{58}/,
      envName: 'HONEYCOMB_API_KEY',
      minDistinct: 12,
    }),
  ],
  examples: {
    positive: [
      { text: `export HONEYCOMB_API_KEY=${token('hon0a')}`, secret: token('hon0a') },
      { text: `Use ${token('hon0b')} for the deploy step.`, secret: token('hon0b') },
      { text: `{"credentials": "${token('hon0c')}"}`, secret: token('hon0c') },
    ],
    negative: [
      { text: token('hon0d').slice(0, 6) + 'x'.repeat(token('hon0d').length - 6), why: 'placeholder body' },
      { text: `${token('hon0e').slice(0, 6 + 6)} is cut short`, why: 'too short' },
      { text: `my${token('hon0f')}`, why: 'inside a longer word' },
    ],
  },
});
