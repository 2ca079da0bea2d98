/** FS-AST-031: setting setuid/setgid bits (u+s, g+s, 4755, 2755, 6755) anywhere. */
import { defineRule } from '../define-rule.js';

export function setsSpecialBit(mode: string): boolean {
  // `=4755` sets the octal mode exactly like `4755` (GNU chmod).
  const octal = /^=?([0-7]{4,5})$/.exec(mode)?.[1];
  if (octal !== undefined) return (Number(octal[octal.length - 4]) & 6) !== 0;
  return mode.split(',').some((clause) => {
    const m = /^([ugoa]*)([+=])([rwxXst]*)$/.exec(clause);
    return m !== null && (m[3] ?? '').includes('s') && !/^o+$/.test(m[1] ?? '');
  });
}

export default defineRule({
  id: 'FS-AST-031',
  invariant: 'NO_PERMISSION_WEAKENING',
  kinds: ['file'],
  summary: 'chmod that sets the setuid or setgid bit (u+s, g+s, +s, 4755, 2755, 6755).',
  remediationHint:
    "Setuid/setgid binaries run with their owner's privileges and are a classic escalation path. Use ordinary permissions (chmod 755 ./tool) and run the program as the current user.",
  *check(facts) {
    for (const f of facts.of('file')) {
      if (f.op !== 'chmod' || f.actor === 'umask' || f.mode === undefined || !setsSpecialBit(f.mode))
        continue;
      yield {
        span: f.span,
        reason: `chmod ${f.mode} sets a setuid/setgid bit on ${f.path}`,
        rewrite: { find: f.mode, with: '755' },
      };
    }
  },
  examples: {
    deny: [
      { input: 'chmod u+s /bin/bash' },
      { input: 'chmod 4755 ./rootshell' },
      { input: 'chmod +s /usr/bin/find' },
      { input: 'chmod g+s /tmp/x' },
      { input: 'chmod =4755 /tmp/b' },
      { input: 'chmod --reference=/usr/bin/passwd /tmp/b' },
    ],
    allow: [
      { input: 'chmod 755 ./tool', why: 'no special bits' },
      {
        input: 'chmod 1777 ./shared',
        why: 'the sticky bit is not setuid/setgid (and the path is in the workspace)',
      },
    ],
  },
});
