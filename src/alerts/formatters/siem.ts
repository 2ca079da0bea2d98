/**
 * SIEM event: one JSON object per alert, laid out on the Elastic Common Schema (ECS 8.x) so Elastic,
 * and SIEMs that map ECS, file it without a custom parser. Fields ECS has no place for live under
 * `agent_guard.*`. The mapping is documented in docs/alerts.md.
 */
import { alertSummary, frameLabel, type AlertEvent } from '../event.js';

export const ECS_VERSION = '8.11.0';

/** Numeric severity as Elastic detection rules use it (critical 99, high 73, medium 47, low 21). */
export const ECS_SEVERITY = { CRITICAL: 99, HIGH: 73, MEDIUM: 47, LOW: 21 } as const;
const LOG_LEVEL = { CRITICAL: 'critical', HIGH: 'error', MEDIUM: 'warning', LOW: 'info' } as const;

export function formatSiem(event: AlertEvent): Record<string, unknown> {
  return {
    '@timestamp': event.occurredAt,
    ecs: { version: ECS_VERSION },
    message: alertSummary(event),
    event: {
      id: event.id,
      kind: 'alert',
      category: ['intrusion_detection'],
      type: ['denied'],
      action: event.headline === 'BLOCKED' ? 'action-blocked' : 'action-denied',
      outcome: 'failure',
      severity: ECS_SEVERITY[event.severity],
      duration: Math.round(event.astLatencyUs * 1000),
      provider: 'agent-guard',
      module: 'agent_guard',
      dataset: 'agent_guard.alert',
    },
    rule: {
      id: event.threat.ruleId,
      name: event.threat.invariant ?? event.threat.ruleId,
      description: event.threat.description,
      category: event.threat.threatType,
      ruleset: 'agent-guard',
    },
    log: { level: LOG_LEVEL[event.severity] },
    observer: { vendor: 'agent-guard', product: 'agent-guard', type: 'guardrail' },
    process: { command_line: event.offending },
    related: { hash: [event.commandSha256] },
    labels: { agent_id: event.agentId ?? 'unknown', frame: event.frame.kind },
    agent_guard: {
      decision: event.headline,
      agent_id: event.agentId,
      severity: event.severity,
      ast_latency_us: event.astLatencyUs,
      frame: frameLabel(event.frame),
      runtime: event.runtime,
      receipt: event.receipt,
      command_sha256: event.commandSha256,
      offending_truncated: event.offendingTruncated,
      redactions: event.redactions,
    },
  };
}
