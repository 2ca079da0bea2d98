/**
 * Every Prometheus metric name agent-guard registers, in one place (snake_case, `agent_guard_`
 * prefix, unit suffix per the Prometheus naming conventions). Dashboards and alert rules under
 * deploy/ are generated from this table (scripts/generate-monitoring.ts), and a test scrapes a live
 * server to check that every name listed here is registered.
 */
export const METRIC = {
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

  // shared state of gateway replicas (src/store), registered by src/telemetry/redis-metrics.ts
  /** Redis command round trips, seconds; label operation (nonce, bucket, passport: nonce and bucket in one script). */
  redisCommandDurationSeconds: 'agent_guard_redis_command_duration_seconds',
  /** Redis commands that failed or timed out, labels: operation (nonce, bucket, passport), reason (unavailable, timeout, error). */
  redisErrorsTotal: 'agent_guard_redis_errors_total',
  /** 1 while the Redis connection is ready, else 0 (absent without AGENT_GUARD_REDIS_URL). */
  redisConnected: 'agent_guard_redis_connected',
  /** Rate-limit decisions taken on this replica's own bucket because Redis could not answer. */
  rateLimitLocalFallbackTotal: 'agent_guard_rate_limit_local_fallback_total',

  // sidecar proxy (src/proxy), registered by src/proxy/metrics.ts; label route is the route prefix
  /** Requests handled by the proxy, labels: route, adapter, outcome (forwarded, vetoed, refused, failed). */
  proxyRequestsTotal: 'agent_guard_proxy_requests_total',
  /** Upstream responses, labels: route, status (the HTTP status code). */
  proxyUpstreamResponsesTotal: 'agent_guard_proxy_upstream_responses_total',
  /** Upstream failures, labels: route, reason (refused, reset, timeout, other). */
  proxyUpstreamErrorsTotal: 'agent_guard_proxy_upstream_errors_total',
  /** Request body bytes sent upstream, label route. */
  proxyRequestBytesTotal: 'agent_guard_proxy_request_bytes_total',
  /** Response body bytes relayed back to the agent, label route. */
  proxyResponseBytesTotal: 'agent_guard_proxy_response_bytes_total',
  /** Secrets scrubbed from prompts (or, in audit mode, found and left), labels: route, family, mode. */
  proxyRedactionsTotal: 'agent_guard_proxy_redactions_total',
  /** Tool payloads denied by the engine, labels: route, invariant, mode (enforce answered 403, audit forwarded). */
  proxyVetoesTotal: 'agent_guard_proxy_vetoes_total',
  /** Tool calls proposed by a model in a response, labels: route, verdict (allow, deny). */
  proxyProposedToolCallsTotal: 'agent_guard_proxy_proposed_tool_calls_total',
  /** Time from dispatching upstream to the upstream response headers, seconds; label route. */
  proxyUpstreamDurationSeconds: 'agent_guard_proxy_upstream_duration_seconds',
  /** Time the proxy adds before dispatching upstream (body read, decode, scrub, checks), seconds; label route. */
  proxyAddedDurationSeconds: 'agent_guard_proxy_added_duration_seconds',
  /** Requests (and streams) in flight through the proxy. */
  proxyInFlightRequests: 'agent_guard_proxy_in_flight_requests',
  /** CONNECT tunnels in forward-proxy mode, label outcome (opened, refused, failed). */
  proxyConnectTunnelsTotal: 'agent_guard_proxy_connect_tunnels_total',
  /** Websocket upgrades relayed, label route. */
  proxyWebsocketUpgradesTotal: 'agent_guard_proxy_websocket_upgrades_total',
  /** GPU memory in use from the background nvidia-smi probe, bytes; label gpu (index). */
  gpuMemoryUsedBytes: 'agent_guard_gpu_memory_used_bytes',
  /** Incident alerts accepted into the delivery queue, label channel. */
  alertsQueuedTotal: 'agent_guard_alerts_queued_total',
  /** Alerts the channel accepted (2xx), label channel. */
  alertsDeliveredTotal: 'agent_guard_alerts_delivered_total',
  /** Delivery attempts retried after a network error, timeout, 429 or 5xx, label channel. */
  alertsRetriedTotal: 'agent_guard_alerts_retried_total',
  /** Alerts written to the dead-letter file, labels: channel, reason (queue_full, rejected, retries_exhausted, shutdown). */
  alertsDeadLetteredTotal: 'agent_guard_alerts_dead_lettered_total',
  /** Time from enqueue to the channel's 2xx answer, retries included, seconds; label channel. */
  alertDeliveryDurationSeconds: 'agent_guard_alert_delivery_duration_seconds',
  /** Alerts waiting in the delivery queue, label channel. */
  alertsQueueDepth: 'agent_guard_alerts_queue_depth',
  /** AdmissionReviews answered by the sidecar injector, label outcome (injected, skipped, rejected, malformed). */
  injectorReviewsTotal: 'agent_guard_injector_reviews_total',
  /** TLS certificate reloads of the injector, label result (ok, failed). */
  injectorCertReloadsTotal: 'agent_guard_injector_cert_reloads_total',
  /** When the injector's serving certificate expires, seconds since the epoch (alert before it). */
  injectorCertExpiryTimestampSeconds: 'agent_guard_injector_cert_expiry_timestamp_seconds',
  /** Policy file reloads of a running server, label result (ok, failed: the last good policy stays). */
  policyReloadsTotal: 'agent_guard_policy_reloads_total',

  // analysis worker (src/engine-worker), registered by src/telemetry/analysis-metrics.ts
  /** Analyses too large for the event loop's slice, run on the analysis worker; label outcome (answered, busy, failed). */
  analysisOffloadedTotal: 'agent_guard_analysis_offloaded_total',
  /** Analysis worker thread starts and losses, label event (started, crashed, stalled). */
  analysisWorkerEventsTotal: 'agent_guard_analysis_worker_events_total',
} as const;

export type MetricName = (typeof METRIC)[keyof typeof METRIC];
