/** CAST AI API keys (castai_v1_<64>_<8>). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'castai';
const PREFIX = 'castai' + '_v1_';
const token = (seed: string): string =>
  PREFIX + randomBody(`${seed}:1`, BASE62, 64) + '_' + randomBody(`${seed}:2`, BASE62, 8);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'CASTAI',
  summary: 'CAST AI API keys (castai_v1_…)',
  // Vendor formats are more specific than the generic assignment detector they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['castai_v1_'],
      regex: /^castai_v1_[A-Za-z0-9]{64}_[A-Za-z0-9]{8}/,
      envName: 'CASTAI_API_TOKEN',
      minDistinct: 12,
    }),
  ],
  examples: {
    positive: [
      { text: `export CASTAI_API_TOKEN=${token('cai0a')}`, secret: token('cai0a') },
      { text: `{"value": "${token('cai0b')}"}`, secret: token('cai0b') },
      { text: `helm install --set apiKey=${token('cai0c')} castai-agent`, secret: token('cai0c') },
    ],
    negative: [
      { text: PREFIX + 'x'.repeat(64) + '_' + 'x'.repeat(8), why: 'placeholder body' },
      { text: `${PREFIX}${randomBody('cai0d', BASE62, 20)} is cut short`, why: 'too short' },
      {
        text: `test_v1_${randomBody('cai0e', BASE62, 64)}_${randomBody('cai0f', BASE62, 8)}`,
        why: 'another prefix',
      },
    ],
  },
});
