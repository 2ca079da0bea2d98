/**
 * Interceptor: turns network and timeout errors into AgentGuardError 502/504 (upstream/errors.ts)
 * before the relay handler sees them, so the relay only ever deals with the proxy's own codes.
 */
import type { Dispatcher } from 'undici';
import { upstreamError, type UpstreamTimeouts } from '../errors.js';
import { DelegatingHandler, type DispatchController } from './delegating-handler.js';

class ClassifyErrorsHandler extends DelegatingHandler {
  readonly #upstream: string;
  readonly #timeouts: UpstreamTimeouts;

  constructor(inner: Dispatcher.DispatchHandler, upstream: string, timeouts: UpstreamTimeouts) {
    super(inner);
    this.#upstream = upstream;
    this.#timeouts = timeouts;
  }

  override onResponseError(controller: DispatchController, error: Error): void {
    super.onResponseError(controller, upstreamError(error, this.#upstream, this.#timeouts));
  }
}

export function classifyErrors(timeouts: UpstreamTimeouts): Dispatcher.DispatcherComposeInterceptor {
  if (!(timeouts.connectMs > 0 && timeouts.headersMs > 0 && timeouts.idleMs > 0)) {
    throw new TypeError('classifyErrors: timeouts must be positive');
  }
  return (dispatch) => (opts, handler) =>
    dispatch(opts, new ClassifyErrorsHandler(handler, String(opts.origin ?? 'upstream'), timeouts));
}
