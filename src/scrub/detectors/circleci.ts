/** CircleCI personal tokens (CCIPAT_) and API tokens next to "circle". */
import { contextValue, defineDetector, prefixedToken } from '../detector.js';
import { BASE62, HEX, randomBody } from '../examples.js';

const ID = 'circleci';
const tok0 = (seed: string): string =>
  'CCIPAT_' + randomBody(`${seed}:1`, BASE62, 22) + '_' + randomBody(`${seed}:3`, HEX, 40);
const legacy = (seed: string): string => randomBody(`${seed}:0`, HEX, 40);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'CIRCLECI',
  summary: 'CircleCI personal tokens (CCIPAT_) and API tokens next to "circle"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['ccipat_'],
      regex: /^CCIPAT_[A-Za-z0-9]{22}_[a-f0-9]{40}/,
      envName: 'CIRCLECI_TOKEN',
      tail: 'A-Za-z0-9',
    }),
    contextValue(ID, {
      name: 'legacy',
      keywords: ['circle'],
      value: /[a-f0-9]{40}/,
      envName: 'CIRCLECI_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `export CIRCLECI_TOKEN=${tok0('cir0a')}`, secret: tok0('cir0a') },
      { text: `Use ${tok0('cir0b')} for the deploy step.`, secret: tok0('cir0b') },
      { text: `{"credentials": "${tok0('cir0c')}"}`, secret: tok0('cir0c') },
      { text: `CIRCLE_API_KEY = "${legacy('cir1a')}"`, secret: legacy('cir1a'), nonStrict: 'keep' },
      { text: `circle:\n  credentials: ${legacy('cir1b')}`, secret: legacy('cir1b'), nonStrict: 'keep' },
      { text: `const circleAuth = '${legacy('cir1c')}';`, secret: legacy('cir1c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: 'CCIPAT_' + 'x'.repeat(tok0('cir0d').length - 7), why: 'placeholder body' },
      { text: `CCIPAT_${randomBody('cir0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${tok0('cir0f')}`, why: 'inside a longer word' },
      { text: `See the circle documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `CIRCLE_URL = "https://api.circle.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `CIRCLE_API_KEY = "${'x'.repeat(legacy('cir1d').length)}"`, why: 'placeholder value' },
    ],
  },
});
