/**
 * Proxy overhead (issue 7), in one run on loopback against the same local upstream: direct; through
 * nginx as a plain reverse proxy (skipped with a message when nginx is not installed); through a
 * minimal node:http + undici Pool proxy (the floor of the project's stack, bench/proxy/minimal-proxy.ts);
 * through the sidecar's passthrough route; through its OpenAI route with a 16 KB chat body that must
 * be scrubbed (and the same body through passthrough). At BENCH_CONNECTIONS (default 32): req/s,
 * p50/p99 and CPU per request of the proxying process. At 1 connection: the latency the scrubbed
 * route adds to a request over passthrough, without queueing (at 32 connections a single-threaded
 * server's p50 is mostly time spent waiting behind the other 31 requests). And the sidecar's RSS once
 * started and its peak (VmHWM).
 * The sidecar is the real server as users run it: the bundled CLI, `node dist/bundle/main.js serve`,
 * with its defaults, the passthrough and OpenAI routes pointed at the bench upstream through the
 * environment, and its log lines sent to /dev/null. Build it first (`npm run build`); the bench stops
 * when the bundle is missing and warns when dist/ is older than src/. Load: wrk when installed, else
 * autocannon (bench/lib/load.ts).
 * The server starts with the node flags and environment the container image ships (SERVE_NODE_FLAGS,
 * SERVE_ENV in src/cli/serve-memory.ts, the Dockerfile's ENTRYPOINT and ENV), which set its memory.
 * Run: npm run build && npx tsx bench/proxy.bench.ts   (BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_ROUNDS to change the load;
 * BENCH_SERVER_NODE_FLAGS replaces the shipped node flags, e.g. '' for none or '--max-semi-space-size=4';
 * BENCH_SERVER_BARE=1 also leaves out the shipped environment)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, runLoad, which } from './lib/load.js';
import { checkBuild, describeServer, startSidecar } from './lib/sidecar.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const HERE = fileURLToPath(new URL('.', import.meta.url));
const TSX = ['--import', 'tsx'];

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time the proxying process spent per request (µs): independent of how busy the machine is. */
  cpuUsPerRequest?: number;
}

/** The pids whose parent is `pid` (nginx's worker under its master). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // gone
    }
  }
  return out;
}

function startChild(
  script: string,
  env: Record<string, string>,
  args: readonly string[] = [],
): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...TSX, join(HERE, script), ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve({ child, port: Number(line) });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${String(code)}`)));
  });
}

/** Newest modification time (ms) of the files under `dir` whose names end in `suffix`. */

/** Stops the bench when dist/ has not been built; returns a warning when it is older than src/. */

/** A loopback port nobody listens on right now (the server is told it through AGENT_GUARD_PORT). */

/** `node dist/cli/main.js serve` on a free port with `env` added; resolves once /api/v1/health answers. */

/** A 16 KB chat request: a long conversation with a few credentials in it (assembled at run time). */
function chatBody(): string {
  const secrets = ['ghp_' + 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5', 'AKIA' + 'Q3ZT7K2M9XW4PLR8'];
  const filler =
    'Refactor the payment module so retries use exponential backoff; keep the public API stable and add tests. ';
  const messages: Array<{ role: string; content: string }> = [
    { role: 'system', content: 'You are a careful coding agent.' },
  ];
  let i = 0;
  while (JSON.stringify(messages).length < 16 * 1024 - 400) {
    const secret = i % 8 === 3 ? ` token ${secrets[i % 2]}` : '';
    messages.push({ role: i % 2 === 0 ? 'user' : 'assistant', content: filler.repeat(3) + secret });
    i++;
  }
  return JSON.stringify({ model: 'gpt-4o', messages, temperature: 0.2 });
}

async function load(
  name: string,
  url: string,
  body?: string,
  measured: readonly number[] = [],
  connections = CONNECTIONS,
): Promise<Result> {
  const r = await runLoad({ url, body, connections, seconds: SECONDS, measured });
  return { name, rps: r.rps, p50: r.p50, p99: r.p99, errors: r.errors, cpuUsPerRequest: r.cpuUsPerRequest };
}

/** VmHWM (peak) or VmRSS (now) of a process, MB. */
function rssMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)\\s+kB`).exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

async function startNginx(
  upstreamPort: number,
): Promise<{ child: ChildProcess; port: number; dir: string } | null> {
  const nginx = which('nginx');
  if (!nginx) {
    console.log('nginx not installed: skipping the nginx baseline (apt-get install -y nginx-light)');
    return null;
  }
  const dir = mkdtempSync(join(tmpdir(), 'ag-nginx-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  client_body_buffer_size 64k;
  upstream up { server 127.0.0.1:${upstreamPort}; keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location / { proxy_pass http://up; proxy_http_version 1.1; proxy_set_header Connection ""; }
  }
}
`,
  );
  const child = spawn(nginx, ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 300));
  return { child, port, dir };
}

