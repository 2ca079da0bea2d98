/**
 * Who may relay through the proxy routes (issue 24, issue 27). A loopback sidecar serves its own
 * pod: callers over loopback need nothing. On any other bind, or in gateway mode, a caller from
 * another address must present one of the configured API keys (auth.apiKeys) in a header that does
 * not collide with the provider's own `Authorization`: `X-Marketplace-Key` or
 * `Proxy-Authorization: Bearer <key>`. Both are stripped before forwarding (headers.ts). With no
 * keys configured, such callers are refused. /health and /ready never ask.
 */
import type { IncomingMessage } from 'node:http';
import { ApiKeyStore } from '../http/api-keys.js';
import { isLoopbackHost, isOwnPodPeer } from '../http/loopback.js';
import { AgentGuardError } from '../errors.js';

export interface GatewayAuthSettings {
  /** server.host: the address the listener binds. */
  readonly host: string;
  /** server.mode. */
  readonly mode: 'sidecar' | 'gateway';
  /** auth.apiKeys (keys or sha256:<hex> digests). */
  readonly apiKeys: readonly string[];
}

/** Null when the caller may relay, else the 401 to answer. */
export type GatewayCheck = (req: IncomingMessage) => AgentGuardError | null;

function bearer(value: string | undefined): string | null {
  if (value === undefined) return null;
  return /^Bearer[ \t]+([^\s]+)[ \t]*$/i.exec(value)?.[1] ?? null;
}

/** A remote address on this host: 127/8, ::1, or IPv4-mapped 127/8; not a mesh's inbound relay (issue 27). */
export function isLoopbackPeer(address: string | undefined): boolean {
  return isOwnPodPeer(address);
}

export function createGatewayCheck(settings: GatewayAuthSettings): GatewayCheck {
  const exposed = settings.mode === 'gateway' || !isLoopbackHost(settings.host);
  if (!exposed) return () => null;
  const keys = new ApiKeyStore(settings.apiKeys);
  return (req) => {
    if (isLoopbackPeer(req.socket.remoteAddress)) return null;
    if (keys.size === 0)
      return new AgentGuardError('AG_ERR_PROXY_AUTH_REQUIRED', {
        reason: 'no API keys are configured, so only loopback callers may relay',
      });
    const marketplace = req.headers['x-marketplace-key'];
    const presented =
      (typeof marketplace === 'string' ? marketplace : null) ?? bearer(req.headers['proxy-authorization']);
    if (presented === null)
      return new AgentGuardError('AG_ERR_PROXY_AUTH_REQUIRED', { reason: 'no proxy credential was sent' });
    if (keys.match(presented) === null)
      return new AgentGuardError('AG_ERR_PROXY_AUTH_REQUIRED', { reason: 'the credential is not accepted' });
    return null;
  };
}
