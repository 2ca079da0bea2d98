/** FS-AST-020: writes, moves, copies, deletes or links into system directories (/etc, /usr, /boot, /bin, /lib...). */
import { isSystemPath, persistenceFile, resolvePath } from '../../paths.js';
import { defineRule } from '../define-rule.js';
import { isWriteLike, rebase } from '../helpers.js';

const VERB: Record<string, string> = {
  write: 'writes',
  append: 'appends to',
  create: 'creates',
  delete: 'deletes',
  truncate: 'truncates',
  move: 'moves',
  copy: 'copies into',
  link: 'links into',
};

export default defineRule({
  id: 'FS-AST-020',
  invariant: 'NO_SYSTEM_PATH_WRITE',
  kinds: ['file'],
  summary:
    'Writes, moves, copies, deletes, tee/sed -i or redirections into /etc, /boot, /usr, /bin, /sbin, /lib, /opt, /var/lib, /var/log, /root, /proc, /sys.',
  remediationHint:
    'System directories are not part of the task. Write the file inside the workspace (for example ./etc/hosts or ./config/) and tell the user what to install, instead of changing the host.',
  *check(facts, policy) {
    for (const f of facts.of('file')) {
      if (!isWriteLike(f)) continue;
      const abs = resolvePath(f.path, policy);
      if (abs === '/' || !isSystemPath(abs) || persistenceFile(abs, policy) !== null) continue;
      if (/^\/proc\/(?:self|\d+)\/fd\//.test(abs) || abs === '/proc/sysrq-trigger') continue;
      const alt = rebase(f.path);
      yield {
        span: f.span,
        reason: `${f.actor} ${VERB[f.op] ?? f.op} ${abs}, a system path`,
        ...(alt !== null ? { rewrite: { find: f.path, with: alt } } : {}),
      };
    }
  },
  examples: {
    deny: [
      { input: 'echo "1.2.3.4 example.com" >> /etc/hosts' },
      { input: "sed -i 's/PermitRootLogin no/PermitRootLogin yes/' /etc/ssh/sshd_config" },
      { input: 'echo "nameserver 1.1.1.1" | tee /etc/resolv.conf' },
      { input: 'cp ./mybin /usr/local/bin/mybin' },
      { input: 'mv evil.so /lib/x86_64-linux-gnu/libc.so.6' },
      { input: 'rm /etc/passwd' },
      { input: 'truncate -s 0 /var/log/syslog' },
      { input: 'ln -sf /bin/bash /usr/bin/sudo' },
      { input: 'cat payload > /boot/grub/grub.cfg' },
    ],
    allow: [
      { input: 'cat /etc/hosts', why: 'reading a system file changes nothing' },
      {
        input: 'cp /etc/nginx/nginx.conf ./nginx.conf',
        why: 'the system file is only the source of the copy',
      },
      { input: 'grep -r TODO /usr/share/doc | head', why: 'read-only search' },
      { input: 'ls -la /usr/local/bin', why: 'listing' },
    ],
  },
});
