/** PlanetScale passwords, service tokens and OAuth tokens (pscale_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64URL, randomBody } from '../examples.js';

const ID = 'planetscale';
const token = (seed: string): string => 'pscale_pw_' + randomBody(`${seed}:1`, BASE64URL, 43);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'PLANETSCALE',
  summary: 'PlanetScale passwords, service tokens and OAuth tokens (pscale_)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['pscale_tkn_', 'pscale_pw_', 'pscale_oauth_'],
      regex: /^pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.=-]{32,64}/,
      envName: 'PLANETSCALE_TOKEN',
      minDistinct: 10,
    }),
  ],
  examples: {
    positive: [
      { text: `export PLANETSCALE_TOKEN=${token('pla0a')}`, secret: token('pla0a') },
      { text: `Use ${token('pla0b')} for the deploy step.`, secret: token('pla0b') },
      { text: `{"credentials": "${token('pla0c')}"}`, secret: token('pla0c') },
    ],
    negative: [
      { text: 'pscale_pw_' + 'x'.repeat(token('pla0d').length - 10), why: 'placeholder body' },
      { text: `pscale_pw_${randomBody('pla0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('pla0f')}`, why: 'inside a longer word' },
    ],
  },
});
