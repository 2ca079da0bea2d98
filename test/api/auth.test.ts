// Authentication schemes (API key header, bearer API key, bearer JWT) and the per-identity rate limit.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyStore, hashApiKey } from '../../src/http/api-keys.js';
import { decideAuthMode } from '../../src/api/auth/index.js';
import type { RunningServer } from '../../src/server.js';
import { API_KEY, call, start, tempDir, type Answer } from './harness.js';

const ISSUER = 'https://issuer.test';
const AUDIENCE = 'agent-guard';
let server: RunningServer;
let url: string;
type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let privateKey: PrivateKey;
let otherKey: PrivateKey;
let jwksKey: PrivateKey;

async function jwt(
  key: PrivateKey,
  claims: { iss?: string; aud?: string; exp?: number | string; sub?: string } = {},
): Promise<string> {
  const builder = new SignJWT({})
    .setProtectedHeader({ alg: 'EdDSA' })
    .setIssuer(claims.iss ?? ISSUER)
    .setAudience(claims.aud ?? AUDIENCE)
    .setSubject(claims.sub ?? 'agent-42')
    .setIssuedAt();
  builder.setExpirationTime(claims.exp ?? '5m');
  return builder.sign(key);
}

beforeAll(async () => {
  const pair = await generateKeyPair('EdDSA', { extractable: true });
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair('EdDSA')).privateKey;
  const jwksPair = await generateKeyPair('EdDSA', { extractable: true });
  jwksKey = jwksPair.privateKey;
  const dir = tempDir();
  const jwksFile = join(dir, 'jwks.json');
  writeFileSync(
    jwksFile,
    JSON.stringify({ keys: [{ ...(await exportJWK(jwksPair.publicKey)), alg: 'EdDSA' }] }),
  );
  server = await start({
    auth: {
      apiKeys: [API_KEY, hashApiKey('pre-hashed-key-value')],
      jwt: {
        issuer: ISSUER,
        audience: AUDIENCE,
        publicKeys: [await exportSPKI(pair.publicKey)],
        jwksFile,
        clockSkewS: 5,
      },
    },
  });
  url = server.url;
});
afterAll(async () => {
  await server.close();
});

const body = { command: 'ls' };

