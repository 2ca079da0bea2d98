/** LiveAgent API keys (32) next to "liveagent". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'liveagent';
const sample0 = (seed: string): string => randomBody(`${seed}:0`, BASE62, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'LIVEAGENT',
  summary: 'LiveAgent API keys (32) next to "liveagent"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'key',
      keywords: ['liveagent'],
      value: /[a-zA-Z0-9]{32}/,
      envName: 'LIVEAGENT_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `LIVEAGENT_API_KEY = "${sample0('live0a')}"`, secret: sample0('live0a'), nonStrict: 'keep' },
      {
        text: `liveagent '${sample0('live0b')}'`,
        secret: sample0('live0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `liveagent: ${sample0('live0c')} / ops@example.com`,
        secret: sample0('live0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the liveagent documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `LIVEAGENT_API_KEY = "${'x'.repeat(sample0('live9').length)}"`, why: 'placeholder value' },
      { text: `liveagent_url = "https://liveagent.example.com/v1/items"`, why: 'a URL, not a credential' },
    ],
  },
});
