/**
 * Issue 27: no key material at `helm template` time. The injector creates its webhook certificate
 * at run time (kept in a Secret, renewed before expiry, caBundle patched) and the signing key once.
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { ensureSigningKey, ensureWebhookTls } from '../../src/inject/bootstrap.js';
import { serviceDnsNames } from '../../src/inject/certs.js';
import { serverVersion } from '../../src/inject/kube.js';
import { prepareInjector } from '../../src/inject/startup.js';
import { createLogger } from '../../src/telemetry/logger.js';
import { FakeKube, WEBHOOK_PATH, webhookConfiguration } from './fake-kube.js';
import { tempDir } from '../support/temp-dir.js';

const DAY = 86_400_000;
const T0 = new Date('2026-01-01T00:00:00Z');
const SECRET = '/api/v1/namespaces/agent-guard/secrets/agent-guard-injector-tls';
const options = (now: Date) => ({
  secret: 'agent-guard-injector-tls',
  service: 'agent-guard-injector',
  webhookConfiguration: 'agent-guard',
  validityDays: 90,
  now,
});
const logger = createLogger({ level: 'silent' });

function cluster(): FakeKube {
  const kube = new FakeKube();
  kube.put(WEBHOOK_PATH, webhookConfiguration());
  return kube;
}

function caBundles(kube: FakeKube): (string | undefined)[] {
  const obj = kube.objects.get(WEBHOOK_PATH) as { webhooks: { clientConfig: { caBundle?: string } }[] };
  return obj.webhooks.map((w) => w.clientConfig.caBundle);
}

describe('webhook certificate made at run time', () => {
  it('creates a CA and a serving pair for the Service, stores them and patches both webhooks', async () => {
    const kube = cluster();
    const result = await ensureWebhookTls(kube, options(T0));
    expect(result.action).toBe('created');
    expect(result.caBundlePatched).toBe(true);
    const leaf = new X509Certificate(result.tls.cert);
    const ca = new X509Certificate(result.tls.caCert);
    expect(leaf.verify(ca.publicKey)).toBe(true);
    for (const name of serviceDnsNames('agent-guard-injector', 'agent-guard'))
      expect(leaf.checkHost(name)).toBe(name);
    expect(new Date(leaf.validTo).getTime() - T0.getTime()).toBeCloseTo(90 * DAY, -6);
    const stored = kube.objects.get(SECRET) as { data: Record<string, string>; type: string };
    expect(stored.type).toBe('kubernetes.io/tls');
    expect(Object.keys(stored.data).sort()).toEqual(['ca.crt', 'ca.key', 'tls.crt', 'tls.key']);
    const bundle = Buffer.from(result.tls.caCert).toString('base64');
    expect(caBundles(kube)).toEqual([bundle, bundle, 'b3RoZXI=']);
  });

  it('keeps a good pair and touches nothing', async () => {
    const kube = cluster();
    const first = await ensureWebhookTls(kube, options(T0));
    const writes = kube.calls.filter((c) => !c.startsWith('GET')).length;
    const again = await ensureWebhookTls(kube, options(new Date(T0.getTime() + 30 * DAY)));
    expect(again.action).toBe('kept');
    expect(again.caBundlePatched).toBe(false);
    expect(again.tls).toEqual(first.tls);
    expect(kube.calls.filter((c) => !c.startsWith('GET')).length).toBe(writes);
  });

  it('renews with a third of the lifetime left, re-signed by the same CA so caBundle stays', async () => {
    const kube = cluster();
    const first = await ensureWebhookTls(kube, options(T0));
    const renewed = await ensureWebhookTls(kube, options(new Date(T0.getTime() + 61 * DAY)));
    expect(renewed.action).toBe('renewed');
    expect(renewed.tls.cert).not.toBe(first.tls.cert);
    expect(renewed.tls.caCert).toBe(first.tls.caCert);
    expect(renewed.caBundlePatched).toBe(false);
  });

  it('replaces a pair that is not for this Service or not signed by the stored CA', async () => {
    const kube = cluster();
    const mine = await ensureWebhookTls(kube, options(T0));
    const other = await ensureWebhookTls(cluster(), { ...options(T0), service: 'something-else' });
    const secret = kube.objects.get(SECRET) as { data: Record<string, string> };
    secret.data['tls.crt'] = Buffer.from(other.tls.cert).toString('base64');
    const fixed = await ensureWebhookTls(kube, options(T0));
    expect(fixed.action).toBe('renewed');
    expect(new X509Certificate(fixed.tls.cert).verify(new X509Certificate(mine.tls.caCert).publicKey)).toBe(
      true,
    );
  });

  it('two replicas starting together end with one pair', async () => {
    const kube = cluster();
    const [a, b] = await Promise.all([
      ensureWebhookTls(kube, options(T0)),
      ensureWebhookTls(kube, options(T0)),
    ]);
    expect(a.tls).toEqual(b.tls);
    expect([a.action, b.action].sort()).toEqual(['adopted', 'created']);
    const bundle = Buffer.from(a.tls.caCert).toString('base64');
    expect(caBundles(kube).slice(0, 2)).toEqual([bundle, bundle]);
  });

  it('fails with the API server message when it may not read the Secret', async () => {
    const kube = cluster();
    kube.call = () => Promise.resolve({ status: 403, body: { message: 'secrets is forbidden' } });
    await expect(ensureWebhookTls(kube, options(T0))).rejects.toThrow(/HTTP 403: secrets is forbidden/);
  });
});

describe('receipt signing key made once', () => {
  const path = (ns: string) => `/api/v1/namespaces/${ns}/secrets/agent-guard-signing-key`;
  const key = (kube: FakeKube, ns: string) =>
    (kube.objects.get(path(ns)) as { data: Record<string, string> } | undefined)?.data['signing-key'];

  it('creates an Ed25519 PKCS#8 key when missing and copies it to agent namespaces', async () => {
    const kube = cluster();
    const result = await ensureSigningKey(kube, {
      secret: 'agent-guard-signing-key',
      copyTo: ['agents', 'ci'],
    });
    expect(result.created).toEqual(['agent-guard', 'agents', 'ci']);
    const pem = Buffer.from(key(kube, 'agent-guard')!, 'base64').toString();
    expect(pem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(key(kube, 'agents')).toBe(key(kube, 'agent-guard'));
    expect(key(kube, 'ci')).toBe(key(kube, 'agent-guard'));
  });

  it('never regenerates or overwrites an existing key', async () => {
    const kube = cluster();
    kube.put(path('agent-guard'), {
      metadata: { name: 'agent-guard-signing-key' },
      data: { 'signing-key': 'a2V5' },
    });
    kube.put(path('agents'), {
      metadata: { name: 'agent-guard-signing-key' },
      data: { 'signing-key': 'b3du' },
    });
    const result = await ensureSigningKey(kube, {
      secret: 'agent-guard-signing-key',
      copyTo: ['agents', 'ci'],
    });
    expect(result.created).toEqual(['ci']);
    expect(key(kube, 'agent-guard')).toBe('a2V5');
    expect(key(kube, 'agents')).toBe('b3du');
    expect(key(kube, 'ci')).toBe('a2V5');
  });

  it('two replicas racing create one key', async () => {
    const kube = cluster();
    let n = 0;
    const generate = () => `key-${++n}`;
    await Promise.all([
      ensureSigningKey(kube, { secret: 'agent-guard-signing-key', copyTo: ['agents'], generate }),
      ensureSigningKey(kube, { secret: 'agent-guard-signing-key', copyTo: ['agents'], generate }),
    ]);
    expect(key(kube, 'agents')).toBe(key(kube, 'agent-guard'));
  });
});

describe('start-up checks', () => {
  const base = () => loadConfig({ env: {}, cwd: tmpdir() }).inject;

  it.each([
    [{ major: '1', minor: '28', gitVersion: 'v1.28.9' }, false],
    [{ major: '1', minor: '27+', gitVersion: 'v1.27.16-eks-a' }, false],
    [{ major: '1', minor: '29', gitVersion: 'v1.29.0' }, true],
    [{ gitVersion: 'v1.31.1-gke.1' }, true],
  ])('API server %j: native sidecar %s', async (version, native) => {
    const kube = cluster();
    kube.version = version;
    const prepared = await prepareInjector({ config: base(), logger, kube });
    expect(prepared.config.nativeSidecar).toBe(native);
  });

  it('keeps the setting when /version cannot be read', async () => {
    const kube = cluster();
    kube.version = 'not json';
    expect(await serverVersion(kube)).toBeNull();
    expect((await prepareInjector({ config: base(), logger, kube })).config.nativeSidecar).toBe(true);
  });

  it('self-managed TLS writes the pair the listener serves', async () => {
    const dir = tempDir('ag-tls-');
    const config = {
      ...base(),
      tlsMode: 'self-managed' as const,
      certFile: join(dir, 't/tls.crt'),
      keyFile: join(dir, 't/tls.key'),
    };
    const kube = cluster();
    const prepared = await prepareInjector({ config, logger, kube });
    prepared.stop();
    const cert = new X509Certificate(readFileSync(config.certFile, 'utf8'));
    expect(cert.checkHost('agent-guard-injector.agent-guard.svc')).toBeTruthy();
    expect(readFileSync(config.keyFile, 'utf8')).toMatch(/BEGIN PRIVATE KEY/);
  });

  it('refuses self-managed TLS outside a cluster with a clear message', async () => {
    await expect(
      prepareInjector({ config: { ...base(), tlsMode: 'self-managed' }, logger, kube: null }),
    ).rejects.toThrow(/service-account token/);
  });
});
