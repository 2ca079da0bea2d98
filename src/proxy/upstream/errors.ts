/**
 * Upstream failures as the proxy's error codes: connection refused/reset/closed → 502, connect or
 * header timeouts → 504 (RFC 9110 15.6.3 and 15.6.5). The message names the upstream origin and the
 * phase, never request data.
 */
import { AgentGuardError } from '../../errors.js';

export interface UpstreamTimeouts {
  readonly connectMs: number;
  readonly headersMs: number;
  readonly idleMs: number;
}

export type UpstreamFailureReason = 'refused' | 'reset' | 'timeout' | 'other';

export function failureReason(err: unknown): UpstreamFailureReason {
  const code = (err as { code?: unknown } | null)?.code;
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
    case 'ETIMEDOUT':
      return 'timeout';
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'refused';
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      return 'reset';
    default:
      return 'other';
  }
}

function timeoutPhase(code: unknown, t: UpstreamTimeouts): { phase: string; ms: number } {
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT')
    return { phase: 'connect', ms: t.connectMs };
  if (code === 'UND_ERR_BODY_TIMEOUT') return { phase: 'idle', ms: t.idleMs };
  return { phase: 'headers', ms: t.headersMs };
}

/** Map an undici/network error to the 502 or 504 the agent receives. */
export function upstreamError(err: unknown, upstream: string, timeouts: UpstreamTimeouts): AgentGuardError {
  if (err instanceof AgentGuardError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  const reason = failureReason(err);
  if (reason === 'timeout') {
    return new AgentGuardError(
      'AG_ERR_PROXY_UPSTREAM_TIMEOUT',
      { upstream, ...timeoutPhase(code, timeouts) },
      { cause: err },
    );
  }
  const said = typeof code === 'string' ? code : reason;
  return new AgentGuardError('AG_ERR_PROXY_UPSTREAM_UNAVAILABLE', { upstream, reason: said }, { cause: err });
}
