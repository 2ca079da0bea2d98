/**
 * The sidecar proxy (issue 7): `createProxy(deps)` returns the handlers the server's one listener
 * calls for everything that is not /api/v1, /metrics or /.well-known. See docs/proxy.md.
 *
 * Wiring (src/server.ts):
 *   const proxy = createProxy({ config, guard, scrubber, logger, registry, alerts, receipts });
 *   server.on('request', async (req, res) => { if (!(await proxy.handleRequest(req, res))) notFound(res); });
 *   server.on('upgrade', (req, socket, head) => proxy.handleUpgrade(req, socket, head));
 *   server.on('connect', (req, socket, head) => proxy.handleConnect(req, socket, head));
 *   on SIGTERM: server.close(); await proxy.close();   // drains streams up to server.shutdownGraceMs
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Duplex } from 'node:stream';
import { problemFor } from '../http/problem.js';
import { VERSION } from '../version.js';
import { AgentGuardError } from '../errors.js';
import { disabledGpuProbe, startGpuProbe, type GpuProbe } from '../telemetry/gpu.js';
import type { EvaluatedCall } from './adapters/index.js';
import { adapterFor } from './adapters/index.js';
import { handleConnectTunnel, systemLookup, type ConnectPolicy, type Lookup } from './connect.js';
import { createEvaluator, LatencyWindow } from './evaluate.js';
import { createGatewayCheck } from './gateway-auth.js';
import { hardwareView } from './hardware.js';
import { forwardRequestHeaders, hasRequestBody } from './headers.js';
import { healthBody, readyBody, type HealthSources } from './health.js';
import { createProxyMetrics, type ProxyMetrics } from './metrics.js';
import { createToolCallHandling } from './enforce/index.js';
import { relay, type RelayDone, type RelayHandler } from './relay.js';
import { buildRouteTable, hasAmbiguousPath, upstreamPath, type Route } from './routes.js';
import { runSteps } from '../http/steps.js';
import { NONE, requestSteps, type Exchange, type LocalAnswer, type StepEnv } from './steps.js';
import { createUpstreamDispatcher } from './upstream/dispatcher.js';
import { vetoEnvelope } from './veto.js';
import { createWebsocketRelay, rejectUpgrade } from './websocket.js';
import type { ProxyDeps, ProxyMode } from './types.js';

export type * from './types.js';
export type { Route, RouteTable } from './routes.js';
export { buildRouteTable } from './routes.js';

export interface Proxy {
  /**
   * Take a request. `true`: answered synchronously (health, readiness); `false`: the proxy is disabled
   * and the caller answers; a promise (resolving true, rejecting on an unexpected failure): the
   * request is being proxied and counts in `inFlight()` until its response closes, so `close()`
   * drains it and the caller need not track it. No promise for the synchronous answers.
   */
  handleRequest(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean>;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  handleConnect(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Stop taking requests (503), wait for in-flight requests and streams up to the grace, then cut the rest. */
  close(options?: { graceMs?: number }): Promise<void>;
  /** Requests and streams in flight (for the server's drain log). */
  inFlight(): number;
  readonly gpu: GpuProbe;
  readonly metrics: ProxyMetrics;
}

export interface ProxyTestHooks {
  /** DNS for CONNECT checks (tests resolve names without a network). */
  readonly lookup?: Lookup;
  readonly gpu?: GpuProbe;
}

function sendResult(res: ServerResponse, result: LocalAnswer): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(result.status, {
    ...result.headers,
    'content-length': String(Buffer.byteLength(result.body)),
  });
  res.end(result.body);
}

function sendJson(res: ServerResponse, status: number, body: unknown, head = false): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(head ? undefined : text);
}

