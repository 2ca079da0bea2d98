/** OpenShift user tokens (sha256~). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64URL, randomBody } from '../examples.js';

const ID = 'openshift';
const token = (seed: string): string => 'sha256~' + randomBody(`${seed}:1`, BASE64URL, 43);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'OPENSHIFT',
  summary: 'OpenShift user tokens (sha256~)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['sha256~'],
      regex: /^sha256~[A-Za-z0-9_-]{43}/,
      envName: 'OPENSHIFT_TOKEN',
      minDistinct: 10,
    }),
  ],
  examples: {
    positive: [
      { text: `export OPENSHIFT_TOKEN=${token('ope0a')}`, secret: token('ope0a') },
      { text: `Use ${token('ope0b')} for the deploy step.`, secret: token('ope0b') },
      { text: `{"credentials": "${token('ope0c')}"}`, secret: token('ope0c') },
    ],
    negative: [
      { text: 'sha256~' + 'x'.repeat(token('ope0d').length - 7), why: 'placeholder body' },
      { text: `sha256~${randomBody('ope0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('ope0f')}`, why: 'inside a longer word' },
    ],
  },
});
