/**
 * The proxy's Prometheus metrics (names in src/telemetry/metric-names.ts), registered once per
 * registry. The label `route` is the route prefix (bounded by the configuration), never a path.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import { METRIC } from '../telemetry/metric-names.js';
import { talliedHistogram } from '../telemetry/tallied-histogram.js';
import { talliedCounter, type Tally } from '../telemetry/tally.js';

/** client_aborted: the agent closed its connection first (issue 24: never counted as failed). */
export type RequestOutcome = 'forwarded' | 'vetoed' | 'refused' | 'failed' | 'client_aborted';

export interface ProxyMetrics {
  request(route: string, adapter: string, outcome: RequestOutcome): void;
  upstreamResponse(route: string, status: number, seconds: number): void;
  upstreamError(route: string, reason: string): void;
  requestBytes(route: string, bytes: number): void;
  responseBytes(route: string, bytes: number): void;
  redaction(route: string, family: string, mode: string, count?: number): void;
  veto(route: string, invariant: string, mode: string): void;
  /** A proposed tool call judged (labels: rule_id 'none' when allowed, provider, mode enforce|observe). */
  proposedToolCall(
    route: string,
    verdict: 'allow' | 'deny',
    labels?: { readonly ruleId: string; readonly provider: string; readonly mode: string },
  ): void;
  added(route: string, seconds: number): void;
  inFlight(delta: 1 | -1): void;
  tunnel(outcome: 'opened' | 'refused' | 'failed'): void;
  websocket(route: string): void;
  gpuMemory(index: number, bytes: number): void;
}

function existing<T>(registry: Registry, name: string): T | undefined {
  return registry.getSingleMetric(name) as T | undefined;
}

/** The in-flight gauge's value, kept as a number and set on the gauge when it is read. */
const LEVELS = new WeakMap<Gauge, { value: number }>();

export function createProxyMetrics(registry: Registry): ProxyMetrics {
  const counter = (name: string, help: string, labelNames: string[]): Counter =>
    existing<Counter>(registry, name) ?? new Counter({ name, help, labelNames, registers: [registry] });
  const tallied = (name: string, help: string, labelNames: string[]): Tally =>
    talliedCounter(registry, name, help, labelNames);
  const gauge = (name: string, help: string, labelNames: string[]): Gauge =>
    existing<Gauge>(registry, name) ?? new Gauge({ name, help, labelNames, registers: [registry] });

  const requests = tallied(METRIC.proxyRequestsTotal, 'Requests handled by the proxy.', [
    'route',
    'adapter',
    'outcome',
  ]);
  const upstreamResponses = tallied(METRIC.proxyUpstreamResponsesTotal, 'Upstream responses by status.', [
    'route',
    'status',
  ]);
  const upstreamErrors = counter(METRIC.proxyUpstreamErrorsTotal, 'Upstream failures by reason.', [
    'route',
    'reason',
  ]);
  const requestBytes = tallied(METRIC.proxyRequestBytesTotal, 'Request body bytes sent upstream.', ['route']);
  const responseBytes = tallied(METRIC.proxyResponseBytesTotal, 'Response body bytes relayed to the agent.', [
    'route',
  ]);
  const redactions = counter(
    METRIC.proxyRedactionsTotal,
    'Secrets found in prompts (scrubbed in enforce mode).',
    ['route', 'family', 'mode'],
  );
  const vetoes = counter(METRIC.proxyVetoesTotal, 'Tool payloads denied by the engine.', [
    'route',
    'invariant',
    'mode',
  ]);
  const proposals = counter(METRIC.proxyProposedToolCallsTotal, "Tool calls proposed in models' responses.", [
    'route',
    'verdict',
    'rule_id',
    'provider',
    'mode',
  ]);
  // Observed by positional route (src/telemetry/tallied-histogram.ts): no label object per call.
  const upstreamSeconds = talliedHistogram(
    registry,
    METRIC.proxyUpstreamDurationSeconds,
    'Time from dispatch to upstream response headers, seconds.',
    ['route'],
    [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
  );
  const addedSeconds = talliedHistogram(
    registry,
    METRIC.proxyAddedDurationSeconds,
    'Time the proxy spends before dispatching upstream, seconds.',
    ['route'],
    [0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5],
  );
  const inFlightGauge =
    existing<Gauge>(registry, METRIC.proxyInFlightRequests) ??
    new Gauge({
      name: METRIC.proxyInFlightRequests,
      help: 'Requests and streams in flight through the proxy.',
      registers: [registry],
      collect() {
        this.set(levelOf(this).value);
      },
    });
  const levelOf = (g: Gauge): { value: number } => {
    let level = LEVELS.get(g);
    if (!level) {
      level = { value: 0 };
      LEVELS.set(g, level);
    }
    return level;
  };
  const inFlight = levelOf(inFlightGauge);
  const tunnels = counter(METRIC.proxyConnectTunnelsTotal, 'CONNECT tunnels in forward-proxy mode.', [
    'outcome',
  ]);
  const websockets = counter(METRIC.proxyWebsocketUpgradesTotal, 'Websocket upgrades relayed.', ['route']);
  const gpu = gauge(METRIC.gpuMemoryUsedBytes, 'GPU memory in use (background nvidia-smi probe), bytes.', [
    'gpu',
  ]);

  return {
    request: (route, adapter, outcome) => requests.add(1, route, adapter, outcome),
    upstreamResponse: (route, status, seconds) => {
      upstreamResponses.add(1, route, status);
      upstreamSeconds.observe(seconds, route);
    },
    upstreamError: (route, reason) => upstreamErrors.inc({ route, reason }),
    requestBytes: (route, bytes) => {
      if (bytes > 0) requestBytes.add(bytes, route);
    },
    responseBytes: (route, bytes) => {
      if (bytes > 0) responseBytes.add(bytes, route);
    },
    redaction: (route, family, mode, count = 1) => redactions.inc({ route, family, mode }, count),
    veto: (route, invariant, mode) => vetoes.inc({ route, invariant, mode }),
    proposedToolCall: (route, verdict, labels) =>
      proposals.inc({
        route,
        verdict,
        rule_id: labels?.ruleId ?? 'none',
        provider: labels?.provider ?? 'unknown',
        mode: labels?.mode ?? 'observe',
      }),
    added: (route, seconds) => addedSeconds.observe(seconds, route),
    inFlight: (delta) => {
      inFlight.value += delta;
    },
    tunnel: (outcome) => tunnels.inc({ outcome }),
    websocket: (route) => websockets.inc({ route }),
    gpuMemory: (index, bytes) => gpu.set({ gpu: String(index) }, bytes),
  };
}
