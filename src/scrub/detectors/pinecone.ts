/** Pinecone API keys (pcsk_<id>_<secret>). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'pinecone';
const token = (seed: string): string =>
  'pcsk_' + randomBody(`${seed}:1`, BASE62, 6) + '_' + randomBody(`${seed}:2`, BASE62, 63);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'PINECONE',
  summary: 'Pinecone API keys (pcsk_<id>_<secret>)',
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['pcsk_'],
      regex: /^pcsk_[A-Za-z0-9]{4,8}_[A-Za-z0-9]{40,90}/,
      envName: 'PINECONE_API_KEY',
      minDistinct: 12,
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export PINECONE_API_KEY=${token('pin0a')}`, secret: token('pin0a') },
      { text: `primary=${token('pin0b')}`, secret: token('pin0b') },
      { text: `{"credentials": "${token('pin0c')}"}`, secret: token('pin0c') },
    ],
    negative: [
      { text: 'pcsk_abcd_' + 'x'.repeat(60), why: 'placeholder body' },
      { text: `pcsk_${randomBody('pin0e', BASE62, 6)}_${randomBody('pin0f', BASE62, 8)}`, why: 'too short' },
      { text: `my${token('pin0g')}`, why: 'inside a longer word' },
    ],
  },
});
