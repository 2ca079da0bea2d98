/**
 * Microsoft Entra ID (Azure AD) refresh tokens: `0.A` or `1.A`, a base64url client part, a dot
 * (and a `1.` version on newer ones), then the encrypted body that opens with `AgAB`.
 */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE64URL, randomBody } from '../examples.js';

const ID = 'azure-refresh-token';
const token = (seed: string, lead = '0', version = ''): string =>
  `${lead}.A` +
  randomBody(`${seed}:1`, BASE64URL, 51) +
  `.${version}AgAB` +
  randomBody(`${seed}:2`, BASE64URL, 320);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'AZURE',
  summary: 'Microsoft Entra ID refresh tokens (0.A…/1.A… with an AgAB body)',
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['0.a', '1.a'],
      regex: /^[01]\.A[A-Za-z0-9_-]{40,120}\.(?:[0-9]\.)?AgAB[A-Za-z0-9_-]{150,4000}/,
      envName: 'AZURE_REFRESH_TOKEN',
      minDistinct: 20,
      maxLength: 4200,
      prefixLength: 3,
    }),
  ],
  examples: {
    positive: [
      { text: `"refresh_token": "${token('azr0a')}"`, secret: token('azr0a') },
      { text: `AZURE_REFRESH_TOKEN=${token('azr0b', '1', '1.')}`, secret: token('azr0b', '1', '1.') },
      { text: `token cache:\n${token('azr0c', '1')}\n`, secret: token('azr0c', '1') },
    ],
    negative: [
      { text: 'Released 1.Alpha and 0.Beta builds last week.', why: 'version words' },
      {
        text: `0.A${randomBody('azr0d', BASE64URL, 51)}.AgAB${randomBody('azr0e', BASE64URL, 40)}`,
        why: 'body too short for an encrypted token',
      },
      { text: `v${token('azr0f')}`, why: 'inside a longer word' },
    ],
  },
});
