/**
 * CONNECT tunnels for forward-proxy mode (HTTPS_PROXY agents). The tunnel's bytes are not inspected
 * (they are TLS), so the destination is what gets checked: the port list, the host allow/deny
 * lists, and the SSRF rules: cloud metadata and link-local addresses in every spelling, checked on
 * the name and again on every address DNS returns. The socket then connects to the checked address,
 * not the name, so a second DNS answer cannot swap in another (DNS rebinding).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import type { ProxyConfig } from '../config/sections/proxy.js';
import { classifyHost, isLoopbackLike, isMetadataOrLinkLocal, type HostInfo } from '../engine/net/address.js';

export type Lookup = (host: string) => Promise<Array<{ address: string; family: number }>>;

export const systemLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });

export type ConnectVerdict =
  | { readonly ok: true; readonly address: string; readonly port: number; readonly host: string }
  | { readonly ok: false; readonly status: 400 | 403 | 502; readonly reason: string };

/** Split `host:port` / `[v6]:port` (RFC 9110 9.3.6 authority-form). */
export function parseAuthority(target: string): { host: string; port: number } | null {
  const m = /^\[([^\]]+)\]:(\d{1,5})$/.exec(target) ?? /^([^:[\]\s/]+):(\d{1,5})$/.exec(target);
  if (!m) return null;
  const port = Number(m[2]);
  if (port < 1 || port > 65535) return null;
  return { host: m[1]!.toLowerCase(), port };
}

function hostMatches(host: string, pattern: string): boolean {
  const p = pattern.trim().toLowerCase().replace(/\.$/, '');
  if (p.startsWith('*.')) return host.endsWith(p.slice(1)) && host.length > p.length - 1;
  return host === p;
}

function refusedClass(info: HostInfo, allowPrivate: boolean): string | null {
  if (isMetadataOrLinkLocal(info)) return `${info.class} address`;
  if (info.class === 'invalid') return 'invalid address';
  if (
    !allowPrivate &&
    (info.class === 'loopback' || info.class === 'private' || info.class === 'unspecified')
  ) {
    return `${info.class} address`;
  }
  return null;
}

export interface ConnectPolicy {
  readonly config: ProxyConfig['forwardProxy'];
  /** host:port pairs of inspected routes' upstreams: tunnelling there would skip scrubbing. */
  readonly inspectedOrigins: ReadonlySet<string>;
  readonly lookup: Lookup;
}

/**
 * One key per destination whatever its spelling (issue 24): `127.1`, `2130706433`, `0x7f.1`,
 * `::ffff:127.0.0.1` are 127.0.0.1; every loopback or unspecified address (and `localhost`) is
 * this host, which may answer on any of them.
 */
export function addressKey(address: string): string {
  const info = classifyHost(address);
  if (isLoopbackLike(info)) return 'loopback';
  return info.ipv4 ?? info.ipv6 ?? info.host;
}

/** The address keys a host stands for: itself when it is an address, else what DNS answers. */
async function addressKeys(host: string, lookup: Lookup): Promise<Set<string>> {
  const info = classifyHost(host);
  const keys = new Set([addressKey(host)]);
  if (
    info.class === 'name' ||
    (info.class === 'loopback' && info.ipv4 === undefined && info.ipv6 === undefined)
  ) {
    try {
      for (const a of await lookup(info.host)) keys.add(addressKey(a.address));
    } catch {
      // An inspected upstream that does not resolve now cannot be reached by a tunnel either.
    }
  }
  return keys;
}

/**
 * Whether `addresses` (a CONNECT target's resolved addresses) reach an inspected upstream on `port`:
 * the comparison is by resolved address, so no alias or DNS name of an inspected upstream opens a
 * tunnel around its scrubbing.
 */
async function reachesInspected(
  addresses: readonly string[],
  port: number,
  policy: ConnectPolicy,
): Promise<boolean> {
  const wanted = new Set(addresses.map(addressKey));
  for (const origin of policy.inspectedOrigins) {
    const colon = origin.lastIndexOf(':');
    if (Number(origin.slice(colon + 1)) !== port) continue;
    for (const key of await addressKeys(origin.slice(0, colon), policy.lookup)) {
      if (wanted.has(key)) return true;
    }
  }
  return false;
}

