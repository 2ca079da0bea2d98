/** Sentry organisation (sntrys_) and user (sntryu_) auth tokens. */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, HEX, randomBody } from '../examples.js';

const ID = 'sentry';
const token = (seed: string): string => 'sntryu_' + randomBody(`${seed}:1`, HEX, 64);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'SENTRY',
  summary: 'Sentry organisation (sntrys_) and user (sntryu_) auth tokens',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['sntrys_', 'sntryu_'],
      regex: /^(?:sntrys_[A-Za-z0-9+/=_]{50,400}|sntryu_[a-f0-9]{64})/,
      envName: 'SENTRY_AUTH_TOKEN',
      minDistinct: 10,
      tail: 'A-Za-z0-9',
      maxLength: 420,
    }),
  ],
  examples: {
    positive: [
      { text: `export SENTRY_AUTH_TOKEN=${token('sen0a')}`, secret: token('sen0a') },
      { text: `Use ${token('sen0b')} for the deploy step.`, secret: token('sen0b') },
      { text: `{"credentials": "${token('sen0c')}"}`, secret: token('sen0c') },
    ],
    negative: [
      { text: 'sntryu_' + 'x'.repeat(token('sen0d').length - 7), why: 'placeholder body' },
      { text: `sntryu_${randomBody('sen0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('sen0f')}`, why: 'inside a longer word' },
    ],
  },
});
