/**
 * A firewall, security group or network rule opened to the whole internet (red team r12
 * access-widen): a source of `0.0.0.0/0`, `::/0`, `*`, `Internet` or `any` on an inbound rule, under
 * any vendor's keys (GCP `sourceRanges`, Azure `source_address_prefix`, AWS `cidr_ip`, a generic
 * `source_ranges`). Web ports (80, 443) open to everyone are how sites are served; any other port
 * (a database, RDP, SSH, every port) is a service handed to anyone who scans for it. Becomes one
 * `agent-guard-action expose network <detail>` line for PLT-AST-003.
 */
import { quote, type CliEquivalent } from './cli.js';
import { ACTION_PROGRAM } from './saas.js';
import { snakeEntries } from './snake-entries.js';
import { union, type Gate } from './signals.js';

const RULE_WORDS =
  /^(?:firewall|firewalls|security|sg|nsg|ingress|inbound|acl|acls|allowlist|whitelist|authorized|network|networks|rule|rules|ip|cidr|access)$/;
const CHANGE =
  /^(?:create|add|update|set|patch|put|modify|allow|authorize|open|insert|edit|change|replace|upsert)$/;
const NOT_CHANGE = /^(?:get|list|read|describe|show|view|delete|remove|revoke|close|deny|block)$/;
/** Keys of a rule's source (who may connect). */
const SOURCE_KEY =
  /(?:^|_)(?:source|sources|source_ranges?|source_address_prefix(?:es)?|source_ip|source_ips|cidr|cidrs|cidr_ip|cidr_ipv6|cidr_blocks?|ip_range|ip_ranges|range|ranges|prefix|prefixes|allowed_ips|allowed_cidrs|allowed_ip_list|allowed_ip_ranges|ip_allow_list|ip_allowlist|ip_whitelist|authorized_networks|remote_ip|remote_ip_prefix|from|origin|value|ip)$/;
const EVERYONE_WORD = /^(?:0\.0\.0\.0|\*|any|internet|all|anywhere|0\/0)$/i;
/**
 * Whether a source is everyone: a word for it, or a block so wide it is most of the internet in any
 * spelling (`0.0.0.0/0`, `1.0.0.0/0`, `::0/0`, the halves `0.0.0.0/1` + `128.0.0.0/1`). An IPv4
 * block of /4 or wider, or an IPv6 one of /16 or wider outside the private and link-local ranges;
 * a company's block is a /16 or narrower.
 */
export function everyoneSource(x: string): boolean {
  const s = x.trim();
  if (EVERYONE_WORD.test(s)) return true;
  const v4 = /^(\d{1,3})(?:\.\d{1,3}){3}\/(\d{1,2})$/.exec(s);
  if (v4 !== null) return Number(v4[2]) <= 4;
  // A netmask spelling (`0.0.0.0/0.0.0.0`, `0.0.0.0 128.0.0.0`): its first octet keeps at most four bits.
  const mask = /^\d{1,3}(?:\.\d{1,3}){3}[/ ](\d{1,3})(?:\.\d{1,3}){3}$/.exec(s);
  if (mask !== null) return [0, 128, 192, 224, 240].includes(Number(mask[1]));
  const v6 = /^([0-9a-f]{0,4})(?::[0-9a-f]{0,4}){1,7}\/(\d{1,3})$/i.exec(s);
  if (v6 === null) return false;
  const first = parseInt(v6[1] || '0', 16);
  // fc00::/7 (unique local) and fe80::/10 (link-local) are private however wide.
  return Number(v6[2]) <= 16 && !(first >= 0xfc00 && first <= 0xfebf);
}
const PORT_KEY =
  /(?:^|_)(?:port|ports|port_range|destination_port_range|destination_port_ranges|from_port|to_port)$/;
/** Ports open to everyone on purpose: the web. */
const WEB = new Set(['80', '443']);

type Pair = [string, unknown];

/** The call's (snake_case key, value) pairs (tool-call/snake-entries.ts). */
const pairs = (v: unknown): Pair[] => snakeEntries(v, { depth: 5, pairs: 256, items: 64 });

/**
 * CORS that lets any web page write to or delete from a store (`AllowedOrigins: ["*"]` with PUT or
 * DELETE): any site a signed-in user visits can change it. Reads from anywhere are how public
 * assets are served.
 */
