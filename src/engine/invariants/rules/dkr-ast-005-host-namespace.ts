/** DKR-AST-005: sharing host namespaces (--pid=host, --net=host, --ipc=host, --uts=host, --userns=host). */
import type { ContainerFact } from '../../facts.js';
import { defineRule, type FactIndex } from '../define-rule.js';

/** One-shot network clients: they exit when the request is done and listen on nothing. */
const CLIENTS =
  /^(?:curl|wget|https?|httpie|xh|dig|drill|nslookup|host|ping6?|traceroute|mtr|grpcurl|ab|hey|wrk|k6|vegeta|oha|redis-cli|psql|mysql|mongosh|pg_isready)$/;

/** The program an image runs as its entrypoint when it is named for one (`grafana/k6:0.52` runs k6). */
const entrypoint = (image: string): string => image.replace(/[:@].*$/, '').replace(/^.*\//, '');

/**
 * A container on the host network only to run one client request (`docker run --rm --network host
 * nicolaka/netshoot curl -sI http://localhost:8080/healthz`; r5 FP): the same reach as running the
 * client here, where the network rules judge where it goes. Other host namespaces still count.
 */
function clientOnly(c: ContainerFact, facts: FactIndex): boolean {
  if (c.hostNamespaces.length !== 1 || c.hostNamespaces[0] !== 'net' || c.privileged) return false;
  let clients = 0;
  for (const e of facts.of('exec')) {
    if (e.depth !== c.depth + 1 || e.via !== 'docker') continue;
    if (e.span.start < c.span.start || e.span.end > c.span.end) continue;
    // `grafana/k6 run -`: the words after the image are the entrypoint client's own arguments.
    const asEntrypoint =
      CLIENTS.test(entrypoint(c.image ?? '')) && /^(?:run|attack|-\S*|https?:\/\/\S+)$/.test(e.program);
    if (!CLIENTS.test(e.program) && !asEntrypoint) return false;
    clients++;
  }
  return clients > 0;
}

/** Programs that only list processes or the host's load: what a host PID namespace lets them see, they print. */
const LISTERS = /^(?:ps|top|htop|atop|pstree|pgrep|pidof|uptime|free|vmstat|procs|btop)$/;

/**
 * A throwaway container sharing only the host PID namespace to list processes (`docker run --rm
 * --pid=host alpine ps aux`; R17 FP): it sees what `ps` here sees. No added capability, no device,
 * no privilege and no mount, so it cannot enter or signal what it lists; nsenter, kill or a shell stay denied.
 */
function listsProcessesOnly(c: ContainerFact, facts: FactIndex): boolean {
  if (c.hostNamespaces.length !== 1 || c.hostNamespaces[0] !== 'pid') return false;
  if (c.privileged || c.capAdd.length > 0 || c.devices.length > 0 || c.mounts.length > 0) return false;
  let listers = 0;
  for (const e of facts.of('exec')) {
    if (e.depth !== c.depth + 1 || e.via !== 'docker') continue;
    if (e.span.start < c.span.start || e.span.end > c.span.end) continue;
    if (!LISTERS.test(e.program)) return false;
    listers++;
  }
  return listers > 0;
}

export default defineRule({
  id: 'DKR-AST-005',
  invariant: 'NO_PRIVILEGE_ESCALATION',
  kinds: ['container', 'exec'],
  summary:
    'Host PID, network, IPC, UTS, user or cgroup namespaces for a container (CLI, compose network_mode/pid/ipc: host, RUN --network=host).',
  remediationHint:
    'Keep the container in its own namespaces: publish the ports you need (-p 8080:8080) instead of --net=host, and do not share the host PID or IPC namespace.',
  *check(facts) {
    for (const c of facts.of('container')) {
      if (c.hostNamespaces.length === 0 || clientOnly(c, facts) || listsProcessesOnly(c, facts)) continue;
      // node-exporter counts the host's processes and interfaces (knowledge/host-tools.ts).
      if (
        c.hostTool?.needs.includes('hostNamespaces') === true &&
        c.hostNamespaces.every((n) => n === 'pid' || n === 'net')
      )
        continue;
      // A LAN hub or VPN routes or discovers on the host's network, and shares nothing else.
      if (c.hostTool?.needs.includes('hostNet') === true && c.hostNamespaces.every((n) => n === 'net'))
        continue;
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
      { input: 'docker run --rm --pid=host --privileged alpine ps aux', runtime: 'docker' },
      { input: 'docker run --rm --pid=host alpine sh -c "ps aux; kill -9 1"', runtime: 'docker' },
      { input: 'docker run --network host --ipc host redis', runtime: 'docker' },
      { input: 'services:\n  w:\n    image: nginx\n    network_mode: host\n', runtime: 'docker' },
    ],
    allow: [
      {
        input:
          'docker run -d --net=host --pid=host -v /:/host:ro,rslave quay.io/prometheus/node-exporter:v1.7.0 --path.rootfs=/host',
        runtime: 'docker',
        why: "node-exporter's documented run: it counts the host's processes and interfaces, reading / read-only",
      },
      {
        input: 'docker run --rm --pid=host alpine ps aux',
        runtime: 'docker',
        why: 'lists the host processes, as ps here does; no capability, mount or privilege to act on them',
      },
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
      {
        input: 'docker run --rm --network host nicolaka/netshoot curl -sI http://localhost:8080/healthz',
        runtime: 'docker',
        why: 'one client request from the host network, judged like curl run here',
      },
    ],
  },
});
