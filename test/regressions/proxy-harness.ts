/**
 * Shared by the issue 24 regressions: a recording upstream that keeps the raw bytes it received,
 * decoded the way the upstream itself would decode them (Content-Encoding undone), and a real
 * agent-guard server (startServer: API and proxy on one listener) on 127.0.0.1:0.
 */
import { once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll } from 'vitest';
import { validateConfig } from '../../src/config/load.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { deepMerge, LogSink } from '../api/harness.js';

export { LogSink };

export interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  /** The body as received, Content-Encoding undone, as latin1 text (every byte kept). */
  readonly text: string;
}

export interface Recorder {
  readonly url: string;
  readonly received: Received[];
  /** Whether any received request (body, path or headers) contains `needle`. */
  saw(needle: string): boolean;
  close(): Promise<void>;
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  let out = body;
  for (const coding of (encoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity')
    .reverse()) {
    if (coding === 'gzip' || coding === 'x-gzip') out = gunzipSync(out);
    else if (coding === 'deflate') out = inflateSync(out);
    else if (coding === 'br') out = brotliDecompressSync(out);
  }
  return out;
}

export async function startRecorder(
  answer: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  },
): Promise<Recorder> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let text: string;
      try {
        text = decode(Buffer.concat(chunks), req.headers['content-encoding']).toString('latin1');
      } catch {
        text = Buffer.concat(chunks).toString('latin1');
      }
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, text });
      answer(req, res);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    saw: (needle) =>
      received.some(
        (r) =>
          r.text.includes(needle) || r.url.includes(needle) || JSON.stringify(r.headers).includes(needle),
      ),
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close').catch(() => undefined);
    },
  };
}

/** A real server (API + proxy) with the given config merged over test defaults. */
export async function startGuard(
  overrides: Record<string, unknown>,
  logs: LogSink = new LogSink(),
): Promise<RunningServer> {
  const base: Record<string, unknown> = {
    server: { host: '127.0.0.1', port: 0, logLevel: 'info', shutdownGraceMs: 500 },
    alerts: {},
  };
  const config = validateConfig(deepMerge(base, overrides));
  return startServer(config, { proxy: true, logDestination: logs });
}

/**
 * A recorder behind a guard serving every inspected route (OpenAI, Anthropic, MCP and a tool route),
 * started before the file's tests and closed after them. Read the fields inside tests only.
 */
export function useInspectedRoutes(): { readonly upstream: Recorder; readonly guard: RunningServer } {
  const live = {} as { upstream: Recorder; guard: RunningServer };
  beforeAll(async () => {
    live.upstream = await startRecorder();
    const url = live.upstream.url;
    live.guard = await startGuard({
      proxy: {
        openaiUpstream: url,
        anthropicUpstream: url,
        mcpUpstream: `${url}/mcp`,
        routes: [{ prefix: '/tools/exec', upstream: url, adapter: 'tool' }],
      },
    });
  });
  afterAll(async () => {
    await live.guard?.close();
    await live.upstream?.close();
  });
  return live;
}

/** Test credentials assembled at run time (no credential-shaped literal in the repository). */
export const SECRET = 'ghp_' + 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5';

/** A vetoed command and a distinctive piece of it to search for upstream. */
export const VETOED = 'rm -rf / --no-preserve-root';
export const VETOED_NEEDLE = 'no-preserve-root';

export interface Sent {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly text: string;
}

/** One request over a fresh connection with node:http (any method may carry a body). */
export function send(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      {
        method: options.method ?? 'POST',
        // Node sends GET/DELETE/OPTIONS bodies without framing unless the length is given.
        headers:
          options.body === undefined
            ? (options.headers ?? {})
            : { 'content-length': String(Buffer.byteLength(options.body)), ...options.headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
