/**
 * The request path as an ordered table of small named steps (STYLE 2). Each step looks at the
 * exchange, may fill in more of it, and says `continue` or `respond`; the first `respond` ends the
 * request locally. After the last step the exchange is relayed upstream (relay.ts).
 *
 *   refuseWhileDraining → authorize → resolveRoute → readBody → parseJson → inspect
 *
 * The runner is the one the API uses (src/http/steps.ts).
 */
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { discardRest, shapeError } from '../http/body.js';
import { findJsonShapeProblem } from '../http/json-shape.js';
import { problemFor } from '../http/problem.js';
import {
  CONTINUE,
  respond,
  type Step as GenericStep,
  type StepResult as GenericStepResult,
} from '../http/steps.js';
import type { ProxyConfig } from '../config/sections/proxy.js';
import { AgentGuardError, isAgentGuardError } from '../errors.js';
import type { EvaluatedCall, InspectContext, RequestAdapter } from './adapters/index.js';
import { adapterFor } from './adapters/index.js';
import { bodyKindOf, type BodyKind } from './adapters/types.js';
import { readInspectedBody } from './body.js';
import type { GatewayCheck } from './gateway-auth.js';
import { hasRequestBody } from './headers.js';
import { scrubMultipart } from './multipart.js';
import type { Evaluator } from './evaluate.js';
import type { RequestOutcome } from './metrics.js';
import { hasAmbiguousPath, upstreamPath, type Route, type RouteTable } from './routes.js';
import type { ProxyLogger, ProxyMode, ProxyScrubber } from './types.js';
import { prescrub, PRESCRUB_MIN_BYTES, type ScrubAnswer } from './prescrub.js';

/** Everything known about one request so far; steps fill it in. */
export interface Exchange {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** performance.now() at arrival (ms; a double, no BigInt per request). */
  readonly started: number;
  route: Route | null;
  adapter: RequestAdapter | null;
  mode: ProxyMode;
  /** Path and query sent upstream. */
  upstreamPath: string;
  /** The decoded request body, when the route inspects it. */
  body: Buffer | null;
  /** How the body is read (set with `body`). */
  bodyKind: BodyKind | null;
  json: unknown;
  /** The body to send instead of the agent's (prompts scrubbed); null: send what the agent sent. */
  replacement: Buffer | null;
  /** Families of the secrets found in prompts (one per redaction; NONE until a body is inspected). */
  redactions: readonly string[];
  /** Denied tool payloads (in audit mode the request is still forwarded). */
  vetoes: readonly EvaluatedCall[];
}

/** A request answered by the proxy itself, without going upstream. */
export interface LocalAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly outcome: RequestOutcome;
}

export type StepResult = GenericStepResult<LocalAnswer>;

/** What steps may use besides the exchange. */
export interface StepEnv {
  readonly config: ProxyConfig;
  readonly routes: RouteTable;
  readonly scrubber: ProxyScrubber;
  readonly evaluator: Evaluator;
  readonly logger: ProxyLogger;
  isDraining(): boolean;
  /** Gateway exposure: null when the caller may relay (gateway-auth.ts). */
  readonly gateway: GatewayCheck;
  envelope(call: EvaluatedCall, mode: ProxyMode): Record<string, unknown>;
}

type Step = (ex: Exchange, env: StepEnv) => StepResult | Promise<StepResult>;

/** The empty list every exchange starts with (shared: passthrough requests allocate none). */
export const NONE: readonly never[] = Object.freeze([]);

export function problem(
  err: unknown,
  outcome: RequestOutcome,
  extraHeaders: Record<string, string> = {},
): StepResult {
  const answer = problemFor(err);
  return respond({
    status: answer.status,
    headers: { 'content-type': 'application/problem+json', ...answer.headers, ...extraHeaders },
    body: JSON.stringify(answer.problem),
    outcome,
  });
}

function json(status: number, body: unknown, outcome: RequestOutcome): StepResult {
  return respond({
    status,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    outcome,
  });
}

/** 503 while the server drains for shutdown: new requests go to another replica. */
export const refuseWhileDraining: Step = (_ex, env) =>
  env.isDraining()
    ? problem(new AgentGuardError('AG_ERR_PROXY_DRAINING'), 'refused', {
        connection: 'close',
        'retry-after': '1',
      })
    : CONTINUE;

/** On an exposed listener, callers from other hosts need a proxy credential (gateway-auth.ts). */
export const authorize: Step = (ex, env) => {
  const refused = env.gateway(ex.req);
  return refused === null ? CONTINUE : problem(refused, 'refused');
};

