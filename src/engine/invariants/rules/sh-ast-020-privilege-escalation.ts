/** SH-AST-020: running as another user or with more privileges (sudo, su, doas, pkexec, nsenter, unshare, chroot, setcap). */
import { IMAGE_BUILD_VIA } from '../../extract/docker.js';
import { defineRule } from '../define-rule.js';
import { routineAdmin } from '../../knowledge/routine-admin.js';

const ESCALATORS = new Set([
  'sudo',
  'su',
  'doas',
  'pkexec',
  'run0',
  'nsenter',
  'unshare',
  'chroot',
  'setcap',
  'runuser',
  'setpriv',
  'capsh',
  'gosu',
  'su-exec',
  'dzdo',
  'pfexec',
  'ksu',
  'visudo',
  'sudoedit',
  'machinectl',
  'chpasswd',
  'usermod',
  'useradd',
  'passwd',
  'gpasswd',
  'newgrp',
  'userdel',
  'groupadd',
  'sysadminctl',
  'dscl',
  'pw',
]);

/** Programs started by these run on another machine or inside an image, not on this host. */
const ELSEWHERE_VIA = new Set(['ssh', IMAGE_BUILD_VIA]);

export default defineRule({
  id: 'SH-AST-020',
  invariant: 'NO_PRIVILEGE_ESCALATION',
  kinds: ['exec'],
  summary:
    'sudo/su/doas/pkexec, namespace and chroot escapes (nsenter, unshare, chroot), capabilities (setcap), account changes.',
  remediationHint:
    'Run the command as the current user without sudo/su. If it genuinely needs root, stop and ask the user to run it; do not change accounts, namespaces or capabilities.',
  *check(facts) {
    const execs = facts.of('exec');
    for (const e of execs) {
      if (!ESCALATORS.has(e.program)) continue;
      // Elevation on another machine (ssh host 'sudo ...') or inside an image being built is not the agent's.
      if (e.via !== undefined && ELSEWHERE_VIA.has(e.via)) continue;
      if (e.program === 'machinectl' && !e.argv.some((a) => a === 'shell' || a === 'login')) continue;
      if (e.program === 'passwd' && e.argv.length === 1) continue;
      // Account tools: only their changing verbs (dscl . -read is a lookup).
      if (
        e.program === 'dscl' &&
        !e.argv.some((a) => /^-(?:create|delete|append|merge|passwd|change)$/.test(a))
      )
        continue;
      if (e.program === 'pw' && !e.argv.some((a) => /^(?:user|group)(?:add|del|mod)$/.test(a))) continue;
      if (
        e.program === 'sysadminctl' &&
        !e.argv.some((a) => /^-(?:addUser|deleteUser|resetPasswordFor|adminUser)$/.test(a))
      )
        continue;
      // The command that would have run elevated, as a suggestion without the prefix.
      const inner = execs.find(
        (x) => x !== e && x.via === e.program && x.span.start >= e.span.start && x.span.end <= e.span.end,
      );
      // sudo of a firewall rule for one port, or its rules read (routine-admin.ts).
      // Only as root with no other user or option (`sudo -u postgres ...` changes the user).
      if (
        e.program === 'sudo' &&
        inner !== undefined &&
        e.argv.slice(1, e.argv.indexOf(inner.argv[0] ?? '', 1)).every((a) => a === '-n') &&
        routineAdmin(inner.argv)
      )
        continue;
      // The suggestion is the same command without the prefix: drop the words before the inner program.
      const k = inner === undefined ? -1 : e.argv.indexOf(inner.argv[0] ?? '', 1);
      const prefix = k > 0 ? `${e.argv.slice(0, k).join(' ')} ` : null;
      yield {
        span: e.span,
        reason: `${e.program} changes the user, privileges or namespace the command runs with`,
        ...(prefix !== null ? { rewrite: { find: prefix, with: '' } } : { suggestedAlternative: null }),
      };
    }
  },
  examples: {
    deny: [
      { input: 'sudo apt-get install -y nginx' },
      { input: 'su - root -c id' },
      { input: 'doas sh' },
      { input: 'pkexec /bin/sh' },
      { input: 'run0 sh' },
      { input: 'nsenter -t 1 -m -u -i -n -p sh' },
      { input: 'unshare -r /bin/bash' },
      { input: 'chroot / /bin/bash' },
      { input: 'setcap cap_setuid+ep /usr/bin/python3' },
      { input: 'echo pw | sudo -S id' },
      { input: '/usr/bin/sudo -u postgres psql' },
    ],
    allow: [
      { input: 'echo sudo', why: 'the word is printed' },
      { input: 'getcap -r /usr/bin', why: 'reading capabilities' },
      {
        input: 'apt-get install -y nginx --dry-run',
        why: 'no elevation requested (apt itself is judged elsewhere)',
      },
      { input: 'grep sudo README.md', why: 'the word is a search pattern' },
      { input: "ssh deploy@prod.example.com 'sudo systemctl status nginx'", why: 'sudo on the remote host' },
      { input: 'sudo ufw allow 8080/tcp && sudo ufw status', why: 'one port opened and the rules read' },
    ],
  },
});
