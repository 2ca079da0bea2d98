/**
 * Every Prometheus metric name agent-guard registers, in one place (snake_case, `agent_guard_`
 * prefix, unit suffix per the Prometheus naming conventions). Dashboards and alert rules under
 * deploy/ and helm/ are checked against this table by a test.
 */
export const METRIC = {
  /** Engine decisions, labels: entry, verdict, invariant. */
  decisionsTotal: 'agent_guard_decisions_total',
  /** Engine evaluation time, seconds. */
  evalDurationSeconds: 'agent_guard_eval_duration_seconds',
  /** Evaluations over the configured latency budget. */
  evalOverBudgetTotal: 'agent_guard_eval_over_budget_total',
} as const;

export type MetricName = (typeof METRIC)[keyof typeof METRIC];
