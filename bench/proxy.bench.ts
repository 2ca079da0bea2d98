/**
 * Proxy overhead, in one run on loopback against the same local upstream: direct; through the
 * sidecar's passthrough route; through its OpenAI route with a 16 KB chat body that must be
 * scrubbed (and, for comparison, the same body through passthrough); through nginx as a plain
 * reverse proxy (skipped with a message when nginx is not installed). Load: wrk when installed,
 * else autocannon. Prints req/s, p50/p99 and the sidecar's peak RSS (VmHWM).
 * The sidecar is the real server as users run it: `node dist/cli/main.js serve` with its defaults,
 * the passthrough and OpenAI routes pointed at the bench upstream through the environment, and its
 * log lines sent to /dev/null. Build it first (`npm run build`); the bench stops when dist/ is
 * missing and warns when it is older than src/.
 * Run: npm run build && npx tsx bench/proxy.bench.ts   (BENCH_SECONDS, BENCH_CONNECTIONS to change the load;
 * BENCH_SERVER_NODE_FLAGS adds node flags to the server's command line, e.g. '--max-semi-space-size=8')
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannonModule from 'autocannon';

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
// autocannon ships no types; this is the part of its API the bench uses.
const autocannon = autocannonModule as unknown as (
  options: Record<string, unknown>,
) => Promise<AutocannonResult>;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const HERE = fileURLToPath(new URL('.', import.meta.url));
const TSX = ['--import', 'tsx'];
const ROOT = resolve(HERE, '..');
const SERVER_ENTRY = join(ROOT, 'dist', 'cli', 'main.js');
const SERVER_NODE_FLAGS = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time the proxying process spent per request (µs): independent of how busy the machine is. */
  cpuUsPerRequest?: number;
}

/** utime + stime of these processes and their threads, seconds (USER_HZ = 100 on Linux). */
function cpuSeconds(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // process gone
    }
  }
  return ticks / 100;
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

function which(binary: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/sbin'])) {
    const path = join(dir, binary);
    if (existsSync(path)) return path;
  }
  return null;
}

