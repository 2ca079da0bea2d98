/**
 * The /api/v1 endpoints, /metrics and /.well-known/* on a node:http request: a route table and the
 * ordered request steps (route → method → authenticate → rate limit → media type → body → handle).
 * `handle` answers false for paths it does not own, so the server can hand them to the proxy.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { AgentGuardError } from '../errors.js';
import { createAccessLog } from '../telemetry/access-log.js';
import { requestIdFrom } from '../telemetry/request-id.js';
import { PASSPORT_PENDING } from './auth/index.js';
import { discardRest, isJsonContentType, parseJsonBody, readBody } from '../http/body.js';
import type { ApiDeps } from './deps.js';
import { gateHandler } from './handlers/gate.js';
import { sanitizeHandler } from './handlers/sanitize.js';
import { validateHandler } from './handlers/validate.js';
import { endThisTurn } from '../http/end-batch.js';
import { buildAgentManifest, buildMcpManifest, KEYS_PATH } from './manifests.js';
import { buildOpenApi } from './openapi.js';
import {
  CONTINUE,
  respond,
  runSteps,
  type ApiResponse,
  type RequestContext,
  type Route,
  type Step,
  type StepResult,
} from './pipeline.js';
import { PROBLEM_CONTENT_TYPE, problemFor } from '../http/problem.js';
import type { TakeResult } from './rate-limit.js';

export type { ApiDeps, DenyEvent } from './deps.js';

export interface Api {
  /** Whether `path` (no query) is the API's; decided synchronously, so other paths skip the API. */
  owns(path: string): boolean;
  /**
   * Answer a request for a path the API owns; a failing step becomes a problem response. Returns a
   * promise only when a step had to wait (a request body).
   */
  serve(req: IncomingMessage, res: ServerResponse, path: string): void | Promise<void>;
  /** Hand the access lines of the current turn to the logger now (they go at the turn's end anyway). */
  flushLog(): void;
  readonly routes: readonly Route[];
}

const JSON_TYPE = 'application/json';

function jsonDocument(value: unknown): () => ApiResponse {
  const raw = JSON.stringify(value);
  return () => ({
    status: 200,
    raw,
    contentType: JSON_TYPE,
    headers: { 'cache-control': 'public, max-age=300' },
  });
}

export function buildRoutes(deps: ApiDeps): Route[] {
  const routes: Route[] = [
    {
      path: '/api/v1/sanitize',
      endpoint: 'sanitize',
      methods: ['POST'],
      auth: true,
      json: true,
      handle: sanitizeHandler(deps),
    },
    {
      path: '/api/v1/validate',
      endpoint: 'validate',
      methods: ['POST'],
      auth: true,
      json: true,
      passport: true,
      handle: validateHandler(deps),
    },
    {
      path: '/api/v1/gate',
      endpoint: 'gate',
      methods: ['POST'],
      auth: true,
      json: true,
      handle: gateHandler(deps),
    },
    {
      path: '/api/v1/health',
      endpoint: 'health',
      methods: ['GET'],
      auth: false,
      json: false,
      handle: () => ({
        status: 200,
        body: {
          status: 'healthy',
          engine_version: deps.info.engineVersion,
          p50_latency_us: Math.round(deps.engine.stats().p50LatencyUs * 100) / 100,
          invariants_active: Object.values(deps.engine.policy.modes).reduce(
            (n, m) => (m === 'off' ? n - 1 : n),
            15,
          ),
        },
      }),
    },
    {
      path: '/metrics',
      endpoint: 'metrics',
      methods: ['GET'],
      auth: false,
      json: false,
      handle: async () => ({
        status: 200,
        raw: await deps.registry.metrics(),
        contentType: deps.registry.contentType,
      }),
    },
    {
      path: KEYS_PATH,
      endpoint: 'keys',
      methods: ['GET'],
      auth: false,
      json: false,
      handle: () => ({
        status: 200,
        raw: JSON.stringify(deps.jwks()),
        contentType: 'application/jwk-set+json',
      }),
    },
  ];
  const endpoints = routes
    .filter((r) => r.path.startsWith('/api/'))
    .map((r) => ({ method: r.methods[0] ?? 'GET', path: r.path, auth: r.auth, summary: r.endpoint }));
  endpoints.push({ method: 'GET', path: '/api/v1/openapi.json', auth: false, summary: 'openapi' });
  const manifestInput = {
    ...deps.info,
    authRequired: deps.auth.mode.kind === 'required',
    credentialFamilies: deps.credentialFamilies,
    keyIds: [deps.receipts.keyId],
    limits: { body_limit_bytes: deps.limits.bodyLimitBytes, max_json_depth: deps.limits.maxJsonDepth },
    endpoints,
  };
  const docs: Route[] = [
    {
      path: '/api/v1/openapi.json',
      endpoint: 'openapi',
      methods: ['GET'],
      auth: false,
      json: false,
      handle: jsonDocument(buildOpenApi(deps.info)),
    },
    {
      path: '/.well-known/agent-manifest.json',
      endpoint: 'agent-manifest',
      methods: ['GET'],
      auth: false,
      json: false,
      handle: jsonDocument(buildAgentManifest(manifestInput)),
    },
    {
      path: '/.well-known/mcp.json',
      endpoint: 'mcp-manifest',
      methods: ['GET'],
      auth: false,
      json: false,
      handle: jsonDocument(buildMcpManifest(manifestInput)),
    },
  ];
  return [...routes, ...docs];
}

