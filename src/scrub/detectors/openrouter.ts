/** OpenRouter API keys (sk-or-v1- and 64 hex). */
import { defineDetector, prefixedToken } from '../detector.js';
import { HEX, randomBody } from '../examples.js';

const ID = 'openrouter';
const token = (seed: string): string => 'sk-or-v1-' + randomBody(`${seed}:1`, HEX, 64);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'OPENROUTER',
  summary: 'OpenRouter API keys (sk-or-v1- and 64 hex)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['sk-or-v1-'],
      regex: /^sk-or-v1-[a-f0-9]{64}/,
      envName: 'OPENROUTER_API_KEY',
      minDistinct: 10,
    }),
  ],
  examples: {
    positive: [
      { text: `export OPENROUTER_API_KEY=${token('ope0a')}`, secret: token('ope0a') },
      { text: `Use ${token('ope0b')} for the deploy step.`, secret: token('ope0b') },
      { text: `{"credentials": "${token('ope0c')}"}`, secret: token('ope0c') },
    ],
    negative: [
      { text: token('ope0d').slice(0, 9) + 'x'.repeat(token('ope0d').length - 9), why: 'placeholder body' },
      { text: `${token('ope0e').slice(0, 9 + 6)} is cut short`, why: 'too short' },
      { text: `my${token('ope0f')}`, why: 'inside a longer word' },
    ],
  },
});
