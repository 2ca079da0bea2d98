/** Alibaba Cloud access key secrets next to "alibaba". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_LOWER, DIGITS, randomBody } from '../examples.js';

const ID = 'alibaba-secret';
const token = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_LOWER, 30);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'ALIBABA',
  summary: 'Alibaba Cloud access key secrets next to "alibaba"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['alibaba'],
      value: /[a-z0-9]{30}/,
      envName: 'ALIBABA_CLOUD_ACCESS_KEY_SECRET',
    }),
  ],
  examples: {
    positive: [
      { text: `ALIBABA_API_KEY = "${token('ali0a')}"`, secret: token('ali0a'), nonStrict: 'keep' },
      { text: `alibaba:\n  credentials: ${token('ali0b')}`, secret: token('ali0b'), nonStrict: 'keep' },
      { text: `const alibabaAuth = '${token('ali0c')}';`, secret: token('ali0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the alibaba documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `ALIBABA_URL = "https://api.alibaba.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `ALIBABA_API_KEY = "${'x'.repeat(token('ali0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
