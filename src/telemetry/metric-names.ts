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

  // http api (src/api), registered by src/telemetry/api-metrics.ts
  /** HTTP requests answered by the API, labels: endpoint, method, status. */
  httpRequestsTotal: 'agent_guard_http_requests_total',
  /** Time from request start to response end on the API endpoints, seconds; label endpoint. */
  httpRequestDurationSeconds: 'agent_guard_http_request_duration_seconds',
  /** API decisions, labels: endpoint (validate, gate, sanitize), verdict, invariant, rule. */
  apiDecisionsTotal: 'agent_guard_api_decisions_total',
  /** Engine evaluation time measured by the API, seconds; label endpoint. */
  apiEvalDurationSeconds: 'agent_guard_api_eval_duration_seconds',
  /** Secrets redacted by /sanitize, label family. */
  apiRedactionsTotal: 'agent_guard_api_redactions_total',
  /** Refused credentials, labels: scheme (api_key, jwt, passport, none), reason. */
  authFailuresTotal: 'agent_guard_auth_failures_total',
  /** Requests refused by the per-identity token bucket, label endpoint. */
  rateLimitedRequestsTotal: 'agent_guard_rate_limited_requests_total',
  /** Passport checks on /validate, label result (authorized or the refusal reason). */
  passportChecksTotal: 'agent_guard_passport_checks_total',
} as const;

export type MetricName = (typeof METRIC)[keyof typeof METRIC];
