/**
 * Sends one request upstream and relays the response to the agent as it arrives: status and headers
 * (hop-by-hop removed), then every body chunk written straight through (SSE events reach the agent as
 * the upstream flushes them), with backpressure both ways. An optional tap sees a copy of the chunks
 * (tool-call observation) and can never delay them.
 *
 * The one undici handler of a forwarded request also keeps the upstream metrics (time to response
 * headers, status, failures by reason) and maps network and timeout errors to the proxy's 502/504
 * codes (upstream/errors.ts): one handler object per request instead of a chain of interceptors.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Dispatcher } from 'undici';
import { endThisTurn } from '../http/end-batch.js';
import { problemFor } from '../http/problem.js';
import { AgentGuardError } from '../errors.js';
import { relayResponseHeaders } from './headers.js';
import type { ProxyMetrics } from './metrics.js';
import type { RelayRewrite } from './enforce/index.js';
import type { ResponseRewriter, RewriteSink } from './enforce/stream.js';
import type { ResponseTap } from './observe/tool-calls.js';
import type { Route } from './routes.js';
import { failureReason, upstreamError } from './upstream/errors.js';
import type { UpstreamDispatcher } from './upstream/dispatcher.js';

type DispatchController = Parameters<NonNullable<Dispatcher.DispatchHandler['onRequestStart']>>[0];
export type ResponseHeaders = Parameters<NonNullable<Dispatcher.DispatchHandler['onResponseStart']>>[2];

export interface RelayRequest {
  readonly route: Route;
  readonly method: string;
  readonly path: string;
  readonly headers: string[];
  /** A replaced body, the agent's request stream, or null for none. */
  readonly body: Buffer | IncomingMessage | null;
  readonly res: ServerResponse;
  /** Builds a tap for the response, or returns null to relay without one. */
  readonly tap?: ((status: number, headers: ResponseHeaders) => ResponseTap | null) | undefined;
  /**
   * Builds a rewriter that replaces the body the agent receives (tool-call enforcement, issue 25),
   * an error to answer instead (a response that cannot be checked), or null to relay unchanged.
   */
  readonly rewrite?: RelayRewrite | undefined;
}

export type RelayOutcome =
  | { readonly ok: true; readonly status: number }
  /** `clientAborted`: the agent went away first; not an upstream failure (issue 24). */
  | { readonly ok: false; readonly error: AgentGuardError; readonly clientAborted?: boolean };

/** Called once per relayed request, when the response has ended or failed (never throws back). */
export type RelayDone = (route: Route, outcome: RelayOutcome, vetoed: boolean) => void;

function header(headers: ResponseHeaders, name: string): string | undefined {
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? value[0] : value;
}

export class RelayHandler implements Dispatcher.DispatchHandler {
  readonly #request: RelayRequest;
  readonly #upstream: UpstreamDispatcher;
  readonly #metrics: ProxyMetrics;
  readonly #done: RelayDone;
  readonly #vetoed: boolean;
  readonly #started = performance.now();
  #controller: DispatchController | null = null;
  #tap: ResponseTap | null = null;
  #bytes = 0;
  #status = 0;
  #finished = false;
  /** The agent closed its connection before the response ended. */
  #clientGone = false;
  /** Declared Content-Length, -1 when absent; lets the last chunk go out with res.end(chunk). */
  #expected = -1;
  #ended = false;
  #rewriter: ResponseRewriter | null = null;
  /** Set when the response was refused at its head: the abort's error is answered as this. */
  #refused: AgentGuardError | null = null;

  constructor(
    request: RelayRequest,
    upstream: UpstreamDispatcher,
    metrics: ProxyMetrics,
    done: RelayDone,
    vetoed: boolean,
  ) {
    this.#request = request;
    this.#upstream = upstream;
    this.#metrics = metrics;
    this.#done = done;
    this.#vetoed = vetoed;
  }

