/** HashiCorp Terraform Cloud / Enterprise API tokens (<14>.atlasv1.<60+>). */
import { defineDetector, infixToken } from '../detector.js';
import { BASE62, BASE64URL, randomBody } from '../examples.js';

const ID = 'terraform';
const token = (seed: string): string =>
  randomBody(`${seed}:0`, BASE62, 14) + '.atlasv1.' + randomBody(`${seed}:2`, BASE64URL, 67);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'TERRAFORM',
  summary: 'HashiCorp Terraform Cloud / Enterprise API tokens (<14>.atlasv1.<60+>)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    infixToken(ID, {
      name: 'token',
      keywords: ['.atlasv1.'],
      before: 14,
      regex: /^[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,100}/,
      envName: 'TF_TOKEN',
      tail: 'A-Za-z0-9_=-',
    }),
  ],
  examples: {
    positive: [
      { text: `export TF_TOKEN=${token('ter0a')}`, secret: token('ter0a') },
      { text: `Use ${token('ter0b')} for the deploy step.`, secret: token('ter0b') },
      { text: `{"credentials": "${token('ter0c')}"}`, secret: token('ter0c') },
    ],
    negative: [
      { text: `${token('ter0g').replace(/[A-Za-z0-9]/g, 'x')}`, why: 'placeholder body' },
      { text: `${token('ter0h').slice(0, 20)}`, why: 'too short' },
    ],
  },
});