/**
 * Pick the route. Origin-form targets match path prefixes. Absolute-form targets (forward-proxy
 * mode) must name a configured upstream's origin; the Host header is never consulted, so no
 * request can reach an upstream that is not in the table (no open proxy).
 */
export const resolveRoute: Step = (ex, env) => {
  const target = ex.req.url ?? '/';
  let pathname: string;
  let query: string;
  let route: Route | null;
  if (target.startsWith('/')) {
    const q = target.indexOf('?');
    pathname = q === -1 ? target : target.slice(0, q);
    query = q === -1 ? '' : target.slice(q);
    if (hasAmbiguousPath(pathname)) {
      return problem(
        new AgentGuardError('AG_ERR_PROXY_DESTINATION_REFUSED', {
          destination: 'this path',
          reason: 'dot segments or backslashes in the path',
        }),
        'refused',
      );
    }
    route = env.routes.match(pathname);
    if (!route)
      return problem(
        new AgentGuardError('AG_ERR_PROXY_NO_ROUTE', { path: pathname.slice(0, 200) }),
        'refused',
      );
    ex.upstreamPath = upstreamPath(route, pathname, query);
  } else {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return problem(
        new AgentGuardError('AG_ERR_PROXY_DESTINATION_REFUSED', {
          destination: 'this target',
          reason: 'not a valid request target',
        }),
        'refused',
      );
    }
    if (!env.config.forwardProxy.enabled) {
      return problem(
        new AgentGuardError('AG_ERR_PROXY_DESTINATION_REFUSED', {
          destination: url.origin,
          reason: 'forward-proxy mode is off',
        }),
        'refused',
      );
    }
    if (hasAmbiguousPath(url.pathname)) {
      return problem(
        new AgentGuardError('AG_ERR_PROXY_DESTINATION_REFUSED', {
          destination: url.origin,
          reason: 'dot segments or backslashes in the path',
        }),
        'refused',
      );
    }
    route = env.routes.matchOrigin(url.origin, url.pathname);
    if (!route) {
      return problem(
        new AgentGuardError('AG_ERR_PROXY_DESTINATION_REFUSED', {
          destination: url.origin,
          reason: 'not a configured upstream',
        }),
        'refused',
      );
    }
    // The path is already the upstream's: no prefix to strip.
    ex.upstreamPath = url.pathname + url.search;
  }
  ex.route = route;
  ex.mode = route.mode;
  ex.adapter = adapterFor(route.adapter);
  return CONTINUE;
};

/**
 * Inspected routes read the whole body (bounded, decoded) whatever the method: the route decides,
 * never the method or the label (issue 24). A body of a kind the route cannot read answers 415.
 * Requests without a body, and passthrough routes, stream untouched.
 */
export const readBody: Step = (ex, env) => {
  const adapter = ex.adapter;
  if (!adapter || !hasRequestBody(ex.req)) {
    ex.adapter = null;
    return CONTINUE; // synchronous: a passthrough request costs no promise here
  }
  const contentType = ex.req.headers['content-type'];
  const kind = bodyKindOf(contentType);
  if (kind === null || !adapter.bodies.has(kind)) {
    return problem(
      new AgentGuardError('AG_ERR_PROXY_MEDIA_TYPE_UNSUPPORTED', {
        adapter: adapter.name,
        type: (contentType ?? '').split(';')[0]!.trim().slice(0, 80),
        accepted: adapter.bodies.has('multipart') ? 'JSON or multipart/form-data' : 'JSON',
      }),
      'refused',
      { connection: 'close' },
    );
  }
  ex.bodyKind = kind;
  return readInspected(ex, env);
};

async function readInspected(ex: Exchange, env: StepEnv): Promise<StepResult> {
  try {
    ex.body = await readInspectedBody(ex.req, {
      limit: env.config.maxBodyBytes,
      compressed: env.config.compressedBodies,
    });
  } catch (err) {
    // The agent went away mid-body: a client abort (issue 24), not a refusal or a failure.
    if (!ex.req.complete && (ex.req.destroyed || ex.res.destroyed))
      return problem(new AgentGuardError('AG_ERR_PROXY_CLIENT_ABORTED'), 'client_aborted');
    // The unread rest is drained after the answer (up to twice the limit, then cut) so a client
    // that sends its whole body before reading still reads the 413 (issue 24); without a drain
    // the rest would be parsed as the next request, so the connection closes instead.
    const draining = discardRest(ex.req, 2 * env.config.maxBodyBytes);
    return problem(err, 'refused', draining ? {} : { connection: 'close' });
  }
  return CONTINUE;
}

/**
 * One reading of the body (issue 24): duplicate member names at any depth and nesting past
 * proxy.maxJsonDepth are refused before JSON.parse (which keeps the last duplicate where an upstream
 * may keep the first), bytes that are not UTF-8 are refused, and the adapter refuses protocol
 * members spelled with another case. The bytes judged are then the bytes every reader sees.
 */