const stale = checkBuild();
if (stale) console.log(stale);
const upstream = await startChild('proxy/upstream.ts', {});
const base = `http://127.0.0.1:${upstream.port}`;
const sidecar = await startSidecar({ AGENT_GUARD_UPSTREAM: base, AGENT_GUARD_OPENAI_UPSTREAM: base });
const startedRss = rssMb(sidecar.child.pid!, 'VmRSS');
const floor = await startChild('proxy/minimal-proxy.ts', {}, [base]);
const nginx = await startNginx(upstream.port);
const body = chatBody();
const sc = `http://127.0.0.1:${sidecar.port}`;
const fl = `http://127.0.0.1:${floor.port}`;

const results: Result[] = [];
const latency: Result[] = [];
const sidecarPids = [sidecar.child.pid!];
const floorPids = [floor.child.pid!];
const nginxPids = nginx ? [nginx.child.pid!, ...childrenOf(nginx.child.pid!)] : [];
const upstreamPids = [upstream.child.pid!];
const PASS_POST = 'sidecar passthrough (POST 16 KB)';
const SCRUB_POST = 'sidecar openai route, scrubbed (POST 16 KB)';
interface Case {
  readonly name: string;
  readonly url: string;
  readonly body?: string;
  readonly pids: readonly number[];
}
const cases: Case[] = [
  { name: 'direct (GET)', url: `${base}/v1/models`, pids: upstreamPids },
  ...(nginx
    ? [{ name: 'nginx (GET)', url: `http://127.0.0.1:${nginx.port}/v1/models`, pids: nginxPids }]
    : []),
  { name: 'minimal undici proxy (GET)', url: `${fl}/v1/models`, pids: floorPids },
  { name: 'sidecar passthrough (GET)', url: `${sc}/v1/models`, pids: sidecarPids },
  { name: 'direct (POST 16 KB)', url: `${base}/v1/chat/completions`, body, pids: upstreamPids },
  ...(nginx
    ? [
        {
          name: 'nginx (POST 16 KB)',
          url: `http://127.0.0.1:${nginx.port}/v1/chat/completions`,
          body,
          pids: nginxPids,
        },
      ]
    : []),
  { name: 'minimal undici proxy (POST 16 KB)', url: `${fl}/v1/chat/completions`, body, pids: floorPids },
  { name: PASS_POST, url: `${sc}/v1/chat/completions`, body, pids: sidecarPids },
  { name: SCRUB_POST, url: `${sc}/openai/v1/chat/completions`, body, pids: sidecarPids },
];
/** Median of each figure over the rounds (the machine's load drifts during a run). */
function medianResult(runs: readonly Result[]): Result {
  const m = (f: (r: Result) => number): number => median(runs.map(f));
  return {
    name: runs[0]!.name,
    rps: m((r) => r.rps),
    p50: m((r) => r.p50),
    p99: m((r) => r.p99),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    cpuUsPerRequest: m((r) => r.cpuUsPerRequest ?? NaN),
  };
}
try {
  // Interleaved rounds: every case once per round, so a burst of load from elsewhere hits all alike.
  const runs = cases.map(() => [] as Result[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, c] of cases.entries()) runs[i]!.push(await load(c.name, c.url, c.body, c.pids));
  }
  results.push(...runs.map(medianResult));
  // One connection, alternating: the added latency of a request, with no queue.
  for (let round = 0; round < ROUNDS; round++) {
    latency.push(await load(PASS_POST, `${sc}/v1/chat/completions`, body, sidecarPids, 1));
    latency.push(await load(SCRUB_POST, `${sc}/openai/v1/chat/completions`, body, sidecarPids, 1));
  }
} finally {
  const rss = rssMb(sidecar.child.pid!, 'VmHWM');
  for (const child of [sidecar.child, floor.child, upstream.child]) child.kill('SIGTERM');
  if (nginx) {
    nginx.child.kill('SIGTERM');
    rmSync(nginx.dir, { recursive: true, force: true });
  }
  const row = (r: Result): string => {
    const cpu = r.cpuUsPerRequest === undefined ? '' : r.cpuUsPerRequest.toFixed(0);
    return `| ${r.name} | ${Math.round(r.rps)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.errors} | ${cpu} |`;
  };
  console.log(
    `\nload: ${which('wrk') ? 'wrk -t1' : 'autocannon'} -c${CONNECTIONS}, ${SECONDS}s per row (after a 1 s warm-up), ${ROUNDS} interleaved rounds, medians; node ${process.version}; ${describeServer()}`,
  );
  console.log('| target | req/s | p50 ms | p99 ms | non-2xx | CPU µs/request |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of results) console.log(row(r));
  console.log(
    '(CPU µs/request: user+system CPU of the server being measured (upstream for direct, nginx, the minimal proxy, sidecar) per request)',
  );
  console.log(`\none connection (no queueing), the 16 KB body, ${ROUNDS} alternating rounds:`);
  console.log('| target | req/s | p50 ms | p99 ms | non-2xx | CPU µs/request |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of latency) console.log(row(r));
  const get = (n: string): Result | undefined => results.find((r) => r.name === n);
  const ratio = (a: number | undefined, b: number | undefined): string =>
    a && b ? `${((a / b) * 100).toFixed(0)}%` : 'n/a';
  for (const kind of ['GET', 'POST 16 KB']) {
    const ng = get(`nginx (${kind})`);
    const mp = get(`minimal undici proxy (${kind})`);
    const pt = get(`sidecar passthrough (${kind})`);
    if (!pt) continue;
    console.log(
      `\npassthrough (${kind}): ${ratio(pt.rps, ng?.rps)} of nginx's throughput${kind === 'GET' ? ' (target >= 40%)' : ''}, ${ratio(pt.rps, mp?.rps)} of the minimal undici proxy's; the minimal proxy itself: ${ratio(mp?.rps, ng?.rps)} of nginx's`,
    );
    console.log(
      `CPU per request (${kind}): nginx ${ng?.cpuUsPerRequest?.toFixed(0) ?? 'n/a'} µs, minimal proxy ${mp?.cpuUsPerRequest?.toFixed(0) ?? 'n/a'} µs, passthrough ${pt.cpuUsPerRequest?.toFixed(0) ?? 'n/a'} µs`,
    );
  }
  const ptp = get(PASS_POST);
  const scr = get(SCRUB_POST);
  if (ptp && scr) {
    console.log(
      `\nat ${CONNECTIONS} connections: scrubbed route p50 ${(scr.p50 - ptp.p50).toFixed(2)} ms over passthrough (mostly queueing), CPU ${scr.cpuUsPerRequest && ptp.cpuUsPerRequest ? (scr.cpuUsPerRequest - ptp.cpuUsPerRequest).toFixed(0) : 'n/a'} µs per request over passthrough`,
    );
  }
  const one = (n: string): number[] => latency.filter((r) => r.name === n).map((r) => r.p50);
  const added = one(SCRUB_POST).map((v, i) => v - (one(PASS_POST)[i] ?? NaN));
  if (added.length > 0) {
    console.log(
      `at 1 connection: scrubbed route adds ${added.map((v) => `${(v * 1000).toFixed(0)} µs`).join(', ')} p50 over passthrough (target <= 0.5 ms)`,
    );
  }
  console.log(`sidecar RSS once started (VmRSS, before any load): ${startedRss} MB`);
  console.log(`sidecar peak RSS (VmHWM): ${rss} MB (target < 120 MB)`);
  if (stale) console.log(stale);
}
