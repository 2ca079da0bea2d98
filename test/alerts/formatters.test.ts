/* eslint-disable @typescript-eslint/no-explicit-any -- reading arbitrary JSON bodies */
// Each channel's body against the shape and limits its service documents, and the alert content.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  buildAlertEvent,
  dedupKey,
  formatDiscord,
  formatPagerDuty,
  formatSiem,
  formatSlack,
  OFFENDING_MAX_CHARS,
  type AlertEvent,
} from '../../src/alerts/index.js';
import { INVARIANTS } from '../../src/engine/invariants/catalog.js';
import { AWS_KEY, COMMAND, DENY, ROUTING_KEY, SECRET, alertInput } from './fixtures.js';

const event = buildAlertEvent(alertInput())!;

// Slack Block Kit reference: header plain_text <= 150; section text <= 3000; <= 10 fields of <= 2000;
// context <= 10 elements; <= 50 blocks; `text` is the notification fallback.
const slackText = (max: number) =>
  z
    .object({
      type: z.enum(['plain_text', 'mrkdwn']),
      text: z.string().min(1).max(max),
      emoji: z.boolean().optional(),
    })
    .strict();
const slackSchema = z
  .object({
    text: z.string().min(1).max(3000),
    blocks: z
      .array(
        z.discriminatedUnion('type', [
          z
            .object({
              type: z.literal('header'),
              text: slackText(150).extend({ type: z.literal('plain_text') }),
            })
            .strict(),
          z
            .object({
              type: z.literal('section'),
              text: slackText(3000).optional(),
              fields: z.array(slackText(2000)).max(10).optional(),
            })
            .strict(),
          z
            .object({ type: z.literal('context'), elements: z.array(slackText(3000)).min(1).max(10) })
            .strict(),
        ]),
      )
      .min(1)
      .max(50),
  })
  .strict();

// Discord embed reference: title 256, description 4096, 25 fields (name 256, value 1024), footer 2048,
// total 6000, color 0..0xFFFFFF, ISO 8601 timestamp.
const discordSchema = z
  .object({
    username: z.string().min(1).max(80),
    allowed_mentions: z.object({ parse: z.array(z.string()).length(0) }),
    embeds: z
      .array(
        z.object({
          title: z.string().min(1).max(256),
          description: z.string().max(4096),
          color: z.number().int().min(0).max(0xffffff),
          timestamp: z.iso.datetime(),
          fields: z
            .array(
              z.object({
                name: z.string().min(1).max(256),
                value: z.string().min(1).max(1024),
                inline: z.boolean(),
              }),
            )
            .max(25),
          footer: z.object({ text: z.string().max(2048) }),
        }),
      )
      .min(1)
      .max(10),
  })
  .strict();

// PagerDuty Events API v2: routing_key (32 chars), event_action trigger, dedup_key <= 255, payload.summary
// <= 1024, source, severity critical|error|warning|info, optional timestamp/component/group/class/custom_details.
const pagerdutySchema = z
  .object({
    routing_key: z.string().length(32),
    event_action: z.literal('trigger'),
    dedup_key: z.string().min(1).max(255),
    client: z.string().optional(),
    payload: z
      .object({
        summary: z.string().min(1).max(1024),
        source: z.string().min(1),
        severity: z.enum(['critical', 'error', 'warning', 'info']),
        timestamp: z.iso.datetime().optional(),
        component: z.string().optional(),
        group: z.string().optional(),
        class: z.string().optional(),
        custom_details: z.record(z.string(), z.unknown()).optional(),
      })
      .strict(),
  })
  .strict();

// ECS 8.x allowed values for the categorisation fields used.
const ecsSchema = z.object({
  '@timestamp': z.iso.datetime(),
  ecs: z.object({ version: z.string().regex(/^8\./) }),
  message: z.string().min(1),
  event: z.object({
    kind: z.enum(['alert', 'enrichment', 'event', 'metric', 'state', 'pipeline_error', 'signal', 'asset']),
    category: z
      .array(z.enum(['intrusion_detection', 'process', 'network', 'file', 'threat', 'configuration', 'api']))
      .min(1),
    type: z.array(z.enum(['allowed', 'denied', 'info', 'indicator', 'start', 'end', 'error'])).min(1),
    outcome: z.enum(['success', 'failure', 'unknown']),
    severity: z.number().int(),
    duration: z.number().int().min(0),
    dataset: z.string(),
  }),
  rule: z.object({ id: z.string(), name: z.string(), description: z.string(), ruleset: z.string() }),
  log: z.object({ level: z.string() }),
  process: z.object({ command_line: z.string() }),
  related: z.object({ hash: z.array(z.string().regex(/^[0-9a-f]{64}$/)) }),
});

