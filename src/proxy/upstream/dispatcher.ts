/**
 * The one undici dispatcher every forwarded HTTP request goes through: a keep-alive Agent (one pool
 * per upstream origin) with the connect, headers and idle timeouts. The relay's handler (relay.ts)
 * keeps the upstream metrics and maps failures to 502/504 codes itself: no interceptor chain, so a
 * request costs one handler object and one call per undici callback.
 */
import { Agent, type Dispatcher } from 'undici';
import type { ProxyConfig } from '../../config/sections/proxy.js';
import type { UpstreamTimeouts } from './errors.js';

export interface UpstreamDispatcher {
  readonly dispatcher: Dispatcher;
  readonly timeouts: UpstreamTimeouts;
  close(): Promise<void>;
}

export function createUpstreamDispatcher(config: ProxyConfig): UpstreamDispatcher {
  const timeouts: UpstreamTimeouts = {
    connectMs: config.connectTimeoutMs,
    headersMs: config.headersTimeoutMs,
    idleMs: config.idleTimeoutMs,
  };
  if (!(timeouts.connectMs > 0 && timeouts.headersMs > 0 && timeouts.idleMs > 0)) {
    throw new TypeError('upstream timeouts must be positive');
  }
  const agent = new Agent({
    connections: config.upstreamConnections,
    connect: { timeout: timeouts.connectMs },
    headersTimeout: timeouts.headersMs,
    bodyTimeout: timeouts.idleMs,
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 300_000,
    pipelining: 1,
  });
  return {
    dispatcher: agent,
    timeouts,
    close: () => agent.close(),
  };
}
