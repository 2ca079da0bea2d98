/** ElevenLabs API keys (sk_ and 48 hex). */
import { defineDetector, prefixedToken } from '../detector.js';
import { HEX, randomBody } from '../examples.js';

const ID = 'elevenlabs';
const token = (seed: string): string => 'sk_' + randomBody(`${seed}:1`, HEX, 48);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'ELEVENLABS',
  summary: 'ElevenLabs API keys (sk_ and 48 hex)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['sk_'],
      regex: /^sk_[a-f0-9]{48}/,
      envName: 'ELEVENLABS_API_KEY',
      minDistinct: 10,
      tail: 'A-Za-z0-9_',
    }),
  ],
  examples: {
    positive: [
      { text: `export ELEVENLABS_API_KEY=${token('ele0a')}`, secret: token('ele0a') },
      { text: `Use ${token('ele0b')} for the deploy step.`, secret: token('ele0b') },
      { text: `{"credentials": "${token('ele0c')}"}`, secret: token('ele0c') },
    ],
    negative: [
      { text: token('ele0d').slice(0, 3) + 'x'.repeat(token('ele0d').length - 3), why: 'placeholder body' },
      { text: `${token('ele0e').slice(0, 3 + 6)} is cut short`, why: 'too short' },
      { text: `my${token('ele0f')}`, why: 'inside a longer word' },
    ],
  },
});
