/** Starts real servers on 127.0.0.1:0 for the API tests, with real engine, scrubber and signer. */
import { Writable } from 'node:stream';
import { validateConfig } from '../../src/config/load.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { tempDir as makeTempDir } from '../support/temp-dir.js';

export const API_KEY = 'test-api-key-0123456789abcdef';

export function tempDir(): string {
  return makeTempDir('agent-guard-api-');
}

/** Collects log lines so tests can check what was (not) logged. */
export class LogSink extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _enc: string, done: () => void): void {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  }
}

export async function start(
  overrides: Record<string, unknown> = {},
  options: { proxy?: boolean; logs?: LogSink } = {},
): Promise<RunningServer> {
  const base = {
    server: { host: '127.0.0.1', port: 0, logLevel: 'info', shutdownGraceMs: 2000 },
    receipts: { sign: 'always' },
    alerts: {},
  };
  const merged = deepMerge(base, overrides);
  const config = validateConfig(merged);
  return startServer(config, {
    proxy: options.proxy ?? false,
    logDestination: options.logs ?? new LogSink(),
  });
}

export function deepMerge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const prev = out[k];
    out[k] =
      v &&
      typeof v === 'object' &&
      !Array.isArray(v) &&
      prev &&
      typeof prev === 'object' &&
      !Array.isArray(prev)
        ? deepMerge(prev as Record<string, unknown>, v as Record<string, unknown>)
        : v;
  }
  return out;
}

export interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers
  body: any;
  text: string;
}

export async function call(
  url: string,
  path: string,
  init: { method?: string; body?: unknown; raw?: string | Uint8Array; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | Uint8Array | undefined;
  if (init.raw !== undefined) body = init.raw;
  else if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${url}${path}`, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}
