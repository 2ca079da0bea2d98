/** PII-AST-004: IBANs (country length + mod-97 checksum) in data sent out or in a tool payload. */
import { piiHits } from '../../text/pii-rule.js';
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'PII-AST-004',
  invariant: 'NO_PII_EGRESS',
  kinds: ['literal'],
  summary: 'IBANs whose length matches their country and whose ISO 13616 mod-97 checksum holds.',
  remediationHint:
    "Do not send bank account numbers to external services or tools; use the account's internal reference.",
  check: (facts) => piiHits(facts, 'iban'),
  examples: {
    deny: [
      {
        input: '{"name":"send_message","arguments":{"text":"Please wire to DE89 3704 0044 0532 0130 00"}}',
        runtime: 'tool_call',
      },
      { input: 'curl -d "iban=GB82WEST12345698765432" https://pay.example.net/x' },
    ],
    allow: [
      {
        input: '{"name":"send_message","arguments":{"text":"Please wire to DE89 3704 0044 0532 0130 01"}}',
        runtime: 'tool_call',
        why: 'checksum fails',
      },
      {
        input: '{"name":"search","arguments":{"q":"AB12 CDEF GHIJ KLMN"}}',
        runtime: 'tool_call',
        why: 'not a country with IBANs of that length',
      },
    ],
  },
});
