/** DigitalOcean personal, OAuth and refresh tokens. */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, HEX, randomBody } from '../examples.js';

const ID = 'digitalocean';
const token = (seed: string): string => 'dop_v1_' + randomBody(`${seed}:1`, HEX, 64);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'DIGITALOCEAN',
  summary: 'DigitalOcean personal, OAuth and refresh tokens',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['dop_v1_', 'doo_v1_', 'dor_v1_'],
      regex: /^do[por]_v1_[a-f0-9]{64}/,
      envName: 'DIGITALOCEAN_TOKEN',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export DIGITALOCEAN_TOKEN=${token('dig0a')}`, secret: token('dig0a') },
      { text: `Use ${token('dig0b')} for the deploy step.`, secret: token('dig0b') },
      { text: `{"credentials": "${token('dig0c')}"}`, secret: token('dig0c') },
    ],
    negative: [
      { text: 'dop_v1_' + 'x'.repeat(token('dig0d').length - 7), why: 'placeholder body' },
      { text: `dop_v1_${randomBody('dig0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('dig0f')}`, why: 'inside a longer word' },
    ],
  },
});
