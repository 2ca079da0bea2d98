/** Tailscale API, auth, OAuth client, SCIM and webhook keys. */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'tailscale';
const token = (seed: string): string =>
  'tskey-auth-' + randomBody(`${seed}:1`, BASE62, 12) + '-' + randomBody(`${seed}:3`, BASE62, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'TAILSCALE',
  summary: 'Tailscale API, auth, OAuth client, SCIM and webhook keys',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['tskey-'],
      regex: /^tskey-(?:api|auth|client|scim|webhook)-[A-Za-z0-9]{8,20}-[A-Za-z0-9]{16,64}/,
      envName: 'TAILSCALE_KEY',
      tail: 'A-Za-z0-9',
      prefixLength: 11,
    }),
  ],
  examples: {
    positive: [
      { text: `export TAILSCALE_KEY=${token('tai0a')}`, secret: token('tai0a') },
      { text: `Use ${token('tai0b')} for the deploy step.`, secret: token('tai0b') },
      { text: `{"credentials": "${token('tai0c')}"}`, secret: token('tai0c') },
    ],
    negative: [
      { text: 'tskey-auth-' + 'x'.repeat(token('tai0d').length - 11), why: 'placeholder body' },
      { text: `tskey-auth-${randomBody('tai0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('tai0f')}`, why: 'inside a longer word' },
    ],
  },
});
