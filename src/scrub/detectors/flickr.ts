/** Flickr access tokens next to "flickr". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const ID = 'flickr';
const token = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_LOWER, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'FLICKR',
  summary: 'Flickr access tokens next to "flickr"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['flickr'],
      value: /[a-z0-9]{32}/,
      envName: 'FLICKR_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `FLICKR_API_KEY = "${token('fli0a')}"`, secret: token('fli0a'), nonStrict: 'keep' },
      { text: `flickr:\n  credentials: ${token('fli0b')}`, secret: token('fli0b'), nonStrict: 'keep' },
      { text: `const flickrAuth = '${token('fli0c')}';`, secret: token('fli0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the flickr documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `FLICKR_URL = "https://api.flickr.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `FLICKR_API_KEY = "${'x'.repeat(token('fli0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
