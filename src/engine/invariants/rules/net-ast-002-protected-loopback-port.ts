/** NET-AST-002: loopback admin ports the policy protects (docker 2375/2376, kubelet 10250/10255, apiserver 6443, etcd 2379). */
import { classifyHost, isLoopbackLike } from '../../net/address.js';
import type { Span } from '../../types.js';
import type { Policy } from '../../policy.js';
import { defineRule, type RuleHit } from '../define-rule.js';
import { argvUrls } from '../helpers.js';

const SOCKET_CLIENT = /^(?:curl|socat|nc|ncat|wget|python3?|node)$/;
const RUNTIME_SOCKET =
  /(?:^|[:=])\/(?:var\/)?run\/(?:docker|containerd\/containerd|crio\/crio|podman\/podman)\.sock$/;

/** The policy's protected ports as a Set, built once per policy rather than per command. */
const portSets = new WeakMap<Policy, ReadonlySet<number>>();
function portsOf(policy: Policy): ReadonlySet<number> {
  let set = portSets.get(policy);
  if (set === undefined) {
    set = new Set(policy.protectedPorts);
    portSets.set(policy, set);
  }
  return set;
}

/** Options that name where a server listens or advertises itself, not where a client connects. */
const LISTEN_OPTION = /^--?(?:listen|bind|advertise|initial-advertise)[\w-]*(?:=|$)/i;

/** Schemes that write raw bytes to any TCP port (gopher://h:6379/_FLUSHALL speaks Redis). */
const RAW_SOCKET_SCHEME = /^(?:gopher|dict|telnet|ldap)$/i;

function hit(
  protectedPorts: ReadonlySet<number>,
  seen: Set<number>,
  host: string,
  port: number | undefined,
  span: Span,
  scheme?: string,
): RuleHit | null {
  if (seen.has(span.start)) return null;
  const info = classifyHost(host);
  if (
    scheme !== undefined &&
    RAW_SOCKET_SCHEME.test(scheme) &&
    (isLoopbackLike(info) || info.class === 'private')
  ) {
    seen.add(span.start);
    return {
      span,
      reason: `${scheme}:// to ${host} sends raw bytes to an internal service`,
      suggestedAlternative: null,
    };
  }
  if (port === undefined || !protectedPorts.has(port)) return null;
  if (!isLoopbackLike(info)) return null;
  seen.add(span.start);
  return { span, reason: `${host}:${port} is a protected local admin port`, suggestedAlternative: null };
}

export default defineRule({
  id: 'NET-AST-002',
  invariant: 'NO_METADATA_OR_INTERNAL_SSRF',
  kinds: ['exec', 'net'],
  summary:
    'Connections to loopback admin ports protected by the policy (protectedPorts), and to the Docker/containerd sockets.',
  remediationHint:
    "Local admin APIs (Docker, kubelet, etcd, the Kubernetes API) control the host. Use the project's own services on their application ports, and the official CLI with the user's permission for anything else.",
  *check(facts, policy) {
    const protectedPorts = portsOf(policy);
    const seen = new Set<number>();
    // A server's own listen address (`etcd --listen-client-urls http://0.0.0.0:2379`) is not a connection.
    const listens = new Set<string>();
    for (const e of facts.of('exec'))
      for (const url of argvUrls(e)) {
        const at = e.argv.indexOf(url.arg);
        if (LISTEN_OPTION.test(url.arg) || (at > 0 && LISTEN_OPTION.test(e.argv[at - 1]!)))
          listens.add(
            url.arg.slice(url.arg.indexOf('=', 0) < url.arg.indexOf('://') ? url.arg.indexOf('=') + 1 : 0),
          );
      }
    for (const n of facts.of('net')) {
      if (n.url !== undefined && listens.has(n.url)) continue;
      const h = hit(protectedPorts, seen, n.host, n.port, n.span, n.scheme);
      if (h) yield h;
    }
    for (const e of facts.of('exec')) {
      for (const url of argvUrls(e)) {
        const at = e.argv.indexOf(url.arg);
        if (LISTEN_OPTION.test(url.arg) || (at > 0 && LISTEN_OPTION.test(e.argv[at - 1]!))) continue;
        const h = hit(
          protectedPorts,
          seen,
          url.host,
          url.port,
          e.span,
          /^([a-z][a-z0-9+.-]*):/i.exec(
            url.arg.slice(url.arg.lastIndexOf('=', url.arg.indexOf('://')) + 1),
          )?.[1],
        );
        if (h) yield h;
      }
      if (SOCKET_CLIENT.test(e.program)) {
        const sock = e.argv.find((a) => RUNTIME_SOCKET.test(a));
        if (sock !== undefined && !seen.has(e.span.start)) {
          seen.add(e.span.start);
          yield {
            span: e.span,
            reason: `${e.program} talks to the container runtime socket directly`,
            suggestedAlternative: null,
          };
        }
      }
    }
  },
  examples: {
    deny: [
      { input: 'curl http://127.0.0.1:2375/containers/json' },
      { input: 'curl -k https://localhost:10250/pods' },
      { input: 'curl http://0.0.0.0:2379/v2/keys' },
      { input: 'curl gopher://127.0.0.1:6379/_FLUSHALL' },
      { input: 'curl http://app.lvh.me:2375/containers/json' },
      { input: 'curl --unix-socket /var/run/docker.sock http://localhost/containers/json' },
    ],
    allow: [
      { input: 'curl http://localhost:8080/api', why: 'an application port' },
      { input: 'docker ps', why: 'the official CLI (judged by the container rules)' },
      { input: 'curl https://example.com:6443/', why: 'a remote host, not loopback' },
      { input: 'curl gopher://gopher.floodgap.com/', why: 'a public gopher server' },
    ],
  },
});
