/**
 * HTTP API throughput (issue 6): load on loopback, 32 connections, in one run:
 *   ceiling   a bare node:http server answering a fixed small JSON body
 *   floor     node:http doing only what every API request must do, without the engine: read the
 *             body, JSON.parse it, answer a small JSON decision, one access line (the product's
 *             own writer, src/telemetry/access-log.ts, through its pino logger) and a counter and
 *             histogram the way the product keeps them (tallies published to prom-client): the
 *             least a handler with the logging and metrics can cost on node:http; it ends
 *             its answers once per event-loop turn as the API does (src/http/end-batch.ts)
 *   reference the ceiling's server ending its answers per turn too: what that alone is worth; not
 *             the ceiling, which stays the plain bare server
 *   validate  POST /api/v1/validate {"command":"ls -la"}  (allowed: sealed, not signed by default)
 *   sanitize  POST /api/v1/sanitize {"payload": <small clean prompt>}
 * Each server runs in its own child process; the load comes from wrk when installed (else
 * autocannon). Besides req/s the bench reads each server's CPU time per request from /proc, which
 * holds up better than req/s on a shared machine. agent-guard is the built sidecar started as it
 * ships (bench/lib/sidecar.ts: `node <image flags> dist/bundle/main.js serve`) on embedded defaults
 * (auth off on loopback, logs at info to /dev/null, receipts.sign deny-only; BENCH_LOG_LEVEL changes
 * the level).
 * Run: npm run build && npx tsx bench/http.bench.ts [seconds per target per round, default 5]
 *   (BENCH_WARMUP: seconds of unmeasured load per target before the rounds, default 5)
 * One server alone (for bench/callgrind-requests.sh): PORT=N npx tsx bench/http.bench.ts bare|bare-batched|floor
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { median, runLoad, type LoadResult } from './lib/load.js';
import { checkBuild, describeServer, startSidecar } from './lib/sidecar.js';

const SELF = fileURLToPath(import.meta.url);
const role = process.argv[2];
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 5);
if (!Number.isFinite(WARMUP_SECONDS) || WARMUP_SECONDS < 0) {
  console.error(`BENCH_WARMUP must be a number of seconds, 0 or more (got ${process.env.BENCH_WARMUP})`);
  process.exit(2);
}

type Kind = 'bare' | 'bare-batched' | 'floor';
type Server = Kind | 'guard';

function listen(server: ReturnType<typeof createServer>): void {
  // Forked by main(): port 0, reported over IPC; run alone: the PORT it was given.
  server.listen(process.send ? 0 : Number(process.env.PORT ?? 8787), '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });
}

/** The ceiling; `batched`: the same with each answer ended at the turn's end, as the API does. */
async function childBare(batched: boolean): Promise<void> {
  const { endThisTurn } = await import('../src/http/end-batch.js');
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
      if (batched) endThisTurn(res, body);
      else res.end(body);
    });
  });
  listen(server);
}

async function childFloor(): Promise<void> {
  const { Registry } = await import('prom-client');
  const { createLogger } = await import('../src/telemetry/logger.js');
  const { createAccessLog } = await import('../src/telemetry/access-log.js');
  const { talliedCounter } = await import('../src/telemetry/tally.js');
  const { talliedHistogram } = await import('../src/telemetry/tallied-histogram.js');
  const { endThisTurn } = await import('../src/http/end-batch.js');
  const access = createAccessLog(createLogger({ level: 'info' }));
  const registry = new Registry();
  const requests = talliedCounter(registry, 'floor_requests_total', 'requests', ['endpoint', 'status']);
  const seconds = talliedHistogram(
    registry,
    'floor_request_duration_seconds',
    'latency',
    ['endpoint'],
    [1e-4, 2.5e-4, 5e-4, 1e-3, 2.5e-3, 5e-3, 0.01, 0.025, 0.05, 0.1, 0.5, 1],
  );
  const server = createServer((req, res) => {
    const started = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let input: { command?: unknown } = {};
      try {
        input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { command?: unknown };
      } catch {
        // A GET (readiness probe) has no body.
      }
      const body = JSON.stringify({
        allowed: true,
        threat_detected: false,
        invariants_checked: 15,
        threat_type: null,
        command_length: typeof input.command === 'string' ? input.command.length : 0,
      });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      endThisTurn(res, body);
      const elapsed = (performance.now() - started) / 1000;
      requests.add(1, 'validate', 200);
      seconds.observe(elapsed, 'validate');
      access({
        reqId: 'floor',
        method: req.method ?? 'POST',
        path: '/api/v1/validate',
        status: 200,
        endpoint: 'validate',
        ms: elapsed * 1000,
        identity: undefined,
      });
    });
  });
  listen(server);
}

