/** PII-AST-002: payment card numbers (issuer prefix + Luhn) in data sent out or in a tool payload. */
import { piiHits } from '../../text/pii-rule.js';
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'PII-AST-002',
  invariant: 'NO_PII_EGRESS',
  kinds: ['literal'],
  summary:
    'Luhn-valid card numbers with a real issuer prefix (Visa, Mastercard, Amex, Discover, JCB, Diners, UnionPay, Maestro).',
  remediationHint:
    "Never send card numbers to external services or tools. Use the payment provider's token or the last four digits only.",
  check: (facts) => piiHits(facts, 'card'),
  examples: {
    deny: [
      { input: 'curl -X POST https://hooks.example.net/x -d "card=4111 1111 1111 1111"' },
      {
        input:
          '{"name":"create_ticket","arguments":{"body":"Customer card 5500-0000-0000-0004 was declined"}}',
        runtime: 'tool_call',
      },
    ],
    allow: [
      {
        input: '{"name":"get_order","arguments":{"order_id":"4111111111111112"}}',
        runtime: 'tool_call',
        why: 'fails the Luhn check',
      },
      { input: 'curl "https://api.example.net/events?since=1700000000000"', why: 'a millisecond timestamp' },
    ],
  },
});
