/** Defined Networking API tokens (dnkey-). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64URL, randomBody } from '../examples.js';

const ID = 'defined-networking';
const token = (seed: string): string =>
  'dnkey-' + randomBody(`${seed}:1`, BASE64URL, 26) + '-' + randomBody(`${seed}:3`, BASE64URL, 52);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'DEFINED',
  summary: 'Defined Networking API tokens (dnkey-)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['dnkey-'],
      regex: /^dnkey-[A-Za-z0-9=_-]{26}-[A-Za-z0-9=_-]{52}/,
      envName: 'DNAPI_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `export DNAPI_KEY=${token('def0a')}`, secret: token('def0a') },
      { text: `Use ${token('def0b')} for the deploy step.`, secret: token('def0b') },
      { text: `{"credentials": "${token('def0c')}"}`, secret: token('def0c') },
    ],
    negative: [
      { text: 'dnkey-' + 'x'.repeat(token('def0d').length - 6), why: 'placeholder body' },
      { text: `dnkey-${randomBody('def0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('def0f')}`, why: 'inside a longer word' },
    ],
  },
});
