// Agent passports (SPEC 2.6): issued with the CLI, signed requests, expiry, replay, tools, rate limit.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPassportRequest } from '../../src/api/passports/signing.js';
import { passportResponse } from '../../src/api/schemas.js';
import { runCli } from '../../src/cli/main.js';
import { parsePrivateKey } from '../../src/receipts/index.js';
import type { RunningServer } from '../../src/server.js';
import { runCaptured } from '../support/cli.js';
import { API_KEY, call, start, tempDir } from './harness.js';

let server: RunningServer;
let url: string;
let passport: string;
let seed: Uint8Array;
let dir: string;

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const r = await runCaptured(runCli, args, { stdin: new PassThrough(), env: {}, cwd: dir });
  return { code: r.code, out: r.stdout, err: r.stderr };
}

beforeAll(async () => {
  dir = tempDir();
  const issued = await cli([
    'passkey',
    'issue',
    '--prefix',
    'billing-bot',
    '--tools',
    'search,read_file',
    '--file',
    'passkeys.json',
  ]);
  expect(issued.code, issued.err).toBe(0);
  passport = issued.out.trim();
  seed = parsePrivateKey(readFileSync(join(dir, 'billing-bot.ed25519.pem'), 'utf8'));
  // Auth is required (an API key is configured): the passport signature alone must be enough.
  server = await start({
    auth: {
      apiKeys: [API_KEY],
      passkeyFile: join(dir, 'passkeys.json'),
      passportMaxAgeS: 60,
      rateLimit: { capacity: 5, refillPerSecond: 0.01 },
    },
  });
  url = server.url;
});
afterAll(async () => {
  await server.close();
});

function send(body: Record<string, unknown>, headers: Record<string, string>) {
  return call(url, '/api/v1/validate', { body, headers });
}

describe('passkey issue', () => {
  it('writes the private key 0600 and a public entry', () => {
    expect(passport).toMatch(/^nhi:billing-bot:ed25519:[0-9a-f]{64}$/);
    expect(statSync(join(dir, 'billing-bot.ed25519.pem')).mode & 0o777).toBe(0o600);
    const file = JSON.parse(readFileSync(join(dir, 'passkeys.json'), 'utf8'));
    expect(file.passports[0]).toMatchObject({
      prefix: 'billing-bot',
      passport,
      tools: ['search', 'read_file'],
    });
    expect(JSON.stringify(file)).not.toContain('PRIVATE');
  });

  it('refuses a second passport with the same prefix', async () => {
    const again = await cli([
      'passkey',
      'issue',
      '--prefix',
      'billing-bot',
      '--tools',
      'x',
      '--file',
      'passkeys.json',
    ]);
    expect(again.code).not.toBe(0);
  });
});

describe('signed passport requests', () => {
  const body = () => ({ agent_passport: passport, action: 'EXECUTE_TOOL', tool_name: 'search' });

  it('authorizes a signed request without an Authorization header', async () => {
    const b = body();
    const res = await send(b, signPassportRequest(seed, b));
    expect(res.status, res.text).toBe(200);
    const answer = passportResponse.parse(res.body);
    expect(answer).toMatchObject({ authorized: true, identity: passport, reason: 'authorized' });
    expect(answer.rate_limit_remaining).toBe(4);
    expect(Math.abs(answer.attestation_timestamp - Date.now() / 1000)).toBeLessThan(5);
  });

  it('refuses a replay of the same signed request', async () => {
    const b = body();
    const headers = signPassportRequest(seed, b);
    expect((await send(b, headers)).body.authorized).toBe(true);
    const replay = await send(b, headers);
    expect(replay.body).toMatchObject({ authorized: false, reason: 'replayed' });
  });

  it('refuses an expired timestamp', async () => {
    const b = body();
    const res = await send(
      b,
      signPassportRequest(seed, b, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
    );
    expect(res.body).toMatchObject({ authorized: false, reason: 'expired' });
  });

  it('refuses a signature over a different body', async () => {
    const headers = signPassportRequest(seed, { ...body(), tool_name: 'read_file' });
    const res = await send(body(), headers);
    expect(res.body).toMatchObject({ authorized: false, reason: 'bad_signature' });
  });

  it('refuses a request signed by another key', async () => {
    const b = body();
    const res = await send(b, signPassportRequest(new Uint8Array(32).fill(7), b));
    expect(res.body).toMatchObject({ authorized: false, reason: 'bad_signature' });
  });

  it('refuses a tool the passport does not list', async () => {
    const b = { ...body(), tool_name: 'delete_everything' };
    const res = await send(b, signPassportRequest(seed, b));
    expect(res.body).toMatchObject({ authorized: false, reason: 'tool_not_allowed' });
  });

  it('refuses an unknown passport', async () => {
    const b = { ...body(), agent_passport: `nhi:other:ed25519:${'cd'.repeat(32)}` };
    const res = await send(b, signPassportRequest(seed, b));
    expect(res.body).toMatchObject({ authorized: false, reason: 'unknown_passport' });
  });

  it('refuses an unsigned passport request (with an API key: authorized false; without: 401)', async () => {
    const withKey = await send(body(), { 'x-marketplace-key': API_KEY });
    expect(withKey.body).toMatchObject({ authorized: false, reason: 'unsigned' });
    expect((await send(body(), {})).status).toBe(401);
  });

  it('does not let signature headers stand in for credentials on a formal request', async () => {
    const b = { command: 'ls' };
    const res = await send(b, signPassportRequest(seed, b));
    expect(res.status).toBe(401);
  });

  it('counts down rate_limit_remaining and then refuses with rate_limited', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 4; i++) {
      const b = body();
      const res = await send(b, signPassportRequest(seed, b));
      answers.push(res.body.reason);
      if (res.body.reason === 'rate_limited') {
        expect(res.body.rate_limit_remaining).toBe(0);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(answers).toContain('rate_limited');
  });
});
