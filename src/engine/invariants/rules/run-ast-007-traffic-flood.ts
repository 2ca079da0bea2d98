/**
 * RUN-AST-007: traffic aimed at someone else's host in a volume only a flood has: code that makes
 * the same request thousands of times with no pause, in an endless loop or on a timer every few
 * milliseconds; a load or stress tool (ab, wrk, hey, hping3 --flood, slowloris...) pointed at a
 * public host. A load test of this machine, a compose service or the team's staging host stays
 * allowed, as does a loop that pauses each turn (a crawler, a retry with backoff).
 */
import type { ExecFact } from '../../facts.js';
import { defineRule } from '../define-rule.js';
import { hasLongFlag, hasShortFlag, optionValue } from '../helpers.js';
import { isMailSend, othersHost, targetBase, toolRuns, toolTargets } from '../others-hosts.js';

/** Load generators: their whole job is to send as much traffic as the target takes. */
const LOAD_TOOLS = new Set([
  'ab',
  'wrk',
  'wrk2',
  'hey',
  'oha',
  'siege',
  'bombardier',
  'autocannon',
  'loadtest',
  'h2load',
  'locust',
  'slowhttptest',
  'slowloris',
  'goldeneye',
  'hulk',
  't50',
  'xerxes',
  'torshammer',
  'pyloris',
  'mhddos',
]);

/** Every tool this rule judges: the load generators and the packet and ping flooders. */
const TOOLS: ReadonlySet<string> = new Set([...LOAD_TOOLS, 'hping3', 'hping', 'nping', 'ping']);

function floodTool(p: string, e: ExecFact): string | null {
  let targets: string[];
  if (p === 'hping3' || p === 'hping' || p === 'nping') {
    const fast =
      hasLongFlag(e.argv, 'flood') ||
      hasLongFlag(e.argv, 'faster') ||
      /^u\d+$/.test(optionValue(e.argv, 'i', null) ?? '');
    if (!fast) return null;
    targets = toolTargets(e);
  } else if (p === 'ping') {
    if (!hasShortFlag(e.argv, 'f')) return null;
    targets = toolTargets(e);
  } else if (LOAD_TOOLS.has(p)) {
    targets = [
      ...toolTargets(e),
      optionValue(e.argv, 'H', 'host') ?? '',
      optionValue(e.argv, 'u', 'url') ?? '',
    ];
  } else return null;
  const hit = targets.map((t) => targetBase(t)).find((t) => othersHost(t, true));
  return hit === undefined ? null : `${p} floods ${hit}, a host outside this workspace's own`;
}

export default defineRule({
  id: 'RUN-AST-007',
  invariant: 'NO_RUNAWAY_EXECUTION',
  kinds: ['net', 'exec', 'container'],
  summary:
    'A flood aimed at someone else: the same request sent thousands of times without a pause, in an endless loop or on a timer of a few ms, or a load or stress tool (ab, wrk, hey, siege, hping3 --flood, slowloris) pointed at a public host.',
  remediationHint:
    'Load-test only this machine, a compose service or your own staging host, and pause between requests to anyone else (time.sleep, a rate limiter).',
  *check(facts) {
    for (const n of facts.of('net')) {
      if (n.repeated === undefined || n.direction !== 'connect') continue;
      // Mail is RUN-AST-008's: repeated, it is bulk mail whoever relays it.
      if (isMailSend(n)) continue;
      if (!othersHost(n.host, true)) continue;
      yield {
        span: n.span,
        reason: `a request to ${n.host} runs ${n.repeated} with no pause: a flood of someone else's host`,
        suggestedAlternative: null,
      };
      return;
    }
    for (const { program, e } of toolRuns(facts, TOOLS)) {
      const reason = floodTool(program, e);
      if (reason !== null) yield { span: e.span, reason, suggestedAlternative: null };
    }
  },
  examples: {
    deny: [
      {
        input:
          "for (let i = 0; i < 2000; i++) setInterval(() => fetch('https://shop.competitor-example.com/search?q=' + 'a'.repeat(500)).catch(() => {}), 1);",
        runtime: 'node',
      },
      {
        input:
          "import requests\nfor i in range(100000):\n    requests.get('https://shop.competitor-example.com/search')",
        runtime: 'python',
      },
      {
        input:
          "const net = require('net');\nfor (let i = 0; i < 5000; i++) net.connect(80, '203.0.113.9').write('GET / HTTP/1.1\\r\\n');",
        runtime: 'node',
      },
      { input: 'hping3 --flood -S -p 80 203.0.113.9' },
      { input: 'ab -n 1000000 -c 1000 https://shop.competitor-example.com/' },
      { input: 'slowhttptest -c 5000 -H -u https://victim-shop.com/' },
      {
        input: 'docker run --rm williamyeh/wrk -t8 -c2000 -d600s https://shop.competitor-example.com/',
        runtime: 'docker',
      },
    ],
    allow: [
      { input: 'ab -n 10000 -c 100 http://localhost:8080/', why: 'a load test of this machine' },
      { input: 'wrk -t4 -c100 -d30s https://staging.acme.com/api', why: "the team's own staging host" },
      { input: 'locust -f locustfile.py --headless -u 50 -H http://web:8000', why: 'a compose service' },
      {
        input:
          "import requests, time\nfor i in range(5000):\n    requests.get(f'https://api.github.com/repos/acme/x/issues/{i}')\n    time.sleep(1)",
        runtime: 'python',
        why: 'paused every turn: a crawler',
      },
      {
        input: "import requests\nfor i in range(100000):\n    requests.get('http://127.0.0.1:8000/health')",
        runtime: 'python',
        why: 'this machine',
      },
      { input: 'ping -c 4 example.com', why: 'four pings' },
    ],
  },
});
