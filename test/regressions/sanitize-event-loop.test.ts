/**
 * Issue 24: a /api/v1/sanitize request of 1 MB holding ~24,000 secrets held the event loop for
 * over a second, so /health (and every other request) waited for it. The payload is now scrubbed
 * in slices with a turn between them (src/scrub/cooperative.ts). Over real loopback sockets,
 * /health is polled while a large sanitize request is in flight, and must answer several times
 * before the sanitize answer arrives (counted, not timed); the answer is the one-shot scrub.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLICE_CHARS } from '../../src/scrub/cooperative.js';
import type { RunningServer } from '../../src/server.js';
import { createScrubber } from '../../src/scrub/index.js';
import { start } from '../api/harness.js';
import { AWS_ID, GH } from '../scrub/helpers.js';

const SALT = 'event-loop-salt-0123456789';
// 32 slices of secret-dense text (one secret about every 30 characters).
const PAYLOAD = `key ${GH} and ${AWS_ID} `.repeat(Math.ceil((32 * SLICE_CHARS) / 70));

let server: RunningServer;
beforeAll(async () => {
  // The proxy serves /health.
  server = await start(
    { scrub: { salt: SALT }, server: { bodyLimitBytes: 8 * 1024 * 1024 } },
    { proxy: true },
  );
});
afterAll(async () => {
  await server.close();
});

/** POST the body; resolves with the answer once it is whole. */
function post(path: string, body: string): Promise<{ status: number; text: string }> {
  const url = new URL(path, server.url);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('a large /sanitize request does not stall /health', () => {
  it('answers /health repeatedly while the sanitize request is in flight', async () => {
    let sanitizeDone = false;
    const sanitize = post('/api/v1/sanitize', JSON.stringify({ payload: PAYLOAD })).finally(() => {
      sanitizeDone = true;
    });
    let answersDuring = 0;
    while (!sanitizeDone) {
      const res = await fetch(`${server.url}/health`);
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      if (!sanitizeDone) answersDuring++;
    }
    const answer = await sanitize;
    expect(answer.status).toBe(200);
    // The one-shot scrub held the loop for the whole payload: /health could answer at most during the
    // upload. Sliced, it answers every few slices (32 slices here).
    expect(answersDuring).toBeGreaterThanOrEqual(6);
    const body = JSON.parse(answer.text) as { sanitized: string; redactions_count: number };
    const want = createScrubber({ salt: SALT }).scrub(PAYLOAD);
    expect(body.redactions_count).toBe(want.redactionsCount);
    expect(body.sanitized).toBe(want.sanitized);
    expect(body.sanitized).not.toContain(GH);
  });
});
