/** Django secret keys made by startproject (django-insecure-). */
import { defineDetector, prefixedToken } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

/** startproject's alphabet. */
const DJANGO_ALPHABET = ALPHA_LOWER + DIGITS + '!@#$%^&*(-_=+)';

const ID = 'django';
const token = (seed: string): string => 'django-insecure-' + randomBody(`${seed}:1`, DJANGO_ALPHABET, 50);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'DJANGO',
  summary: 'Django secret keys made by startproject (django-insecure-)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['django-insecure-'],
      regex: /^django-insecure-[a-z0-9!@#$%^&*(\-_=+)]{50}/,
      envName: 'DJANGO_SECRET_KEY',
      minDistinct: 16,
      tail: 'a-z0-9!@#$%^&*(\\-_=+)',
    }),
  ],
  examples: {
    positive: [
      { text: `export DJANGO_SECRET_KEY=${token('dja0a')}`, secret: token('dja0a') },
      { text: `Use ${token('dja0b')} for the deploy step.`, secret: token('dja0b') },
      { text: `{"credentials": "${token('dja0c')}"}`, secret: token('dja0c') },
    ],
    negative: [
      { text: token('dja0d').slice(0, 16) + 'x'.repeat(token('dja0d').length - 16), why: 'placeholder body' },
      { text: `${token('dja0e').slice(0, 16 + 6)} is cut short`, why: 'too short' },
      { text: `my${token('dja0f')}`, why: 'inside a longer word' },
    ],
  },
});
