/** Hugging Face tokens next to "huggingface"/"hf" with digits in the body. */
import { contextValue, defineDetector } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'huggingface-legacy';
const token = (seed: string): string => 'hf_' + randomBody(`${seed}:1`, BASE62, 36);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'HUGGINGFACE',
  summary: 'Hugging Face tokens next to "huggingface"/"hf" with digits in the body',
  // Below the prefix-anchored huggingface detector, which reports the same tokens.
  priority: 8,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['huggingface', 'hugging_face', 'hf_token'],
      value: /hf_[A-Za-z0-9]{34,40}/,
      envName: 'HF_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `HUGGINGFACE_API_KEY = "${token('hug0a')}"`, secret: token('hug0a'), nonStrict: 'keep' },
      { text: `huggingface:\n  credentials: ${token('hug0b')}`, secret: token('hug0b'), nonStrict: 'keep' },
      { text: `const huggingfaceAuth = '${token('hug0c')}';`, secret: token('hug0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the huggingface documentation for how to rotate credentials.`, why: 'prose, no value' },
      {
        text: `HUGGINGFACE_URL = "https://api.huggingface.example/v1/items"`,
        why: 'a URL, not a credential',
      },
      { text: `HUGGINGFACE_API_KEY = "${'x'.repeat(token('hug0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
