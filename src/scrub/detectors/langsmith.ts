/** LangSmith personal access tokens and service keys (lsv2_pt_ / lsv2_sk_). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, HEX, randomBody } from '../examples.js';

const ID = 'langsmith';
const token = (seed: string, kind = 'pt'): string =>
  `lsv2_${kind}_` + randomBody(`${seed}:1`, HEX, 32) + '_' + randomBody(`${seed}:2`, HEX, 10);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'LANGSMITH',
  summary: 'LangSmith personal access tokens and service keys (lsv2_pt_ / lsv2_sk_)',
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['lsv2_pt_', 'lsv2_sk_'],
      regex: /^lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}/,
      envName: 'LANGSMITH_API_KEY',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export LANGSMITH_API_KEY=${token('lsm0a')}`, secret: token('lsm0a') },
      { text: `Use ${token('lsm0b', 'sk')} for the tracer.`, secret: token('lsm0b', 'sk') },
      { text: `{"credentials": "${token('lsm0c')}"}`, secret: token('lsm0c') },
    ],
    negative: [
      { text: 'lsv2_pt_' + '0'.repeat(32) + '_' + '0'.repeat(10), why: 'zeros' },
      { text: `lsv2_pt_${randomBody('lsm0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('lsm0f')}`, why: 'inside a longer word' },
    ],
  },
});
