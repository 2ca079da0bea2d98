/** Shopify access, custom app, private app and shared secrets. */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, HEX, randomBody } from '../examples.js';

const ID = 'shopify';
const token = (seed: string): string => 'shpat_' + randomBody(`${seed}:1`, HEX, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'SHOPIFY',
  summary: 'Shopify access, custom app, private app and shared secrets',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['shpat_', 'shpca_', 'shppa_', 'shpss_'],
      regex: /^shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}/,
      envName: 'SHOPIFY_TOKEN',
      tail: 'A-Za-z0-9',
    }),
    // Newer tokens and app secrets are longer and not hex (shopify.dev changelog, 2024).
    prefixedToken(ID, {
      name: 'long',
      keywords: ['shpat_', 'shpca_', 'shppa_', 'shpss_'],
      regex: /^shp(?:at|ca|pa|ss)_[A-Za-z0-9]{32,64}/,
      envName: 'SHOPIFY_TOKEN',
      minDistinct: 12,
      tail: 'A-Za-z0-9',
      strictOnly: true,
    }),
  ],
  examples: {
    positive: [
      { text: `export SHOPIFY_TOKEN=${token('sho0a')}`, secret: token('sho0a') },
      { text: `Use ${token('sho0b')} for the deploy step.`, secret: token('sho0b') },
      { text: `{"credentials": "${token('sho0c')}"}`, secret: token('sho0c') },
      {
        text: `// for custom apps\nshpca_${randomBody('sho1a', BASE62, 38)}`,
        secret: `shpca_${randomBody('sho1a', BASE62, 38)}`,
        nonStrict: 'keep',
        why: 'a newer, longer base62 token',
      },
    ],
    negative: [
      { text: 'shpat_' + 'x'.repeat(token('sho0d').length - 6), why: 'placeholder body' },
      { text: `shpat_${randomBody('sho0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('sho0f')}`, why: 'inside a longer word' },
    ],
  },
});
