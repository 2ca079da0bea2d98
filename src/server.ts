/**
 * The composition root: configuration → logger → engine → scrubber → receipt signer → alerts →
 * API + sidecar proxy → one node:http listener. /api/v1/*, /metrics and /.well-known/* are served by
 * the API; everything else (and every upgrade and CONNECT) goes to the proxy. `close()` stops
 * accepting, drains in-flight requests for server.shutdownGraceMs, flushes alerts, then returns.
 */
import { VERSION } from './version.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { DestinationStream } from 'pino';
import { createApi, type ApiDeps, type DenyEvent } from './api/index.js';
import { createAuthenticator } from './api/auth/index.js';
import { PasskeyRegistry } from './passkeys/passkey-file.js';
import { PassportVerifier } from './api/passports/verify.js';
import { PROBLEM_CONTENT_TYPE, problemFor } from './http/problem.js';
import { RateLimiter } from './api/rate-limit.js';
import { isWebsocketUpgrade, serveWithoutUpgrade } from './api/upgrade.js';
import { ReceiptService } from './api/receipts.js';
import { createAlertDispatcher } from './alerts/index.js';
import type { Config } from './config/schema.js';
import { AgentGuardError } from './errors.js';
import { createEngine } from './engine/engine.js';
import { watchPolicyFile } from './policy/watch.js';
import { createProxy, type Proxy } from './proxy/index.js';
import { buildJwks, loadSigningKey, loadVerificationKeys } from './receipts/index.js';
import { createScrubber, FAMILY_IDS } from './scrub/index.js';
import { createSharedState } from './store/index.js';
import { redisMetrics } from './telemetry/redis-metrics.js';
import { apiMetrics } from './telemetry/api-metrics.js';
import { analysisWorkerMetrics } from './telemetry/analysis-metrics.js';
import { createAnalysisWorker } from './engine-worker/host.js';
import { createLogger, pathOnly, type Logger } from './telemetry/logger.js';
import { createRegistry } from './telemetry/registry.js';

export interface StartOptions {
  /** Where log lines go (default stdout); tests pass a stream. */
  readonly logDestination?: DestinationStream;
  /** Resolves relative paths in the configuration. Default process.cwd(). */
  readonly cwd?: string;
  /** Serve the sidecar proxy on the same listener. Default true. */
  readonly proxy?: boolean;
  /** Deepest JSON nesting accepted in API bodies. Default 32. */
  readonly maxJsonDepth?: number;
}