/** The request steps, in order (STYLE 2). Each either continues or answers. */
export function buildSteps(deps: ApiDeps, routes: readonly Route[]): Step[] {
  const byPath = new Map(routes.map((r) => [r.path, r]));
  // GET routes answer HEAD too; worked out once, not per request.
  const allowedMethods = new Map<Route, readonly string[]>(
    routes.map((r) => [r, r.methods.includes('GET') ? [...r.methods, 'HEAD'] : r.methods]),
  );
  const bodyLimits = { maxBytes: deps.limits.bodyLimitBytes, maxDepth: deps.limits.maxJsonDepth };
  const rateLimited = (ctx: RequestContext, result: TakeResult): StepResult => {
    Object.assign(ctx.headers, deps.limiter.headers(result));
    if (result.allowed) return CONTINUE;
    deps.metrics.rateLimited.inc({ endpoint: ctx.route!.endpoint });
    throw new AgentGuardError('AG_ERR_API_RATE_LIMITED', { retryAfter: result.retryAfterS });
  };
  return [
    {
      name: 'route',
      run(ctx) {
        const route = byPath.get(ctx.path);
        if (!route) throw new AgentGuardError('AG_ERR_API_NOT_FOUND', { path: ctx.path });
        ctx.route = route;
        return CONTINUE;
      },
    },
    {
      name: 'method',
      run(ctx) {
        const route = ctx.route!;
        const method = ctx.req.method ?? 'GET';
        const allowed = allowedMethods.get(route) ?? route.methods;
        if (allowed.includes(method)) return CONTINUE;
        throw new AgentGuardError('AG_ERR_API_METHOD_NOT_ALLOWED', {
          method: method.slice(0, 16),
          path: ctx.path,
          allow: allowed.join(', '),
        });
      },
    },
    {
      name: 'authenticate',
      run(ctx) {
        if (!ctx.route!.auth) return CONTINUE;
        const identity = deps.auth.authenticate(
          ctx.req.headers,
          ctx.route!.passport === true,
          ctx.req.socket.remoteAddress,
        );
        if (!(identity instanceof Promise)) {
          ctx.identity = identity;
          return CONTINUE;
        }
        return identity.then((who) => {
          ctx.identity = who;
          return CONTINUE;
        });
      },
    },
    {
      name: 'rate-limit',
      run(ctx) {
        const identity = ctx.identity;
        // Anonymous callers exist only when auth is off (a loopback sidecar serving its own pod);
        // passport requests are counted per passport by the passport check.
        if (
          !identity ||
          identity.scheme === 'anonymous' ||
          identity === PASSPORT_PENDING ||
          !deps.limiter.enabled
        )
          return CONTINUE;
        const result = deps.limiter.take(identity.id);
        // A promise only when replicas share buckets through Redis (issue 28).
        return result instanceof Promise ? result.then((r) => rateLimited(ctx, r)) : rateLimited(ctx, result);
      },
    },
    {
      name: 'media-type',
      run(ctx) {
        if (!ctx.route!.json) return CONTINUE;
        if (!isJsonContentType(ctx.req.headers['content-type']))
          throw new AgentGuardError('AG_ERR_API_UNSUPPORTED_MEDIA_TYPE');
        return CONTINUE;
      },
    },
    {
      name: 'body',
      // A plain function returning the read's promise: an async function here cost a second promise
      // and a resumption per request.
      run(ctx) {
        if (!ctx.route!.json) return CONTINUE;
        return readBody(ctx.req, deps.limits.bodyLimitBytes).then((bytes) => {
          ctx.body = parseJsonBody(bytes, bodyLimits);
          return CONTINUE;
        });
      },
    },
    {
      name: 'handle',
      run(ctx) {
        const answer = ctx.route!.handle(ctx);
        return answer instanceof Promise ? answer.then(respond) : respond(answer);
      },
    },
  ];
}

