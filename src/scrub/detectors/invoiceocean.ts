/** InvoiceOcean API tokens (20) next to "invoiceocean". */
import { contextValue, defineDetector } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const ID = 'invoiceocean';
const sample0 = (seed: string): string => randomBody(`${seed}:0`, BASE62, 20);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'INVOICEOCEAN',
  summary: 'InvoiceOcean API tokens (20) next to "invoiceocean"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    contextValue(ID, {
      name: 'token',
      keywords: ['invoiceocean'],
      value: /[0-9A-Za-z]{20}/,
      envName: 'INVOICEOCEAN_API_TOKEN',
    }),
  ],
  examples: {
    positive: [
      {
        text: `INVOICEOCEAN_API_TOKEN = "${sample0('invo0a')}"`,
        secret: sample0('invo0a'),
        nonStrict: 'keep',
      },
      {
        text: `invoiceocean '${sample0('invo0b')}'`,
        secret: sample0('invo0b'),
        nonStrict: 'keep',
        why: 'the service name, then the quoted value',
      },
      {
        text: `invoiceocean: ${sample0('invo0c')} / ops@example.com`,
        secret: sample0('invo0c'),
        nonStrict: 'keep',
        why: 'the value and the account it belongs to',
      },
    ],
    negative: [
      { text: 'See the invoiceocean documentation for how to rotate credentials.', why: 'prose, no value' },
      { text: `INVOICEOCEAN_API_TOKEN = "${'x'.repeat(sample0('invo9').length)}"`, why: 'placeholder value' },
      {
        text: `invoiceocean_url = "https://invoiceocean.example.com/v1/items"`,
        why: 'a URL, not a credential',
      },
    ],
  },
});
