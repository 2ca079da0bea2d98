/**
 * Issue 24, side door: only the offending command was scrubbed; `agent_id` and other caller-supplied
 * labels (a tool name in the frame, a reason quoting the command's hosts) reached Slack, Discord,
 * PagerDuty, SIEM and the dead-letter file as sent. Every channel's real HTTP body and the
 * dead-letter file must now be free of the secret.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createAlertDispatcher, type AlertLogger } from '../../src/alerts/index.js';
import { alertInput, alertsConfig, DENY, SECRET } from '../alerts/fixtures.js';
import { startReceiver } from '../alerts/receiver.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const withSecretLabels = alertInput({
  command: 'rm -rf /',
  agentId: `agent-${SECRET}`,
  frame: { kind: 'proxy', detail: `/openai proposed tool call deploy_${SECRET}` },
  decision: {
    ...DENY,
    findings: [{ ...DENY.findings[0]!, reason: `sends data to ${SECRET}.evil.example` }],
  },
});

describe.each(['slack', 'discord', 'pagerduty', 'siem'] as const)('%s', (channel) => {
  it.each([
    ['delivered', 200],
    ['dead-lettered', 400],
  ])('no caller-supplied secret in the body or the dead-letter file (%s)', async (_name, status) => {
    const receiver = await startReceiver(() => ({ status, body: 'x' }));
    const dir = mkdtempSync(join(tmpdir(), 'ag-alert-labels-'));
    const deadLetterFile = join(dir, 'dead.jsonl');
    const logs: unknown[] = [];
    const logger: AlertLogger = { warn: (o, m) => logs.push([o, m]), error: (o, m) => logs.push([o, m]) };
    const url = receiver.url('/hook');
    const dispatcher = createAlertDispatcher(
      alertsConfig({
        channel,
        ...(channel === 'pagerduty'
          ? { pagerdutyKey: 'R0UT1NGKEY0123456789abcdefABCDEF', pagerdutyEventsUrl: url }
          : { webhookUrl: url }),
        deadLetterFile,
        maxRetries: 0,
      }),
      { registry: new Registry(), logger, random: () => 0.5 },
    );
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    cleanups.push(() => receiver.close());
    cleanups.push(() => dispatcher.close(0));
    expect(dispatcher.enqueue(withSecretLabels)).toBe('queued');
    await dispatcher.idle();
    await dispatcher.close(); // flushes the dead-letter file
    expect(receiver.requests).toHaveLength(1);
    const body = receiver.requests[0]!.body;
    expect(body).toContain('agent-[REDACTED_');
    const dead = existsSync(deadLetterFile) ? readFileSync(deadLetterFile, 'utf8') : '';
    if (status !== 200) expect(dead).toContain('agent-[REDACTED_');
    for (const text of [body, dead, JSON.stringify(logs)]) expect(text).not.toContain(SECRET);
  });
});
