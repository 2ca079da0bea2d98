/** Prefect API keys (pnu_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'prefect';
const token = (seed: string): string => 'pnu_' + randomBody(`${seed}:1`, BASE62, 36);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'PREFECT',
  summary: 'Prefect API keys (pnu_)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['pnu_'],
      regex: /^pnu_[A-Za-z0-9]{36}/,
      envName: 'PREFECT_API_KEY',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export PREFECT_API_KEY=${token('pre0a')}`, secret: token('pre0a') },
      { text: `Use ${token('pre0b')} for the deploy step.`, secret: token('pre0b') },
      { text: `{"credentials": "${token('pre0c')}"}`, secret: token('pre0c') },
    ],
    negative: [
      { text: 'pnu_' + 'x'.repeat(token('pre0d').length - 4), why: 'placeholder body' },
      { text: `pnu_${randomBody('pre0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('pre0f')}`, why: 'inside a longer word' },
    ],
  },
});
