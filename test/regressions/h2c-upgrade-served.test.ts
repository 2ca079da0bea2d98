/**
 * Issue 24: a non-websocket Upgrade (curl's `Upgrade: h2c` with `Connection: Upgrade,
 * HTTP2-Settings`) got 404 on /api/v1/* and /health. It is now served as the plain request it also
 * is, on the API, the probes and the proxy routes (where the body is still inspected).
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server.js';
import { SECRET, startGuard, startRecorder, type Recorder } from './proxy-harness.js';

let upstream: Recorder;
let guard: RunningServer;

beforeAll(async () => {
  upstream = await startRecorder();
  guard = await startGuard({ proxy: { openaiUpstream: upstream.url } });
});

afterAll(async () => {
  await guard?.close();
  await upstream?.close();
});

/** Send raw bytes and read until the server closes (the request says Connection: close). */
function raw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(guard.port, '127.0.0.1', () => socket.write(text));
    let got = '';
    socket.on('data', (d: Buffer) => (got += d.toString('utf8')));
    socket.on('end', () => resolve(got));
    socket.on('error', reject);
  });
}

const H2C =
  'Connection: Upgrade, HTTP2-Settings, close\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n';

describe('h2c upgrade requests are served normally', () => {
  it.each(['/health', '/ready', '/api/v1/health', '/metrics'])('GET %s', async (path) => {
    const answer = await raw(`GET ${path} HTTP/1.1\r\nHost: x\r\n${H2C}\r\n`);
    expect(answer.startsWith('HTTP/1.1 200')).toBe(true);
  });

  it('POST /api/v1/validate with a body', async () => {
    const body = JSON.stringify({ command: 'ls -la' });
    const answer = await raw(
      `POST /api/v1/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n${H2C}\r\n${body}`,
    );
    expect(answer.startsWith('HTTP/1.1 200')).toBe(true);
    expect(answer).toContain('"allowed":true');
  });

  it('a proxied chat body with an h2c upgrade is still scrubbed', async () => {
    const body = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: SECRET }] });
    const answer = await raw(
      `POST /openai/v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n${H2C}\r\n${body}`,
    );
    expect(answer.startsWith('HTTP/1.1 200')).toBe(true);
    expect(upstream.received).toHaveLength(1);
    expect(upstream.saw(SECRET)).toBe(false);
  });
});
