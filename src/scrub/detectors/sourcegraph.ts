/** Sourcegraph access tokens (sgp_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, HEX, randomBody } from '../examples.js';

const ID = 'sourcegraph';
const token = (seed: string): string =>
  'sgp_' + randomBody(`${seed}:1`, HEX, 16) + '_' + randomBody(`${seed}:3`, HEX, 40);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'SOURCEGRAPH',
  summary: 'Sourcegraph access tokens (sgp_)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['sgp_'],
      regex: /^sgp_(?:(?:[a-fA-F0-9]{16}|local)_)?[a-fA-F0-9]{40}/,
      envName: 'SOURCEGRAPH_TOKEN',
      // Hex at random carries about 3.7 bits a character; runs of a few characters carry under 3.
      minEntropy: 3,
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export SOURCEGRAPH_TOKEN=${token('sou0a')}`, secret: token('sou0a') },
      { text: `Use ${token('sou0b')} for the deploy step.`, secret: token('sou0b') },
      { text: `{"credentials": "${token('sou0c')}"}`, secret: token('sou0c') },
    ],
    negative: [
      { text: 'sgp_' + 'x'.repeat(token('sou0d').length - 4), why: 'placeholder body' },
      { text: `sgp_${randomBody('sou0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('sou0f')}`, why: 'inside a longer word' },
      {
        text: 'sgp_' + '5555555d' + 'AAAAA' + '7777777' + 'CcccCF' + 'a'.repeat(14),
        why: 'runs of a few characters: too little entropy for a token',
      },
    ],
  },
});
