/** DKR-AST-007: --security-opt that turns off seccomp, AppArmor, SELinux labels or no-new-privileges. */
import { DEBUGGER, disablesProtection } from '../../knowledge/docker.js';
import type { ContainerFact } from '../../facts.js';
import { defineRule } from '../define-rule.js';

/**
 * A container that runs a debugger directly on the project's own files (R14 twin: a compose debug
 * service running `gdb --batch ... /app/bin/server` with SYS_PTRACE and seccomp unconfined): not
 * privileged, no host namespaces or devices, and only relative or $PWD mounts. The debugger needs
 * the syscalls; nothing of the host is within reach.
 */
function debugger_(c: ContainerFact): boolean {
  return (
    c.runs !== undefined &&
    DEBUGGER.test(c.runs) &&
    !c.privileged &&
    c.hostNamespaces.length === 0 &&
    c.devices.length === 0 &&
    c.mounts.every((m) => /^(?:\.{1,2}(?:\/|$)|\$\{?PWD\}?(?:\/|$)|[\w.-]+$)/.test(m.source))
  );
}

export default defineRule({
  id: 'DKR-AST-007',
  invariant: 'NO_PRIVILEGE_ESCALATION',
  kinds: ['container'],
  summary:
    'seccomp=unconfined, apparmor=unconfined, label=disable, no-new-privileges:false, systempaths=unconfined.',
  remediationHint:
    'Keep the default seccomp, AppArmor and SELinux profiles. If a syscall is genuinely needed, ask the user for a custom profile that allows only it.',
  *check(facts) {
    for (const c of facts.of('container')) {
      // A monitoring agent's documented run turns AppArmor off to read other processes' /proc entries.
      const tracer = c.hostTool?.needs.includes('trace') === true;
      const debugging = debugger_(c);
      const off = c.securityOpt.filter(
        (o) =>
          disablesProtection(o) &&
          !(tracer && /^apparmor[=:]unconfined$/i.test(o.replace(/\s+/g, ''))) &&
          !(debugging && /^seccomp[=:]unconfined$/i.test(o.replace(/\s+/g, ''))),
      );
      if (off.length === 0) continue;
      yield {
        span: c.span,
        reason: `--security-opt ${off.join(', ')} disables a kernel protection for the container`,
        suggestedAlternative: null,
      };
    }
  },
  examples: {
    deny: [
      { input: 'docker run --security-opt seccomp=unconfined alpine', runtime: 'docker' },
      {
        input: 'docker run --security-opt apparmor=unconfined --security-opt label=disable ubuntu',
        runtime: 'docker',
      },
      { input: 'docker run --security-opt no-new-privileges:false alpine', runtime: 'docker' },
      {
        input: "services:\n  s:\n    image: a\n    security_opt:\n      - 'seccomp:unconfined'\n",
        runtime: 'docker',
      },
    ],
    allow: [
      {
        input: 'docker run --security-opt no-new-privileges:true alpine',
        runtime: 'docker',
        why: 'tightens, not loosens',
      },
      {
        input: 'docker run --security-opt seccomp=./profile.json alpine',
        runtime: 'docker',
        why: 'a custom profile stays confined',
      },
    ],
  },
});
