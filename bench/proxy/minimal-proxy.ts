/**
 * Bench floor: the least a Node reverse proxy on the project's stack does, node:http in front of an
 * undici Pool, hop-by-hop headers dropped both ways, bodies streamed. No routing, no metrics, no
 * logs, no inspection. What agent-guard's passthrough costs above this is agent-guard's own work;
 * the rest is node:http and undici. Run as a child by bench/proxy.bench.ts; prints its port.
 * Usage: npx tsx bench/proxy/minimal-proxy.ts http://127.0.0.1:UPSTREAM_PORT
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
]);

function endToEnd(headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>) {
  const out: Record<string, string | string[]> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  return out;
}

const pool = new Pool(process.argv[2] ?? 'http://127.0.0.1:8080', { connections: 64 });
const server = createServer((req, res) => {
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  pool
    .request({
      path: req.url ?? '/',
      method: req.method ?? 'GET',
      headers: endToEnd(req.headers),
      body: hasBody ? req : null,
    })
    .then(
      ({ statusCode, headers, body }) => {
        res.writeHead(statusCode, endToEnd(headers));
        body.pipe(res);
      },
      () => {
        res.writeHead(502);
        res.end();
      },
    );
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
