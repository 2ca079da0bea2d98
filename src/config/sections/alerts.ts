/**
 * Incident alerts (SPEC 6, docs/alerts.md): the channel and its credentials keep the SPEC's GUARD_*
 * names; delivery tuning uses AGENT_GUARD_ALERTS_*. Invalid combinations fail at start, all at once.
 */
import { z } from 'zod';
import { setting } from '../setting.js';

export const ALERT_CHANNELS = ['slack', 'discord', 'pagerduty', 'siem'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export const alertsSection = z
  .object({
    channel: setting(z.enum(ALERT_CHANNELS).optional(), {
      env: 'GUARD_ALERT_CHANNEL',
      description:
        'Where denied actions are reported: slack, discord, pagerduty or siem. Default: none (alerts off).',
    }),
    webhookUrl: setting(z.string().min(1).optional(), {
      env: 'GUARD_WEBHOOK_URL',
      description:
        'Destination URL for slack, discord and siem (the Slack/Discord webhook, or a SIEM HTTP collector). Default none.',
      secret: true,
    }),
    pagerdutyKey: setting(z.string().min(1).optional(), {
      env: 'GUARD_PAGERDUTY_KEY',
      description: 'PagerDuty Events API v2 routing (integration) key, for channel pagerduty. Default none.',
      secret: true,
    }),
    pagerdutyEventsUrl: setting(z.string().min(1).default('https://events.pagerduty.com/v2/enqueue'), {
      env: 'AGENT_GUARD_ALERTS_PAGERDUTY_URL',
      description: 'PagerDuty Events API v2 endpoint. Default https://events.pagerduty.com/v2/enqueue.',
    }),
    authorization: setting(z.string().min(1).optional(), {
      env: 'AGENT_GUARD_ALERTS_AUTHORIZATION',
      description:
        'Authorization header value sent with every delivery (e.g. `Splunk <token>` for a Splunk HEC SIEM collector). Default none.',
      secret: true,
    }),
    queueSize: setting(z.number().int().min(1).max(1_000_000).default(1000), {
      env: 'AGENT_GUARD_ALERTS_QUEUE_SIZE',
      description:
        'Alerts held in memory awaiting delivery; beyond it they go to the dead-letter file. Default 1000.',
    }),
    workers: setting(z.number().int().min(1).max(64).default(2), {
      env: 'AGENT_GUARD_ALERTS_WORKERS',
      description: 'Concurrent deliveries. Default 2.',
    }),
    timeoutMs: setting(z.number().int().min(1).max(120_000).default(5000), {
      env: 'AGENT_GUARD_ALERTS_TIMEOUT_MS',
      description: 'Time limit of one delivery attempt (connect to full response), in ms. Default 5000.',
    }),
    maxRetries: setting(z.number().int().min(0).max(20).default(5), {
      env: 'AGENT_GUARD_ALERTS_MAX_RETRIES',
      description: 'Retries after the first attempt on network errors, timeouts, 429 and 5xx. Default 5.',
    }),
    backoffBaseMs: setting(z.number().int().min(0).max(600_000).default(500), {
      env: 'AGENT_GUARD_ALERTS_BACKOFF_BASE_MS',
      description: 'First retry delay before jitter, doubled per retry, in ms. Default 500.',
    }),
    backoffMaxMs: setting(z.number().int().min(0).max(3_600_000).default(30_000), {
      env: 'AGENT_GUARD_ALERTS_BACKOFF_MAX_MS',
      description: 'Longest retry delay (also caps a Retry-After), in ms. Default 30000.',
    }),
    deadLetterFile: setting(z.string().min(1).default('agent-guard-alerts.dead-letter.jsonl'), {
      env: 'AGENT_GUARD_ALERTS_DEAD_LETTER_FILE',
      description:
        'JSONL file that receives alerts that could not be delivered (queue full, rejected, retries exhausted, shutdown); relative to the working directory. Default agent-guard-alerts.dead-letter.jsonl.',
    }),
    shutdownFlushMs: setting(z.number().int().min(0).max(600_000).default(5000), {
      env: 'AGENT_GUARD_ALERTS_SHUTDOWN_FLUSH_MS',
      description:
        'On shutdown, how long queued alerts may still be delivered before the rest is dead-lettered, in ms. Default 5000.',
    }),
  })
  .strict()
  .superRefine((alerts, ctx) => {
    // Messages name the setting, never its value: the URL and the routing key are credentials.
    const needsUrl = alerts.channel === 'slack' || alerts.channel === 'discord' || alerts.channel === 'siem';
    if (needsUrl && alerts.webhookUrl === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['webhookUrl'],
        message: `channel ${alerts.channel} needs GUARD_WEBHOOK_URL (alerts.webhookUrl)`,
      });
    }
    if (alerts.channel === 'pagerduty' && alerts.pagerdutyKey === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['pagerdutyKey'],
        message:
          'channel pagerduty needs GUARD_PAGERDUTY_KEY (alerts.pagerdutyKey), the Events API v2 routing key',
      });
    }
    if (alerts.webhookUrl !== undefined && !isHttpUrl(alerts.webhookUrl)) {
      ctx.addIssue({ code: 'custom', path: ['webhookUrl'], message: 'must be an http:// or https:// URL' });
    }
    if (!isHttpUrl(alerts.pagerdutyEventsUrl)) {
      ctx.addIssue({
        code: 'custom',
        path: ['pagerdutyEventsUrl'],
        message: 'must be an http:// or https:// URL',
      });
    }
    if (alerts.backoffBaseMs > alerts.backoffMaxMs) {
      ctx.addIssue({
        code: 'custom',
        path: ['backoffBaseMs'],
        message: 'must not exceed alerts.backoffMaxMs',
      });
    }
  });

export type AlertsConfig = z.output<typeof alertsSection>;