function anyOriginWrites(all: Pair[]): string | undefined {
  const anyOrigin = all.some(
    ([k, v]) =>
      /(?:^|_)(?:allowed_origins?|origins?|allow_origins?|cors_origins?)$/.test(k) &&
      (Array.isArray(v) ? v : [v]).some((x) => x === '*'),
  );
  if (!anyOrigin) return undefined;
  const methods = all
    .filter(([k]) => /(?:^|_)(?:allowed_methods|methods?|allow_methods)$/.test(k))
    .flatMap(([, v]): unknown[] => (Array.isArray(v) ? (v as unknown[]) : [v]))
    .filter((x): x is string => typeof x === 'string')
    .map((x) => x.toUpperCase());
  const writes = methods.filter((m) => /^(?:PUT|POST|DELETE|PATCH|\*)$/.test(m));
  return writes.length > 0 ? writes.join(',') : undefined;
}

/** When netOpenLines can answer (signals.ts): its first test, the name word of CORS or a network rule (RULE_WORDS). */
export const NET_OPEN_GATE: Gate = {
  name: union(RULE_WORDS, ['cors']),
  keys: union(['authorized', 'allowlist', 'whitelist']),
};

/** Keys that can only be a list of who may connect (Cloud SQL `authorizedNetworks`, an `ip_allowlist`). */
const ALLOWLIST_KEY =
  /(?:^|_)(?:authorized_(?:external_)?networks|master_authorized_networks|ip_(?:allow_?list|whitelist)|allowed_(?:ips|cidrs|ip_ranges))$/;
const EVERYONE_IN_JSON = /"(?:0\.0\.0\.0\/0|::\/0|0\.0\.0\.0\/0\.0\.0\.0)"/;

/** `cloudsql_update_instance {settings: {ipConfiguration: {authorizedNetworks: [{value: "0.0.0.0/0"}]}}}`: a list of who may connect that holds everyone. */
function allowlistOpen(args: unknown): string | undefined {
  return pairs(args).find(([k, v]) => {
    if (!ALLOWLIST_KEY.test(k)) return false;
    if (typeof v === 'string') return v.split(/[\s,]+/).some(everyoneSource);
    const json = JSON.stringify(v) ?? '';
    return json.length < 65536 && EVERYONE_IN_JSON.test(json);
  })?.[0];
}

export function netOpenLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (w.includes('cors')) {
    if (w.some((x) => NOT_CHANGE.test(x))) return [];
    const writes = anyOriginWrites(pairs(args));
    return writes === undefined
      ? []
      : [
          {
            code: [
              ACTION_PROGRAM,
              'expose',
              'storage',
              quote(`${w.join('_')} lets any website ${writes}`),
            ].join(' '),
            runtime: 'bash',
          },
        ];
  }
  if (!w.some((x) => CHANGE.test(x)) || w.some((x) => NOT_CHANGE.test(x))) return [];
  if (!w.some((x) => RULE_WORDS.test(x))) {
    // A change to any resource (a database instance, a cluster) that lets every address connect.
    const key = allowlistOpen(args);
    return key === undefined
      ? []
      : [
          {
            code: [
              ACTION_PROGRAM,
              'expose',
              'network',
              quote(`${w.join('_')} sets ${key} to every address`),
            ].join(' '),
            runtime: 'bash',
          },
        ];
  }
  const all = pairs(args);
  if (
    all.some(([k, v]) => k === 'direction' && typeof v === 'string' && /^(?:out|outbound|egress)$/i.test(v))
  )
    return [];
  if (all.some(([k, v]) => /^(?:access|action)$/.test(k) && typeof v === 'string' && /^deny$/i.test(v)))
    return [];
  const open = all.find(
    ([k, v]) =>
      SOURCE_KEY.test(k) &&
      (Array.isArray(v) ? v : [v]).some((x) => typeof x === 'string' && everyoneSource(x)),
  );
  if (open === undefined) return [];
  const ports = all
    .filter(([k]) => PORT_KEY.test(k))
    .flatMap(([, v]): unknown[] => (Array.isArray(v) ? (v as unknown[]) : [v]))
    .filter((x) => typeof x === 'string' || typeof x === 'number')
    .map((x) => String(x).trim());
  if (ports.length > 0 && ports.every((p) => WEB.has(p))) return [];
  const what = ports.length > 0 ? `port ${ports.slice(0, 4).join(',')}` : 'every port';
  return [
    {
      code: [
        ACTION_PROGRAM,
        'expose',
        'network',
        quote(`${w.join('_')} opens ${what} to every address (${open[0]})`),
      ].join(' '),
      runtime: 'bash',
    },
  ];
}
