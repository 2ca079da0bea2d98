/**
 * Issue 24, JWT: with several configured public keys only the first worked (a valid RS256 token was
 * refused when an Ed25519 key was listed first, reported as "algorithm"), and a token without `exp`
 * was accepted. Keys are now chosen by `alg` and `kid` and each matching one is tried; a token no
 * key verifies is reported as "signature"; `exp` is required unless auth.jwt.requireExp is false.
 */
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server.js';
import { call, start } from '../api/harness.js';

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
const keys: Record<string, PrivateKey> = {};
let strict: RunningServer;
let relaxed: RunningServer;

async function token(
  alg: string,
  key: PrivateKey,
  options: { exp?: boolean; kid?: string } = {},
): Promise<string> {
  const builder = new SignJWT({})
    .setProtectedHeader(options.kid ? { alg, kid: options.kid } : { alg })
    .setSubject('agent-1')
    .setIssuedAt();
  if (options.exp !== false) builder.setExpirationTime('5m');
  return builder.sign(key);
}

beforeAll(async () => {
  const pems: string[] = [];
  for (const [name, alg] of [
    ['ed', 'EdDSA'],
    ['ed2', 'EdDSA'],
    ['rsa', 'RS256'],
    ['ec', 'ES256'],
  ] as const) {
    const pair = await generateKeyPair(alg, { extractable: true });
    keys[name] = pair.privateKey;
    pems.push(await exportSPKI(pair.publicKey));
  }
  keys.stranger = (await generateKeyPair('ES256')).privateKey;
  const jwt = { publicKeys: pems, algorithms: ['EdDSA', 'ES256', 'RS256'], clockSkewS: 5 };
  strict = await start({ auth: { apiKeys: ['k-0123456789abcdef'], jwt } });
  relaxed = await start({ auth: { apiKeys: ['k-0123456789abcdef'], jwt: { ...jwt, requireExp: false } } });
});

afterAll(async () => {
  await strict?.close();
  await relaxed?.close();
});

async function status(server: RunningServer, bearer: string): Promise<{ status: number; detail: string }> {
  const res = await call(server.url, '/api/v1/validate', {
    body: { command: 'ls' },
    headers: { authorization: `Bearer ${bearer}` },
  });
  return { status: res.status, detail: String(res.body?.detail ?? '') };
}

describe('every configured key that fits the token is tried', () => {
  it.each([
    ['RS256 with an Ed25519 key listed first', 'RS256', 'rsa'],
    ['ES256', 'ES256', 'ec'],
    ['EdDSA signed by the second Ed25519 key', 'EdDSA', 'ed2'],
    ['EdDSA with a kid that names no key', 'EdDSA', 'ed2', 'some-other-kid'],
  ])('%s → 200', async (_name, alg, key, kid?: string) => {
    const answer = await status(strict, await token(alg, keys[key]!, kid ? { kid } : {}));
    expect(answer.status).toBe(200);
  });

  it('a token no configured key verifies is "signature", not "algorithm"', async () => {
    const answer = await status(strict, await token('ES256', keys.stranger!));
    expect(answer.status).toBe(401);
    expect(answer.detail).toContain('signature');
  });
});

describe('exp is required by default', () => {
  it('a token without exp → 401 claims', async () => {
    const answer = await status(strict, await token('EdDSA', keys.ed!, { exp: false }));
    expect(answer.status).toBe(401);
    expect(answer.detail).toContain('claims');
  });

  it('auth.jwt.requireExp: false relaxes it', async () => {
    const answer = await status(relaxed, await token('EdDSA', keys.ed!, { exp: false }));
    expect(answer.status).toBe(200);
  });
});
