/** Vercel tokens (vcp_, vci_, vca_, vcr_, vck_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'vercel';
const token = (seed: string): string => 'vcp_' + randomBody(`${seed}:1`, BASE62, 56);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'VERCEL',
  summary: 'Vercel tokens (vcp_, vci_, vca_, vcr_, vck_)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['vcp_', 'vci_', 'vca_', 'vcr_', 'vck_'],
      regex: /^vc[pcikar]_[A-Za-z0-9]{24,80}/,
      envName: 'VERCEL_TOKEN',
      minDistinct: 12,
      tail: 'A-Za-z0-9_',
    }),
  ],
  examples: {
    positive: [
      { text: `export VERCEL_TOKEN=${token('ver0a')}`, secret: token('ver0a') },
      { text: `Use ${token('ver0b')} for the deploy step.`, secret: token('ver0b') },
      { text: `{"credentials": "${token('ver0c')}"}`, secret: token('ver0c') },
      {
        text: `VERCEL_OIDC=vca_${randomBody('ver1a', BASE62, 56)}`,
        secret: `vca_${randomBody('ver1a', BASE62, 56)}`,
        why: 'the other token kinds share the shape',
      },
    ],
    negative: [
      { text: token('ver0d').slice(0, 4) + 'x'.repeat(token('ver0d').length - 4), why: 'placeholder body' },
      { text: `${token('ver0e').slice(0, 4 + 6)} is cut short`, why: 'too short' },
      { text: `my${token('ver0f')}`, why: 'inside a longer word' },
    ],
  },
});
