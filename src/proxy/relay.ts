/**
 * Sends one request upstream through the composed dispatcher and relays the response to the agent
 * as it arrives: status and headers (hop-by-hop removed), then every body chunk written straight
 * through (SSE events reach the agent as the upstream flushes them), with backpressure both ways.
 * An optional tap sees a copy of the chunks (tool-call observation) and can never delay them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Dispatcher } from 'undici';
import { problemFor } from '../api/problem.js';
import { AgentGuardError } from '../errors.js';
import { relayResponseHeaders } from './headers.js';
import type { ProxyMetrics } from './metrics.js';
import type { ResponseTap } from './observe/tool-calls.js';
import type { Route } from './routes.js';
import type { DispatchController, ResponseHeaders } from './upstream/interceptors/delegating-handler.js';
import type { RoutedDispatchOptions } from './upstream/interceptors/measure.js';

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
}

export type RelayOutcome =
  { readonly ok: true; readonly status: number } | { readonly ok: false; readonly error: AgentGuardError };

function header(headers: ResponseHeaders, name: string): string | undefined {
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? value[0] : value;
}

class RelayHandler implements Dispatcher.DispatchHandler {
  readonly #request: RelayRequest;
  readonly #metrics: ProxyMetrics;
  readonly #done: (outcome: RelayOutcome) => void;
  #controller: DispatchController | null = null;
  #tap: ResponseTap | null = null;
  #bytes = 0;
  #status = 0;
  #finished = false;
  /** Declared Content-Length, -1 when absent; lets the last chunk go out with res.end(chunk). */
  #expected = -1;
  #ended = false;

  constructor(request: RelayRequest, metrics: ProxyMetrics, done: (outcome: RelayOutcome) => void) {
    this.#request = request;
    this.#metrics = metrics;
    this.#done = done;
    // The agent went away: stop the upstream exchange too (an abandoned stream costs tokens).
    request.res.once('close', () => {
      if (!this.#finished)
        this.#controller?.abort(
          new AgentGuardError('AG_ERR_PROXY_UPSTREAM_UNAVAILABLE', {
            upstream: request.route.origin,
            reason: 'client closed the connection',
          }),
        );
    });
  }

  onRequestStart(controller: DispatchController): void {
    this.#controller = controller;
    if (this.#request.res.destroyed) controller.abort(new Error('client closed the connection'));
  }

  onResponseStart(
    _controller: DispatchController,
    statusCode: number,
    headers: ResponseHeaders,
    statusMessage?: string,
  ): void {
    const res = this.#request.res;
    this.#status = statusCode;
    if (res.headersSent || res.destroyed) return;
    const outgoing = relayResponseHeaders(headers);
    if (statusMessage) res.writeHead(statusCode, statusMessage, outgoing);
    else res.writeHead(statusCode, outgoing);
    const type = header(headers, 'content-type');
    // Event streams: send the head now so the agent sees the 200 before the first event.
    if (type !== undefined && type.startsWith('text/event-stream')) res.flushHeaders();
    this.#tap = this.#request.tap?.(statusCode, headers) ?? null;
    const length = header(headers, 'content-length');
    if (length !== undefined) this.#expected = Number(length);
  }

  onResponseData(controller: DispatchController, chunk: Buffer): void {
    this.#bytes += chunk.length;
    if (this.#tap) {
      try {
        this.#tap.write(chunk);
      } catch {
        this.#tap = null;
      }
    }
    const res = this.#request.res;
    if (this.#bytes === this.#expected) {
      // The last chunk of a sized body: one write with the end, instead of write() then end().
      this.#ended = true;
      res.end(chunk);
      return;
    }
    if (!res.write(chunk)) {
      controller.pause();
      res.once('drain', () => controller.resume());
    }
  }

  onResponseEnd(): void {
    this.#finish();
    if (!this.#ended) this.#request.res.end();
    this.#endTap();
    this.#done({ ok: true, status: this.#status });
  }

  onResponseError(_controller: DispatchController, error: Error): void {
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
    } else if (!res.writableEnded) {
      // Mid-stream failure: cut the connection so the agent sees a truncated response, not a complete one.
      res.destroy();
    }
    this.#done({ ok: false, error: err });
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

/** Dispatch and relay; resolves when the response has ended or failed (never rejects). */
export function relay(
  dispatcher: Dispatcher,
  request: RelayRequest,
  metrics: ProxyMetrics,
): Promise<RelayOutcome> {
  return new Promise((resolve) => {
    const { route } = request;
    const options: RoutedDispatchOptions = {
      origin: route.origin,
      path: request.path,
      method: request.method,
      headers: request.headers,
      body: request.body,
      route: route.name,
    };
    const handler = new RelayHandler(request, metrics, resolve);
    try {
      dispatcher.dispatch(options, handler);
    } catch (err) {
      handler.onResponseError(null as unknown as DispatchController, err as Error);
    }
  });
}
