// Delivery through real loopback receivers: retries, no retry on 4xx, timeouts, overflow to the
// dead-letter file, shutdown flush, metrics, and no secret in bodies, logs or dead-letter records.
import { mkdtempSync, readFileSync, rmSync, existsSync, statSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import {
  backoffDelay,
  buildAlertEvent,
  createAlertDispatcher,
  parseRetryAfter,
  type AlertDispatcher,
  type AlertLogger,
  type DeadLetterRecord,
} from '../../src/alerts/index.js';
import { alertsSection, type AlertChannel } from '../../src/config/sections/alerts.js';
import { startReceiver, type Receiver, type Script } from './receiver.js';
import { AWS_KEY, ROUTING_KEY, SECRET, WEBHOOK_SECRET_PATH, alertInput, alertsConfig } from './fixtures.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Harness {
  receiver: Receiver;
  dispatcher: AlertDispatcher;
  deadLetterFile: string;
  logs: unknown[];
  registry: Registry;
  deadLetters(): DeadLetterRecord[];
}

async function harness(
  channel: AlertChannel,
  script?: Script,
  extra: Parameters<typeof alertsConfig>[0] = {},
): Promise<Harness> {
  const receiver = await startReceiver(script);
  const dir = mkdtempSync(join(tmpdir(), 'ag-alerts-'));
  const deadLetterFile = join(dir, 'dead.jsonl');
  const logs: unknown[] = [];
  const logger: AlertLogger = { warn: (o, m) => logs.push([o, m]), error: (o, m) => logs.push([o, m]) };
  const registry = new Registry();
  const url = receiver.url(WEBHOOK_SECRET_PATH);
  const config = alertsConfig({
    channel,
    ...(channel === 'pagerduty'
      ? { pagerdutyKey: ROUTING_KEY, pagerdutyEventsUrl: url }
      : { webhookUrl: url }),
    deadLetterFile,
    ...extra,
  });
  const dispatcher = createAlertDispatcher(config, { registry, logger, random: () => 0.5 });
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => receiver.close());
  cleanups.push(() => dispatcher.close(0));
  const deadLetters = (): DeadLetterRecord[] =>
    existsSync(deadLetterFile)
      ? readFileSync(deadLetterFile, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as DeadLetterRecord)
      : [];
  return { receiver, dispatcher, deadLetterFile, logs, registry, deadLetters };
}

/** Nothing secret anywhere but the request line and PagerDuty's own body field. */
function expectNoSecrets(h: Harness): void {
  const bodies = h.receiver.requests.map((r) => r.body).join('\n');
  const elsewhere =
    JSON.stringify(h.logs) + (existsSync(h.deadLetterFile) ? readFileSync(h.deadLetterFile, 'utf8') : '');
  for (const text of [bodies, elsewhere]) {
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(AWS_KEY);
    expect(text).not.toContain('XXXXsecretXXXX');
  }
  expect(elsewhere).not.toContain(ROUTING_KEY);
}

describe.each(['slack', 'discord', 'pagerduty', 'siem'] as const)('%s delivery', (channel) => {
  it('POSTs the channel body as JSON once, off the caller path', async () => {
    const h = await harness(channel);
    expect(h.dispatcher.enqueue(alertInput())).toBe('queued');
    await h.dispatcher.idle();
    expect(h.receiver.requests).toHaveLength(1);
    const req = h.receiver.requests[0]!;
    expect(req.path).toBe(WEBHOOK_SECRET_PATH);
    expect(req.headers['content-type']).toBe('application/json');
    const body = JSON.parse(req.body);
    if (channel === 'pagerduty')
      expect(body).toMatchObject({ routing_key: ROUTING_KEY, event_action: 'trigger' });
    if (channel === 'slack') expect(body.blocks[0].type).toBe('header');
    if (channel === 'discord') expect(body.embeds).toHaveLength(1);
    if (channel === 'siem') expect(body.event.kind).toBe('alert');
    expect(h.dispatcher.stats()).toMatchObject({ queued: 1, delivered: 1, retried: 0, deadLettered: 0 });
    expectNoSecrets(h);
  });
});

