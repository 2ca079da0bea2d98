/**
 * What shared state in Redis adds to a request (issue 28): two servers in this process, one keeping
 * passport nonces and rate-limit buckets in memory and one in a local redis-server (started here on
 * a random loopback port), answer the same requests one at a time over loopback; the figures are
 * the p50 and p99 of each request's time (servers in child processes, the client here) and their difference (what Redis adds). Rounds alternate
 * between the two servers so load on the machine hits both alike. Needs `redis-server` on PATH
 * (Debian: sudo apt-get install -y redis-server).
 *
 * Run: npx tsx bench/redis.bench.ts [requests per round, default 1000] [rounds, default 3]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PassThrough, Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { signPassportRequest } from '../src/api/passports/signing.js';
import { runCli } from '../src/cli/main.js';
import { validateConfig } from '../src/config/load.js';
import { parsePrivateKey } from '../src/receipts/index.js';
import { startServer } from '../src/server.js';
import { runCaptured } from '../test/support/cli.js';
import { RedisServer } from '../test/support/redis-server.js';

const API_KEY = 'bench-api-key-0123456789abcdef';

interface Target {
  readonly url: string;
  close(): Promise<void>;
}

if (process.argv[2] === '--serve') {
  // Child: one server, with Redis when BENCH_REDIS_URL is set; prints its URL, stops when stdin ends.
  const dir = process.env['BENCH_DIR']!;
  const redisUrl = process.env['BENCH_REDIS_URL'];
  const sink = new Writable({ write: (_c, _e, done) => done() });
  const running = await startServer(
    validateConfig({
      server: { host: '127.0.0.1', port: 0, logLevel: 'warn' },
      auth: {
        apiKeys: [API_KEY],
        passkeyFile: join(dir, 'passkeys.json'),
        // Large enough that no request of the bench is refused.
        rateLimit: { capacity: 1_000_000, refillPerSecond: 1_000_000 },
      },
      ...(redisUrl ? { redis: { url: redisUrl } } : {}),
      alerts: {},
    }),
    { proxy: false, logDestination: sink },
  );
  process.stdout.write(`url ${running.url}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => void running.close().then(() => process.exit(0)));
} else {
  await main();
}

async function main(): Promise<void> {
  const PER_ROUND = Number(process.argv[2] ?? 1000);
  const ROUNDS = Number(process.argv[3] ?? 3);

  const redis = await RedisServer.start();
  const dir = mkdtempSync(join(tmpdir(), 'agent-guard-redis-bench-'));
  const issued = await runCaptured(
    runCli,
    ['passkey', 'issue', '--prefix', 'bench-bot', '--tools', '*', '--file', 'passkeys.json'],
    { stdin: new PassThrough(), env: {}, cwd: dir },
  );
  if (issued.code !== 0) throw new Error(issued.stderr);
  const passport = issued.stdout.trim();
  const seed = parsePrivateKey(readFileSync(join(dir, 'bench-bot.ed25519.pem'), 'utf8'));

  /** The servers run in child processes, so this process's client work does not share their loop. */
  async function server(withRedis: boolean): Promise<Target> {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve'], {
      env: { ...process.env, BENCH_DIR: dir, ...(withRedis ? { BENCH_REDIS_URL: redis.url } : {}) },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /^url (\S+)$/m.exec(out);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
    });
    return {
      url,
      close: () => new Promise((resolve) => (child.once('exit', () => resolve()), child.stdin.end())),
    };
  }
  const targets = { memory: await server(false), redis: await server(true) };

  type Kind = 'rate-limited /validate (API key)' | 'passport /validate';
  let n = 0;
  async function once(kind: Kind, to: Target): Promise<number> {
    let body: Record<string, unknown>;
    let headers: Record<string, string>;
    if (kind === 'passport /validate') {
      body = { agent_passport: passport, action: 'tool_call', tool_name: 'search', request: `q${n++}` };
      headers = { ...signPassportRequest(seed, body) };
    } else {
      body = { command: 'ls -la' };
      headers = { 'x-marketplace-key': API_KEY };
    }
    const t = performance.now();
    const res = await fetch(`${to.url}/api/v1/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    const took = performance.now() - t;
    if (res.status !== 200) throw new Error(`unexpected answer ${res.status}: ${text.slice(0, 200)}`);
    // A passport refused because Redis did not answer in time (redis.commandTimeoutMs) is counted.
    if (kind === 'passport /validate' && !text.includes('"authorized":true')) failures++;
    return took;
  }
  let failures = 0;

  /** p50 and p99 of the server's own Redis command times, from its histogram (bucket upper bounds). */
  async function commandQuantiles(to: Target): Promise<string> {
    const res = await fetch(`${to.url}/metrics`, { headers: { 'x-marketplace-key': API_KEY } });
    const lines = (await res.text()).split('\n');
    const out: string[] = [];
    for (const op of ['bucket', 'passport']) {
      const buckets = lines
        .filter(
          (l) =>
            l.startsWith('agent_guard_redis_command_duration_seconds_bucket') &&
            l.includes(`operation="${op}"`),
        )
        .map((l) => ({ le: /le="([^"]+)"/.exec(l)![1]!, count: Number(l.split(' ').pop()) }));
      const total = buckets.find((b) => b.le === '+Inf')?.count ?? 0;
      if (total === 0) continue;
      const at = (q: number): string => {
        const b = buckets.find((x) => x.count >= q * total)!;
        return b.le === '+Inf' ? '>1 s' : `≤ ${(Number(b.le) * 1e6).toFixed(0)} µs`;
      };
      out.push(`${op}: ${total} commands, p50 ${at(0.5)}, p99 ${at(0.99)}`);
    }
    return out.join('; ');
  }

  function pct(sorted: number[], p: number): number {
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  }
  const us = (ms: number): string => `${(ms * 1000).toFixed(0)} µs`;

  // The raw round trip, for reference: one PING at a time on one ioredis connection.
  const ping = new Redis(redis.url);
  const pings: number[] = [];
  for (let i = 0; i < 200; i++) await ping.ping(); // warm-up
  for (let i = 0; i < PER_ROUND; i++) {
    const t = performance.now();
    await ping.ping();
    pings.push(performance.now() - t);
  }
  await ping.quit();
  pings.sort((x, y) => x - y);
  console.log(
    `redis PING round trip (ioredis, loopback): p50 ${us(pct(pings, 50))}, p99 ${us(pct(pings, 99))}`,
  );

  for (const kind of ['rate-limited /validate (API key)', 'passport /validate'] as const) {
    const times: Record<'memory' | 'redis', number[]> = { memory: [], redis: [] };
    for (const name of ['memory', 'redis'] as const)
      for (let i = 0; i < 100; i++) await once(kind, targets[name]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of round % 2 === 0 ? (['memory', 'redis'] as const) : (['redis', 'memory'] as const)) {
        for (let i = 0; i < PER_ROUND; i++) times[name].push(await once(kind, targets[name]));
      }
    }
    const m = times.memory.sort((x, y) => x - y);
    const r = times.redis.sort((x, y) => x - y);
    console.log(
      `${kind}: in memory p50 ${us(pct(m, 50))} p99 ${us(pct(m, 99))}; redis p50 ${us(pct(r, 50))} p99 ${us(pct(r, 99))}; ` +
        `added p50 ${us(pct(r, 50) - pct(m, 50))}, p99 ${us(pct(r, 99) - pct(m, 99))} (${m.length} requests each)`,
    );
  }

  console.log(`server-side Redis command time: ${await commandQuantiles(targets.redis)}`);
  console.log(`passport requests refused because Redis did not answer in time: ${failures}`);
  await Promise.all([targets.memory.close(), targets.redis.close()]);
  await redis.stop();
}
