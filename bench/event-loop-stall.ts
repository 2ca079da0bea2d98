/**
 * Does one request's analysis stall the sidecar's other traffic (issue 24)? Starts the server in
 * process (real sockets), sends each slow request below while a second client polls /health every
 * 5 ms, and prints the slow request's time and the longest /health wait seen meanwhile. The target
 * is no wait over 50 ms: a larger analysis must run off the main thread or be refused.
 *
 * Run: npx tsx bench/event-loop-stall.ts
 */
import { Writable } from 'node:stream';
import { validateConfig } from '../src/config/load.js';
import { startServer } from '../src/server.js';

const SECRET = 'ghp_' + 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5';

const CASES: ReadonlyArray<{ name: string; path: string; body: unknown }> = [
  {
    name: 'gate: 20,000 statements',
    path: '/api/v1/gate',
    body: { action: 'SHELL_EXEC', command: 'ls -la /tmp; '.repeat(20000) },
  },
  {
    name: 'gate: 14,000-stage pipeline',
    path: '/api/v1/gate',
    body: { action: 'SHELL_EXEC', command: 'cat a | grep b | '.repeat(14000) + 'wc' },
  },
  {
    name: 'sanitize: 1 MB, 24,000 secrets',
    path: '/api/v1/sanitize',
    body: { payload: `key ${SECRET} and AKIAQ3ZT7K2M9XW4PLR8 `.repeat(12000) },
  },
];

const sink = new Writable({ write: (_c, _e, done) => done() });
const server = await startServer(
  validateConfig({ server: { host: '127.0.0.1', port: 0, bodyLimitBytes: 4 * 1024 * 1024 }, alerts: {} }),
  { proxy: true, logDestination: sink },
);
for (const c of CASES) {
  let polling = true;
  let worst = 0;
  let answers = 0;
  const poller = (async () => {
    while (polling) {
      const t = performance.now();
      const res = await fetch(`${server.url}/health`);
      await res.arrayBuffer();
      worst = Math.max(worst, performance.now() - t);
      answers++;
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  await new Promise((r) => setTimeout(r, 50));
  const t = performance.now();
  const res = await fetch(`${server.url}${c.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(c.body),
  });
  await res.arrayBuffer();
  const took = performance.now() - t;
  polling = false;
  await poller;
  console.log(
    `${c.name}: status ${res.status}, ${took.toFixed(0)} ms; /health answered ${answers} times, longest wait ${worst.toFixed(0)} ms (target 50 ms: ${worst <= 50 ? 'met' : 'NOT met'})`,
  );
}
await server.close();
