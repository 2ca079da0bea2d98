/**
 * Host classification for SSRF checks: decodes every spelling an IPv4 address can take in a URL
 * (dotted, decimal, hex, octal, mixed and short inet_aton forms), IPv6 including IPv4-mapped,
 * NAT64 and 6to4 embeddings, and well-known metadata names. Pure; the proxy's CONNECT check reuses it.
 */
import { addressesInName } from './embedded.js';

export type HostClass =
  'metadata' | 'link-local' | 'loopback' | 'unspecified' | 'private' | 'public' | 'name' | 'invalid';

export interface HostInfo {
  /** The host as given, lowercased, without brackets, zone id or trailing dot. */
  readonly host: string;
  /** Dotted-quad form when the host is (or embeds) an IPv4 address. */
  readonly ipv4?: string;
  /** Expanded IPv6 form (eight groups) when the host is an IPv6 literal. */
  readonly ipv6?: string;
  readonly class: HostClass;
}

/** Cloud metadata services by IPv4 (AWS/GCP/Azure/OCI 169.254.169.254, ECS task role, Alibaba, Oracle). */
const METADATA_V4 = new Set([
  '169.254.169.254',
  '169.254.170.2',
  '169.254.170.23',
  '100.100.100.200',
  '192.0.0.192',
  // Azure WireServer: hands out VM extension settings and certificates to the guest.
  '168.63.129.16',
]);
/** Metadata names; any of these, or a subdomain of the *.internal ones, is the metadata service. */
const METADATA_NAMES = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.com',
  'metadata.azure.internal',
  'metadata.tencentyun.com',
  'metadata.packet.net',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.platformequinix.com',
  'kubernetes.default.svc.cluster.local.metadata',
]);
/** AWS IMDS over IPv6 (Nitro). */
const METADATA_V6 = new Set(['fd00:ec2:0:0:0:0:0:254']);
/** DNS services that answer with the IPv4 address written in the name (169.254.169.254.nip.io). */
const ECHO_DNS_SUFFIXES = ['.nip.io', '.sslip.io', '.xip.io', '.nip.direct', '.localtest.me'];

/** Public DNS names (and all their subdomains) that resolve to 127.0.0.1. */
const PUBLIC_LOOPBACK_DOMAINS = ['localtest.me', 'lvh.me', 'vcap.me', 'lacolhost.com', 'localdomain.pw'];
/**
 * DNS rebinding services: the name answers with each address it spells in turn, so any address
 * in it (loopback included: `7f000001.c0a80001.rbndr.us`) is one the request may reach.
 */
const REBINDING_DOMAINS = ['rbndr.us', '1u.ms', 'lock.cmpxchg8b.com', 'rebind.network', 'rebind.it'];

/**
 * Names that reach this machine: loopback, and the names container runtimes and VMs give the host
 * (from inside a container `host.docker.internal:2375` is the host's docker API; r7).
 */
const LOOPBACK_NAMES = new Set([
  'localhost',
  'localhost.localdomain',
  'ip6-localhost',
  'ip6-loopback',
  'host.docker.internal',
  'gateway.docker.internal',
  'docker.for.mac.host.internal',
  'docker.for.win.host.internal',
  'host.containers.internal',
  'host.lima.internal',
]);

/**
 * inet_aton(3) semantics, which curl, wget, ping and glibc resolvers follow: 1 to 4 parts, each
 * decimal, octal (leading 0) or hex (0x); the last part fills the remaining bytes. With
 * `zeroIsDecimal`, leading zeros are read as decimal (how some other parsers read 0169.254...).
 */
