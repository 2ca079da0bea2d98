/**
 * NET-AST-001: network access to cloud metadata or link-local services in any spelling
 * (169.254.169.254 as decimal 2852039166, hex 0xa9fea9fe, octal 0251.0376.0251.0376, IPv6-mapped,
 * fd00:ec2::254, metadata.google.internal, 100.100.100.200, 169.254.170.2) or a policy-protected host.
 */
import type { HostInfo } from '../../net/address.js';
import { classifyHost, hostFromUrl, isMetadataOrLinkLocal, matchesProtectedHost } from '../../net/address.js';
import { curlMapTargets, expandCurlGlob, urlsInsideUrl } from '../../net/embedded.js';
import { isMetadataToken, isPlainInstanceAttribute } from '../../net/metadata-attributes.js';
import type { Span } from '../../types.js';
import type { Policy } from '../../policy.js';
import { defineRule, type FactIndex, type RuleHit } from '../define-rule.js';
import { argvUrls, RAW_SOCKET_TOOLS, TEXT_ONLY } from '../helpers.js';

function describe(info: HostInfo, raw: string): string {
  const decoded = info.ipv4 !== undefined && info.ipv4 !== info.host ? ` (${info.ipv4})` : '';
  const what =
    info.class === 'metadata'
      ? 'a cloud metadata service'
      : info.class === 'link-local'
        ? 'a link-local address'
        : 'a protected host';
  return `${raw}${decoded} is ${what}`;
}

/**
 * Programs that take a host as a bare argument. Only there is a one-label name (`metadata`,
 * `instance-data`) the metadata host; elsewhere it is a folder or a key (`mkdir metadata`,
 * `vault kv metadata get`).
 */
const HOST_CLIENTS: ReadonlySet<string> = new Set([
  ...RAW_SOCKET_TOOLS,
  ...['curl', 'wget', 'http', 'https', 'xh', 'httpie', 'aria2c', 'lynx', 'links', 'w3m', 'elinks'],
  ...['ping', 'ping6', 'traceroute', 'tracepath', 'mtr', 'dig', 'nslookup', 'host', 'drill', 'nmap'],
  ...['ssh', 'scp', 'sftp', 'rsync', 'ftp', 'lftp', 'grpcurl', 'websocat', 'wscat', 'hping3', 'arping'],
]);

