/** Netlify personal access tokens (nfp_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'netlify';
const tok0 = (seed: string): string => 'nfp_' + randomBody(`${seed}:1`, BASE62, 36);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'NETLIFY',
  summary: 'Netlify personal access tokens (nfp_)',
  // A fixed prefix beats the same service's context detector, which also matches these.
  priority: 10,
  patterns: [
    prefixedToken(ID, {
      keywords: ['nfp_'],
      regex: /^nfp_[A-Za-z0-9]{36}/,
      envName: 'NETLIFY_AUTH_TOKEN',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export NETLIFY_AUTH_TOKEN=${tok0('net0a')}`, secret: tok0('net0a') },
      { text: `Use ${tok0('net0b')} for the deploy step.`, secret: tok0('net0b') },
      { text: `{"credentials": "${tok0('net0c')}"}`, secret: tok0('net0c') },
    ],
    negative: [
      { text: 'nfp_' + 'x'.repeat(tok0('net0d').length - 4), why: 'placeholder body' },
      { text: `nfp_${randomBody('net0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${tok0('net0f')}`, why: 'inside a longer word' },
      { text: `See the netlify documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `NETLIFY_URL = "https://api.netlify.example/v1/items"`, why: 'a URL, not a credential' },
    ],
  },
});
