/**
 * The one undici dispatcher every forwarded HTTP request goes through: a keep-alive Agent (one pool
 * per upstream origin) with the proxy's interceptors composed here, in this order.
 *
 *   relay handler ← measure ← classifyErrors ← Agent (connect/headers/idle timeouts, keep-alive)
 *
 * undici's compose() makes the last interceptor the outermost, so `measure` (listed last) sees every
 * request first and sees errors after `classifyErrors` has mapped them to 502/504 codes; the relay
 * handler only ever receives AgentGuardErrors.
 */
import { Agent, type Dispatcher } from 'undici';
import type { ProxyConfig } from '../../config/sections/proxy.js';
import type { ProxyMetrics } from '../metrics.js';
import type { UpstreamTimeouts } from './errors.js';
import { classifyErrors } from './interceptors/classify-errors.js';
import { measure } from './interceptors/measure.js';

export interface UpstreamDispatcher {
  readonly dispatcher: Dispatcher;
  readonly timeouts: UpstreamTimeouts;
  close(): Promise<void>;
}

export function createUpstreamDispatcher(config: ProxyConfig, metrics: ProxyMetrics): UpstreamDispatcher {
  const timeouts: UpstreamTimeouts = {
    connectMs: config.connectTimeoutMs,
    headersMs: config.headersTimeoutMs,
    idleMs: config.idleTimeoutMs,
  };
  const agent = new Agent({
    connections: config.upstreamConnections,
    connect: { timeout: timeouts.connectMs },
    headersTimeout: timeouts.headersMs,
    bodyTimeout: timeouts.idleMs,
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 300_000,
    pipelining: 1,
  });
  const dispatcher = agent.compose(classifyErrors(timeouts), measure(metrics));
  return {
    dispatcher,
    timeouts,
    close: () => agent.close(),
  };
}
