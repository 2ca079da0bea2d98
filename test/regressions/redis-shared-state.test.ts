/**
 * Issue 28: two gateway replicas each kept their own passport nonces and rate-limit buckets, so a
 * passport request accepted by one was accepted again when replayed to the other, and an identity
 * got N times its limit with N replicas. With AGENT_GUARD_REDIS_URL they share both through one
 * Redis. Here two gateways (separate servers, separate state, one real redis-server) are checked
 * over loopback sockets: replay across replicas refused, one bucket across replicas, Redis killed ->
 * passports fail closed while validate, sanitize, gate and health answer, Redis back -> recovery.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPassportRequest } from '../../src/api/passports/signing.js';
import { runCli } from '../../src/cli/main.js';
import { parsePrivateKey } from '../../src/receipts/index.js';
import type { RunningServer } from '../../src/server.js';
import { METRIC } from '../../src/telemetry/metric-names.js';
import { API_KEY, call, start, tempDir } from '../api/harness.js';
import { runCaptured } from '../support/cli.js';
import { RedisServer } from '../support/redis-server.js';

const CAPACITY = 4;

let redis: RedisServer;
let a: RunningServer;
let b: RunningServer;
let passport: string;
let seed: Uint8Array;

async function gateway(dir: string): Promise<RunningServer> {
  return start(
    {
      server: { mode: 'gateway' },
      auth: {
        apiKeys: [API_KEY],
        passkeyFile: join(dir, 'passkeys.json'),
        passportMaxAgeS: 60,
        // Refills about one token an hour: every token a test takes stays taken.
        rateLimit: { capacity: CAPACITY, refillPerSecond: 0.0003 },
      },
      redis: { url: redis.url, commandTimeoutMs: 500, connectTimeoutMs: 1000 },
    },
    { proxy: true },
  );
}

beforeAll(async () => {
  redis = await RedisServer.start();
  const dir = tempDir();
  const issued = await runCaptured(
    runCli,
    ['passkey', 'issue', '--prefix', 'replica-bot', '--tools', '*', '--file', 'passkeys.json'],
    { stdin: new PassThrough(), env: {}, cwd: dir },
  );
  expect(issued.code, issued.stderr).toBe(0);
  passport = issued.stdout.trim();
  seed = parsePrivateKey(readFileSync(join(dir, 'replica-bot.ed25519.pem'), 'utf8'));
  [a, b] = await Promise.all([gateway(dir), gateway(dir)]);
}, 30_000);
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await redis?.stop();
});

let counter = 0;
function passportBody(): Record<string, unknown> {
  counter++;
  return { agent_passport: passport, action: 'tool_call', tool_name: 'search', request: `q${counter}` };
}

function sendPassport(to: RunningServer, body: Record<string, unknown>, headers: Record<string, string>) {
  return call(to.url, '/api/v1/validate', { body, headers });
}

const withKey = { 'x-marketplace-key': API_KEY };

async function metric(to: RunningServer, name: string): Promise<number> {
  const res = await call(to.url, '/metrics', { headers: withKey });
  let sum = 0;
  for (const line of res.text.split('\n')) {
    if (line.startsWith(`${name} `) || line.startsWith(`${name}{`)) sum += Number(line.split(' ').pop());
  }
  return sum;
}

/** Retries `check` (each try a fresh request) until it holds; Redis reconnects with backoff. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`never happened: ${what}`);
}

describe('gateway replicas share state through Redis', () => {
  it('refuses on one replica a passport request already accepted by the other', async () => {
    const body = passportBody();
    const headers = signPassportRequest(seed, body);
    const first = await sendPassport(a, body, headers);
    expect(first.body).toMatchObject({ authorized: true, reason: 'authorized' });
    const replay = await sendPassport(b, body, headers);
    expect(replay.body).toMatchObject({ authorized: false, reason: 'replayed' });
    const replayAgain = await sendPassport(a, body, headers);
    expect(replayAgain.body).toMatchObject({ authorized: false, reason: 'replayed' });
  });

  it('takes every replica’s requests from one bucket per identity', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 2 * CAPACITY; i++) {
      const res = await call(i % 2 === 0 ? a.url : b.url, '/api/v1/validate', {
        body: { command: 'ls -la' },
        headers: withKey,
      });
      statuses.push(res.status);
    }
    // Per-replica buckets would have allowed CAPACITY on each (all 2 * CAPACITY).
    expect(statuses.filter((s) => s === 200)).toHaveLength(CAPACITY);
    expect(statuses.filter((s) => s === 429)).toHaveLength(CAPACITY);
    expect(statuses.slice(CAPACITY).every((s) => s === 429)).toBe(true);
  });

  it('with Redis killed: passports fail closed, every other endpoint answers; with Redis back: recovery', async () => {
    await redis.stop();
    // Passports: authorized false with a reason on both replicas (never an accepted, unrecorded nonce).
    await eventually(async () => {
      const body = passportBody();
      const res = await sendPassport(a, body, signPassportRequest(seed, body));
      return res.body?.reason === 'replay_store_unavailable';
    }, 'replica a to refuse passports');
    for (const to of [a, b]) {
      const body = passportBody();
      const res = await sendPassport(to, body, signPassportRequest(seed, body));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ authorized: false, reason: 'replay_store_unavailable' });
    }
    // Everything that needs no shared state keeps answering (rate limits fall back per replica:
    // each replica's own fresh bucket for this new identity).
    const other = { authorization: `Bearer ${API_KEY}` };
    for (const to of [a, b]) {
      expect((await call(to.url, '/health')).status).toBe(200);
      expect((await call(to.url, '/api/v1/health')).status).toBe(200);
      const gate = await call(to.url, '/api/v1/gate', {
        body: { action: 'SHELL_EXEC', command: 'rm -rf /' },
        headers: other,
      });
      expect(gate.status).toBe(403);
      const sanitize = await call(to.url, '/api/v1/sanitize', { body: { payload: 'hello' }, headers: other });
      expect(sanitize.status).toBe(200);
    }
    expect(await metric(a, METRIC.rateLimitLocalFallbackTotal)).toBeGreaterThan(0);
    expect(await metric(a, METRIC.redisConnected)).toBe(0);

    await redis.restart();
    await eventually(async () => {
      const body = passportBody();
      const res = await sendPassport(b, body, signPassportRequest(seed, body));
      return res.body?.authorized === true;
    }, 'replica b to accept passports again');
    await eventually(async () => (await metric(a, METRIC.redisConnected)) === 1, 'replica a to reconnect');
    // Shared again: a replay across replicas is refused once more.
    const body = passportBody();
    const headers = signPassportRequest(seed, body);
    expect((await sendPassport(a, body, headers)).body).toMatchObject({ authorized: true });
    expect((await sendPassport(b, body, headers)).body).toMatchObject({ reason: 'replayed' });
  }, 60_000);
});
