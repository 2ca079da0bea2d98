/**
 * The injector's in-cluster API client against a real HTTPS server: the pod's CA is trusted, the
 * service-account token is sent (and re-read per call, as bound tokens rotate), JSON in and out;
 * outside a cluster there is no client.
 */
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inClusterClient, kubeError, serverVersion } from '../../src/inject/kube.js';
import { tempDir } from '../support/temp-dir.js';

const dir = tempDir('ag-sa-');
let server: Server;
let port = 0;
const seen: { method?: string; url?: string; auth?: string; body: string }[] = [];

beforeAll(async () => {
  const pair = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  writeFileSync(join(dir, 'ca.crt'), pair.cert);
  writeFileSync(join(dir, 'token'), 'token-one\n');
  writeFileSync(join(dir, 'namespace'), 'agent-guard');
  server = createServer({ cert: pair.cert, key: pair.private }, (req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, auth: req.headers.authorization, body });
      res.writeHead(req.url === '/version' ? 200 : 403, { 'content-type': 'application/json' });
      res.end(
        req.url === '/version'
          ? JSON.stringify({ major: '1', minor: '28', gitVersion: 'v1.28.4' })
          : JSON.stringify({ kind: 'Status', message: 'secrets "x" is forbidden' }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('in-cluster client', () => {
  it('is null outside a cluster', () => {
    expect(inClusterClient({ env: {}, dir })).toBeNull();
    expect(
      inClusterClient({ env: { KUBERNETES_SERVICE_HOST: '127.0.0.1' }, dir: join(dir, 'none') }),
    ).toBeNull();
  });

  it('calls the API server with the pod CA and the current token', async () => {
    const kube = inClusterClient({
      env: { KUBERNETES_SERVICE_HOST: '127.0.0.1', KUBERNETES_SERVICE_PORT: String(port) },
      dir,
    })!;
    expect(kube.namespace).toBe('agent-guard');
    expect(await serverVersion(kube)).toEqual({ major: 1, minor: 28 });
    writeFileSync(join(dir, 'token'), 'token-two\n');
    const answer = await kube.call('POST', '/api/v1/namespaces/agent-guard/secrets', {
      metadata: { name: 'x' },
    });
    expect(answer.status).toBe(403);
    expect(kubeError('creating Secret x', answer).message).toBe(
      'creating Secret x: HTTP 403: secrets "x" is forbidden',
    );
    expect(seen.map((s) => s.auth)).toEqual(['Bearer token-one', 'Bearer token-two']);
    expect(JSON.parse(seen[1]!.body)).toEqual({ metadata: { name: 'x' } });
  });
});
