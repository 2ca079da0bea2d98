/**
 * Header hygiene for forwarded requests and relayed responses: hop-by-hop fields removed (RFC 9110
 * section 7.6.1, including those named in Connection), X-Forwarded-* appended, Host set to the upstream.
 */
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { TLSSocket } from 'node:tls';

/** Fields that describe one connection, never the message (RFC 9110 7.6.1, RFC 9112 6.1/7.4). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
]);

/**
 * Dropped from forwarded requests besides hop-by-hop: undici sets Host; Expect is answered locally;
 * X-Marketplace-Key is the sidecar's own credential (Proxy-Authorization, the other, is hop-by-hop)
 * and never reaches a provider.
 */
const REQUEST_DROP = new Set(['host', 'expect', 'x-marketplace-key']);

/**
 * Bit n set: some request header name forwardRequestHeaders drops or rewrites has n characters
 * (x-forwarded-* are told apart by their first letter). A name of any other length, not starting
 * with x, is forwarded without being lower-cased first: most of a request's headers.
 */
const CHECKED_LENGTHS = [...HOP_BY_HOP, ...REQUEST_DROP, 'content-length', 'content-encoding'].reduce(
  (mask, name) => mask | (1 << name.length),
  0,
);

function mayBeDropped(name: string): boolean {
  const n = name.length;
  const first = name.charCodeAt(0) | 0x20; // ASCII lower case
  return first === 0x78 /* x */ || (n < 32 && ((CHECKED_LENGTHS >>> n) & 1) === 1);
}

function connectionTokens(value: string | string[] | undefined): Set<string> | null {
  // Nearly every message says only this: no tokens to strip, no Set to build.
  if (value === undefined || value === 'keep-alive' || value === 'close') return null;
  const text = Array.isArray(value) ? value.join(',') : value;
  const tokens = new Set<string>();
  for (const token of text.split(',')) {
    const t = token.trim().toLowerCase();
    if (t !== '' && t !== 'close' && t !== 'keep-alive') tokens.add(t);
  }
  return tokens.size > 0 ? tokens : null;
}

export interface ForwardHeaderOptions {
  /** The body is replaced: drop Content-Length (the dispatcher sets the new one) and Content-Encoding. */
  readonly bodyReplaced: boolean;
  readonly xForwarded: boolean;
}

/**
 * The request headers to send upstream, as undici's flat [name, value, ...] array (keeps the
 * caller's order, case and repeated fields).
 */
export function forwardRequestHeaders(req: IncomingMessage, options: ForwardHeaderOptions): string[] {
  const raw = req.rawHeaders;
  const listed = connectionTokens(req.headers.connection);
  const out: string[] = [];
  let forwardedFor: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (listed === null && !mayBeDropped(name)) {
      out.push(name, raw[i + 1]!);
      continue;
    }
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || REQUEST_DROP.has(lower) || listed?.has(lower)) continue;
    if (options.bodyReplaced && (lower === 'content-length' || lower === 'content-encoding')) continue;
    if (options.xForwarded && lower.startsWith('x-forwarded-')) {
      // X-Forwarded-For is appended to; the other two describe this hop and are replaced.
      if (lower === 'x-forwarded-for')
        forwardedFor = forwardedFor ? `${forwardedFor}, ${raw[i + 1]}` : raw[i + 1];
      continue;
    }
    out.push(name, raw[i + 1]!);
  }
  if (options.xForwarded) {
    const client = req.socket.remoteAddress ?? '';
    out.push('x-forwarded-for', forwardedFor ? `${forwardedFor}, ${client}` : client);
    out.push('x-forwarded-proto', req.socket instanceof TLSSocket ? 'https' : 'http');
    if (req.headers.host) out.push('x-forwarded-host', req.headers.host);
  }
  return out;
}

/** Response headers to relay to the agent (hop-by-hop removed); the input is not modified. */
export function relayResponseHeaders(
  headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>,
): OutgoingHttpHeaders {
  const listed = connectionTokens(headers.connection);
  const out: OutgoingHttpHeaders = {};
  for (const name in headers) {
    if (HOP_BY_HOP.has(name) || listed?.has(name)) continue;
    const value = headers[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** True when the request carries a body (RFC 9112 6.3: Transfer-Encoding or a non-zero Content-Length). */
export function hasRequestBody(req: IncomingMessage): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && length !== '0';
}
