/** RubyGems API keys (rubygems_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, HEX, randomBody } from '../examples.js';

const ID = 'rubygems';
const token = (seed: string): string => 'rubygems_' + randomBody(`${seed}:1`, HEX, 48);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'RUBYGEMS',
  summary: 'RubyGems API keys (rubygems_)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['rubygems_'],
      regex: /^rubygems_[a-f0-9]{48}/,
      envName: 'GEM_HOST_API_KEY',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export GEM_HOST_API_KEY=${token('rub0a')}`, secret: token('rub0a') },
      { text: `Use ${token('rub0b')} for the deploy step.`, secret: token('rub0b') },
      { text: `{"credentials": "${token('rub0c')}"}`, secret: token('rub0c') },
    ],
    negative: [
      { text: 'rubygems_' + 'x'.repeat(token('rub0d').length - 9), why: 'placeholder body' },
      { text: `rubygems_${randomBody('rub0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('rub0f')}`, why: 'inside a longer word' },
    ],
  },
});
