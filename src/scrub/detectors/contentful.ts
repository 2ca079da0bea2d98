/** Contentful personal access tokens (CFPAT-). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64URL, randomBody } from '../examples.js';

const ID = 'contentful';
const token = (seed: string): string => 'CFPAT-' + randomBody(`${seed}:1`, BASE64URL, 43);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'CONTENTFUL',
  summary: 'Contentful personal access tokens (CFPAT-)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['cfpat-'],
      regex: /^CFPAT-[A-Za-z0-9_-]{43}/,
      envName: 'CONTENTFUL_MANAGEMENT_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `export CONTENTFUL_MANAGEMENT_TOKEN=${token('con0a')}`, secret: token('con0a') },
      { text: `Use ${token('con0b')} for the deploy step.`, secret: token('con0b') },
      { text: `{"credentials": "${token('con0c')}"}`, secret: token('con0c') },
    ],
    negative: [
      { text: 'CFPAT-' + 'x'.repeat(token('con0d').length - 6), why: 'placeholder body' },
      { text: `CFPAT-${randomBody('con0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('con0f')}`, why: 'inside a longer word' },
    ],
  },
});
