/** PyPI upload tokens (pypi-AgEIcHlwaS5vcmc…). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64URL, randomBody } from '../examples.js';

const ID = 'pypi';
const token = (seed: string): string => 'pypi-AgEIcHlwaS5vcmc' + randomBody(`${seed}:1`, BASE64URL, 70);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'PYPI',
  summary: 'PyPI upload tokens (pypi-AgEIcHlwaS5vcmc…)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['pypi-ageichlwas5vcmc'],
      regex: /^pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,300}/,
      envName: 'PYPI_TOKEN',
      minDistinct: 10,
      maxLength: 340,
      prefixLength: 19,
    }),
  ],
  examples: {
    positive: [
      { text: `export PYPI_TOKEN=${token('pyp0a')}`, secret: token('pyp0a') },
      { text: `Use ${token('pyp0b')} for the deploy step.`, secret: token('pyp0b') },
      { text: `{"credentials": "${token('pyp0c')}"}`, secret: token('pyp0c') },
    ],
    negative: [
      { text: 'pypi-AgEIcHlwaS5vcmc' + 'x'.repeat(token('pyp0d').length - 20), why: 'placeholder body' },
      { text: `pypi-AgEIcHlwaS5vcmc${randomBody('pyp0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('pyp0f')}`, why: 'inside a longer word' },
    ],
  },
});
