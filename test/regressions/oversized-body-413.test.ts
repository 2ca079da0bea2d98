/**
 * Issue 24: a 6 MiB body to /api/v1/sanitize from Node's fetch mostly got EPIPE instead of the 413
 * (only curl, which waits for 100-continue, saw it). The 413 is now answered and the rest of the
 * body drained, so an ordinary client that sends its whole body first reads the answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server.js';
import { startGuard, startRecorder, type Recorder } from './proxy-harness.js';

let upstream: Recorder;
let guard: RunningServer;

beforeAll(async () => {
  upstream = await startRecorder();
  guard = await startGuard({ proxy: { openaiUpstream: upstream.url, maxBodyBytes: 1024 * 1024 } });
});

afterAll(async () => {
  await guard?.close();
  await upstream?.close();
});

const big = JSON.stringify({ payload: 'x'.repeat(6 * 1024 * 1024) });

describe('an oversized body gets its 413 with Node fetch', () => {
  it.each([1, 2, 3, 4, 5])('/api/v1/sanitize, attempt %i', async () => {
    const res = await fetch(`${guard.url}/api/v1/sanitize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(await res.json()).toMatchObject({ status: 413 });
  });

  it('chunked (no Content-Length) to /api/v1/sanitize', async () => {
    const stream = new Blob([big]).stream();
    const res = await fetch(`${guard.url}/api/v1/sanitize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    });
    expect(res.status).toBe(413);
  });

  it('an inspected proxy route', async () => {
    const res = await fetch(`${guard.url}/openai/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(res.status).toBe(413);
    expect(upstream.received).toHaveLength(0);
  });
});
