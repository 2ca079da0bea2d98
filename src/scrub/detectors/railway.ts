/** Railway API tokens (UUIDs next to "railway"). */
import { contextValue, defineDetector } from '../detector.js';
import { uuidV4 } from '../examples.js';

const ID = 'railway';
const token = (seed: string): string => uuidV4(seed, '8');

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'RAILWAY',
  summary: 'Railway API tokens (UUIDs next to "railway")',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['railway'],
      value: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/,
      envName: 'RAILWAY_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `RAILWAY_TOKEN=${token('rai0a')}`, secret: token('rai0a'), nonStrict: 'keep' },
      { text: `railway = '${token('rai0b')}'`, secret: token('rai0b'), nonStrict: 'keep' },
      { text: `{"railwayApiToken": "${token('rai0c')}"}`, secret: token('rai0c'), nonStrict: 'keep' },
    ],
    negative: [
      { text: 'Deploy it on railway and set the variables in the dashboard.', why: 'prose, no value' },
      { text: 'RAILWAY_TOKEN=00000000-0000-0000-0000-000000000000', why: 'a zero UUID' },
      { text: `RAILWAY_TOKEN=\${RAILWAY_TOKEN}`, why: 'a template' },
    ],
  },
});
