/** RUN-AST-005: shutting down, rebooting or crashing the host (shutdown, reboot, halt, poweroff, init 0/6, sysrq). */
import type { ExecFact } from '../../facts.js';
import { defineRule } from '../define-rule.js';
import { hasShortFlag, operands } from '../helpers.js';

const STOPPERS = new Set([
  'shutdown',
  'reboot',
  'halt',
  'poweroff',
  'init',
  'telinit',
  'systemctl',
  'loginctl',
  'kexec',
]);

function stops(e: ExecFact): string | null {
  const prog = e.program === 'busybox' ? (e.argv[1] ?? '') : e.program;
  if (!STOPPERS.has(prog)) return null;
  const words = operands(e.argv);
  switch (prog) {
    case 'shutdown':
      return hasShortFlag(e.argv, 'c') || e.argv.includes('/a') ? null : 'shutdown stops the host';
    case 'reboot':
    case 'halt':
    case 'poweroff':
      return `${prog} stops the host`;
    case 'init':
    case 'telinit':
      return words.some((w) => w === '0' || w === '6')
        ? `${prog} ${words.join(' ')} changes the runlevel to halt/reboot`
        : null;
    case 'systemctl':
    case 'loginctl':
      return words.some(
        (w) =>
          /^(?:poweroff|reboot|halt|kexec|emergency|rescue|soft-reboot)$/.test(w) ||
          /^(?:poweroff|reboot|halt|emergency|rescue)\.target$/.test(w),
      )
        ? `${prog} ${words.join(' ')} stops the host`
        : null;
    case 'kexec':
      return hasShortFlag(e.argv, 'e') ? 'kexec -e reboots into another kernel' : null;
    default:
      return null;
  }
}

export default defineRule({
  id: 'RUN-AST-005',
  invariant: 'NO_RUNAWAY_EXECUTION',
  kinds: ['exec', 'file'],
  programs: [...STOPPERS, 'busybox'],
  summary:
    'Host shutdown or reboot (shutdown, reboot, halt, poweroff, init 0/6, systemctl poweroff, sysrq-trigger).',
  remediationHint:
    'Never stop or restart the host. Restart only the service you are working on (e.g. npm run dev again, docker compose restart app).',
  *check(facts) {
    for (const e of facts.of('exec')) {
      const reason = stops(e);
      if (reason !== null) yield { span: e.span, reason, suggestedAlternative: null };
    }
    for (const f of facts.of('file')) {
      if ((f.op === 'write' || f.op === 'append') && f.path === '/proc/sysrq-trigger') {
        yield {
          span: f.span,
          reason: 'a write to /proc/sysrq-trigger reboots or crashes the kernel',
          suggestedAlternative: null,
        };
      }
    }
  },
  examples: {
    deny: [
      { input: 'shutdown -h now' },
      { input: 'reboot' },
      { input: 'sudo poweroff' },
      { input: 'init 0' },
      { input: 'systemctl reboot' },
      { input: 'echo c > /proc/sysrq-trigger' },
      { input: 'halt -f' },
    ],
    allow: [
      { input: 'shutdown -c', why: 'cancels a pending shutdown' },
      { input: 'echo reboot', why: 'printed, not run' },
      {
        input: 'systemctl restart nginx',
        why: 'one service, not the host (service changes are judged elsewhere)',
      },
      { input: 'myreboot --dry-run', why: 'a different program' },
    ],
  },
});
