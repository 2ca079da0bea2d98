/**
 * Issue 24: scrubbing a large prompt held the event loop in one go (an 8 MiB body: over 100 ms), so
 * every other request waited. Bodies of 64 KiB and more are now scrubbed ahead in slices with
 * turns between them (src/proxy/prescrub.ts). Over real loopback sockets, /health is polled while a
 * 4 MB chat body goes through the OpenAI route, and must answer many times before the proxied
 * answer arrives (counted, not timed); the recording upstream never sees the secret.
 */
import { describe, expect, it } from 'vitest';
import { SECRET, send, useInspectedRoutes } from './proxy-harness.js';

const routes = useInspectedRoutes();

const prose = `Deploy notes: the token ${SECRET} rotates weekly; ask the platform team for access. `.repeat(
  100,
);
const body = JSON.stringify({
  model: 'm',
  messages: Array.from({ length: 480 }, (_, i) => ({
    role: i % 2 ? 'assistant' : 'user',
    content: `${i} ${prose}`,
  })),
});

describe('a large prompt does not stall /health', () => {
  it('answers /health repeatedly while a 4 MB chat body is scrubbed and forwarded', async () => {
    expect(body.length).toBeGreaterThan(4_000_000);
    let done = false;
    const proxied = send(routes.guard.url, '/openai/v1/chat/completions', {
      headers: { 'content-type': 'application/json' },
      body,
    }).finally(() => {
      done = true;
    });
    let during = 0;
    while (!done) {
      const res = await fetch(`${routes.guard.url}/health`);
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      if (!done) during++;
    }
    const answer = await proxied;
    expect(answer.status).toBe(200);
    // In one go, /health could answer only while the body was uploading (a few times at most).
    expect(during).toBeGreaterThanOrEqual(10);
    const forwarded = routes.upstream.received.at(-1)!.text;
    expect(forwarded).toContain('[REDACTED_');
    expect(routes.upstream.saw(SECRET)).toBe(false);
  });
});
