/**
 * Bench floor: the least a Node reverse proxy on the project's stack does, node:http in front of an
 * undici Pool, hop-by-hop headers dropped both ways, bodies streamed. No routing, no metrics, no
 * logs, no inspection. What agent-guard's passthrough costs above this is agent-guard's own work;
 * the rest is node:http and undici. Forwarded with `Pool.dispatch` and a plain handler, the cheapest
 * undici call (its `request()` adds a promise, a body stream and a pipe per request: callgrind
 * 184k-192k instructions per GET against 147k this way). Run as a child by bench/proxy.bench.ts;
 * prints its port.
 * Usage: npx tsx bench/proxy/minimal-proxy.ts http://127.0.0.1:UPSTREAM_PORT
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool, type Dispatcher } from 'undici';

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

type Controller = Parameters<NonNullable<Dispatcher.DispatchHandler['onRequestStart']>>[0];
type Headers = Parameters<NonNullable<Dispatcher.DispatchHandler['onResponseStart']>>[2];

/** Status and headers on arrival, body chunks written through with backpressure, 502 on failure. */
class Relay implements Dispatcher.DispatchHandler {
  readonly #res: ServerResponse;
  constructor(res: ServerResponse) {
    this.#res = res;
  }
  /** Present so undici takes this for a handler of its current API (it checks for this method). */
  onRequestStart(): void {}
  onResponseStart(_controller: Controller, statusCode: number, headers: Headers): void {
    this.#res.writeHead(statusCode, endToEnd(headers));
  }
  onResponseData(controller: Controller, chunk: Buffer): void {
    if (!this.#res.write(chunk)) {
      controller.pause();
      this.#res.once('drain', () => controller.resume());
    }
  }
  onResponseEnd(): void {
    this.#res.end();
  }
  onResponseError(): void {
    if (!this.#res.headersSent) this.#res.writeHead(502);
    this.#res.end();
  }
}

const pool = new Pool(process.argv[2] ?? 'http://127.0.0.1:8080', { connections: 64 });
const server = createServer((req, res) => {
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  pool.dispatch(
    {
      path: req.url ?? '/',
      method: req.method ?? 'GET',
      headers: endToEnd(req.headers),
      body: hasBody ? req : null,
    },
    new Relay(res),
  );
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