export function createApi(deps: ApiDeps): Api {
  const routes = buildRoutes(deps);
  const steps = buildSteps(deps, routes);
  // The per-request line carries only scalars (method and path, never headers), so it is formatted
  // directly (src/telemetry/access-log.ts); error lines go through pino with its redaction.
  const accessLog = createAccessLog(deps.logger);
  const owns = (path: string): boolean =>
    path === '/api/v1' ||
    path.startsWith('/api/v1/') ||
    path === '/metrics' ||
    path.startsWith('/.well-known/');

  function serve(req: IncomingMessage, res: ServerResponse, path: string): void | Promise<void> {
    const started = performance.now();
    // Every field the steps fill in exists from the start, so the object keeps one shape (V8
    // migrates an object's hidden class each time a property is added later).
    const ctx: RequestContext = {
      req,
      res,
      requestId: requestIdFrom(req.headers['x-request-id']),
      path,
      startedAt: started,
      route: undefined,
      identity: undefined,
      body: undefined,
      headers: {},
    };
    let pending: ApiResponse | Promise<ApiResponse>;
    try {
      pending = runSteps(steps, ctx);
    } catch (err) {
      return finish(ctx, undefined, err);
    }
    // Synchronous steps answer synchronously: no promise for routes without a body.
    if (!(pending instanceof Promise)) return finish(ctx, pending, undefined);
    return pending.then(
      (response) => finish(ctx, response, undefined),
      (err: unknown) => finish(ctx, undefined, err),
    );
  }

  function finish(ctx: RequestContext, answered: ApiResponse | undefined, failure: unknown): void {
    const { req, res, path } = ctx;
    let response: ApiResponse;
    if (answered) response = answered;
    else {
      const answer = problemFor(failure, { requestId: ctx.requestId, instance: path, headers: ctx.headers });
      response = {
        status: answer.status,
        body: answer.problem,
        contentType: PROBLEM_CONTENT_TYPE,
        headers: answer.headers,
      };
    }
    // A body refused before it was read whole is drained after the answer (up to 16 times the
    // limit, then the connection is cut), so the client reads the 413 rather than a reset.
    if (!answered && !req.complete && !discardRest(req, 16 * deps.limits.bodyLimitBytes))
      response = { ...response, headers: { ...response.headers, connection: 'close' } };
    write(req, res, ctx, response);
    const endpoint = ctx.route?.endpoint ?? 'unknown';
    const seconds = (performance.now() - ctx.startedAt) / 1000;
    const method = ctx.route ? (req.method ?? 'GET') : 'other';
    const status = response.status;
    deps.metrics.requests.add(1, endpoint, method, status);
    deps.metrics.requestDuration.observe(seconds, endpoint);
    const ms = Math.round(seconds * 1e6) / 1000;
    if (!answered && status >= 500) {
      const line = { reqId: ctx.requestId, req, status, endpoint, ms, err: failure };
      deps.logger.error(ctx.identity ? { ...line, identity: ctx.identity.id } : line, 'request failed');
    } else {
      accessLog({
        reqId: ctx.requestId,
        method: req.method ?? 'GET',
        path,
        status,
        endpoint,
        ms,
        identity: ctx.identity?.id,
      });
    }
  }

  return { serve, owns, routes, flushLog: () => accessLog.flush() };
}

function write(req: IncomingMessage, res: ServerResponse, ctx: RequestContext, response: ApiResponse): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const payload = response.raw ?? (response.body === undefined ? '' : JSON.stringify(response.body));
  const headers: Record<string, string | number> = {
    'content-type': response.contentType ?? JSON_TYPE,
    'content-length': Buffer.byteLength(payload),
    'x-request-id': ctx.requestId,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  };
  // Most answers add nothing here; copying only when there is something skips two spreads.
  for (const extra of [ctx.headers, response.headers]) {
    if (extra !== undefined) for (const name in extra) headers[name] = extra[name]!;
  }
  res.writeHead(response.status, headers);
  endThisTurn(res, req.method === 'HEAD' ? undefined : payload);
}
