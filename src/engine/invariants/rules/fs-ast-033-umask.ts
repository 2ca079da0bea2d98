/** FS-AST-033: a umask that lets other users write new files (umask 000, 0, a+rwx, o+w). */
import { defineRule } from '../define-rule.js';
import { operands } from '../helpers.js';

export function umaskOpensWrite(value: string): boolean {
  if (/^[0-7]{1,4}$/.test(value)) return (Number(value[value.length - 1]) & 2) === 0;
  // Symbolic umask names the permissions that stay allowed.
  return value.split(',').some((c) => {
    const m = /^([ugoa]*)([+=])([rwx]*)$/.exec(c);
    return m !== null && /[oa]/.test(m[1] ?? '') && (m[3] ?? '').includes('w');
  });
}

export default defineRule({
  id: 'FS-AST-033',
  invariant: 'NO_PERMISSION_WEAKENING',
  kinds: ['exec', 'file'],
  programs: ['umask'],
  summary: 'umask 000 (or any umask that leaves new files writable by others).',
  remediationHint:
    'Leave the umask alone (022 or stricter). Set modes on the specific workspace files that need them instead.',
  *check(facts) {
    const seen = new Set<number>();
    for (const f of facts.of('file')) {
      if (f.actor !== 'umask' || f.mode === undefined || !umaskOpensWrite(f.mode)) continue;
      seen.add(f.span.start);
      yield {
        span: f.span,
        reason: `umask ${f.mode} makes new files writable by other users`,
        suggestedAlternative: 'umask 022',
      };
    }
    for (const e of facts.of('exec')) {
      if (e.program !== 'umask' || seen.has(e.span.start)) continue;
      const value = operands(e.argv)[0];
      if (value !== undefined && umaskOpensWrite(value)) {
        yield {
          span: e.span,
          reason: `umask ${value} makes new files writable by other users`,
          suggestedAlternative: 'umask 022',
        };
      }
    }
  },
  examples: {
    deny: [{ input: 'umask 000' }, { input: 'umask 0 && touch shared.txt' }, { input: 'umask a+rwx' }],
    allow: [
      { input: 'umask 022', why: 'the usual default' },
      { input: 'umask 077', why: 'stricter' },
      { input: 'umask', why: 'prints the current value' },
    ],
  },
});
