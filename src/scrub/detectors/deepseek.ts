/** DeepSeek API keys next to "deepseek". */
import { contextValue, defineDetector } from '../detector.js';
import { HEX, randomBody } from '../examples.js';

const ID = 'deepseek';
const token = (seed: string): string => 'sk-' + randomBody(`${seed}:1`, HEX, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'DEEPSEEK',
  summary: 'DeepSeek API keys next to "deepseek"',
  // Named next to "deepseek", an `sk-` key is DeepSeek's, not OpenAI's legacy format.
  priority: 11,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['deepseek'],
      value: /sk-[a-f0-9]{32}/,
      envName: 'DEEPSEEK_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `DEEPSEEK_API_KEY = "${token('dee0a')}"`, secret: token('dee0a'), nonStrict: 'keep' },
      { text: `deepseek:\n  credentials: ${token('dee0b')}`, secret: token('dee0b'), nonStrict: 'keep' },
      { text: `const deepseekAuth = '${token('dee0c')}';`, secret: token('dee0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the deepseek documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `DEEPSEEK_URL = "https://api.deepseek.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `DEEPSEEK_API_KEY = "${'x'.repeat(token('dee0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
