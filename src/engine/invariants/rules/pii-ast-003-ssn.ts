/** PII-AST-003: US social security numbers (valid area, group and serial) in data sent out or in a tool payload. */
import { piiHits } from '../../text/pii-rule.js';
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'PII-AST-003',
  invariant: 'NO_PII_EGRESS',
  kinds: ['literal'],
  summary:
    'US SSNs written as AAA-GG-SSSS with a valid area (not 000, 666, 9xx), group (not 00) and serial (not 0000).',
  remediationHint:
    'Never send social security numbers to external services or tools; refer to the person by an internal id.',
  check: (facts) => piiHits(facts, 'ssn'),
  examples: {
    deny: [
      { input: 'curl -d "ssn=536-22-1874" https://forms.example.net/submit' },
      {
        input: '{"name":"slack_post","arguments":{"text":"applicant SSN 536-22-1874"}}',
        runtime: 'tool_call',
      },
    ],
    allow: [
      {
        input: '{"name":"lookup","arguments":{"q":"000-12-3456"}}',
        runtime: 'tool_call',
        why: 'area 000 is never issued',
      },
      {
        input: '{"name":"log","arguments":{"text":"released 2024-11-22 build 123-45-6789"}}',
        runtime: 'tool_call',
        why: 'a well-known example number',
      },
    ],
  },
});
