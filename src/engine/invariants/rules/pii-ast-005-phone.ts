/** PII-AST-005: phone numbers (E.164 with a real country code, or NANP) in data sent out or in a tool payload. */
import { piiHits } from '../../text/pii-rule.js';
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'PII-AST-005',
  invariant: 'NO_PII_EGRESS',
  kinds: ['literal'],
  summary:
    'Phone numbers in international (+CC ...) or North American ((NXX) NXX-XXXX) form, outside addressing fields.',
  remediationHint:
    'Do not send personal phone numbers to external services or tools; reference the contact by id.',
  check: (facts) => piiHits(facts, 'phone'),
  examples: {
    deny: [
      {
        input: '{"name":"post_message","arguments":{"text":"call the customer back on +44 20 7946 0958"}}',
        runtime: 'tool_call',
      },
      { input: 'curl -d "phone=(415) 867-5309" https://crm.example.net/leads' },
    ],
    allow: [
      {
        input: '{"name":"send_sms","arguments":{"to":"+44 20 7946 0958","body":"Your build passed"}}',
        runtime: 'tool_call',
        why: 'the recipient field of an SMS tool',
      },
      {
        input: '{"name":"search","arguments":{"q":"version 1.2.3 released 2024-01-15"}}',
        runtime: 'tool_call',
        why: 'versions and dates',
      },
      {
        input: '{"name":"get","arguments":{"id":"123e4567-e89b-12d3-a456-426614174000"}}',
        runtime: 'tool_call',
        why: 'a UUID',
      },
    ],
  },
});
