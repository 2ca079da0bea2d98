/** Base for interceptor handlers: forwards every undici handler callback to the wrapped handler. */
import type { Dispatcher } from 'undici';

type Controller = Parameters<NonNullable<Dispatcher.DispatchHandler['onRequestStart']>>[0];
type Headers = Parameters<NonNullable<Dispatcher.DispatchHandler['onResponseStart']>>[2];
type Duplex = Parameters<NonNullable<Dispatcher.DispatchHandler['onRequestUpgrade']>>[3];

export type { Controller as DispatchController, Headers as ResponseHeaders };

export class DelegatingHandler implements Dispatcher.DispatchHandler {
  protected readonly inner: Dispatcher.DispatchHandler;

  constructor(inner: Dispatcher.DispatchHandler) {
    this.inner = inner;
  }

  onRequestStart(controller: Controller, context: unknown): void {
    this.inner.onRequestStart?.(controller, context);
  }

  onRequestUpgrade(controller: Controller, statusCode: number, headers: Headers, socket: Duplex): void {
    this.inner.onRequestUpgrade?.(controller, statusCode, headers, socket);
  }

  onResponseStart(
    controller: Controller,
    statusCode: number,
    headers: Headers,
    statusMessage?: string,
  ): void {
    this.inner.onResponseStart?.(controller, statusCode, headers, statusMessage);
  }

  onResponseData(controller: Controller, chunk: Buffer): void {
    this.inner.onResponseData?.(controller, chunk);
  }

  onResponseEnd(controller: Controller, trailers: Headers): void {
    this.inner.onResponseEnd?.(controller, trailers);
  }

  onResponseError(controller: Controller, error: Error): void {
    this.inner.onResponseError?.(controller, error);
  }
}
