/** Tableau personal access token secrets: 22 base64 characters, `==:`, then 32 letters and digits. */
import { defineDetector, infixToken } from '../detector.js';
import { BASE62, BASE64, randomBody } from '../examples.js';

const ID = 'tableau';
const token = (seed: string): string =>
  randomBody(`${seed}:1`, BASE64, 22) + '==:' + randomBody(`${seed}:2`, BASE62, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'TABLEAU',
  summary: 'Tableau personal access token secrets (<22 base64>==:<32>)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    infixToken(ID, {
      // The padding of the first half and the colon joining the two halves.
      keywords: ['==:'],
      before: 22,
      regex: /^[A-Za-z0-9+/]{22}==:[A-Za-z0-9]{32}/,
      envName: 'TABLEAU_PAT_SECRET',
      minDistinct: 16,
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `TABLEAU_PAT_SECRET=${token('tab0a')}`, secret: token('tab0a') },
      { text: `pat ci-token\n${token('tab0b')}\nurl=prod.online.tableau.com`, secret: token('tab0b') },
      { text: `{"personalAccessTokenSecret": "${token('tab0c')}"}`, secret: token('tab0c') },
    ],
    negative: [
      { text: `if (a ==: b) return;`, why: 'not a token before the colon' },
      { text: `${'A'.repeat(22)}==:${'B'.repeat(32)}`, why: 'filler' },
      { text: `x${token('tab0d')}`, why: 'inside a longer word' },
    ],
  },
});
