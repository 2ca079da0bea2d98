/** DKR-AST-006: adding capabilities that break container isolation (ALL, SYS_ADMIN, SYS_PTRACE, SYS_MODULE, NET_ADMIN ...). */
import { DANGEROUS_CAPS } from '../../knowledge/docker.js';
import { defineRule } from '../define-rule.js';

/** What a monitoring agent's documented run adds to trace the host's processes (netdata, datadog system-probe). */
const MONITOR_CAPS: ReadonlySet<string> = new Set([
  'SYS_PTRACE',
  'SYS_ADMIN',
  'SYS_RESOURCE',
  'DAC_READ_SEARCH',
  'BPF',
  'PERFMON',
  'NET_ADMIN',
  'NET_RAW',
  'IPC_LOCK',
]);

export default defineRule({
  id: 'DKR-AST-006',
  invariant: 'NO_PRIVILEGE_ESCALATION',
  kinds: ['container'],
  summary:
    '--cap-add / cap_add of ALL, SYS_ADMIN, SYS_MODULE, SYS_PTRACE, SYS_RAWIO, DAC_READ_SEARCH, NET_ADMIN, BPF and similar.',
  remediationHint:
    'Do not add kernel capabilities to a container. Most software needs none; for a low port use NET_BIND_SERVICE only, and ask the user before anything else.',
  *check(facts) {
    for (const c of facts.of('container')) {
      // NET_ADMIN acts on the network namespace the container is in: its own (a VPN client's tun
      // device and routes, red team r3 FP) unless it shares the host's, where it rewrites the host's
      // firewall and routes.
      const hostNet = c.hostNamespaces.includes('net');
      // SYS_PTRACE likewise traces only the processes of the container's own PID namespace (a
      // debugger or profiler: gdb, strace, py-spy) unless it shares the host's (r11 fpd).
      const hostPid = c.hostNamespaces.includes('pid');
      const needs = c.hostTool?.needs ?? [];
      const caps = c.capAdd.filter(
        (x) =>
          DANGEROUS_CAPS.has(x) &&
          !(needs.includes('trace') && MONITOR_CAPS.has(x.replace(/^CAP_/, ''))) &&
          !(needs.includes('kernelModules') && x.replace(/^CAP_/, '') === 'SYS_MODULE') &&
          (x !== 'NET_ADMIN' || (hostNet && !needs.includes('hostRoutes'))) &&
          (x.replace(/^CAP_/, '') !== 'SYS_PTRACE' || hostPid),
      );
      if (caps.length === 0) continue;
      yield {
        span: c.span,
        reason: `the container gets the capabilit${caps.length > 1 ? 'ies' : 'y'} ${caps.join(', ')}`,
        suggestedAlternative: null,
      };
    }
  },
  examples: {
    deny: [
      { input: 'docker run --cap-add=SYS_ADMIN alpine mount -t proc none /mnt', runtime: 'docker' },
      { input: 'docker run --cap-add ALL ubuntu', runtime: 'docker' },
      { input: 'docker run --pid=host --cap-add=CAP_SYS_PTRACE alpine', runtime: 'docker' },
      { input: 'docker run --cap-add=SYS_PTRACE --cap-add=SYS_ADMIN alpine', runtime: 'docker' },
      {
        input: 'services:\n  vpn:\n    image: wg\n    network_mode: host\n    cap_add:\n      - NET_ADMIN\n',
        runtime: 'docker',
      },
      { input: 'docker run --net=host --cap-add NET_ADMIN alpine iptables -F', runtime: 'docker' },
    ],
    allow: [
      {
        input: 'docker run --cap-add NET_BIND_SERVICE nginx',
        runtime: 'docker',
        why: 'binding low ports only',
      },
      { input: 'docker run --cap-drop ALL alpine', runtime: 'docker', why: 'dropping capabilities' },
      {
        input: 'docker run --rm --cap-add SYS_PTRACE -v "$PWD":/src -w /src python:3.12 py-spy dump --pid 1',
        runtime: 'docker',
        why: "a profiler traces only the container's own processes",
      },
      {
        input: 'docker run --rm --cap-add NET_ADMIN --device /dev/net/tun qmcgaw/gluetun',
        runtime: 'docker',
        why: "a VPN client changes only its own container's network",
      },
    ],
  },
});