  /** The agent went away: stop the upstream exchange too (an abandoned stream costs tokens). */
  clientClosed(): void {
    if (!this.#finished) this.#clientGone = true;
    if (!this.#finished)
      this.#controller?.abort(
        new AgentGuardError('AG_ERR_PROXY_UPSTREAM_UNAVAILABLE', {
          upstream: this.#request.route.origin,
          reason: 'client closed the connection',
        }),
      );
  }

  onRequestStart(controller: DispatchController): void {
    this.#controller = controller;
    if (this.#request.res.destroyed) controller.abort(new Error('client closed the connection'));
  }

  onResponseStart(
    controller: DispatchController,
    statusCode: number,
    headers: ResponseHeaders,
    statusMessage?: string,
  ): void {
    const route = this.#request.route;
    this.#metrics.upstreamResponse(route.name, statusCode, (performance.now() - this.#started) / 1000);
    const res = this.#request.res;
    this.#status = statusCode;
    if (res.headersSent || res.destroyed) return;
    let outgoing = relayResponseHeaders(headers);
    const rewriting = this.#request.rewrite?.(statusCode, headers, this.#sink(controller)) ?? null;
    if (rewriting instanceof AgentGuardError) {
      this.#refused = rewriting;
      controller.abort(rewriting);
      return;
    }
    if (rewriting !== null) {
      this.#rewriter = rewriting.rewriter;
      outgoing = rewriting.headers(outgoing);
    }
    if (statusMessage) res.writeHead(statusCode, statusMessage, outgoing);
    else res.writeHead(statusCode, outgoing);
    const type = header(headers, 'content-type');
    // Event streams: send the head now so the agent sees the 200 before the first event.
    if (type !== undefined && type.startsWith('text/event-stream')) res.flushHeaders();
    this.#tap = this.#request.tap?.(statusCode, headers) ?? null;
    const length = header(headers, 'content-length');
    if (length !== undefined && this.#rewriter === null) this.#expected = Number(length);
  }

  /** Where a rewriter writes: the agent's response, with the upstream paused while it drains. */
  #sink(controller: DispatchController): RewriteSink {
    const res = this.#request.res;
    return {
      write: (chunk) => {
        if (this.#ended || res.destroyed) return;
        if (!res.write(chunk) && !this.#finished) {
          controller.pause();
          res.once('drain', () => controller.resume());
        }
      },
      end: () => {
        if (this.#ended) return;
        this.#ended = true;
        endThisTurn(res);
      },
      abort: (reason) => {
        // Fail closed: the agent sees a cut response, never an unchecked remainder.
        if (!this.#finished)
          controller.abort(
            new AgentGuardError('AG_ERR_PROXY_UPSTREAM_UNAVAILABLE', {
              upstream: this.#request.route.origin,
              reason: `response cut: ${reason}`,
            }),
          );
        else if (!this.#ended) {
          this.#ended = true;
          res.destroy();
        }
      },
    };
  }

  onResponseData(controller: DispatchController, chunk: Buffer): void {
    this.#bytes += chunk.length;
    if (this.#rewriter) return this.#rewriter.write(chunk);
    if (this.#tap) {
      try {
        this.#tap.write(chunk);
      } catch {
        this.#tap = null;
      }
    }
    const res = this.#request.res;
    if (this.#bytes === this.#expected) {
      // The last chunk of a sized body: one write with the end, instead of write() then end(), and
      // under load together with the turn's other answers (http/end-batch.ts).
      this.#ended = true;
      endThisTurn(res, chunk);
      return;
    }
    if (!res.write(chunk)) {
      controller.pause();
      res.once('drain', () => controller.resume());
    }
  }

  onResponseEnd(): void {
    this.#finish();
    if (this.#rewriter) {
      // The rewriter ends the response once its last event is out.
      this.#rewriter.end();
    } else {
      if (!this.#ended) endThisTurn(this.#request.res);
      this.#ended = true;
    }
    this.#endTap();
    this.#done(this.#request.route, { ok: true, status: this.#status }, this.#vetoed);
  }

  /** Network and timeout errors become 502/504 codes; the failure is counted by reason. */
  onResponseError(_controller: DispatchController, error: Error): void {
    if (this.#clientGone) {
      // Our own abort after the agent left: a client abort, never an upstream error or a 5xx.
      this.#finish();
      this.#endTap();
      const err = new AgentGuardError('AG_ERR_PROXY_CLIENT_ABORTED');
      this.#done(this.#request.route, { ok: false, error: err, clientAborted: true }, this.#vetoed);
      return;
    }
    if (this.#refused) return this.fail(this.#refused);
    const err = upstreamError(error, this.#request.route.origin, this.#upstream.timeouts);
    this.#metrics.upstreamError(this.#request.route.name, failureReason(err.cause ?? err));
    this.fail(err);
  }

  /** Answer the agent with the failure (a problem response, or a cut connection mid-stream). */
  fail(error: Error): void {
    this.#finish();
    this.#endTap();
    const err =
      error instanceof AgentGuardError
        ? error
        : new AgentGuardError(
            'AG_ERR_PROXY_UPSTREAM_UNAVAILABLE',
            { upstream: this.#request.route.origin, reason: 'error' },
            { cause: error },
          );
    const res = this.#request.res;
    if (!res.headersSent && !res.destroyed) {
      const answer = problemFor(err);
      res.writeHead(answer.status, { 'content-type': 'application/problem+json', ...answer.headers });
      res.end(JSON.stringify(answer.problem));
    } else if (!this.#ended && !res.writableEnded) {
      // Mid-stream failure: cut the connection so the agent sees a truncated response, not a complete one.
      res.destroy();
    }
    this.#done(this.#request.route, { ok: false, error: err }, this.#vetoed);
  }

  #finish(): void {
    this.#finished = true;
    this.#metrics.responseBytes(this.#request.route.name, this.#bytes);
  }

  #endTap(): void {
    try {
      this.#tap?.end();
    } catch {
      // Observation is best-effort; the relay is what matters.
    }
    this.#tap = null;
  }
}

/**
 * Dispatch and relay; `done` is called once when the response has ended or failed. Returns the
 * handler so the caller can tell it when the agent goes away (`clientClosed`).
 */
export function relay(
  upstream: UpstreamDispatcher,
  request: RelayRequest,
  metrics: ProxyMetrics,
  done: RelayDone,
  vetoed: boolean,
): RelayHandler {
  const { route } = request;
  const handler = new RelayHandler(request, upstream, metrics, done, vetoed);
  try {
    upstream.dispatcher.dispatch(
      {
        origin: route.origin,
        path: request.path,
        method: request.method,
        headers: request.headers,
        body: request.body,
      },
      handler,
    );
  } catch (err) {
    // A synchronous throw never reached the upstream: answered as before, without the upstream metrics.
    handler.fail(err as Error);
  }
  return handler;
}
