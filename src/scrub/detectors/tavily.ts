/** Tavily API keys (tvly-, tvly-dev-, tvly-prod-). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'tavily';
const token = (seed: string): string => 'tvly-' + randomBody(`${seed}:1`, BASE62, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'TAVILY',
  summary: 'Tavily API keys (tvly-, tvly-dev-, tvly-prod-)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['tvly-'],
      regex: /^tvly-(?:(?:dev|prod)-)?[A-Za-z0-9]{32}/,
      envName: 'TAVILY_API_KEY',
      minDistinct: 10,
    }),
  ],
  examples: {
    positive: [
      { text: `export TAVILY_API_KEY=${token('tav0a')}`, secret: token('tav0a') },
      { text: `Use ${token('tav0b')} for the deploy step.`, secret: token('tav0b') },
      { text: `{"credentials": "${token('tav0c')}"}`, secret: token('tav0c') },
    ],
    negative: [
      { text: token('tav0d').slice(0, 5) + 'x'.repeat(token('tav0d').length - 5), why: 'placeholder body' },
      { text: `${token('tav0e').slice(0, 5 + 6)} is cut short`, why: 'too short' },
      { text: `my${token('tav0f')}`, why: 'inside a longer word' },
    ],
  },
});
