/** DKR-AST-005: sharing host namespaces (--pid=host, --net=host, --ipc=host, --uts=host, --userns=host). */
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'DKR-AST-005',
  invariant: 'NO_PRIVILEGE_ESCALATION',
  kinds: ['container'],
  summary:
    'Host PID, network, IPC, UTS, user or cgroup namespaces for a container (CLI, compose network_mode/pid/ipc: host, RUN --network=host).',
  remediationHint:
    'Keep the container in its own namespaces: publish the ports you need (-p 8080:8080) instead of --net=host, and do not share the host PID or IPC namespace.',
  *check(facts) {
    for (const c of facts.of('container')) {
      if (c.hostNamespaces.length === 0) continue;
      yield {
        span: c.span,
        reason: `the container shares the host ${c.hostNamespaces.join(', ')} namespace${c.hostNamespaces.length > 1 ? 's' : ''}`,
        suggestedAlternative: null,
      };
    }
  },
  examples: {
    deny: [
      { input: 'docker run --pid=host -it alpine nsenter -t 1 -m sh', runtime: 'docker' },
      { input: 'docker run --net=host nginx', runtime: 'docker' },
      { input: 'docker run --network host --ipc host redis', runtime: 'docker' },
      { input: 'services:\n  w:\n    image: nginx\n    network_mode: host\n', runtime: 'docker' },
    ],
    allow: [
      {
        input: 'docker run -p 8080:80 nginx',
        runtime: 'docker',
        why: 'published port, own network namespace',
      },
      {
        input: 'docker run --network mynet --pid container:app alpine',
        runtime: 'docker',
        why: 'a user network and another container, not the host',
      },
    ],
  },
});
