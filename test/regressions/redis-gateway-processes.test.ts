/**
 * Issue 28 with real processes: two `agent-guard serve` gateways, configured only through the
 * environment as the Helm chart does (AGENT_GUARD_REDIS_URL), share one redis-server. A signed
 * passport request accepted by one process is refused as `replayed` by the other, and an identity's
 * bucket is one across both. (test/regressions/redis-shared-state.test.ts covers Redis going away
 * and coming back, with two servers in one process.)
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPassportRequest } from '../../src/api/passports/signing.js';
import { runCli } from '../../src/cli/main.js';
import { parsePrivateKey } from '../../src/receipts/index.js';
import { API_KEY, call, tempDir } from '../api/harness.js';
import { runCaptured } from '../support/cli.js';
import { RedisServer } from '../support/redis-server.js';
import { listeningUrl, spawnServe } from '../support/serve-process.js';

let redis: RedisServer;
const children: ChildProcess[] = [];
let urls: string[] = [];
let passport: string;
let seed: Uint8Array;

function serve(dir: string): Promise<string> {
  const child = spawnServe({
    AGENT_GUARD_MODE: 'gateway',
    AGENT_GUARD_API_KEYS: API_KEY,
    AGENT_GUARD_PASSKEY_FILE: join(dir, 'passkeys.json'),
    AGENT_GUARD_RATE_LIMIT_CAPACITY: '3',
    AGENT_GUARD_RATE_LIMIT_REFILL_PER_SECOND: '0.0003',
    AGENT_GUARD_REDIS_URL: redis.url,
  });
  children.push(child);
  return listeningUrl(child);
}

beforeAll(async () => {
  redis = await RedisServer.start();
  const dir = tempDir();
  const issued = await runCaptured(
    runCli,
    ['passkey', 'issue', '--prefix', 'process-bot', '--tools', 'search', '--file', 'passkeys.json'],
    { stdin: new PassThrough(), env: {}, cwd: dir },
  );
  expect(issued.code, issued.stderr).toBe(0);
  passport = issued.stdout.trim();
  seed = parsePrivateKey(readFileSync(join(dir, 'process-bot.ed25519.pem'), 'utf8'));
  urls = await Promise.all([serve(dir), serve(dir)]);
}, 90_000);
afterAll(async () => {
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null) return resolve();
          c.once('exit', () => resolve());
          c.kill('SIGTERM');
        }),
    ),
  );
  await redis?.stop();
});

describe('two gateway processes on one Redis', () => {
  it('refuses in one process a passport request the other accepted', async () => {
    const body = { agent_passport: passport, action: 'tool_call', tool_name: 'search', request: 'q1' };
    const headers = signPassportRequest(seed, body);
    const first = await call(urls[0]!, '/api/v1/validate', { body, headers });
    expect(first.body).toMatchObject({ authorized: true, reason: 'authorized' });
    const replay = await call(urls[1]!, '/api/v1/validate', { body, headers });
    expect(replay.body).toMatchObject({ authorized: false, reason: 'replayed' });
  });

  it('serves one bucket per identity across both processes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call(urls[i % 2]!, '/api/v1/validate', {
        body: { command: 'ls' },
        headers: { 'x-marketplace-key': API_KEY },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  });
});