export function parseIpv4(text: string, zeroIsDecimal = false): number | null {
  // inet_aton accepts any number of leading zeros: only the 253-byte name limit bounds the text.
  if (text.length === 0 || text.length > 253) return null;
  const parts = text.split('.');
  if (parts.length > 4) return null;
  const values: number[] = [];
  for (const part of parts) {
    let value: number;
    if (/^0x[0-9a-f]*$/i.test(part)) value = part.length === 2 ? 0 : parseInt(part.slice(2), 16);
    else if (!zeroIsDecimal && /^0[0-7]*$/.test(part))
      value = part.length === 1 ? 0 : parseInt(part.slice(1), 8);
    else if (/^[0-9]+$/.test(part)) value = parseInt(part, 10);
    else return null;
    if (!Number.isFinite(value)) return null;
    values.push(value);
  }
  const last = values.pop() as number;
  for (const v of values) if (v > 255) return null;
  const lastMax = 2 ** (8 * (4 - values.length)) - 1;
  if (last > lastMax) return null;
  let result = 0;
  values.forEach((v, i) => {
    result += v * 2 ** (8 * (3 - i));
  });
  return result + last;
}

export function formatIpv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

/** Parse an IPv6 literal (with optional embedded dotted IPv4 tail) into eight 16-bit groups. */
export function parseIpv6(text: string): number[] | null {
  if (!text.includes(':') || text.length > 64) return null;
  let body = text;
  const lastColon = body.lastIndexOf(':');
  const maybeV4 = body.slice(lastColon + 1);
  if (maybeV4.includes('.')) {
    const v4 = parseStrictDotted(maybeV4);
    if (v4 === null) return null;
    // Rewrite the dotted tail as two hex groups and parse the result like any other literal.
    body = `${body.slice(0, lastColon + 1)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const parseGroups = (s: string): number[] | null => {
    if (s === '') return [];
    const out: number[] = [];
    for (const g of s.split(':')) {
      if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
      out.push(parseInt(g, 16));
    }
    return out;
  };
  const head = parseGroups(halves[0] ?? '');
  if (head === null) return null;
  const want = 8;
  if (halves.length === 2) {
    const rest = parseGroups(halves[1] ?? '');
    if (rest === null || head.length + rest.length > want - 1) return null;
    return [...head, ...new Array<number>(want - head.length - rest.length).fill(0), ...rest];
  }
  if (head.length !== want) return null;
  return head;
}

function parseStrictDotted(text: string): number | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!m) return null;
  const bytes = m.slice(1).map(Number);
  if (bytes.some((b) => b > 255)) return null;
  return (((bytes[0]! * 256 + bytes[1]!) * 256 + bytes[2]!) * 256 + bytes[3]!) >>> 0;
}

/** IPv4 address carried inside an IPv6 one: mapped, compatible, NAT64 (64:ff9b::/96) or 6to4. */
function embeddedIpv4(groups: readonly number[]): number | null {
  const g = (i: number): number => groups[i] ?? 0;
  const v4 = (hi: number, lo: number): number => hi * 65536 + lo;
  const zeroTo = (n: number): boolean => groups.slice(0, n).every((x) => x === 0);
  if (zeroTo(5) && g(5) === 0xffff) return v4(g(6), g(7));
  if (zeroTo(6) && (g(6) !== 0 || g(7) > 1)) return v4(g(6), g(7));
  if (g(0) === 0x64 && g(1) === 0xff9b && groups.slice(2, 6).every((x) => x === 0)) return v4(g(6), g(7));
  if (zeroTo(4) && g(4) === 0xffff && g(5) === 0) return v4(g(6), g(7));
  if (g(0) === 0x2002) return v4(g(1), g(2));
  return null;
}

function classifyV4(value: number): HostClass {
  const dotted = formatIpv4(value);
  if (METADATA_V4.has(dotted)) return 'metadata';
  const a = Math.floor(value / 2 ** 24);
  const b = Math.floor(value / 2 ** 16) % 256;
  if (a === 169 && b === 254) return 'link-local';
  if (a === 127) return 'loopback';
  if (value === 0) return 'unspecified';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 100 && b >= 64 && b <= 127) return 'private';
  if (a === 0) return 'unspecified';
  return 'public';
}

/** Strip brackets, a zone id, userinfo, a port and a trailing dot; lowercase. */
export function normaliseHost(raw: string): string {
  let host = raw.trim().toLowerCase();
  // curl and WHATWG URL parsers percent-decode host names (%31%36%39.254.169.254) and map
  // full-width digits and ideographic full stops through IDNA (１６９。２５４...).
  if (!host.startsWith('[') && /%[0-9a-f]{2}/.test(host)) {
    try {
      host = decodeURIComponent(host);
    } catch {
      // not valid percent-encoding: keep it as written
    }
  }
  // eslint-disable-next-line no-control-regex -- non-ASCII test
  if (/[^\x00-\x7f]/.test(host)) host = host.normalize('NFKC').replace(/[\u3002\uff0e\uff61]/g, '.');
  const at = host.lastIndexOf('@');
  if (at >= 0) host = host.slice(at + 1);
  if (host.startsWith('[')) {
    const close = host.indexOf(']');
    host = close > 0 ? host.slice(1, close) : host.slice(1);
  } else if ((host.match(/:/g) ?? []).length === 1) {
    host = host.slice(0, host.indexOf(':'));
  }
  const zone = host.indexOf('%');
  if (zone >= 0) host = host.slice(0, zone);
  while (host.endsWith('.')) host = host.slice(0, -1);
  return host;
}

function fromV4(host: string, value: number): HostInfo {
  return { host, ipv4: formatIpv4(value), class: classifyV4(value) };
}

const classified = new Map<string, HostInfo>();

/** Classify a host as written in a URL, a CONNECT line or a command argument (memoised: pure). */
export function classifyHost(raw: string): HostInfo {
  let info = classified.get(raw);
  if (info === undefined) {
    info = Object.freeze(classifyUncached(raw));
    if (classified.size >= 4096) classified.clear();
    classified.set(raw, info);
  }
  return info;
}

function classifyUncached(raw: string): HostInfo {
  const host = normaliseHost(raw);
  if (host === '') return { host, class: 'invalid' };
  if (host.includes(':')) {
    const groups = parseIpv6(host);
    if (!groups) return { host, class: 'invalid' };
    const ipv6 = groups.map((x) => x.toString(16)).join(':');
    const v4 = embeddedIpv4(groups);
    if (v4 !== null) return { ...fromV4(host, v4), ipv6 };
    if (METADATA_V6.has(ipv6)) return { host, ipv6, class: 'metadata' };
    if (groups.every((x, i) => (i < 7 ? x === 0 : x === 1))) return { host, ipv6, class: 'loopback' };
    if (groups.every((x) => x === 0)) return { host, ipv6, class: 'unspecified' };
    const first = groups[0] ?? 0;
    if ((first & 0xffc0) === 0xfe80) return { host, ipv6, class: 'link-local' };
    if ((first & 0xfe00) === 0xfc00) return { host, ipv6, class: 'private' };
    return { host, ipv6, class: 'public' };
  }
  if (/^[0-9a-fx.]+$/.test(host) && /^[0-9]/.test(host)) {
    const value = parseIpv4(host);
    if (value !== null) {
      const info = fromV4(host, value);
      if (info.class !== 'metadata' && info.class !== 'link-local') {
        // Some parsers read leading zeros as decimal (0169.0254.0169.0254): take the worse reading.
        const alt = parseIpv4(host, true);
        if (alt !== null && alt !== value) {
          const altInfo = fromV4(host, alt);
          if (altInfo.class === 'metadata' || altInfo.class === 'link-local') return altInfo;
        }
      }
      return info;
    }
  }
  if (METADATA_NAMES.has(host)) return { host, class: 'metadata' };
  if (host.endsWith('.metadata.google.internal') || host.endsWith('.metadata.goog'))
    return { host, class: 'metadata' };
  if (LOOPBACK_NAMES.has(host) || host.endsWith('.localhost')) return { host, class: 'loopback' };
  for (const suffix of ECHO_DNS_SUFFIXES) {
    if (host.endsWith(suffix)) {
      const embedded = echoDnsAddress(host.slice(0, -suffix.length));
      if (embedded !== null) return { ...fromV4(host, embedded), host };
      if (suffix === '.localtest.me') return { host, class: 'loopback' };
    }
  }
  if (PUBLIC_LOOPBACK_DOMAINS.some((d) => host === d || host.endsWith(`.${d}`)))
    return { host, class: 'loopback' };
  // Rebinding and echo services under any domain (a9fea9fe.rbndr.us, 169-254-169-254.example):
  // a name that spells a metadata or link-local address is treated as that address.
  const spelled = addressesInName(host);
  for (const embedded of spelled) {
    const info = fromV4(host, embedded);
    if (info.class === 'metadata' || info.class === 'link-local') return info;
  }
  if (spelled.length > 0 && REBINDING_DOMAINS.some((d) => host.endsWith(`.${d}`)))
    for (const embedded of spelled) {
      const info = fromV4(host, embedded);
      if (info.class === 'loopback') return { ...info, host };
    }
  return { host, class: 'name' };
}

/** The IPv4 address an echo-DNS name resolves to: `x.169.254.169.254`, `169-254-169-254`, `a9fea9fe`. */
function echoDnsAddress(label: string): number | null {
  const dotted = /(?:^|[.-])(\d{1,3})[.-](\d{1,3})[.-](\d{1,3})[.-](\d{1,3})$/.exec(label);
  if (dotted) return parseStrictDotted(dotted.slice(1, 5).join('.'));
  const hex = /(?:^|[.-])([0-9a-f]{8})$/.exec(label);
  if (hex) return parseInt(hex[1]!, 16);
  return null;
}

/** Metadata or link-local: never a legitimate destination for an agent. */
export function isMetadataOrLinkLocal(info: HostInfo): boolean {
  return info.class === 'metadata' || info.class === 'link-local';
}

/** Loopback in the wide sense: 127/8, ::1, localhost names and 0.0.0.0 (which Linux routes to loopback). */
export function isLoopbackLike(info: HostInfo): boolean {
  return info.class === 'loopback' || info.class === 'unspecified';
}

/** Host (or URL) written in a policy's protectedHosts list, compared after normalisation and decoding. */
export function matchesProtectedHost(info: HostInfo, protectedHosts: readonly string[]): string | null {
  for (const entry of protectedHosts) {
    const p = classifyHost(entry);
    if (p.host === info.host) return entry;
    if (p.ipv4 !== undefined && p.ipv4 === info.ipv4) return entry;
    if (p.ipv6 !== undefined && p.ipv6 === info.ipv6) return entry;
    if (p.class === 'name' && info.host.endsWith(`.${p.host}`)) return entry;
  }
  return null;
}

/** Host and port from a URL-ish string (`http://h:1/`, `h:1`, `//h`); null when none is visible. */
export function hostFromUrl(text: string): { host: string; port?: number } | null {
  const m = /^(?:[a-z][a-z0-9+.-]*:)?\/\/([^/?#\s]*)/i.exec(text.trim());
  if (!m) return null;
  const authority = m[1] ?? '';
  const afterUser = authority.slice(authority.lastIndexOf('@') + 1);
  let host = afterUser;
  let port: number | undefined;
  const v6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(afterUser);
  if (v6) {
    host = `[${v6[1]}]`;
    if (v6[2]) port = Number(v6[2]);
  } else {
    const hp = /^([^:]*):(\d+)$/.exec(afterUser);
    if (hp) {
      host = hp[1] ?? '';
      port = Number(hp[2]);
    }
  }
  if (host === '') return null;
  return port === undefined ? { host } : { host, port };
}
