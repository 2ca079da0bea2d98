/**
 * The proxy's Prometheus metrics (names in src/telemetry/metric-names.ts), registered once per
 * registry. The label `route` is the route prefix (bounded by the configuration), never a path.
 */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { METRIC } from '../telemetry/metric-names.js';

export type RequestOutcome = 'forwarded' | 'vetoed' | 'refused' | 'failed';

export interface ProxyMetrics {
  request(route: string, adapter: string, outcome: RequestOutcome): void;
  upstreamResponse(route: string, status: number, seconds: number): void;
  upstreamError(route: string, reason: string): void;
  requestBytes(route: string, bytes: number): void;
  responseBytes(route: string, bytes: number): void;
  redaction(route: string, family: string, mode: string, count?: number): void;
  veto(route: string, invariant: string, mode: string): void;
  proposedToolCall(route: string, verdict: 'allow' | 'deny'): void;
  added(route: string, seconds: number): void;
  inFlight(delta: 1 | -1): void;
  tunnel(outcome: 'opened' | 'refused' | 'failed'): void;
  websocket(route: string): void;
  gpuMemory(index: number, bytes: number): void;
}

function existing<T>(registry: Registry, name: string): T | undefined {
  return registry.getSingleMetric(name) as T | undefined;
}

interface Series {
  readonly labels: Record<string, string>;
  value: number;
}

/**
 * A hot-path counter's series kept as plain numbers and handed to prom-client only when the registry
 * is read (the counter's `collect` hook): prom-client hashes and validates the labels on every `inc`,
 * which was about a tenth of a passthrough request's instructions under callgrind. One tally per
 * counter, shared by every proxy built on the same registry.
 */
class Tally {
  readonly #series = new Map<string, Series>();

  add(key: string, labels: () => Record<string, string>, value: number): void {
    const series = this.#series.get(key);
    if (series) series.value += value;
    else this.#series.set(key, { labels: labels(), value });
  }

  publish(counter: Counter): void {
    counter.reset();
    for (const series of this.#series.values()) counter.inc(series.labels, series.value);
  }
}

const TALLIES = new WeakMap<Counter, Tally>();

export function createProxyMetrics(registry: Registry): ProxyMetrics {
  const counter = (name: string, help: string, labelNames: string[]): Counter =>
    existing<Counter>(registry, name) ?? new Counter({ name, help, labelNames, registers: [registry] });
  /** A counter only ever increased through its tally (see Tally). */
  const tallied = (name: string, help: string, labelNames: string[]): Tally => {
    const found = existing<Counter>(registry, name);
    const tallyOf = (c: Counter): Tally => {
      let tally = TALLIES.get(c);
      if (!tally) {
        tally = new Tally();
        TALLIES.set(c, tally);
      }
      return tally;
    };
    if (found) return tallyOf(found);
    const created: Counter = new Counter({
      name,
      help,
      labelNames,
      registers: [registry],
      collect() {
        tallyOf(created).publish(created);
      },
    });
    return tallyOf(created);
  };
  const histogram = (name: string, help: string, labelNames: string[], buckets: number[]): Histogram =>
    existing<Histogram>(registry, name) ??
    new Histogram({ name, help, labelNames, buckets, registers: [registry] });
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
  ]);
  const upstreamSeconds = histogram(
    METRIC.proxyUpstreamDurationSeconds,
    'Time from dispatch to upstream response headers, seconds.',
    ['route'],
    [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
  );
  const addedSeconds = histogram(
    METRIC.proxyAddedDurationSeconds,
    'Time the proxy spends before dispatching upstream, seconds.',
    ['route'],
    [0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5],
  );
  const inFlight = gauge(
    METRIC.proxyInFlightRequests,
    'Requests and streams in flight through the proxy.',
    [],
  );
  const tunnels = counter(METRIC.proxyConnectTunnelsTotal, 'CONNECT tunnels in forward-proxy mode.', [
    'outcome',
  ]);
  const websockets = counter(METRIC.proxyWebsocketUpgradesTotal, 'Websocket upgrades relayed.', ['route']);
  const gpu = gauge(METRIC.gpuMemoryUsedBytes, 'GPU memory in use (background nvidia-smi probe), bytes.', [
    'gpu',
  ]);

  // Hot-path series are looked up once per label set: prom-client hashes labels on every call otherwise.
  const children = new Map<string, object>();
  const child = <T extends object>(key: string, make: () => T): T => {
    let found = children.get(key) as T | undefined;
    if (!found) {
      found = make();
      children.set(key, found);
    }
    return found;
  };

  return {
    request: (route, adapter, outcome) =>
      requests.add(`${route}\0${adapter}\0${outcome}`, () => ({ route, adapter, outcome }), 1),
    upstreamResponse: (route, status, seconds) => {
      upstreamResponses.add(`${route}\0${status}`, () => ({ route, status: String(status) }), 1);
      child(`u\0${route}`, () => upstreamSeconds.labels({ route })).observe(seconds);
    },
    upstreamError: (route, reason) => upstreamErrors.inc({ route, reason }),
    requestBytes: (route, bytes) => {
      if (bytes > 0) requestBytes.add(route, () => ({ route }), bytes);
    },
    responseBytes: (route, bytes) => {
      if (bytes > 0) responseBytes.add(route, () => ({ route }), bytes);
    },
    redaction: (route, family, mode, count = 1) => redactions.inc({ route, family, mode }, count),
    veto: (route, invariant, mode) => vetoes.inc({ route, invariant, mode }),
    proposedToolCall: (route, verdict) => proposals.inc({ route, verdict }),
    added: (route, seconds) => child(`a\0${route}`, () => addedSeconds.labels({ route })).observe(seconds),
    inFlight: (delta) => inFlight.inc(delta),
    tunnel: (outcome) => tunnels.inc({ outcome }),
    websocket: (route) => websockets.inc({ route }),
    gpuMemory: (index, bytes) => gpu.set({ gpu: String(index) }, bytes),
  };
}
