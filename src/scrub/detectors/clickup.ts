/** ClickUp personal API tokens (pk_<user id>_<32>). */
import { defineDetector, prefixedToken } from '../detector.js';
import { ALPHA_UPPER, DIGITS, randomBody } from '../examples.js';

const ID = 'clickup';
const token = (seed: string): string =>
  'pk_' + randomBody(`${seed}:1`, DIGITS, 8) + '_' + randomBody(`${seed}:2`, ALPHA_UPPER + DIGITS, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'CLICKUP',
  summary: 'ClickUp personal API tokens (pk_<user id>_<32>)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['pk_'],
      regex: /^pk_[0-9]{6,12}_[A-Z0-9]{32}/,
      envName: 'CLICKUP_API_TOKEN',
      minDistinct: 12,
    }),
  ],
  examples: {
    positive: [
      { text: `export CLICKUP_API_TOKEN=${token('cli0a')}`, secret: token('cli0a') },
      { text: `Use ${token('cli0b')} for the deploy step.`, secret: token('cli0b') },
      { text: `{"credentials": "${token('cli0c')}"}`, secret: token('cli0c') },
    ],
    negative: [
      { text: token('cli0d').slice(0, 3) + 'x'.repeat(token('cli0d').length - 3), why: 'placeholder body' },
      { text: `${token('cli0e').slice(0, 3 + 6)} is cut short`, why: 'too short' },
      { text: `my${token('cli0f')}`, why: 'inside a longer word' },
    ],
  },
});
