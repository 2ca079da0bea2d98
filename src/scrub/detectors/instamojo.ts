/** Instamojo API keys and auth tokens (40) next to "instamojo". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'instamojo';
const sample0 = (seed: string): string => randomBody(`${seed}:0`, BASE62, 40);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'INSTAMOJO',
  summary: 'Instamojo API keys and auth tokens (40) next to "instamojo"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'key',
      keywords: ['instamojo'],
      value: /[0-9A-Za-z]{40}/,
      envName: 'INSTAMOJO_API_KEY',
    }),
  ],
  examples: {
    positive: [
      { text: `INSTAMOJO_API_KEY = "${sample0('inst0a')}"`, secret: sample0('inst0a'), nonStrict: 'keep' },
      {
        text: `instamojo '${sample0('inst0b')}'`,
        secret: sample0('inst0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `instamojo: ${sample0('inst0c')} / ops@example.com`,
        secret: sample0('inst0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the instamojo documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `INSTAMOJO_API_KEY = "${'x'.repeat(sample0('inst9').length)}"`, why: 'placeholder value' },
      { text: `instamojo_url = "https://instamojo.example.com/v1/items"`, why: 'a URL, not a credential' },
    ],
  },
});