describe('alert event', () => {
  it('carries the SPEC 6 content: headline, agent, severity, latency, threat, scrubbed command, receipt, frame', () => {
    expect(event).toMatchObject({
      headline: 'BLOCKED',
      agentId: 'agent-7',
      severity: INVARIANTS.NO_SECRET_EXFILTRATION.severity,
      astLatencyUs: 21.4,
      threat: {
        ruleId: 'SEC-AST-002',
        invariant: 'NO_SECRET_EXFILTRATION',
        threatType: 'SECRET_EXFILTRATION',
      },
      receipt: `ed25519:${'ab'.repeat(64)}`,
      frame: { kind: 'gate' },
      occurredAt: '2026-11-22T10:00:00.000Z',
    });
    expect(event.offending).toContain('[REDACTED_');
    expect(event.offending).toContain('curl -H');
    expect(event.redactions).toBe(2);
  });

  it.each([
    ['validate', 'DENY'],
    ['library', 'DENY'],
    ['proxy', 'BLOCKED'],
    ['mcp', 'BLOCKED'],
    ['cli', 'BLOCKED'],
  ] as const)('frame %s defaults the headline to %s', (kind, headline) => {
    expect(buildAlertEvent(alertInput({ frame: { kind } }))!.headline).toBe(headline);
  });

  it('is null for an allowed decision', () => {
    expect(buildAlertEvent(alertInput({ decision: { ...DENY, allowed: true } }))).toBeNull();
  });

  it('cuts a long command after scrubbing', () => {
    const long = buildAlertEvent(alertInput({ command: `${COMMAND} ${'x'.repeat(5000)}` }))!;
    expect(long.offendingTruncated).toBe(true);
    expect(long.offending.length).toBeLessThanOrEqual(OFFENDING_MAX_CHARS + 1);
    expect(long.offending).not.toContain(SECRET);
  });

  it('dedup key depends on agent, rule and command only', () => {
    const again = buildAlertEvent(alertInput({ now: new Date(), latencyUs: 99, frame: { kind: 'proxy' } }))!;
    expect(dedupKey(again)).toBe(dedupKey(event));
    expect(dedupKey(buildAlertEvent(alertInput({ agentId: 'agent-8' }))!)).not.toBe(dedupKey(event));
    expect(dedupKey(buildAlertEvent(alertInput({ command: 'rm -rf /' }))!)).not.toBe(dedupKey(event));
  });
});

const bodies: [string, (e: AlertEvent) => unknown, z.ZodType][] = [
  ['slack', formatSlack, slackSchema],
  ['discord', formatDiscord, discordSchema],
  ['pagerduty', (e) => formatPagerDuty(e, ROUTING_KEY), pagerdutySchema],
  ['siem', formatSiem, ecsSchema],
];

describe.each(bodies)('%s format', (_channel, format, schema) => {
  it('matches the documented shape and limits', () => {
    expect(() => schema.parse(format(event))).not.toThrow();
  });

  it('stays within limits for a maximal event', () => {
    const big = buildAlertEvent(
      alertInput({ command: '`'.repeat(3000) + '<!channel> @everyone', agentId: 'a'.repeat(600) }),
    )!;
    const body = format({ ...big, threat: { ...big.threat, description: 'd'.repeat(3000) } });
    expect(() => schema.parse(body)).not.toThrow();
    if (_channel === 'discord') {
      const e = (body as z.infer<typeof discordSchema>).embeds[0]!;
      const total =
        e.title.length +
        e.description.length +
        e.footer.text.length +
        e.fields.reduce((n, f) => n + f.name.length + f.value.length, 0);
      expect(total).toBeLessThanOrEqual(6000);
    }
  });

  it('holds no secret from the command', () => {
    const text = JSON.stringify(format(event));
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(AWS_KEY);
    expect(text).toContain('SEC-AST-002');
    expect(text).toContain('agent-7');
  });
});

describe('channel details', () => {
  it('slack escapes mention markup from the command', () => {
    const e = buildAlertEvent(alertInput({ command: 'echo <!channel> & <@U123>' }))!;
    const text = JSON.stringify(formatSlack(e));
    expect(text).not.toContain('<!channel>');
    expect(text).toContain('&lt;!channel&gt;');
  });

  it('pagerduty maps severity and sets the dedup key', () => {
    const body = formatPagerDuty(event, ROUTING_KEY);
    expect(body.payload.severity).toBe('critical');
    expect(body.dedup_key).toBe(dedupKey(event));
  });

  it('siem maps to ECS fields', () => {
    const body = formatSiem(event) as Record<string, any>;
    expect(body.event).toMatchObject({
      kind: 'alert',
      category: ['intrusion_detection'],
      type: ['denied'],
      severity: 99,
    });
    expect(body.rule).toMatchObject({ id: 'SEC-AST-002', name: 'NO_SECRET_EXFILTRATION' });
    expect(body.agent_guard.receipt).toBe(event.receipt);
  });
});
