/** PII-AST-001: e-mail addresses in data sent to a network sink or in a tool-call payload (not addressing fields). */
import { piiHits } from '../../text/pii-rule.js';
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'PII-AST-001',
  invariant: 'NO_PII_EGRESS',
  kinds: ['literal'],
  summary:
    'E-mail addresses (real domains; documentation domains excluded) in uploads, request bodies or tool payloads.',
  remediationHint:
    'Do not send personal e-mail addresses to external services. Replace them with an opaque id or a placeholder (user@example.com) unless the user asked for exactly this.',
  check: (facts) => piiHits(facts, 'email'),
  examples: {
    deny: [
      { input: 'curl -d "email=jane.roe@acme-corp.io" https://api.tracker.dev/collect' },
      {
        input:
          '{"name":"post_message","arguments":{"channel":"#general","text":"customer jane.roe@acme-corp.io asked for a refund"}}',
        runtime: 'tool_call',
      },
    ],
    allow: [
      {
        input: 'git commit --author "Jane Roe <jane.roe@acme-corp.io>" -m "fix"',
        why: 'a commit author stays in the local repository',
      },
      {
        input: '{"name":"send_email","arguments":{"to":"jane.roe@acme-corp.io","subject":"Build finished"}}',
        runtime: 'tool_call',
        why: 'the recipient field is what the tool is for',
      },
      {
        input: 'curl -d "email=user@example.com" https://api.tracker.dev/collect',
        why: 'a documentation domain',
      },
      {
        input: 'curl -O https://cdn.jsdelivr.net/npm/lodash@4.17.21/lodash.min.js',
        why: 'a package version, not an address',
      },
    ],
  },
});