export function createProxy(deps: ProxyDeps, hooks: ProxyTestHooks = {}): Proxy {
  const { config, logger } = deps;
  const pc = config.proxy;
  const routes = buildRouteTable(pc);
  const metrics = createProxyMetrics(deps.registry);
  const upstream = createUpstreamDispatcher(pc);
  const window = new LatencyWindow();
  const evaluator = createEvaluator(deps.guard, window);
  const gpu =
    hooks.gpu ??
    (pc.health.gpuProbe
      ? startGpuProbe({
          intervalMs: pc.health.gpuProbeIntervalMs,
          onReading: (s) => s.gpus.forEach((g) => metrics.gpuMemory(g.index, g.usedMb * 1024 * 1024)),
        })
      : disabledGpuProbe());
  const version = deps.version ?? VERSION;
  const engineVersion = deps.engineVersion ?? version;
  let draining = false;

  const open = new Set<ServerResponse>();
  const sockets = new Set<Duplex>();
  let idle: (() => void) | null = null;
  const track = (socket: Duplex): void => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };

  const envelope = (call: EvaluatedCall, mode: ProxyMode): Record<string, unknown> =>
    vetoEnvelope(call, {
      receipts: deps.receipts,
      engineVersion,
      policyDigest: deps.guard.policy?.digest,
      hardware: pc.hardwareView.enabled ? hardwareView(mode, pc.hardwareView.memoryBudgetGb, gpu) : null,
    });

  const gateway = createGatewayCheck({
    host: config.server.host,
    mode: config.server.mode,
    apiKeys: config.auth.apiKeys,
  });
  const env: StepEnv = {
    config: pc,
    routes,
    scrubber: deps.scrubber,
    evaluator,
    logger,
    isDraining: () => draining,
    gateway,
    envelope,
  };
  const steps = requestSteps(env);

  const health: HealthSources = {
    serverMode: config.server.mode,
    proxyMode: pc.mode,
    version,
    engineVersion,
    latencyMedianUs: deps.latencyMedianUs ?? (() => window.median()),
    gpu,
    isDraining: () => draining,
    ready: deps.ready ?? (() => true),
  };

  const inspectedOrigins = new Set(
    routes.routes.filter((r) => r.adapter !== 'passthrough').map((r) => `${r.host}:${r.port}`),
  );
  const connectPolicy: ConnectPolicy | null = pc.forwardProxy.enabled
    ? { config: pc.forwardProxy, inspectedOrigins, lookup: hooks.lookup ?? systemLookup }
    : null;

  const report = (route: Route, ex: Exchange): void => {
    if (ex.redactions.length > 0) {
      const counts = new Map<string, number>();
      for (const f of ex.redactions) counts.set(f, (counts.get(f) ?? 0) + 1);
      for (const [family, n] of counts) metrics.redaction(route.name, family, ex.mode, n);
      logger.info(
        { route: route.name, mode: ex.mode, redactions: ex.redactions.length, families: [...counts.keys()] },
        ex.mode === 'enforce'
          ? 'proxy scrubbed secrets from a prompt'
          : 'proxy found secrets in a prompt (audit: forwarded)',
      );
    }
    for (let i = 0; i < ex.vetoes.length; i++) {
      const call = ex.vetoes[i]!;
      const first = call.decision.findings[0];
      metrics.veto(route.name, first?.invariant ?? 'UNKNOWN', ex.mode);
      logger.warn(
        {
          route: route.name,
          mode: ex.mode,
          rule_id: first?.ruleId,
          invariant: first?.invariant,
          threat_type: call.decision.threatType,
        },
        ex.mode === 'enforce'
          ? 'proxy vetoed a tool payload'
          : 'proxy found a denied tool payload (audit: forwarded)',
      );
      deps.alerts?.notify({
        decision: call.decision,
        command: call.offending,
        runtime: call.runtime,
        latencyUs: call.latencyUs,
        frame: { kind: route.adapter === 'mcp' ? 'mcp' : 'proxy', detail: route.name },
        headline: ex.mode === 'enforce' ? 'BLOCKED' : 'DENY',
      });
    }
  };

  const finished = (res: ServerResponse): void => {
    open.delete(res);
    metrics.inFlight(-1);
    if (open.size === 0 && idle) idle();
  };

  // The model's proposed tool calls in responses: enforce, observe or off (issue 25, enforce/).
  const toolCalls = createToolCallHandling({
    config: pc,
    evaluator,
    metrics,
    logger,
    alerts: deps.alerts,
    envelope,
  });

  const relayed: RelayDone = (route, outcome, vetoed) => {
    metrics.request(
      route.name,
      route.adapter,
      outcome.ok ? (vetoed ? 'vetoed' : 'forwarded') : outcome.clientAborted ? 'client_aborted' : 'failed',
    );
    if (!outcome.ok && !outcome.clientAborted)
      logger.warn(
        { route: route.name, code: outcome.error.code, status: outcome.error.status },
        'proxy upstream failure',
      );
  };

  const handleRequest = (req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> => {
    const url = req.url ?? '/';
    if (url === '/health' || url === '/ready' || url.startsWith('/health?') || url.startsWith('/ready?')) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        const answer = problemFor(
          new AgentGuardError('AG_ERR_API_METHOD_NOT_ALLOWED', {
            method: req.method ?? '',
            path: url.split('?')[0]!,
            allow: 'GET, HEAD',
          }),
        );
        res.writeHead(answer.status, { 'content-type': 'application/problem+json', ...answer.headers });
        res.end(JSON.stringify(answer.problem));
        return true;
      }
      if (url.startsWith('/health')) sendJson(res, 200, healthBody(health), req.method === 'HEAD');
      else {
        const ready = readyBody(health);
        sendJson(res, ready.status, ready.body, req.method === 'HEAD');
      }
      return true;
    }
    if (!pc.enabled) return false;
    return proxied(req, res);
  };

  const proxied = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    open.add(res);
    metrics.inFlight(1);
    // One listener per request: the drain bookkeeping, then the upstream exchange (if any) is stopped.
    let relaying: RelayHandler | null = null;
    res.once('close', () => {
      finished(res);
      relaying?.clientClosed();
    });
    const ex: Exchange = {
      req,
      res,
      started: performance.now(),
      route: null,
      adapter: null,
      mode: pc.mode,
      upstreamPath: '/',
      body: null,
      bodyKind: null,
      json: undefined,
      replacement: null,
      redactions: NONE,
      vetoes: NONE,
    };
    const pending = runSteps(steps, ex);
    const answer = pending instanceof Promise ? await pending : pending;
    if (answer !== undefined) {
      if (ex.route) {
        report(ex.route, ex);
        metrics.request(ex.route.name, ex.route.adapter, answer.outcome);
      } else {
        metrics.request('none', 'none', answer.outcome);
      }
      sendResult(res, answer);
      return true;
    }
    const route = ex.route!;
    report(route, ex);
    const inspected = ex.body !== null;
    const body = inspected ? (ex.replacement ?? ex.body) : hasRequestBody(req) ? req : null;
    const toolMode = toolCalls.modeFor(route, ex.mode);
    const proposals = toolMode === 'off' ? undefined : adapterFor(route.adapter)?.proposals;
    const enforcing = proposals !== undefined && toolMode === 'enforce';
    const forwarded = forwardRequestHeaders(req, { bodyReplaced: inspected, xForwarded: pc.xForwarded });
    const headers = enforcing ? toolCalls.requestIdentity(forwarded) : forwarded;
    metrics.added(route.name, (performance.now() - ex.started) / 1000);
    metrics.requestBytes(
      route.name,
      Buffer.isBuffer(body) ? body.length : Number(req.headers['content-length'] ?? 0),
    );
    relaying = relay(
      upstream,
      {
        route,
        method: req.method ?? 'GET',
        path: ex.upstreamPath,
        headers,
        body,
        res,
        tap: proposals && !enforcing ? toolCalls.tap(route, proposals) : undefined,
        rewrite: enforcing ? toolCalls.rewrite(route, proposals) : undefined,
      },
      metrics,
      relayed,
      ex.vetoes.length > 0,
    );
    return true;
  };

  const ws = createWebsocketRelay({
    xForwarded: pc.xForwarded,
    onError: (err) => logger.warn({ err }, 'websocket relay failed'),
  });

  const handleUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => socket.destroy());
    if (draining)
      return rejectUpgrade(socket, 503, 'Service Unavailable', 'the sidecar is draining for shutdown');
    if (gateway(req) !== null)
      return rejectUpgrade(socket, 401, 'Unauthorized', 'a proxy credential is required on this listener');
    const target = req.url ?? '/';
    if (!pc.enabled || !target.startsWith('/')) {
      return rejectUpgrade(socket, 403, 'Forbidden', 'websocket upgrades go to configured routes only');
    }
    const q = target.indexOf('?');
    const pathname = q === -1 ? target : target.slice(0, q);
    const route = hasAmbiguousPath(pathname) ? null : routes.match(pathname);
    if (!route) return rejectUpgrade(socket, 404, 'Not Found', 'no route for this websocket');
    if (route.adapter !== 'passthrough') {
      return rejectUpgrade(
        socket,
        403,
        'Forbidden',
        `websockets are not relayed on ${route.adapter} routes (frames would bypass inspection)`,
      );
    }
    metrics.websocket(route.name);
    track(socket);
    ws.relay(req, socket, head, route, upstreamPath(route, pathname, q === -1 ? '' : target.slice(q)));
  };

  const handleConnect = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const target = req.url ?? '';
    const refused = gateway(req);
    if (refused !== null) {
      metrics.tunnel('refused');
      socket.on('error', () => socket.destroy());
      const body = JSON.stringify(problemFor(refused).problem);
      socket.end(
        `HTTP/1.1 407 Proxy Authentication Required\r\nproxy-authenticate: Bearer realm="agent-guard"\r\ncontent-type: application/problem+json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
      return;
    }
    void handleConnectTunnel(
      target,
      socket,
      head,
      draining ? null : connectPolicy,
      {
        onOutcome: (outcome, detail) => {
          metrics.tunnel(outcome);
          if (outcome !== 'opened')
            logger.warn({ target: detail.target.slice(0, 300), reason: detail.reason }, 'CONNECT refused');
        },
        track,
      },
      pc.connectTimeoutMs,
    ).catch((err: unknown) => {
      logger.error({ err }, 'CONNECT handling failed');
      socket.destroy();
    });
  };

  const close = async (options: { graceMs?: number } = {}): Promise<void> => {
    draining = true;
    const grace = options.graceMs ?? config.server.shutdownGraceMs;
    if (open.size > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, grace);
        timer.unref();
        idle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    idle = null;
    for (const res of open) res.destroy();
    for (const socket of sockets) socket.destroy();
    gpu.stop();
    ws.close();
    await upstream.close().catch(() => undefined);
  };

  return { handleRequest, handleUpgrade, handleConnect, close, inFlight: () => open.size, gpu, metrics };
}
