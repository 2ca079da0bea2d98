/**
 * Interceptor: per-route upstream metrics. Time from dispatch to response headers (upstream
 * latency), the upstream status, failures by reason. The route label rides on the dispatch options
 * (`route`), set by the relay.
 */
import type { Dispatcher } from 'undici';
import { failureReason } from '../errors.js';
import type { ProxyMetrics } from '../../metrics.js';
import { DelegatingHandler, type DispatchController, type ResponseHeaders } from './delegating-handler.js';

export interface RoutedDispatchOptions extends Dispatcher.DispatchOptions {
  /** Route label for metrics (the route prefix or `default`). */
  readonly route?: string;
}

class MeasureHandler extends DelegatingHandler {
  readonly #metrics: ProxyMetrics;
  readonly #route: string;
  readonly #started = performance.now();

  constructor(inner: Dispatcher.DispatchHandler, metrics: ProxyMetrics, route: string) {
    super(inner);
    this.#metrics = metrics;
    this.#route = route;
  }

  override onResponseStart(
    controller: DispatchController,
    statusCode: number,
    headers: ResponseHeaders,
    statusMessage?: string,
  ): void {
    const seconds = (performance.now() - this.#started) / 1000;
    this.#metrics.upstreamResponse(this.#route, statusCode, seconds);
    super.onResponseStart(controller, statusCode, headers, statusMessage);
  }

  override onResponseError(controller: DispatchController, error: Error): void {
    this.#metrics.upstreamError(this.#route, failureReason((error as { cause?: unknown }).cause ?? error));
    super.onResponseError(controller, error);
  }
}

export function measure(metrics: ProxyMetrics): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) =>
    dispatch(opts, new MeasureHandler(handler, metrics, (opts as RoutedDispatchOptions).route ?? 'unknown'));
}