/** Decide whether to open a tunnel to `target`, resolving the name once. */
export async function checkConnect(target: string, policy: ConnectPolicy): Promise<ConnectVerdict> {
  const authority = parseAuthority(target);
  if (!authority) return { ok: false, status: 400, reason: 'malformed CONNECT target' };
  const { config } = policy;
  const info = classifyHost(authority.host);
  const host = info.host;
  if (!config.allowPorts.includes(authority.port))
    return { ok: false, status: 403, reason: `port ${authority.port} is not allowed` };
  if (config.denyHosts.some((p) => hostMatches(host, p)))
    return { ok: false, status: 403, reason: 'host is on the deny list' };
  if (config.allowHosts.length > 0 && !config.allowHosts.some((p) => hostMatches(host, p))) {
    return { ok: false, status: 403, reason: 'host is not on the allow list' };
  }
  const byName = refusedClass(info, config.allowPrivate);
  if (byName) return { ok: false, status: 403, reason: byName };
  let addresses: Array<{ address: string; family: number }>;
  if (
    info.class === 'name' ||
    (info.class === 'loopback' && info.ipv4 === undefined && info.ipv6 === undefined)
  ) {
    try {
      addresses = await policy.lookup(host);
    } catch {
      return { ok: false, status: 502, reason: 'the host name does not resolve' };
    }
  } else {
    addresses = [{ address: info.ipv4 ?? info.ipv6 ?? host, family: info.ipv4 ? 4 : 6 }];
  }
  if (addresses.length === 0) return { ok: false, status: 502, reason: 'the host name does not resolve' };
  // Every answer is checked, not just the first: an attacker's DNS can mix a public and a metadata address.
  for (const a of addresses) {
    const refused = refusedClass(classifyHost(a.address), config.allowPrivate);
    if (refused) return { ok: false, status: 403, reason: `the name resolves to a ${refused}` };
  }
  const resolved = [host, ...addresses.map((a) => a.address)];
  if (await reachesInspected(resolved, authority.port, policy)) {
    return {
      ok: false,
      status: 403,
      reason:
        'this destination is an upstream with an inspecting route; use its base URL instead of a tunnel',
    };
  }
  return { ok: true, address: addresses[0]!.address, port: authority.port, host };
}

function reply(socket: Duplex, status: number, reason: string): void {
  const text =
    status === 400
      ? 'Bad Request'
      : status === 403
        ? 'Forbidden'
        : status === 405
          ? 'Method Not Allowed'
          : 'Bad Gateway';
  const body = JSON.stringify({ type: 'about:blank', title: text, status, detail: reason });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\ncontent-type: application/problem+json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

export interface TunnelHooks {
  onOutcome(outcome: 'opened' | 'refused' | 'failed', detail: { target: string; reason?: string }): void;
  track(socket: Duplex): void;
}

export async function handleConnectTunnel(
  target: string,
  socket: Duplex,
  head: Buffer,
  policy: ConnectPolicy | null,
  hooks: TunnelHooks,
  connectTimeoutMs: number,
): Promise<void> {
  socket.on('error', () => socket.destroy());
  if (!policy) {
    hooks.onOutcome('refused', { target, reason: 'forward-proxy mode is off' });
    reply(socket, 405, 'CONNECT is only accepted in forward-proxy mode');
    return;
  }
  const verdict = await checkConnect(target, policy);
  if (!verdict.ok) {
    hooks.onOutcome(verdict.status === 502 ? 'failed' : 'refused', { target, reason: verdict.reason });
    reply(socket, verdict.status, verdict.reason);
    return;
  }
  const upstream = net.connect({ host: verdict.address, port: verdict.port, timeout: connectTimeoutMs });
  hooks.track(upstream);
  hooks.track(socket);
  let opened = false;
  upstream.once('timeout', () => upstream.destroy(new Error('connect timeout')));
  upstream.once('connect', () => {
    opened = true;
    upstream.setTimeout(0);
    hooks.onOutcome('opened', { target });
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  upstream.once('error', () => {
    if (opened) {
      socket.destroy();
      return;
    }
    hooks.onOutcome('failed', { target, reason: 'the destination could not be reached' });
    reply(socket, 502, 'the destination could not be reached');
  });
  socket.once('close', () => upstream.destroy());
  upstream.once('close', () => {
    if (opened) socket.destroy();
  });
}