describe('retries and failures', () => {
  it('retries a receiver that fails twice, then delivers exactly once', async () => {
    const h = await harness('slack', (n) => (n < 2 ? { status: 503 } : { status: 200, body: 'ok' }));
    h.dispatcher.enqueue(alertInput());
    await h.dispatcher.idle();
    expect(h.receiver.requests).toHaveLength(3);
    expect(new Set(h.receiver.requests.map((r) => r.body)).size).toBe(1);
    expect(h.dispatcher.stats()).toMatchObject({ delivered: 1, retried: 2, deadLettered: 0 });
    const metrics = await h.registry.getMetricsAsJSON();
    const value = (name: string): number =>
      metrics.find((m) => m.name === name)!.values.reduce((n, v) => n + v.value, 0);
    expect(value('agent_guard_alerts_retried_total')).toBe(2);
    expect(value('agent_guard_alerts_delivered_total')).toBe(1);
  });

  it('honours Retry-After on 429 instead of its own backoff', async () => {
    // With a 60 s backoff the test could only pass by using the 0 s Retry-After.
    const h = await harness(
      'discord',
      (n) => (n === 0 ? { status: 429, headers: { 'retry-after': '0' } } : { status: 204 }),
      {
        backoffBaseMs: 60_000,
        backoffMaxMs: 60_000,
      },
    );
    h.dispatcher.enqueue(alertInput());
    await h.dispatcher.idle();
    expect(h.receiver.requests).toHaveLength(2);
    expect(h.dispatcher.stats().delivered).toBe(1);
  });

  it('does not retry a 400 and dead-letters it', async () => {
    const h = await harness('pagerduty', () => ({ status: 400, body: '{"status":"invalid event"}' }));
    h.dispatcher.enqueue(alertInput());
    await h.dispatcher.idle();
    expect(h.receiver.requests).toHaveLength(1);
    await h.dispatcher.close();
    const [record, ...rest] = h.deadLetters();
    expect(rest).toHaveLength(0);
    expect(record).toMatchObject({ channel: 'pagerduty', reason: 'rejected', status: 400, attempts: 1 });
    expect((record!.body as { routing_key: string }).routing_key).toBe('[REDACTED]');
    expect(statSync(h.deadLetterFile).mode & 0o777).toBe(0o600);
    expectNoSecrets(h);
  });

  it('times out a receiver that hangs, retries, then dead-letters', async () => {
    const h = await harness('siem', () => 'hang', { timeoutMs: 100, maxRetries: 1 });
    h.dispatcher.enqueue(alertInput());
    await h.dispatcher.idle();
    expect(h.receiver.requests).toHaveLength(2);
    await h.dispatcher.close();
    expect(h.deadLetters()).toMatchObject([
      { reason: 'retries_exhausted', attempts: 2, error: 'TIMEOUT', status: null },
    ]);
  });

  it('reports a refused connection by error code only', async () => {
    const h = await harness('slack', undefined, { maxRetries: 2 });
    await h.receiver.close();
    h.dispatcher.enqueue(alertInput());
    await h.dispatcher.idle();
    await h.dispatcher.close();
    expect(h.deadLetters()).toMatchObject([
      { reason: 'retries_exhausted', attempts: 3, error: 'ECONNREFUSED' },
    ]);
    expectNoSecrets(h);
  });
});

