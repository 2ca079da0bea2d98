/**
 * The proxy's Prometheus metrics (names in src/telemetry/metric-names.ts), registered once per
 * registry. The label `route` is the route prefix (bounded by the configuration), never a path.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import { METRIC } from '../telemetry/metric-names.js';
import { talliedHistogram } from '../telemetry/tallied-histogram.js';

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

type Key = string | number;

interface Series {
  readonly labels: Record<string, string>;
  value: number;
}

/**
 * A hot-path counter's series kept as plain numbers and handed to prom-client only when the registry
 * is read (the counter's `collect` hook): prom-client hashes and validates the labels on every `inc`,
 * which was about a tenth of a passthrough request's instructions under callgrind. Series are found
 * through one Map per label, keyed by the label values themselves (route names and adapters are the
 * same string objects on every request, their hashes cached), so no key string is built per request.
 * One tally per counter, shared by every proxy built on the same registry.
 */
class Tally {
  readonly #names: readonly string[];
  readonly #root = new Map<Key, unknown>();
  readonly #all: Series[] = [];

  constructor(names: readonly string[]) {
    this.#names = names;
  }

  /** Add `value` to the series with these label values (in the counter's label order). */
  add(value: number, a: Key, b: Key = '', c: Key = ''): void {
    const depth = this.#names.length;
    let level = this.#root;
    let node = level.get(a);
    if (depth > 1) {
      if (node === undefined) level.set(a, (node = new Map<Key, unknown>()));
      level = node as Map<Key, unknown>;
      node = level.get(b);
      if (depth > 2) {
        if (node === undefined) level.set(b, (node = new Map<Key, unknown>()));
        level = node as Map<Key, unknown>;
        node = level.get(c);
      }
    }
    if (node !== undefined) {
      (node as Series).value += value;
      return;
    }
    const keys = [a, b, c];
    const labels: Record<string, string> = {};
    this.#names.forEach((name, i) => (labels[name] = String(keys[i])));
    const series: Series = { labels, value };
    this.#all.push(series);
    level.set(depth === 1 ? a : depth === 2 ? b : c, series);
  }

  publish(counter: Counter): void {
    counter.reset();
    for (const series of this.#all) counter.inc(series.labels, series.value);
  }
}

const TALLIES = new WeakMap<Counter, Tally>();

/** The in-flight gauge's value, kept as a number and set on the gauge when it is read. */
const LEVELS = new WeakMap<Gauge, { value: number }>();

export function createProxyMetrics(registry: Registry): ProxyMetrics {
  const counter = (name: string, help: string, labelNames: string[]): Counter =>
    existing<Counter>(registry, name) ?? new Counter({ name, help, labelNames, registers: [registry] });
  /** A counter only ever increased through its tally (see Tally). */
  const tallied = (name: string, help: string, labelNames: string[]): Tally => {
    const found = existing<Counter>(registry, name);
    const tallyOf = (c: Counter): Tally => {
      let tally = TALLIES.get(c);
      if (!tally) {
        tally = new Tally(labelNames);
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
  // Tallied (src/telemetry/tallied-histogram.ts): prom-client's observe hashes the labels per call.
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

  // One label-object factory per route, made once (the tallies call it for a new series only).
  const routeLabels = new Map<string, () => Record<string, string>>();
  const labelsOf = (route: string): (() => Record<string, string>) => {
    let make = routeLabels.get(route);
    if (!make) {
      make = () => ({ route });
      routeLabels.set(route, make);
    }
    return make;
  };

  return {
    request: (route, adapter, outcome) => requests.add(1, route, adapter, outcome),
    upstreamResponse: (route, status, seconds) => {
      upstreamResponses.add(1, route, status);
      upstreamSeconds.observe(route, labelsOf(route), seconds);
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
    proposedToolCall: (route, verdict) => proposals.inc({ route, verdict }),
    added: (route, seconds) => addedSeconds.observe(route, labelsOf(route), seconds),
    inFlight: (delta) => {
      inFlight.value += delta;
    },
    tunnel: (outcome) => tunnels.inc({ outcome }),
    websocket: (route) => websockets.inc({ route }),
    gpuMemory: (index, bytes) => gpu.set({ gpu: String(index) }, bytes),
  };
}
