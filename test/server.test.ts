// The composition root: one listener for the API and the proxy, the first log line, graceful drain,
// and `agent-guard serve` exiting 0 on SIGTERM.
import { createServer, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { call, LogSink, start } from './api/harness.js';
import { listeningUrl, spawnServe } from './support/serve-process.js';

describe('startServer', () => {
  it('logs where it listens and the signing key id first, serves API and proxy paths', async () => {
    const logs = new LogSink();
    const server = await start({}, { proxy: true, logs });
    try {
      const first = JSON.parse(logs.lines[0]!);
      expect(first.msg).toContain(server.url);
      expect(first.msg).toContain(server.keyId);
      expect((await call(server.url, '/api/v1/health')).body.status).toBe('healthy');
      const sidecar = await call(server.url, '/health');
      expect(sidecar.status).toBe(200);
      expect(sidecar.body.status).toBe('HEALTHY');
      const unknown = await call(server.url, '/no/such/route');
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('content-type')).toContain('problem+json');
    } finally {
      await server.close();
    }
  });

  it('drains an in-flight request on close, then stops accepting', async () => {
    const server = await start({}, { proxy: false });
    const arrived = new Promise((resolve) => server.server.once('request', resolve));
    let finishBody = (): void => undefined;
    const done = new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: server.port,
          path: '/api/v1/validate',
          method: 'POST',
          headers: { 'content-type': 'application/json' },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.write('{"command":');
      finishBody = () => req.end('"ls"}');
    });
    await arrived; // the server is now in the middle of reading this request's body
    const closing = server.close();
    finishBody();
    expect(await done).toBe(200);
    await closing;
    await expect(fetch(`${server.url}/api/v1/health`)).rejects.toThrow();
  });
});

describe('startServer drain of proxied requests', () => {
  it('waits for a proxied response still streaming on close (the proxy counts it, not the server)', async () => {
    let held: ServerResponse | null = null;
    const upstreamServer = createServer();
    const arrivedUpstream = new Promise<void>((resolve) => {
      upstreamServer.once('request', (_req, res: ServerResponse) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('first ');
        held = res;
        resolve();
      });
    });
    await new Promise<void>((resolve) => upstreamServer.listen(0, '127.0.0.1', resolve));
    const upstreamPort = (upstreamServer.address() as AddressInfo).port;
    const server = await start(
      { proxy: { defaultUpstream: `http://127.0.0.1:${upstreamPort}` } },
      { proxy: true },
    );
    try {
      const body = fetch(`${server.url}/v1/models`).then((res) => res.text());
      await arrivedUpstream;
      const closing = server.close();
      held!.end('last');
      expect(await body).toBe('first last');
      await closing;
      await expect(fetch(`${server.url}/health`)).rejects.toThrow();
    } finally {
      await server.close();
      upstreamServer.closeAllConnections();
      await new Promise((resolve) => upstreamServer.close(resolve));
    }
  });
});

describe('agent-guard serve', () => {
  it('starts from the CLI and exits 0 on SIGTERM', async () => {
    const child = spawnServe({});
    const url = await listeningUrl(child);
    expect((await call(url, '/api/v1/health')).status).toBe(200);
    const code = await new Promise<number | null>((resolve) => {
      child.on('exit', (c) => resolve(c));
      child.kill('SIGTERM');
    });
    expect(code).toBe(0);
  }, 90_000);
});
