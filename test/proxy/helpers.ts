/**
 * Test harness for the proxy: recording upstreams on 127.0.0.1:0, and a sidecar built from the real
 * engine (createGuard) and scrubber (createScrubber) behind a plain node:http listener, wired the
 * way src/server.ts wires it.
 */
import { once } from 'node:events';
import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { validateConfig } from '../../src/config/load.js';
import { createGuard, type Guard } from '../../src/library/create-guard.js';
import { createProxy, type Proxy, type ProxyDeps } from '../../src/proxy/index.js';
import type { ProxyTestHooks } from '../../src/proxy/index.js';
import { createScrubber } from '../../src/scrub/index.js';
import { disabledGpuProbe } from '../../src/telemetry/gpu.js';

export interface Recorded {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

export type UpstreamHandler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

export interface TestUpstream {
  readonly url: string;
  readonly port: number;
  readonly server: Server;
  readonly received: Recorded[];
  handler: UpstreamHandler;
  close(): Promise<void>;
}

export async function startUpstream(handler: UpstreamHandler): Promise<TestUpstream> {
  const received: Recorded[] = [];
  const upstream = { received, handler } as TestUpstream;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      upstream.handler(req, res, body);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return Object.assign(upstream, {
    url: `http://127.0.0.1:${port}`,
    port,
    server,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close').catch(() => undefined);
    },
  });
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

let guardPromise: Promise<Guard> | null = null;
/** One engine per test file (parsers load once). */
export function sharedGuard(): Promise<Guard> {
  guardPromise ??= createGuard();
  return guardPromise;
}

export interface TestSidecar {
  readonly url: string;
  readonly port: number;
  readonly proxy: Proxy;
  readonly server: Server;
  readonly registry: Registry;
  readonly logs: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startSidecar(
  config: Record<string, unknown>,
  extra: Partial<ProxyDeps> = {},
  hooks: ProxyTestHooks = {},
): Promise<TestSidecar> {
  const cfg = validateConfig(config);
  const logs: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level: 'debug', base: undefined },
    { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) },
  );
  const registry = new Registry();
  const proxy = createProxy(
    {
      config: cfg,
      guard: await sharedGuard(),
      scrubber: createScrubber(),
      logger,
      registry,
      version: '0.0.0-test',
      ...extra,
    },
    { gpu: disabledGpuProbe(), ...hooks },
  );
  const server = http.createServer((req, res) => {
    Promise.resolve(proxy.handleRequest(req, res)).then(
      (answered) => {
        if (!answered) {
          res.writeHead(404);
          res.end();
        }
      },
      () => {
        res.writeHead(500);
        res.end();
      },
    );
  });
  server.on('upgrade', (req, socket, head) => proxy.handleUpgrade(req, socket, head));
  server.on('connect', (req, socket, head) => proxy.handleConnect(req, socket, head));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    proxy,
    server,
    registry,
    logs,
    close: async () => {
      server.close();
      await proxy.close({ graceMs: 0 });
      server.closeAllConnections();
    },
  };
}

/** Read a fixture under test/fixtures/proxy, substituting {{NAME}} placeholders. */
export function fixture(name: string, vars: Record<string, string> = {}): string {
  const text = readFileSync(new URL(`../fixtures/proxy/${name}`, import.meta.url), 'utf8');
  return text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => vars[key] ?? whole);
}

/**
 * Test credentials, assembled at run time so no credential-shaped literal sits in the repository
 * (secret scanners would flag it). Deterministic so failures reproduce.
 */
export const SECRETS = {
  GITHUB_TOKEN: 'ghp_' + 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5',
  AWS_KEY_ID: 'AKIA' + 'Q3ZT7K2M9XW4PLR8',
  // Not a repeated unit: the scrubber keeps those as placeholders (src/scrub/not-secret.ts).
  OPENAI_KEY: 'sk-proj-' + 'U8JZpDE0iGXlD6gNCFbaEPFj' + 'bD0kH8Oool8DklZDOCj2ISaJ',
} as const;

export function containsSecret(text: string): string | null {
  for (const [name, value] of Object.entries(SECRETS)) if (text.includes(value)) return name;
  return null;
}

/** Send one request with node:http and collect the whole answer. */
export function request(
  url: string,
  options: http.RequestOptions & { body?: string | Buffer } = {},
): Promise<{
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
  json: () => unknown;
}> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent: false, ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const text = body.toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body,
          text,
          json: () => JSON.parse(text) as unknown,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The value of one metric series from the registry (0 when absent). */
export async function metricValue(
  registry: Registry,
  name: string,
  labels: Record<string, string>,
): Promise<number> {
  const metric = registry.getSingleMetric(name);
  if (!metric) return 0;
  const data = await metric.get();
  let total = 0;
  for (const v of data.values) {
    if (
      Object.entries(labels).every(([k, want]) => String((v.labels as Record<string, unknown>)[k]) === want)
    ) {
      if (!('metricName' in v) || v.metricName === name) total += v.value;
    }
  }
  return total;
}
