/** Kanban Tool API tokens (12 upper-case letters and digits) next to "kanban". */
import { contextValue, defineDetector } from '../detector.js';
import { ALPHA_UPPER, DIGITS, randomBody } from '../examples.js';

const ID = 'kanbantool';
const sample0 = (seed: string): string => randomBody(`${seed}:0`, DIGITS + ALPHA_UPPER, 12);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'KANBANTOOL',
  summary: 'Kanban Tool API tokens (12 upper-case letters and digits) next to "kanban"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['kanban'],
      value: /[0-9A-Z]{12}/,
      envName: 'KANBANTOOL_API_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `KANBANTOOL_API_TOKEN = "${sample0('kanb0a')}"`, secret: sample0('kanb0a'), nonStrict: 'keep' },
      {
        text: `kanban '${sample0('kanb0b')}'`,
        secret: sample0('kanb0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `kanban: ${sample0('kanb0c')} / ops@example.com`,
        secret: sample0('kanb0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the kanban documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `KANBANTOOL_API_TOKEN = "${'x'.repeat(sample0('kanb9').length)}"`, why: 'placeholder value' },
      { text: `kanban_url = "https://kanban.example.com/v1/items"`, why: 'a URL, not a credential' },
    ],
  },
});
