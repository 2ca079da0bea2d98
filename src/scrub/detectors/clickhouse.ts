/** ClickHouse Cloud secret keys (4b1d…). */
import { defineDetector, prefixedToken } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'clickhouse';
const token = (seed: string): string => '4b1d' + randomBody(`${seed}:1`, BASE62, 38);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'CLICKHOUSE',
  summary: 'ClickHouse Cloud secret keys (4b1d…)',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['4b1d'],
      regex: /^4b1d[A-Za-z0-9]{38}/,
      envName: 'CLICKHOUSE_SECRET_KEY',
      tail: 'A-Za-z0-9',
    }),
  ],
  examples: {
    positive: [
      { text: `export CLICKHOUSE_SECRET_KEY=${token('cli0a')}`, secret: token('cli0a') },
      { text: `Use ${token('cli0b')} for the deploy step.`, secret: token('cli0b') },
      { text: `{"credentials": "${token('cli0c')}"}`, secret: token('cli0c') },
    ],
    negative: [
      { text: '4b1d' + 'x'.repeat(token('cli0d').length - 4), why: 'placeholder body' },
      { text: `4b1d${randomBody('cli0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${token('cli0f')}`, why: 'inside a longer word' },
    ],
  },
});