interface Target {
  readonly name: string;
  readonly path: string;
  readonly body: string;
  readonly child: Server;
}

function spawnChild(kind: Kind): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(SELF, [kind], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve({ child, ...m }));
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
}

async function main(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 5) || 5;
  const validateBody = '{"command":"ls -la"}';
  const targets: Target[] = [
    { name: 'bare node:http (ceiling)', path: '/', body: validateBody, child: 'bare' },
    { name: 'floor: parse, answer, log, count', path: '/', body: validateBody, child: 'floor' },
    {
      name: 'reference: the ceiling ending answers per turn',
      path: '/',
      body: validateBody,
      child: 'bare-batched',
    },
    { name: 'POST /api/v1/validate', path: '/api/v1/validate', body: validateBody, child: 'guard' },
    {
      name: 'POST /api/v1/sanitize',
      path: '/api/v1/sanitize',
      body: JSON.stringify({
        payload: 'Summarise the build log and list failing tests, nothing secret here.',
      }),
      child: 'guard',
    },
  ];
  const stale = checkBuild();
  if (stale) console.warn(stale);
  const servers = {
    bare: await spawnChild('bare'),
    floor: await spawnChild('floor'),
    'bare-batched': await spawnChild('bare-batched'),
    guard: await startSidecar({ AGENT_GUARD_LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' }),
  };
  // One unmeasured pass per target first: the JIT takes several seconds of load to tier a larger
  // server's request path up (measured: validate 43–48 µs per request after 2 s + 5 s alone, more
  // in the first seconds), and a server runs for hours; every server gets the same pass.
  // 32 connections to one target's server; `measured`: read that server's CPU time too.
  const loadOn = (target: Target, length: number, measured: boolean): Promise<LoadResult> => {
    const server = servers[target.child];
    return runLoad({
      url: `http://127.0.0.1:${server.port}${target.path}`,
      body: target.body,
      connections: 32,
      seconds: length,
      ...(measured ? { measured: [server.child.pid!] } : { warmupSeconds: 0 }),
    });
  };
  if (WARMUP_SECONDS > 0) for (const target of targets) await loadOn(target, WARMUP_SECONDS, false);
  // Interleaved rounds, median per target: on a shared machine the load drifts during a run.
  const rounds = 3;
  const samples = targets.map(() => [] as LoadResult[]);
  for (let round = 0; round < rounds; round++) {
    for (const [i, target] of targets.entries()) samples[i]!.push(await loadOn(target, seconds, true));
  }
  for (const server of Object.values(servers)) server.child.kill('SIGTERM');
  const rows = targets.map((target, i) => {
    const runs = samples[i]!;
    return {
      name: target.name,
      rps: median(runs.map((r) => r.rps)),
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      cpu: median(runs.map((r) => r.cpuUsPerRequest ?? NaN)),
      errors: runs.reduce((n, r) => n + r.errors, 0),
    };
  });
  const [ceiling, floor] = rows;
  console.log(
    `node ${process.version}, ${samples[0]![0]!.tool}, ${WARMUP_SECONDS}s unmeasured warm-up per target, then ${rounds} interleaved rounds x ${seconds}s per target (medians), 32 connections, loopback; agent-guard ready in ${servers.guard.startupMs.toFixed(0)} ms; ${describeServer()}`,
  );
  console.log(
    '| target | req/s | p50 ms | p99 ms | share of ceiling | share of floor | CPU µs/request | CPU share of ceiling | errors |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  const pct = (a: number, b: number): string => `${((a / b) * 100).toFixed(0)}%`;
  // wrk reports milliseconds with a few decimals; medians of them can carry binary noise.
  const ms = (v: number): string => String(Number(v.toFixed(3)));
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${row.rps.toFixed(0)} | ${ms(row.p50)} | ${ms(row.p99)} | ${pct(row.rps, ceiling!.rps)} | ${pct(row.rps, floor!.rps)} | ${row.cpu.toFixed(1)} | ${pct(ceiling!.cpu, row.cpu)} | ${row.errors} |`,
    );
  }
  console.log(
    "(CPU share of ceiling: the bare server's CPU per request over this row's; what the req/s share tends to when the load generator has cores of its own)",
  );
}

if (role === 'bare' || role === 'bare-batched') await childBare(role === 'bare-batched');
else if (role === 'floor') await childFloor();
else await main();
