/** NVIDIA API keys (nvapi-). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE64URL, randomBody } from '../examples.js';

const ID = 'nvidia';
const token = (seed: string): string => 'nvapi-' + randomBody(`${seed}:1`, BASE64URL, 64);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'NVIDIA',
  summary: 'NVIDIA API keys (nvapi-)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['nvapi-'],
      regex: /^nvapi-[A-Za-z0-9_-]{64}/,
      envName: 'NVIDIA_API_KEY',
      minDistinct: 12,
    }),
  ],
  examples: {
    positive: [
      { text: `export NVIDIA_API_KEY=${token('nvi0a')}`, secret: token('nvi0a') },
      { text: `Use ${token('nvi0b')} for the deploy step.`, secret: token('nvi0b') },
      { text: `{"credentials": "${token('nvi0c')}"}`, secret: token('nvi0c') },
    ],
    negative: [
      { text: token('nvi0d').slice(0, 6) + 'x'.repeat(token('nvi0d').length - 6), why: 'placeholder body' },
      { text: `${token('nvi0e').slice(0, 6 + 6)} is cut short`, why: 'too short' },
      { text: `my${token('nvi0f')}`, why: 'inside a longer word' },
    ],
  },
});