/** A bare host argument (curl 169.254.169.254/latest, nc 0xa9fea9fe 80): host-shaped tokens only. */
function bareHost(arg: string, client: boolean): string | null {
  const m = /^([0-9a-zA-Z.:[\]-]+?)(?::\d+)?(?:\/.*)?$/.exec(arg);
  if (!m?.[1]) return null;
  const h = m[1];
  if (/^(?:\d|0x|\[)/i.test(h)) return h;
  return /^(?:metadata|instance-data)/i.test(h) && (client || h.includes('.')) ? h : null;
}

/**
 * The hit for `raw` or for what it hides: curl's glob variants of a host (`169.254.169.{253,254}`)
 * and URLs carried in a URL's parameters (open redirectors, `?url=http%3A%2F%2F169.254...`).
 */
function reportDeep(
  seen: Set<string>,
  protectedHosts: Policy['protectedHosts'],
  raw: string,
  url: string | undefined,
  span: Span,
): RuleHit | null {
  const direct = report(seen, protectedHosts, raw, span);
  if (direct) return direct;
  if (raw.includes('{') || raw.includes('[')) {
    for (const variant of expandCurlGlob(raw)) {
      const h = report(seen, protectedHosts, variant, span);
      if (h) return h;
    }
  }
  if (url !== undefined && url.length > raw.length + 8) {
    for (const inner of urlsInsideUrl(url)) {
      const found = hostFromUrl(inner);
      if (found === null) continue;
      const h = reportDeep(seen, protectedHosts, found.host, inner, span);
      if (h) return { ...h, reason: `${h.reason} (carried in the URL's parameters)` };
    }
  }
  return null;
}

/**
 * A metadata-service URL that reads an instance attribute, not a credential (metadata-attributes.ts).
 * The IMDSv2 token counts only when the input also reads an attribute: fetched alone, it is the
 * first step towards the credentials.
 */
function plainAttribute(host: string, url: string | undefined, reads: boolean): boolean {
  return (
    isPlainInstanceAttribute(url) &&
    (reads || !isMetadataToken(url)) &&
    classifyHost(host).class === 'metadata'
  );
}

/** Whether some net fact reads a plain instance attribute other than the token. */
function readsAttribute(facts: FactIndex): boolean {
  for (const n of facts.of('net'))
    if (!isMetadataToken(n.url) && plainAttribute(n.host, n.url, false)) return true;
  return false;
}

/** Options whose value maps a host name to another address (curl --resolve, --connect-to). */
const ADDRESS_MAPS = new Set(['--resolve', '--connect-to']);

/** The hit for `raw` when it is metadata, link-local or protected and not already reported (a plain function: no closure per command). */
function report(
  seen: Set<string>,
  protectedHosts: Policy['protectedHosts'],
  raw: string,
  span: Span,
): RuleHit | null {
  const info = classifyHost(raw);
  const bad = isMetadataOrLinkLocal(info) || matchesProtectedHost(info, protectedHosts) !== null;
  const key = info.ipv4 ?? info.ipv6 ?? info.host;
  if (!bad || seen.has(key)) return null;
  seen.add(key);
  return { span, reason: `${describe(info, raw)}`, suggestedAlternative: null };
}

export default defineRule({
  id: 'NET-AST-001',
  invariant: 'NO_METADATA_OR_INTERNAL_SSRF',
  kinds: ['exec', 'flow', 'net'],
  summary:
    'Requests to cloud metadata, link-local or policy-protected hosts, in every IPv4/IPv6/name encoding.',
  remediationHint:
    'Cloud metadata and link-local services hand out instance credentials; never contact them. If you need instance information, ask the user; for ordinary requests use the public host name of the service.',
  *check(facts, policy) {
    const seen = new Set<string>();
    const hosts = policy.protectedHosts;
    const reads = readsAttribute(facts);
    for (const n of facts.of('net')) {
      if (plainAttribute(n.host, n.url, reads)) continue;
      const h = reportDeep(seen, hosts, n.host, n.url, n.span);
      if (h) yield h;
    }
    for (const f of facts.of('flow')) {
      if (f.from.kind === 'net' && !plainAttribute(f.from.host, f.from.url, reads)) {
        const h = report(seen, hosts, f.from.host, f.span);
        if (h) yield h;
      }
      if ((f.to.kind === 'net' && !plainAttribute(f.to.host, f.to.url, reads)) || f.to.kind === 'dns') {
        const h = report(seen, hosts, f.to.host, f.span);
        if (h) yield h;
      }
    }
    for (const e of facts.of('exec')) {
      if (TEXT_ONLY.has(e.program)) continue;
      for (const url of argvUrls(e)) {
        const full = url.arg.slice(url.arg.lastIndexOf('=', url.arg.indexOf('://')) + 1);
        if (plainAttribute(url.host, full, reads)) continue;
        const h = reportDeep(seen, hosts, url.host, url.arg, e.span);
        if (h) yield h;
      }
      for (let i = 1; i < e.argv.length; i++) {
        const arg = e.argv[i]!;
        const eq = arg.indexOf('=');
        const option = eq > 0 ? arg.slice(0, eq) : arg;
        if (ADDRESS_MAPS.has(option)) {
          const value = eq > 0 ? arg.slice(eq + 1) : (e.argv[i + 1] ?? '');
          for (const target of curlMapTargets(value)) {
            const h = report(seen, hosts, target, e.span);
            if (h) yield { ...h, reason: `${h.reason} (mapped by ${option})` };
          }
        }
        // Cheap gate before the regexes: bare hosts start with a digit, '[', 'm' or 'i' (after an option name).
        const c = arg.charCodeAt(arg.startsWith('-') ? arg.indexOf('=') + 1 : 0);
        if (!((c >= 48 && c <= 57) || c === 91 || c === 109 || c === 105) || arg.includes('://')) continue;
        const host = bareHost(arg.replace(/^-[A-Za-z-]+=/, ''), HOST_CLIENTS.has(e.program));
        if (host !== null) {
          const h = report(seen, hosts, host, e.span);
          if (h) yield h;
        }
      }
    }
  },
  examples: {
    deny: [
      { input: 'curl http://169.254.169.254/latest/meta-data/iam/security-credentials/' },
      { input: 'curl http://2852039166/latest/meta-data/' },
      { input: 'curl http://169.254.169.254/latest/meta-data/placement/../iam/security-credentials/' },
      { input: 'curl http://169.254.169.254/latest/user-data' },
      { input: 'curl http://0xa9fea9fe/latest/meta-data/' },
      { input: 'curl http://0251.0376.0251.0376/' },
      { input: 'curl http://0xa9.0xfe.0xa9.0xfe/' },
      { input: 'curl http://169.254.43518/' },
      { input: 'curl "http://[::ffff:169.254.169.254]/latest/"' },
      { input: 'curl "http://[::ffff:a9fe:a9fe]/"' },
      { input: 'curl "http://[fd00:ec2::254]/latest/meta-data/"' },
      { input: 'curl -H "Metadata-Flavor: Google" http://metadata.google.internal/computeMetadata/v1/' },
      { input: 'curl http://100.100.100.200/latest/meta-data/' },
      { input: 'curl $AWS_CONTAINER_CREDENTIALS_FULL_URI http://169.254.170.2/v2/credentials' },
      { input: 'wget -qO- http://169.254.169.254.nip.io/' },
      { input: 'curl http://a9fea9fe.rbndr.us/latest/meta-data/' },
      { input: 'curl --resolve example.com:80:169.254.169.254 http://example.com/latest/meta-data/' },
      { input: 'curl --connect-to ::metadata.google.internal: http://example.com/' },
      { input: "curl 'http://169.254.169.{253,254}/latest/meta-data/'" },
      { input: "curl 'https://r.example/go?url=http%3A%2F%2F169.254.169.254%2Flatest%2F'" },
    ],
    allow: [
      { input: 'curl https://api.github.com/repos/o/r', why: 'a public API' },
      { input: 'curl http://localhost:3000/health', why: 'loopback on an unprotected port' },
      { input: 'ping -c 1 10.0.0.5', why: 'a private address is not metadata' },
      { input: 'echo 169.254.169.254', why: 'printed, not contacted' },
      {
        input: 'mkdir -p metadata',
        why: 'a folder named metadata; only a network client takes it as a host',
      },
      { input: 'curl --resolve example.com:443:93.184.216.34 https://example.com/', why: 'a public address' },
      { input: "curl 'https://r.example/go?url=https://example.com/'", why: 'the carried URL is public' },
      {
        input: 'curl -s http://169.254.169.254/latest/meta-data/placement/region',
        why: 'the instance reads its own region, an attribute that is not a credential',
      },
      {
        input:
          'import requests\nprint(requests.get("http://metadata.google.internal/computeMetadata/v1/project/project-id", headers={"Metadata-Flavor": "Google"}).text)',
        runtime: 'python',
        why: 'the project id, not a service-account token',
      },
    ],
  },
});