describe('credentials', () => {
  it('accepts X-Marketplace-Key', async () => {
    expect(
      (await call(url, '/api/v1/validate', { body, headers: { 'x-marketplace-key': API_KEY } })).status,
    ).toBe(200);
  });
  it('accepts an API key as a bearer token', async () => {
    expect(
      (await call(url, '/api/v1/validate', { body, headers: { authorization: `Bearer ${API_KEY}` } })).status,
    ).toBe(200);
  });
  it('accepts a key configured as its sha256 digest', async () => {
    const res = await call(url, '/api/v1/validate', {
      body,
      headers: { 'x-marketplace-key': 'pre-hashed-key-value' },
    });
    expect(res.status).toBe(200);
  });
  it('accepts a JWT signed by a configured PEM key', async () => {
    const res = await call(url, '/api/v1/validate', {
      body,
      headers: { authorization: `Bearer ${await jwt(privateKey)}` },
    });
    expect(res.status).toBe(200);
  });
  it('accepts a JWT signed by a key from the JWKS file', async () => {
    const res = await call(url, '/api/v1/validate', {
      body,
      headers: { authorization: `Bearer ${await jwt(jwksKey)}` },
    });
    expect(res.status).toBe(200);
  });

  const bad: [string, () => Promise<string>, string][] = [
    ['expired', () => jwt(privateKey, { exp: Math.floor(Date.now() / 1000) - 60 }), 'expired'],
    ['wrong issuer', () => jwt(privateKey, { iss: 'https://evil.test' }), 'claims'],
    ['wrong audience', () => jwt(privateKey, { aud: 'someone-else' }), 'claims'],
    ['unknown signer', () => jwt(otherKey), 'signature'],
    ['garbage', () => Promise.resolve('abc.def.ghi'), 'malformed'],
  ];
  it.each(bad)('refuses a JWT: %s (401)', async (_name, make, reason) => {
    const res = await call(url, '/api/v1/validate', {
      body,
      headers: { authorization: `Bearer ${await make()}` },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('Bearer');
    expect(res.body.detail).toContain(reason);
  });

  it('refuses a non-bearer Authorization scheme', async () => {
    const res = await call(url, '/api/v1/validate', {
      body,
      headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
    });
    expect(res.status).toBe(401);
  });

  it('needs nothing for health, documents and keys', async () => {
    for (const path of [
      '/api/v1/health',
      '/api/v1/openapi.json',
      '/.well-known/agent-manifest.json',
      '/.well-known/mcp.json',
      '/.well-known/agent-guard-keys.json',
      '/metrics',
    ]) {
      expect((await call(url, path)).status, path).toBe(200);
    }
  });

  it('counts auth failures in the metrics', async () => {
    const text = (await call(url, '/metrics')).text;
    expect(text).toMatch(/agent_guard_auth_failures_total\{scheme="jwt",reason="expired"\} [1-9]/);
  });
});

describe('auth modes', () => {
  const settings = {
    apiKeys: [],
    allowDisabledOnNonLoopback: false,
    jwt: { publicKeys: [], algorithms: ['EdDSA'], clockSkewS: 0 },
  };
  it('is off on loopback with no credentials configured (with a warning)', () => {
    expect(decideAuthMode(settings, '127.0.0.1', false)).toMatchObject({
      kind: 'disabled',
      warning: expect.any(String),
    });
  });
  it('is required on a public address with no credentials, except for loopback peers (issue 27)', () => {
    expect(decideAuthMode(settings, '0.0.0.0', false)).toMatchObject({
      kind: 'required',
      loopbackPeers: true,
      warning: expect.any(String),
    });
    // Explicitly required: nobody passes without a credential, loopback included.
    expect(decideAuthMode({ ...settings, disabled: false }, '0.0.0.0', false)).not.toHaveProperty(
      'loopbackPeers',
    );
  });
  it('refuses disabled on a public address unless forced', () => {
    expect(() => decideAuthMode({ ...settings, disabled: true }, '0.0.0.0', false)).toThrow(/not loopback/);
    expect(
      decideAuthMode({ ...settings, disabled: true, allowDisabledOnNonLoopback: true }, '0.0.0.0', false)
        .kind,
    ).toBe('disabled');
  });
  it('disabled: false requires credentials even on loopback', () => {
    expect(decideAuthMode({ ...settings, disabled: false }, '127.0.0.1', false).kind).toBe('required');
  });
  it('keeps only digests', () => {
    const store = new ApiKeyStore(['k1', 'k2']);
    expect(store.match('k2')).toMatch(/^key:[0-9a-f]{12}$/);
    expect(store.match('k3')).toBeNull();
  });
});

describe('rate limit', () => {
  let limited: RunningServer;
  beforeAll(async () => {
    limited = await start({
      auth: { apiKeys: [API_KEY], rateLimit: { capacity: 3, refillPerSecond: 0.01 } },
    });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('answers 429 with Retry-After and RateLimit headers once the bucket is empty', async () => {
    const headers = { 'x-marketplace-key': API_KEY };
    const answers: Answer[] = [];
    for (let i = 0; i < 4; i++) answers.push(await call(limited.url, '/api/v1/validate', { body, headers }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    const last = answers[3]!;
    expect(last.headers.get('content-type')).toBe('application/problem+json');
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last.headers.get('ratelimit-policy')).toBe('"burst";q=3;w=300');
    expect(last.headers.get('ratelimit')).toMatch(/^"burst";r=0;t=\d+$/);
    const metrics = (await call(limited.url, '/metrics')).text;
    expect(metrics).toMatch(/agent_guard_rate_limited_requests_total\{endpoint="validate"\} 1/);
  });
});
