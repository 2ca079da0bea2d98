/** Alibaba Cloud access key ids (LTAI). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'alibaba';
const token = (seed: string): string => 'LTAI' + randomBody(`${seed}:1`, BASE62, 20);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'ALIBABA',
  summary: 'Alibaba Cloud access key ids (LTAI)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['ltai'],
      regex: /^LTAI[A-Za-z0-9]{20}/,
      envName: 'ALIBABA_CLOUD_ACCESS_KEY_ID',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export ALIBABA_CLOUD_ACCESS_KEY_ID=${token('ali0a')}`, secret: token('ali0a') },
      { text: `Use ${token('ali0b')} for the deploy step.`, secret: token('ali0b') },
      { text: `{"credentials": "${token('ali0c')}"}`, secret: token('ali0c') },
    ],
    negative: [
      { text: 'LTAI' + 'x'.repeat(token('ali0d').length - 4), why: 'placeholder body' },
      { text: `LTAI${randomBody('ali0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('ali0f')}`, why: 'inside a longer word' },
    ],
  },
});
