/** Netlify access tokens (nfp_, or 40-46 characters next to "netlify"). */
import { contextValue, defineDetector, prefixedToken } from '../detector.js';
import { BASE62, BASE64URL, randomBody } from '../examples.js';

const ID = 'netlify';
const tok0 = (seed: string): string => 'nfp_' + randomBody(`${seed}:1`, BASE62, 36);
const legacy = (seed: string): string => randomBody(`${seed}:0`, BASE64URL, 43);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'NETLIFY',
  summary: 'Netlify access tokens (nfp_, or 40-46 characters next to "netlify")',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['nfp_'],
      regex: /^nfp_[A-Za-z0-9]{36}/,
      envName: 'NETLIFY_AUTH_TOKEN',
      tail: 'A-Za-z0-9',
    }),
    contextValue(ID, {
      name: 'legacy',
      keywords: ['netlify'],
      value: /[A-Za-z0-9_-]{40,46}/,
      envName: 'NETLIFY_AUTH_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `export NETLIFY_AUTH_TOKEN=${tok0('net0a')}`, secret: tok0('net0a') },
      { text: `Use ${tok0('net0b')} for the deploy step.`, secret: tok0('net0b') },
      { text: `{"credentials": "${tok0('net0c')}"}`, secret: tok0('net0c') },
      { text: `NETLIFY_API_KEY = "${legacy('net1a')}"`, secret: legacy('net1a'), nonStrict: 'keep' },
      { text: `netlify:\n  credentials: ${legacy('net1b')}`, secret: legacy('net1b'), nonStrict: 'keep' },
      { text: `const netlifyAuth = '${legacy('net1c')}';`, secret: legacy('net1c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: 'nfp_' + 'x'.repeat(tok0('net0d').length - 4), why: 'placeholder body' },
      { text: `nfp_${randomBody('net0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${tok0('net0f')}`, why: 'inside a longer word' },
      { text: `See the netlify documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `NETLIFY_URL = "https://api.netlify.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `NETLIFY_API_KEY = "${'x'.repeat(legacy('net1d').length)}"`, why: 'placeholder value' },
    ],
  },
});
