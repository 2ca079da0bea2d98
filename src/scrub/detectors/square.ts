/** Square access tokens (EAAA…, sq0atp-) and OAuth secrets (sq0csp-). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64URL, randomBody } from '../examples.js';

const ID = 'square';
const accessToken = (seed: string): string => 'EAAA' + randomBody(`${seed}:1`, BASE64URL, 60);
const oauthSecret = (seed: string): string => 'sq0csp-' + randomBody(`${seed}:1`, BASE64URL, 43);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'SQUARE',
  summary: 'Square access tokens (EAAA…, sq0atp-) and OAuth secrets (sq0csp-)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      name: 'access-token',
      keywords: ['eaaa', 'sq0atp-'],
      regex: /^(?:EAAA|sq0atp-)[A-Za-z0-9_-]{22,60}/,
      envName: 'SQUARE_ACCESS_TOKEN',
      minDistinct: 10,
    }),
    prefixedToken(ID, {
      name: 'oauth-secret',
      keywords: ['sq0csp-'],
      regex: /^sq0csp-[A-Za-z0-9_-]{43}/,
      envName: 'SQUARE_ACCESS_TOKEN',
      minDistinct: 10,
    }),
  ],
  examples: {
    positive: [
      { text: `export SQUARE_ACCESS_TOKEN=${accessToken('squ0a')}`, secret: accessToken('squ0a') },
      { text: `Use ${accessToken('squ0b')} for the deploy step.`, secret: accessToken('squ0b') },
      { text: `{"credentials": "${accessToken('squ0c')}"}`, secret: accessToken('squ0c') },
      { text: `export SQUARE_ACCESS_TOKEN=${oauthSecret('squ1a')}`, secret: oauthSecret('squ1a') },
      { text: `Use ${oauthSecret('squ1b')} for the deploy step.`, secret: oauthSecret('squ1b') },
      { text: `{"credentials": "${oauthSecret('squ1c')}"}`, secret: oauthSecret('squ1c') },
    ],
    negative: [
      { text: 'EAAA' + 'x'.repeat(accessToken('squ0d').length - 4), why: 'placeholder body' },
      { text: `EAAA${randomBody('squ0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${accessToken('squ0f')}`, why: 'inside a longer word' },
      { text: 'sq0csp-' + 'x'.repeat(oauthSecret('squ1d').length - 7), why: 'placeholder body' },
      { text: `sq0csp-${randomBody('squ1e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${oauthSecret('squ1f')}`, why: 'inside a longer word' },
    ],
  },
});
