/** Cloudflare user/account API tokens (cfut_/cfat_/cfk_), origin CA keys (v1.0-), global API keys next to "cloudflare". */
import { contextValue, defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64URL, HEX, randomBody } from '../examples.js';

const ID = 'cloudflare';
const tok0 = (seed: string): string => 'cfut_' + randomBody(`${seed}:1`, BASE64URL, 40);
const originCa = (seed: string): string =>
  'v1.0-' + randomBody(`${seed}:1`, HEX, 24) + '-' + randomBody(`${seed}:3`, HEX, 146);
const globalKey = (seed: string): string => randomBody(`${seed}:0`, HEX, 37);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'CLOUDFLARE',
  summary:
    'Cloudflare user/account API tokens (cfut_/cfat_/cfk_), origin CA keys (v1.0-), global API keys next to "cloudflare"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['cfut_', 'cfat_', 'cfk_'],
      regex: /^(?:cfut|cfat|cfk)_[A-Za-z0-9_-]{40,80}/,
      envName: 'CLOUDFLARE_API_TOKEN',
      minDistinct: 10,
    }),
    prefixedToken(ID, {
      name: 'origin-ca',
      keywords: ['v1.0-'],
      regex: /^v1\.0-[a-f0-9]{24}-[a-f0-9]{146}/,
      envName: 'CLOUDFLARE_API_TOKEN',
      tail: 'A-Za-z0-9',
      prefixLength: 5,
    }),
    contextValue(ID, {
      name: 'global-key',
      keywords: ['cloudflare'],
      value: /[a-f0-9]{37}/,
      envName: 'CLOUDFLARE_API_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `export CLOUDFLARE_API_TOKEN=${tok0('clo0a')}`, secret: tok0('clo0a') },
      { text: `Use ${tok0('clo0b')} for the deploy step.`, secret: tok0('clo0b') },
      { text: `{"credentials": "${tok0('clo0c')}"}`, secret: tok0('clo0c') },
      { text: `export CLOUDFLARE_API_TOKEN=${originCa('clo1a')}`, secret: originCa('clo1a') },
      { text: `Use ${originCa('clo1b')} for the deploy step.`, secret: originCa('clo1b') },
      { text: `{"credentials": "${originCa('clo1c')}"}`, secret: originCa('clo1c') },
      { text: `CLOUDFLARE_API_KEY = "${globalKey('clo2a')}"`, secret: globalKey('clo2a'), nonStrict: 'keep' },
      {
        text: `cloudflare:\n  credentials: ${globalKey('clo2b')}`,
        secret: globalKey('clo2b'),
        nonStrict: 'keep',
      },
      {
        text: `const cloudflareAuth = '${globalKey('clo2c')}';`,
        secret: globalKey('clo2c'),
        nonStrict: 'keep',
      },
    ],
    negative: [
      { text: 'cfut_' + 'x'.repeat(tok0('clo0d').length - 5), why: 'placeholder body' },
      { text: `cfut_${randomBody('clo0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${tok0('clo0f')}`, why: 'inside a longer word' },
      { text: 'v1.0-' + 'x'.repeat(originCa('clo1d').length - 5), why: 'placeholder body' },
      { text: `v1.0-${randomBody('clo1e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${originCa('clo1f')}`, why: 'inside a longer word' },
      { text: `See the cloudflare documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `CLOUDFLARE_URL = "https://api.cloudflare.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `CLOUDFLARE_API_KEY = "${'x'.repeat(globalKey('clo2d').length)}"`, why: 'placeholder value' },
    ],
  },
});
