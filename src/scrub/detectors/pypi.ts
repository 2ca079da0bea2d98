/** PyPI upload tokens: macaroons for pypi.org (pypi-AgEIcHlwaS5vcmc…) and other indexes (test.pypi.org: pypi-AgENdGVzdC5weXBp…). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64URL, randomBody } from '../examples.js';

const ID = 'pypi';
const token = (seed: string): string => 'pypi-AgEIcHlwaS5vcmc' + randomBody(`${seed}:1`, BASE64URL, 70);
const testToken = (seed: string): string =>
  'pypi-AgENdGVzdC5weXBpLm9yZw' + randomBody(`${seed}:1`, BASE64URL, 120);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'PYPI',
  summary: 'PyPI upload tokens (pypi-AgEIcHlwaS5vcmc…)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      // Any index's macaroon (test.pypi.org, mirrors): the version byte and a location follow AgE.
      name: 'index',
      keywords: ['pypi-age'],
      regex: /^pypi-AgE[A-Za-z0-9_-]{70,300}/,
      envName: 'PYPI_TOKEN',
      minDistinct: 12,
      maxLength: 340,
      prefixLength: 8,
      strictOnly: true,
    }),
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
      {
        text: `password = ${testToken('pyp1a')}`,
        secret: testToken('pyp1a'),
        nonStrict: 'keep',
        why: 'a test.pypi.org token',
      },
    ],
    negative: [
      { text: 'pypi-AgEIcHlwaS5vcmc' + 'x'.repeat(token('pyp0d').length - 20), why: 'placeholder body' },
      { text: `pypi-AgEIcHlwaS5vcmc${randomBody('pyp0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('pyp0f')}`, why: 'inside a longer word' },
    ],
  },
});
