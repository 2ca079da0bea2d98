/** Hugging Face user and organisation tokens. */
import { defineDetector, prefixedToken } from '../detector.js';
import { ALPHA_LOWER, ALPHA_UPPER, BASE62, randomBody } from '../examples.js';

const ID = 'huggingface';
const token = (seed: string): string => 'hf_' + randomBody(`${seed}:1`, ALPHA_LOWER + ALPHA_UPPER, 34);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'HUGGINGFACE',
  summary: 'Hugging Face user and organisation tokens',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['hf_', 'api_org_'],
      regex: /^(?:hf|api_org)_[A-Za-z]{34}/,
      envName: 'HF_TOKEN',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export HF_TOKEN=${token('hug0a')}`, secret: token('hug0a') },
      { text: `Use ${token('hug0b')} for the deploy step.`, secret: token('hug0b') },
      { text: `{"credentials": "${token('hug0c')}"}`, secret: token('hug0c') },
    ],
    negative: [
      { text: 'hf_' + 'x'.repeat(token('hug0d').length - 3), why: 'placeholder body' },
      { text: `hf_${randomBody('hug0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('hug0f')}`, why: 'inside a longer word' },
    ],
  },
});
