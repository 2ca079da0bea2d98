/**
 * Issue 24: client aborts were counted as server failures. An /api/v1 body cut by the client became
 * a status="500" series and an error log; an agent that closed an SSE stream became a 502 "upstream
 * failure" and upstream_errors_total{reason="other"}. Both are now client aborts: status 499 on the
 * API, outcome="client_aborted" on the proxy, no upstream error, no error log.
 */
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server.js';
import { LogSink, send, startGuard, startRecorder, type Recorder } from './proxy-harness.js';

let upstream: Recorder;
let guard: RunningServer;
const logs = new LogSink();

beforeAll(async () => {
  // An event stream that sends one event and then stays open.
  upstream = await startRecorder((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('data: {"id":"1","choices":[]}\n\n');
  });
  guard = await startGuard({ proxy: { openaiUpstream: upstream.url } }, logs);
});

afterAll(async () => {
  await guard?.close();
  await upstream?.close();
});

async function metrics(): Promise<string> {
  return (await send(guard.url, '/metrics', { method: 'GET' })).text;
}

function series(text: string, name: string, labels: string): number {
  let total = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith(`${name}{`) && line.includes(labels)) total += Number(line.split(' ').at(-1));
  }
  return total;
}

/** Open a connection, send the head and part of the body, then go away. */
async function cutRequest(path: string, body: string, declared: number): Promise<void> {
  const socket = net.connect(guard.port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n${body}`,
  );
  await sleep(50);
  socket.destroy();
  await sleep(100);
}

describe('client aborts are client aborts', () => {
  it('an /api/v1 body cut short: status 499, never 500, no error log', async () => {
    await cutRequest('/api/v1/sanitize', '{"payload":"abc', 4096);
    const text = await metrics();
    expect(series(text, 'agent_guard_http_requests_total', 'status="500"')).toBe(0);
    expect(series(text, 'agent_guard_http_requests_total', 'status="499"')).toBe(1);
    guard.logger.flush();
    expect(logs.lines.filter((l) => l.includes('"level":50'))).toEqual([]);
  });

  it('an agent that closes an SSE stream: outcome client_aborted, no upstream error, no 5xx', async () => {
    const socket = net.connect(guard.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const body = JSON.stringify({ model: 'm', stream: true, messages: [{ role: 'user', content: 'hi' }] });
    socket.write(
      `POST /openai/v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    await new Promise((resolve) => socket.once('data', resolve)); // the head and the first event
    socket.destroy();
    await sleep(200);
    const text = await metrics();
    expect(series(text, 'agent_guard_proxy_upstream_errors_total', '')).toBe(0);
    expect(series(text, 'agent_guard_proxy_requests_total', 'outcome="failed"')).toBe(0);
    expect(series(text, 'agent_guard_proxy_requests_total', 'outcome="client_aborted"')).toBe(1);
  });

  it('an inspected proxy body cut short is a client abort too', async () => {
    await cutRequest('/openai/v1/chat/completions', '{"model":"m","messages":[', 4096);
    const text = await metrics();
    expect(series(text, 'agent_guard_proxy_requests_total', 'outcome="client_aborted"')).toBe(2);
    expect(series(text, 'agent_guard_proxy_requests_total', 'outcome="refused"')).toBe(0);
    expect(series(text, 'agent_guard_proxy_requests_total', 'outcome="failed"')).toBe(0);
  });
});