export const parseJson: Step = (ex, env) => {
  if (!ex.adapter || !ex.body || ex.bodyKind !== 'json') return CONTINUE;
  if (ex.body.length === 0) {
    ex.adapter = null; // nothing to inspect: an empty body is forwarded empty
    return CONTINUE;
  }
  if (!isUtf8(ex.body)) {
    return problem(new AgentGuardError('AG_ERR_PROXY_BODY_MALFORMED', { format: 'UTF-8 JSON' }), 'refused');
  }
  const shape = findJsonShapeProblem(ex.body, env.config.maxJsonDepth);
  if (shape !== null) return problem(shapeError(shape, 'the request body'), 'refused');
  try {
    ex.json = JSON.parse(ex.body.toString('utf8')) as unknown;
  } catch {
    return problem(new AgentGuardError('AG_ERR_PROXY_BODY_MALFORMED', { format: 'JSON' }), 'refused');
  }
  if (ex.adapter.checkShape) {
    try {
      ex.adapter.checkShape(ex.json);
    } catch (err) {
      return problem(err, 'refused');
    }
  }
  return CONTINUE;
};

/**
 * Run the adapter: scrub prompts, judge tool payloads. Enforce: a replacement body is sent and a
 * veto answers 403 (or the adapter's JSON-RPC reply). Audit: findings are recorded, the agent's own
 * bytes are forwarded. A scrubber or engine failure fails closed in enforce mode.
 */
export const inspect: Step = (ex, env) => {
  const adapter = ex.adapter;
  if (!adapter || ex.body === null) return CONTINUE; // synchronous for passthrough
  return inspectBody(ex, env, adapter);
};

async function inspectBody(ex: Exchange, env: StepEnv, adapter: RequestAdapter): Promise<StepResult> {
  const redactions: string[] = [];
  ex.redactions = redactions;
  const mode = ex.mode;
  let memo: Map<string, ScrubAnswer> | undefined;
  const ctx: InspectContext = {
    scrub: (text) => {
      const out = memo?.get(text) ?? env.scrubber.scrub(text);
      for (const r of out.redactions) redactions.push(r.family);
      return out.sanitized;
    },
    evaluateText: (text, runtime) => env.evaluator.evaluateText(text, runtime),
    evaluateToolCall: (name, args) => env.evaluator.evaluateToolCall(name, args),
    mcpVeto: env.config.mcpVeto,
    envelope: (call) => env.envelope(call, mode),
  };
  let result;
  try {
    if (ex.bodyKind === 'multipart') {
      const scrubbed = scrubMultipart(ex.body!, ex.req.headers['content-type'] ?? '', ctx.scrub);
      if (scrubbed !== ex.body && mode === 'enforce') ex.replacement = scrubbed;
      return CONTINUE;
    }
    // A large body's strings are scrubbed ahead, with turns of the event loop (prescrub.ts).
    if (ex.body!.length >= PRESCRUB_MIN_BYTES)
      memo = await prescrub(ex.json, env.scrubber, () => ex.req.socket.destroyed);
    result = await adapter.inspect(ex.json, ctx);
  } catch (err) {
    const failure = isAgentGuardError(err)
      ? err
      : new AgentGuardError(
          'AG_ERR_PROXY_INSPECTION_FAILED',
          { reason: err instanceof Error ? err.name : 'error' },
          { cause: err },
        );
    env.logger.error({ err: failure, route: ex.route?.name }, 'proxy inspection failed');
    if (mode === 'audit') return CONTINUE;
    return problem(failure, 'failed');
  }
  if (result.kind === 'forward') {
    if (result.body !== undefined && mode === 'enforce')
      ex.replacement = Buffer.from(JSON.stringify(result.body), 'utf8');
    return CONTINUE;
  }
  ex.vetoes = result.vetoes;
  if (mode === 'audit') return CONTINUE;
  if (result.kind === 'reply') return json(result.status, result.body, 'vetoed');
  const first = result.vetoes[0]!;
  return json(403, { ...env.envelope(first, mode), ...result.extra }, 'vetoed');
}

/** The table, in order, bound to one proxy's environment (built once per proxy). */
export function requestSteps(env: StepEnv): readonly GenericStep<Exchange, LocalAnswer>[] {
  const table: Record<string, Step> = {
    refuseWhileDraining,
    authorize,
    resolveRoute,
    readBody,
    parseJson,
    inspect,
  };
  return Object.entries(table).map(([name, step]) => ({ name, run: (ex: Exchange) => step(ex, env) }));
}