function startChild(
  script: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...TSX, join(HERE, script)], {
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
function newestMtime(dir: string, suffix: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(suffix)) continue;
    newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Stops the bench when dist/ has not been built; returns a warning when it is older than src/. */
function checkBuild(): string | null {
  if (!existsSync(SERVER_ENTRY)) {
    console.error(
      `${SERVER_ENTRY} is missing: run \`npm run build\` first (the bench measures the built server).`,
    );
    process.exit(1);
  }
  const src = newestMtime(join(ROOT, 'src'), '.ts');
  const dist = newestMtime(join(ROOT, 'dist'), '.js');
  return src > dist
    ? `WARNING: dist/ is older than src/ (newest src file ${new Date(src).toISOString()}, newest dist file ${new Date(dist).toISOString()}): these figures may not be the current code; run \`npm run build\`.`
    : null;
}

/** A loopback port nobody listens on right now (the server is told it through AGENT_GUARD_PORT). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** `node dist/cli/main.js serve` on a free port with `env` added; resolves once /api/v1/health answers. */
async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY, 'serve'], {
    env: { ...process.env, ...env, AGENT_GUARD_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'], // log lines (stdout) to /dev/null
  });
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  for (let i = 0; i < 100; i++) {
    if (exited !== undefined) throw new Error(`the server exited with ${String(exited)} before answering`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      await res.arrayBuffer();
      if (res.ok) return { child, port };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not answer /api/v1/health within 10 s');
}

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

function parseWrk(text: string): Omit<Result, 'name'> & { total: number } {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? 0);
  const unit = (v: string, u: string): number => Number(v) * (u === 'us' ? 0.001 : u === 's' ? 1000 : 1);
  const pct = (p: string): number => {
    const m = new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`).exec(text);
    return m ? unit(m[1]!, m[2]!) : NaN;
  };
  const errors = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0);
  const total = Number(/(\d+) requests in/.exec(text)?.[1] ?? 0);
  return { rps, p50: pct('50'), p99: pct('99'), errors, total };
}

async function load(
  name: string,
  url: string,
  body?: string,
  measured: readonly number[] = [],
): Promise<Result> {
  const result = await loadOnce(name, url, body, measured);
  return result;
}

async function loadOnce(
  name: string,
  url: string,
  body: string | undefined,
  measured: readonly number[],
): Promise<Result> {
  const wrk = which('wrk');
  if (wrk) {
    const dir = mkdtempSync(join(tmpdir(), 'ag-wrk-'));
    const script = join(dir, 'post.lua');
    writeFileSync(
      script,
      body
        ? `wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\nwrk.body = [==[${body}]==]\n`
        : 'wrk.method = "GET"\n',
    );
    const args = ['-t1', `-c${CONNECTIONS}`, '--latency', '-s', script];
    execFileSync(wrk, [...args, '-d1s', url], { stdio: 'ignore' }); // warm-up
    const cpu0 = cpuSeconds(measured);
    const out = execFileSync(wrk, [...args, `-d${SECONDS}s`, url], { encoding: 'utf8' });
    const cpu = cpuSeconds(measured) - cpu0;
    rmSync(dir, { recursive: true, force: true });
    const { total, ...r } = parseWrk(out);
    return {
      name,
      ...r,
      ...(measured.length > 0 && total > 0 ? { cpuUsPerRequest: (cpu / total) * 1e6 } : {}),
    };
  }
  const run = (duration: number) =>
    autocannon({
      url,
      connections: CONNECTIONS,
      duration,
      method: body ? 'POST' : 'GET',
      ...(body ? { body, headers: { 'content-type': 'application/json' } } : {}),
    });
  await run(1);
  const r = await run(SECONDS);
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.non2xx + r.errors,
  };
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
const sidecar = await startServer({ AGENT_GUARD_UPSTREAM: base, AGENT_GUARD_OPENAI_UPSTREAM: base });
const startedRss = rssMb(sidecar.child.pid!, 'VmRSS');
const nginx = await startNginx(upstream.port);
const body = chatBody();
const sc = `http://127.0.0.1:${sidecar.port}`;

const results: Result[] = [];
const sidecarPids = [sidecar.child.pid!];
const nginxPids = nginx ? [nginx.child.pid!, ...childrenOf(nginx.child.pid!)] : [];
const upstreamPids = [upstream.child.pid!];
try {
  results.push(await load('direct (GET)', `${base}/v1/models`, undefined, upstreamPids));
  if (nginx)
    results.push(await load('nginx (GET)', `http://127.0.0.1:${nginx.port}/v1/models`, undefined, nginxPids));
  results.push(await load('sidecar passthrough (GET)', `${sc}/v1/models`, undefined, sidecarPids));
  results.push(await load('direct (POST 16 KB)', `${base}/v1/chat/completions`, body, upstreamPids));
  if (nginx) {
    results.push(
      await load('nginx (POST 16 KB)', `http://127.0.0.1:${nginx.port}/v1/chat/completions`, body, nginxPids),
    );
  }
  results.push(
    await load('sidecar passthrough (POST 16 KB)', `${sc}/v1/chat/completions`, body, sidecarPids),
  );
  results.push(
    await load(
      'sidecar openai route, scrubbed (POST 16 KB)',
      `${sc}/openai/v1/chat/completions`,
      body,
      sidecarPids,
    ),
  );
} finally {
  const rss = rssMb(sidecar.child.pid!, 'VmHWM');
  sidecar.child.kill('SIGTERM');
  upstream.child.kill('SIGTERM');
  if (nginx) {
    nginx.child.kill('SIGTERM');
    rmSync(nginx.dir, { recursive: true, force: true });
  }
  console.log(
    `\nload: ${which('wrk') ? 'wrk -t1' : 'autocannon'} -c${CONNECTIONS}, ${SECONDS}s per row (after a 1 s warm-up); node ${process.version}${SERVER_NODE_FLAGS.length > 0 ? `; server flags: ${SERVER_NODE_FLAGS.join(' ')}` : ''}`,
  );
  console.log('| target | req/s | p50 ms | p99 ms | non-2xx | CPU µs/request |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of results) {
    const cpu = r.cpuUsPerRequest === undefined ? '' : r.cpuUsPerRequest.toFixed(0);
    console.log(
      `| ${r.name} | ${Math.round(r.rps)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.errors} | ${cpu} |`,
    );
  }
  console.log(
    '(CPU µs/request: user+system CPU of the server being measured (upstream for direct, nginx, sidecar) per request)',
  );
  const get = (n: string) => results.find((r) => r.name === n);
  const ratio = (a: number | undefined, b: number | undefined): string =>
    a && b ? `${((a / b) * 100).toFixed(0)}%` : 'n/a';
  const ng = get('nginx (GET)');
  const pt = get('sidecar passthrough (GET)');
  const ngp = get('nginx (POST 16 KB)');
  const ptp = get('sidecar passthrough (POST 16 KB)');
  const scr = get('sidecar openai route, scrubbed (POST 16 KB)');
  if (ng && pt) {
    console.log(`\npassthrough / nginx throughput (GET): ${ratio(pt.rps, ng.rps)} (target >= 40%)`);
    console.log(
      `nginx CPU per request / passthrough CPU per request (GET): ${ratio(ng.cpuUsPerRequest, pt.cpuUsPerRequest)}`,
    );
  }
  if (ngp && ptp) {
    console.log(`passthrough / nginx throughput (POST 16 KB): ${ratio(ptp.rps, ngp.rps)}`);
    console.log(
      `nginx CPU per request / passthrough CPU per request (POST 16 KB): ${ratio(ngp.cpuUsPerRequest, ptp.cpuUsPerRequest)}`,
    );
  }
  if (ptp && scr) {
    console.log(
      `scrubbed route p50 over passthrough (same body): ${(scr.p50 - ptp.p50).toFixed(2)} ms (target <= 0.5 ms)`,
    );
    if (scr.cpuUsPerRequest && ptp.cpuUsPerRequest) {
      console.log(
        `scrubbed route CPU per request over passthrough: ${(scr.cpuUsPerRequest - ptp.cpuUsPerRequest).toFixed(0)} µs`,
      );
    }
  }
  console.log(`sidecar RSS once started (VmRSS, before any load): ${startedRss} MB`);
  console.log(`sidecar peak RSS (VmHWM): ${rss} MB (target < 120 MB)`);
  if (stale) console.log(stale);
}
