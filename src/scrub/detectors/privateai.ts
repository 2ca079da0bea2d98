/** Private AI API keys (32 lower-case alphanumerics) next to "privateai" / "private_ai". */
import { contextValue, defineDetector } from '../detector.js';
import { DIGITS, randomBody } from '../examples.js';

const ID = 'privateai';
const LOWER_DIGITS = 'abcdefghijklmnopqrstuvwxyz' + DIGITS;
const key = (seed: string): string => randomBody(`${seed}:1`, LOWER_DIGITS, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'PRIVATEAI',
  summary: 'Private AI API keys next to "privateai"',
  // Vendor formats are more specific than the generic assignment detector they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      keywords: ['privateai', 'private_ai', 'private-ai'],
      value: /[a-z0-9]{32}/,
      envName: 'PRIVATEAI_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `const privateaiToken = "${key('pai0a')}";`, secret: key('pai0a'), nonStrict: 'keep' },
      { text: `{"private_ai": "${key('pai0b')}"}`, secret: key('pai0b'), nonStrict: 'keep' },
      { text: `PRIVATE-AI-KEY: ${key('pai0c')}`, secret: key('pai0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `const privateaiToken = "${'a'.repeat(32)}";`, why: 'one character repeated' },
      { text: 'We run private-ai models on our own hardware.', why: 'prose, no value' },
      { text: 'privateai_url = "https://api.private-ai.example/v3"', why: 'a URL, not a credential' },
    ],
  },
});
