/**
 * PagerDuty Events API v2 `trigger` event. Per PagerDuty's reference: summary at most 1024
 * characters, severity one of critical/error/warning/info, dedup_key at most 255 characters. The
 * dedup key is SHA-256(agent, rule, command digest), so one agent retrying one command is one alert.
 */
import { alertSummary, dedupKey, frameLabel, type AlertEvent } from '../event.js';
import { truncate } from './text.js';

export const PAGERDUTY_SEVERITY = {
  CRITICAL: 'critical',
  HIGH: 'error',
  MEDIUM: 'warning',
  LOW: 'info',
} as const;

export interface PagerDutyEvent {
  routing_key: string;
  event_action: 'trigger';
  dedup_key: string;
  client: string;
  payload: {
    summary: string;
    source: string;
    severity: (typeof PAGERDUTY_SEVERITY)[keyof typeof PAGERDUTY_SEVERITY];
    timestamp: string;
    component: string;
    group: string;
    class: string;
    custom_details: Record<string, string | number | boolean | null>;
  };
}

export function formatPagerDuty(event: AlertEvent, routingKey: string): PagerDutyEvent {
  return {
    routing_key: routingKey,
    event_action: 'trigger',
    dedup_key: dedupKey(event),
    client: 'agent-guard',
    payload: {
      summary: truncate(alertSummary(event), 1024),
      source: event.agentId ?? 'agent-guard',
      severity: PAGERDUTY_SEVERITY[event.severity],
      timestamp: event.occurredAt,
      component: frameLabel(event.frame),
      group: event.runtime,
      class: event.threat.threatType ?? event.threat.ruleId,
      custom_details: {
        decision: event.headline,
        agent_id: event.agentId,
        severity: event.severity,
        threat: `${event.threat.ruleId}: ${event.threat.description}`,
        invariant: event.threat.invariant,
        ast_latency_us: event.astLatencyUs,
        offending: event.offending,
        offending_truncated: event.offendingTruncated,
        command_sha256: event.commandSha256,
        receipt: event.receipt,
        frame: frameLabel(event.frame),
        alert_id: event.id,
      },
    },
  };
}