describe('overflow and shutdown', () => {
  it('a flood larger than the queue goes to the dead-letter file while the process stays responsive', async () => {
    const h = await harness('slack', () => 'hang', { queueSize: 5, workers: 1, timeoutMs: 60_000 });
    const N = 1000;
    const results = Array.from({ length: N }, () => h.dispatcher.enqueue(alertInput()));
    const queued = results.filter((r) => r === 'queued').length;
    expect(queued).toBeGreaterThanOrEqual(5);
    expect(queued).toBeLessThanOrEqual(6);
    // The event loop still serves other work while the overflow is written.
    const other = await startReceiver(() => ({ status: 200, body: 'pong' }));
    cleanups.push(() => other.close());
    const pong = await new Promise<string>((resolve, reject) => {
      get(other.url('/ping'), (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve(text));
      }).on('error', reject);
    });
    expect(pong).toBe('pong');
    await h.dispatcher.close(50);
    const records = h.deadLetters();
    expect(records).toHaveLength(N);
    expect(records.filter((r) => r.reason === 'queue_full')).toHaveLength(N - queued);
    expect(records.filter((r) => r.reason === 'shutdown')).toHaveLength(queued);
    expect(h.dispatcher.stats().deadLettered).toBe(N);
    expectNoSecrets(h);
  }, 60_000);

  it('flushes the queue on close when the channel answers in time', async () => {
    const h = await harness('discord', () => ({ status: 204 }), { workers: 2 });
    for (let i = 0; i < 20; i++) h.dispatcher.enqueue(alertInput({ agentId: `agent-${i}` }));
    await h.dispatcher.close(10_000);
    expect(h.receiver.requests).toHaveLength(20);
    expect(h.deadLetters()).toHaveLength(0);
    expect(h.dispatcher.enqueue(alertInput())).toBe('dead-lettered');
    await new Promise((r) => setTimeout(r, 50));
    expect(h.deadLetters()).toMatchObject([{ reason: 'closed' }]);
  });

  it('dead-letters what is left when the flush time runs out', async () => {
    const h = await harness('siem', () => 'hang', { workers: 1, timeoutMs: 60_000 });
    for (let i = 0; i < 3; i++) h.dispatcher.enqueue(alertInput());
    await h.dispatcher.close(100);
    expect(h.deadLetters().map((r) => r.reason)).toEqual(['shutdown', 'shutdown', 'shutdown']);
  });
});

describe('configuration and helpers', () => {
  it('is a no-op without a channel', async () => {
    const d = createAlertDispatcher(alertsConfig({}));
    expect(d.enabled).toBe(false);
    expect(d.enqueue(alertInput())).toBe('disabled');
    await d.close();
  });

  it('ignores allowed decisions and accepts prebuilt events', async () => {
    const h = await harness('slack');
    expect(h.dispatcher.enqueue(alertInput({ decision: { ...alertInput().decision, allowed: true } }))).toBe(
      'ignored',
    );
    expect(h.dispatcher.enqueue(buildAlertEvent(alertInput())!)).toBe('queued');
    await h.dispatcher.idle();
    expect(h.receiver.requests).toHaveLength(1);
  });

  it.each([
    [{ channel: 'slack' }, 'channel slack needs GUARD_WEBHOOK_URL'],
    [{ channel: 'discord' }, 'channel discord needs GUARD_WEBHOOK_URL'],
    [{ channel: 'pagerduty' }, 'channel pagerduty needs GUARD_PAGERDUTY_KEY'],
    [{ channel: 'siem', webhookUrl: 'file:///etc/passwd' }, 'must be an http:// or https:// URL'],
  ])('rejects %j at start', (input, message) => {
    expect(() => alertsConfig(input as never)).toThrow(message);
  });

  it('reports every invalid combination at once, without the values', () => {
    const result = safe({
      channel: 'pagerduty',
      webhookUrl: 'ftp://hooks.example/s3cr3t',
      backoffBaseMs: 10,
      backoffMaxMs: 1,
    });
    expect(result).toHaveLength(3);
    expect(JSON.stringify(result)).not.toContain('s3cr3t');
  });

  it('parses Retry-After seconds and dates, and backs off exponentially with jitter', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(
      parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:27:58 GMT')),
    ).toBe(2000);
    expect(parseRetryAfter('soon')).toBeNull();
    expect([0, 1, 2, 3].map((a) => backoffDelay(a, 100, 500, () => 0))).toEqual([50, 100, 200, 250]);
    expect([0, 1, 2, 3].map((a) => backoffDelay(a, 100, 500, () => 1))).toEqual([100, 200, 400, 500]);
  });
});

function safe(input: Record<string, unknown>): string[] {
  const r = alertsSection.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}