export interface RunningServer {
  /** `http://host:port` actually bound (port 0 resolved). */
  readonly url: string;
  readonly port: number;
  readonly keyId: string;
  readonly server: Server;
  readonly logger: Logger;
  /** Stop accepting, drain for server.shutdownGraceMs, flush alerts. Safe to call twice. */
  close(): Promise<void>;
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

export async function startServer(
  config: Readonly<Config>,
  options: StartOptions = {},
): Promise<RunningServer> {
  const cwd = options.cwd ?? process.cwd();
  const logger = createLogger({
    level: config.server.logLevel,
    ...(options.logDestination ? { destination: options.logDestination } : {}),
  });
  const warnings: string[] = [];
  const registry = createRegistry();
  const metrics = apiMetrics(registry);
  const version = VERSION;

  // Analyses too large for the event loop's slice run on a worker thread (issue 24).
  const workerMetrics = analysisWorkerMetrics(registry);
  const analysisWorker = createAnalysisWorker({
    onJob: workerMetrics.onJob,
    onEvent: (event) => {
      workerMetrics.onEvent(event);
      if (event !== 'started')
        logger.warn({ event }, 'analysis worker lost; its jobs were denied (fail closed)');
    },
  });
  const engine = await createEngine({
    config: config.engine,
    defaults: { cwd },
    offload: analysisWorker,
    onOverBudget: (digest, latencyUs) =>
      logger.debug({ digest, latencyUs }, 'evaluation over the latency budget'),
  });
  // AGENT_GUARD_POLICY_FILE is re-read on change; a broken edit keeps the last good policy.
  const policyWatch = watchPolicyFile({ engine, registry, logger });
  const guard = {
    // A getter: the policy (and its digest in receipts) follows reloads of the policy file.
    get policy() {
      return engine.policy;
    },
    validate: (input: { command: string; runtime?: string }) =>
      engine.evaluateBounded({ text: input.command, runtime: input.runtime ?? 'bash' }),
    validateToolCall: (call: { name: string; arguments: unknown }) => engine.validateToolCallBounded(call),
  };
  const scrubber = createScrubber({
    strict: config.scrub.strict,
    ...(config.scrub.salt ? { salt: config.scrub.salt } : {}),
    maxPayloadBytes: config.scrub.maxPayloadBytes,
  });
  // The scrubber builds its keyword automata and compiles its patterns on first use (100 ms and
  // more): pay that at start, not in the first prompt or /sanitize request.
  for (const strict of [true, false]) scrubber.scrub('agent-guard start-up: token=x', { strict });

  const signing = loadSigningKey({
    signingKeyFile: config.receipts.signingKeyFile,
    signingKey: config.receipts.signingKey,
  });
  if (signing.ephemeral) {
    warnings.push(
      `no signing key configured (AGENT_GUARD_SIGNING_KEY_FILE): receipts are signed with an ephemeral key ${signing.signer.keyId} and will not verify after a restart`,
    );
  }
  const publicKeys = [signing.signer.publicKey];
  if (config.receipts.verificationKeysFile) {
    const ring = loadVerificationKeys(config.receipts.verificationKeysFile);
    for (const id of ring.keyIds) {
      const pk = ring.publicKey(id);
      if (pk) publicKeys.push(pk);
    }
  }
  const jwks = buildJwks(publicKeys);
  const receipts = new ReceiptService(signing.signer, {
    sign: config.receipts.sign,
    ephemeral: signing.ephemeral,
  });

  const alerts = createAlertDispatcher(config.alerts, { registry, logger, cwd });
  const onDeny = (event: DenyEvent): void => {
    alerts.enqueue({
      decision: event.decision,
      command: event.command,
      runtime: event.runtime,
      agentId: event.agentId,
      latencyUs: event.latencyUs,
      receipt: event.signature,
      frame: { kind: event.frame, detail: `/api/v1/${event.frame}` },
    });
  };

  const auth = createAuthenticator(config.auth, { host: config.server.host, metrics, cwd });
  if (auth.mode.warning) warnings.push(auth.mode.warning);
  // Gateway replicas share passport nonces and rate-limit buckets through Redis (issue 28).
  const shared = await createSharedState(config.redis, { registry, logger });
  if (shared && !(await shared.waitReady(config.redis.connectTimeoutMs))) {
    warnings.push(
      'redis (AGENT_GUARD_REDIS_URL) not reachable at start: passport checks fail closed and rate limits are per replica until it is',
    );
  }
  const fallbacks = shared ? redisMetrics(registry).localFallback : undefined;
  const limiter = new RateLimiter(config.auth.rateLimit, {
    ...(shared ? { shared, onLocalFallback: () => fallbacks?.inc() } : {}),
  });
  const passports = new PassportVerifier({
    registry: new PasskeyRegistry(config.auth.passkeyFile),
    limiter,
    maxAgeS: config.auth.passportMaxAgeS,
    nonceCacheEntries: config.auth.nonceCacheEntries,
    ...(shared ? { shared } : {}),
  });

  const engineVersion = version;
  const deps: ApiDeps = {
    engine,
    scrubber,
    credentialFamilies: FAMILY_IDS,
    receipts,
    jwks: () => jwks,
    auth,
    limiter,
    passports,
    metrics,
    registry,
    logger,
    info: { name: 'agent-guard', version, engineVersion },
    limits: { bodyLimitBytes: config.server.bodyLimitBytes, maxJsonDepth: options.maxJsonDepth ?? 32 },
    onDeny,
  };
  const api = createApi(deps);

  const proxy: Proxy | null =
    options.proxy === false
      ? null
      : createProxy({
          config,
          guard,
          scrubber: { scrub: (text) => scrubber.scrub(text) },
          logger,
          registry,
          alerts: { notify: (alert) => void alerts.enqueue(alert) },
          receipts,
          version,
          engineVersion,
          latencyMedianUs: () => engine.stats().p50LatencyUs,
        });

  // Requests the server answers (API, not found, health): counted here for the drain. Proxied requests
  // are counted by the proxy itself (`proxy.inFlight()`, drained by `proxy.close()`), so they carry no
  // second close listener.
  let inFlight = 0;
  let drained: (() => void) | null = null;
  const finished = (): void => {
    inFlight--;
    if (inFlight === 0) drained?.();
  };
  const track = (res: ServerResponse): void => {
    inFlight++;
    // `on`, not `once`: a response closes once, and `once` wraps the listener anew per request.
    res.on('close', finished);
  };
  const notFound = (req: IncomingMessage, res: ServerResponse): void => {
    const path = pathOnly(req.url);
    const answer = problemFor(new AgentGuardError('AG_ERR_API_NOT_FOUND', { path }), { instance: path });
    const body = JSON.stringify(answer.problem);
    res.writeHead(404, { 'content-type': PROBLEM_CONTENT_TYPE, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };

  const unhandled = (req: IncomingMessage, res: ServerResponse, err: unknown): void => {
    logger.error({ err, req }, 'unhandled request failure');
    if (!res.headersSent) {
      const answer = problemFor(err, { instance: pathOnly(req.url) });
      res.writeHead(answer.status, { 'content-type': PROBLEM_CONTENT_TYPE });
      res.end(JSON.stringify(answer.problem));
    } else res.destroy();
  };
  const server = createServer((req, res) => {
    // The API's paths are told apart synchronously: API requests skip the proxy and proxied ones the
    // API; a proxied request costs one promise (the proxy's), health answers none.
    const path = pathOnly(req.url);
    if (api.owns(path)) {
      track(res);
      try {
        const answered = api.serve(req, res, path);
        if (answered) answered.catch((err: unknown) => unhandled(req, res, err));
      } catch (err) {
        unhandled(req, res, err);
      }
      return;
    }
    let counted = false;
    try {
      const handled = proxy ? proxy.handleRequest(req, res) : false;
      if (typeof handled !== 'boolean') {
        handled.catch((err: unknown) => unhandled(req, res, err));
        return;
      }
      // Answered here (not found) or synchronously by the proxy (health): its 'close' comes on a
      // later tick, so counting it now still drains it.
      counted = true;
      track(res);
      if (!handled) notFound(req, res);
    } catch (err) {
      if (!counted) track(res);
      unhandled(req, res, err);
    }
  });
  // Websocket upgrades on proxy routes go to the proxy; any other upgrade (h2c), and any upgrade
  // of the API's own paths and probes, is served as the plain request it also is (issue 24).
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = pathOnly(req.url);
    if (proxy && isWebsocketUpgrade(req) && !api.owns(path) && path !== '/health' && path !== '/ready')
      proxy.handleUpgrade(req, socket, head);
    else serveWithoutUpgrade(server, req, socket, head);
  });
  if (proxy) {
    server.on('connect', (req: IncomingMessage, socket, head: Buffer) =>
      proxy.handleConnect(req, socket, head),
    );
  } else {
    server.on('connect', (_req, socket) => socket.destroy());
  }

  await new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException): void =>
      reject(
        new AgentGuardError('AG_ERR_SERVER_LISTEN', {
          host: config.server.host,
          port: config.server.port,
          reason: err.code ?? err.message,
        }),
      );
    server.once('error', onError);
    server.listen(config.server.port, config.server.host, () => {
      server.off('error', onError);
      resolve();
    });
  }).catch(async (err: unknown) => {
    await shared?.close(); // an open Redis connection would keep the failed process alive
    await analysisWorker.close();
    throw err;
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${urlHost(config.server.host)}:${port}`;
  logger.info(
    {
      url,
      keyId: signing.signer.keyId,
      keySource: signing.source,
      mode: config.server.mode,
      auth: auth.mode.kind,
    },
    `agent-guard ${version} listening on ${url}, signing receipts with key ${signing.signer.keyId}`,
  );
  for (const warning of warnings) logger.warn(warning);
  logger.flush();
  // Log lines are buffered (src/telemetry/logger.ts): flush at least once a second when traffic is low.
  const flusher = setInterval(() => logger.flush(), 1000);
  flusher.unref();

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      const graceMs = config.server.shutdownGraceMs;
      logger.info(
        { inFlight: inFlight + (proxy?.inFlight() ?? 0), graceMs },
        'shutting down: no new connections, draining in-flight requests',
      );
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const apiDrained =
        inFlight === 0
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              drained = resolve;
            });
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), graceMs);
        timer.unref();
      });
      await Promise.all([
        proxy?.close({ graceMs }),
        Promise.race([apiDrained, grace]).then((outcome) => {
          if (outcome === 'timeout')
            logger.warn({ inFlight }, 'grace period over; closing remaining connections');
        }),
      ]);
      clearTimeout(timer);
      server.closeAllConnections();
      await stopped;
      await alerts.close();
      await shared?.close();
      await analysisWorker.close();
      policyWatch?.close();
      clearInterval(flusher);
      api.flushLog();
      logger.info('stopped');
      logger.flush();
    })();
    return closing;
  };

  return { url, port, keyId: signing.signer.keyId, server, logger, close };
}
