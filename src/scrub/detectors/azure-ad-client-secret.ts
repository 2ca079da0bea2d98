/** Azure AD (Entra ID) client secrets: three characters, a digit, "Q~", then 31-34 more. */
import { defineDetector } from '../detector.js';
import { BASE62, DIGITS, randomBody } from '../examples.js';
import { shannonEntropy, type PatternHit } from '../family.js';

const SHAPE = /^[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/;

function matchClientSecret(text: string, pos: number, limit: number): PatternHit | null {
  const start = pos - 4;
  if (start < 0) return null;
  const m = SHAPE.exec(text.slice(start, limit));
  if (!m) return null;
  if (start > 0 && /[A-Za-z0-9_~.-]/.test(text[start - 1]!)) return null;
  if (shannonEntropy(m[0]) < 3.5) return null;
  return { secretStart: start, secretEnd: start + m[0].length, envName: 'AZURE_CLIENT_SECRET' };
}

const secret = (seed: string): string =>
  randomBody(`${seed}:0`, BASE62, 3) +
  randomBody(`${seed}:1`, DIGITS, 1) +
  'Q~' +
  randomBody(`${seed}:2`, BASE62, 34);

export default defineDetector({
  id: 'azure-ad-client-secret',
  family: 'generic',
  kind: 'AZURE',
  summary: 'Azure AD (Entra ID) client secrets (<3><digit>Q~<31-34>)',
  priority: 9,
  patterns: [
    { id: 'azure-ad-client-secret/value', keywords: ['q~'], match: matchClientSecret, maxLength: 40 },
  ],
  examples: {
    positive: [
      { text: `AZURE_CLIENT_SECRET=${secret('az1')}`, secret: secret('az1') },
      { text: `"clientSecret": "${secret('az2')}"`, secret: secret('az2') },
    ],
    negative: [
      { text: `abc1Q~${'x'.repeat(34)}`, why: 'placeholder body' },
      { text: 'press Q~ to quit', why: 'prose' },
      { text: `x${secret('az3')}`, why: 'inside a longer word' },
    ],
  },
});
