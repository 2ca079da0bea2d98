/**
 * Who is calling (SPEC 5): an API key in X-Marketplace-Key or Authorization: Bearer, or a bearer JWT.
 * Either header suffices. Requests carrying passport signature headers are authenticated later, by
 * the passport check over the body (SPEC 2.6 uses no Authorization header). The mode is decided once
 * at start: see `decideAuthMode` and docs/api.md "Authentication".
 */
import type { IncomingHttpHeaders } from 'node:http';
import { AgentGuardError } from '../../errors.js';
import type { ApiMetrics } from '../../telemetry/api-metrics.js';
import { ApiKeyStore } from '../../http/api-keys.js';
import { isLoopbackHost, isOwnPodPeer } from '../../http/loopback.js';
import { JwtRejected, JwtVerifier, looksLikeJwt, type JwtSettings } from './jwt.js';

export type IdentityScheme = 'api_key' | 'jwt' | 'passport' | 'anonymous';

export interface Identity {
  readonly scheme: IdentityScheme;
  /** Stable id for rate limiting and logs (never a credential): `key:<12 hex>`, `jwt:<iss>|<sub>`. */
  readonly id: string;
}

export const ANONYMOUS: Identity = Object.freeze({ scheme: 'anonymous', id: 'anonymous' });
/** Signature headers present: the passport check in /validate decides. */
export const PASSPORT_PENDING: Identity = Object.freeze({ scheme: 'passport', id: 'passport:pending' });

export const PASSPORT_HEADERS = ['x-agent-signature', 'x-agent-timestamp', 'x-agent-nonce'] as const;

export interface AuthSettings {
  readonly apiKeys: readonly string[];
  readonly disabled?: boolean | undefined;
  readonly allowDisabledOnNonLoopback: boolean;
  readonly jwt: JwtSettings;
}

export type AuthMode =
  | {
      readonly kind: 'required';
      readonly warning?: string;
      /** No credentials are configured: callers on this host (the sidecar's own pod) need none. */
      readonly loopbackPeers?: true;
    }
  | { readonly kind: 'disabled'; readonly warning: string };

/**
 * Explicit `disabled: true` is honoured on loopback only (unless forced); unset means "off when
 * bound to loopback with no credentials configured", so the embedded-defaults sidecar works with
 * one command; `disabled: false` always requires credentials, and with none configured every
 * protected endpoint answers 401.
 */
export function decideAuthMode(settings: AuthSettings, host: string, hasJwtKeys: boolean): AuthMode {
  const loopback = isLoopbackHost(host);
  const hasCredentials = new ApiKeyStore(settings.apiKeys).size > 0 || hasJwtKeys;
  if (settings.disabled === true) {
    if (!loopback && !settings.allowDisabledOnNonLoopback) {
      throw new AgentGuardError('AG_ERR_AUTH_DISABLED_NON_LOOPBACK', { host });
    }
    return {
      kind: 'disabled',
      warning: `authentication is disabled (auth.disabled); anyone who can reach ${host} may call /api/v1`,
    };
  }
  if (settings.disabled === undefined && !hasCredentials && loopback) {
    return {
      kind: 'disabled',
      warning: `no API keys or JWT keys configured: authentication is off because the server binds loopback (${host}); set AGENT_GUARD_API_KEYS to require keys`,
    };
  }
  if (!hasCredentials && settings.disabled === undefined) {
    // An injected sidecar binds the pod IP for its probes; the agent beside it calls over loopback
    // (issue 27), so loopback peers are let in and everyone else gets 401.
    return {
      kind: 'required',
      loopbackPeers: true,
      warning: `no API keys or JWT keys configured: /api/v1 on ${host} answers only callers on this host (loopback); set AGENT_GUARD_API_KEYS to let others in`,
    };
  }
  if (!hasCredentials) {
    return {
      kind: 'required',
      warning:
        'no API keys or JWT keys configured: /api/v1/sanitize, /validate and /gate answer 401 to everyone',
    };
  }
  return { kind: 'required' };
}

export interface Authenticator {
  readonly mode: AuthMode;
  /**
   * Resolves the caller's identity or throws AG_ERR_AUTH_REQUIRED / AG_ERR_AUTH_INVALID. `peer` is
   * the socket's remote address (loopback peers pass when the mode says so).
   */
  authenticate(
    headers: IncomingHttpHeaders,
    allowPassport: boolean,
    peer?: string,
  ): Identity | Promise<Identity>;
}

export function createAuthenticator(
  settings: AuthSettings,
  options: { host: string; metrics?: ApiMetrics; cwd?: string },
): Authenticator {
  const keys = new ApiKeyStore(settings.apiKeys);
  const jwt = JwtVerifier.fromSettings(settings.jwt, options.cwd);
  const mode = decideAuthMode(settings, options.host, jwt !== null);
  const fail = (
    scheme: string,
    reason: string,
    code: 'AG_ERR_AUTH_REQUIRED' | 'AG_ERR_AUTH_INVALID',
  ): never => {
    options.metrics?.authFailures.inc({ scheme, reason });
    throw new AgentGuardError(code, { reason });
  };

  const verify = async (headers: IncomingHttpHeaders, allowPassport: boolean): Promise<Identity> => {
    const key = headers['x-marketplace-key'];
    const authorization = headers.authorization;
    if (allowPassport && key === undefined && authorization === undefined) {
      if (PASSPORT_HEADERS.some((h) => headers[h] !== undefined)) return PASSPORT_PENDING;
    }
    if (key === undefined && authorization === undefined)
      return fail('none', 'missing', 'AG_ERR_AUTH_REQUIRED');
    let reason = 'unknown_key';
    let scheme = 'api_key';
    if (typeof key === 'string') {
      const id = keys.match(key);
      if (id) return { scheme: 'api_key', id };
    }
    if (authorization !== undefined) {
      const token = /^Bearer[ \t]+([^\s]+)[ \t]*$/i.exec(authorization)?.[1];
      if (!token) {
        reason = 'not_bearer';
      } else {
        const id = keys.match(token);
        if (id) return { scheme: 'api_key', id };
        if (jwt && looksLikeJwt(token)) {
          scheme = 'jwt';
          try {
            const who = await jwt.verify(token);
            return { scheme: 'jwt', id: `jwt:${who.issuer ?? ''}|${who.subject}`.slice(0, 300) };
          } catch (err) {
            reason = err instanceof JwtRejected ? err.reason : 'malformed';
          }
        }
      }
    }
    return fail(scheme, reason, 'AG_ERR_AUTH_INVALID');
  };
  // Synchronous when auth is off: the request path then pays no promise for it.
  const loopbackPeers = mode.kind === 'required' && mode.loopbackPeers === true;
  const authenticate = (
    headers: IncomingHttpHeaders,
    allowPassport: boolean,
    peer?: string,
  ): Identity | Promise<Identity> =>
    mode.kind === 'disabled' || (loopbackPeers && isOwnPodPeer(peer))
      ? ANONYMOUS
      : verify(headers, allowPassport);
  return { mode, authenticate };
}
