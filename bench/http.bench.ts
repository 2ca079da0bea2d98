/**
 * HTTP API throughput (issue 6): autocannon on loopback, 32 connections, in one run:
 *   ceiling   a bare node:http server answering a fixed small JSON body
 *   validate  POST /api/v1/validate {"command":"ls -la"}  (allowed: sealed, not signed by default)
 *   sanitize  POST /api/v1/sanitize {"payload": <small clean prompt>}
 * Each server runs in its own child process (the load generator keeps this one); agent-guard with
 * embedded defaults (auth off on loopback, logs at info to /dev/null, receipts.sign deny-only).
 * Run: npx tsx bench/http.bench.ts [seconds per target per round, default 5]
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import autocannonUntyped from 'autocannon';

interface AutocannonResult {
  readonly requests: { readonly average: number };
  readonly latency: { readonly p50: number; readonly p99: number };
  readonly errors: number;
  readonly non2xx: number;
}
interface AutocannonOptions {
  readonly url: string;
  readonly connections: number;
  readonly duration: number;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}
const autocannon = autocannonUntyped as (options: AutocannonOptions) => Promise<AutocannonResult>;

const SELF = fileURLToPath(import.meta.url);
const role = process.argv[2];

function childBare(): void {
  const body = JSON.stringify({
    status: 'healthy',
    engine_version: '0.1.0',
    p50_latency_us: 10,
    invariants_active: 15,
  });
  const server = createServer((_req, res) => {
    _req.resume();
    _req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });
}

async function childGuard(): Promise<void> {
  const { loadConfig } = await import('../src/config/load.js');
  const { startServer } = await import('../src/server.js');
  const started = performance.now();
  const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';
  const config = loadConfig({
    env: { AGENT_GUARD_PORT: '0', AGENT_GUARD_LOG_LEVEL: logLevel },
    cwd: process.cwd(),
  });
  const running = await startServer(config, { proxy: true });
  process.send?.({ port: running.port, startupMs: performance.now() - started });
}

interface Target {
  readonly name: string;
  readonly path: string;
  readonly body: string;
  readonly child: 'bare' | 'guard';
}

function spawnChild(
  kind: 'bare' | 'guard',
): Promise<{ child: ChildProcess; port: number; startupMs?: number }> {
  const child = fork(SELF, [kind], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { port: number; startupMs?: number }) => resolve({ child, ...m }));
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
}

async function load(port: number, target: Target, seconds: number): Promise<AutocannonResult> {
  const options: AutocannonOptions = {
    url: `http://127.0.0.1:${port}${target.path}`,
    connections: 32,
    duration: seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: target.body,
  };
  await autocannon({ ...options, duration: 1 }); // warm-up: JIT, caches, connection set-up
  return autocannon(options);
}

async function main(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 5) || 5;
  const targets: Target[] = [
    { name: 'bare node:http (ceiling)', path: '/', body: '{"command":"ls -la"}', child: 'bare' },
    { name: 'POST /api/v1/validate', path: '/api/v1/validate', body: '{"command":"ls -la"}', child: 'guard' },
    {
      name: 'POST /api/v1/sanitize',
      path: '/api/v1/sanitize',
      body: JSON.stringify({
        payload: 'Summarise the build log and list failing tests, nothing secret here.',
      }),
      child: 'guard',
    },
  ];
  const bare = await spawnChild('bare');
  const guard = await spawnChild('guard');
  // Interleaved rounds, median per target: on a shared machine the load drifts during a run.
  const rounds = 3;
  const samples = targets.map(() => [] as AutocannonResult[]);
  for (let round = 0; round < rounds; round++) {
    for (const [i, target] of targets.entries()) {
      const port = target.child === 'bare' ? bare.port : guard.port;
      samples[i]!.push(await load(port, target, seconds));
    }
  }
  const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  const rows = targets.map((target, i) => {
    const runs = samples[i]!;
    return {
      name: target.name,
      rps: median(runs.map((r) => r.requests.average)),
      p50: median(runs.map((r) => r.latency.p50)),
      p99: median(runs.map((r) => r.latency.p99)),
      errors: runs.reduce((n, r) => n + r.errors, 0),
      non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    };
  });
  bare.child.kill('SIGTERM');
  guard.child.kill('SIGTERM');
  const ceiling = rows[0]!.rps;
  console.log(
    `node ${process.version}, ${rounds} interleaved rounds x ${seconds}s per target (medians), 32 connections, loopback; agent-guard startup ${guard.startupMs?.toFixed(0)} ms`,
  );
  console.log('| target | req/s | p50 ms | p99 ms | share of ceiling | errors/non-2xx |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) {
    const share = ((row.rps / ceiling) * 100).toFixed(0);
    console.log(
      `| ${row.name} | ${row.rps.toFixed(0)} | ${row.p50} | ${row.p99} | ${share}% | ${row.errors}/${row.non2xx} |`,
    );
  }
}

if (role === 'bare') childBare();
else if (role === 'guard') await childGuard();
else await main();
