/**
 * Settings that leave a published service open, read by their shape rather than by the product
 * (R11 open-service): a dev mode (no ACLs, no login) told to listen on every address, an admin API
 * moved onto every address, a trust list that is the whole internet (an open mail relay), a
 * plaintext broker listener advertised to outside clients, a superuser password anyone would guess.
 * The caller has already seen the service published on every interface of the host.
 */
import { words as nameWords } from './auth-settings.js';
import { publishedOnAll } from './exposure.js';

/** Every address: 0.0.0.0, ::, [::] or an empty host, with or without a port. */
const ALL_ADDRESSES = /^(?:[a-z]+:\/\/)?(?:0\.0\.0\.0|::|\[::\]|\*)?(?::(\d+))?$/i;

/** Flags that choose the address a dev server listens on (`-bind 0.0.0.0`, `-client=0.0.0.0`). */
const BIND_FLAG =
  /^--?(?:bind|client|host|listen|addr|address|bind-addr|bind-address|http-addr|http\.addr|ip)$/;
/** The word that starts a server in dev mode: no ACLs, no login, state in memory. */
const DEV_WORD = /^--?dev$/;

/** `(flag, value)` pairs of the command words: `-bind 0.0.0.0`, `-bind=0.0.0.0`. */
function flagValues(args: readonly string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const eq = w.indexOf('=');
    if (w.startsWith('-') && eq > 0) out.push([w.slice(0, eq), w.slice(eq + 1)]);
    else if (w.startsWith('-') && args[i + 1] !== undefined) out.push([w, args[i + 1]!]);
  }
  return out;
}

/** `NAME=value` → [NAME, value without surrounding quotes], or undefined. */
function entry(e: string): [string, string] | undefined {
  const eq = e.indexOf('=');
  if (eq <= 0) return undefined;
  return [
    e.slice(0, eq),
    e
      .slice(eq + 1)
      .trim()
      .replace(/^(["'])(.*)\1$/, '$2'),
  ];
}

/** A dev-mode server (nomad/consul `agent -dev`) bound to every address: ACLs are off in dev mode. */
function devOnAll(args: readonly string[]): string | undefined {
  if (!args.some((a) => DEV_WORD.test(a))) return undefined;
  for (const [flag, value] of flagValues(args))
    if (BIND_FLAG.test(flag) && ALL_ADDRESSES.test(value) && value !== '')
      return `dev mode (no ACLs or login) listening on ${value}`;
  return undefined;
}

/** Name words that make a listener an administration or control API. */
const ADMIN = new Set(['admin', 'management', 'mgmt', 'control', 'controlplane']);
/** Name words that make a setting the address a listener binds. */
const LISTEN = new Set(['listen', 'listener', 'listeners', 'bind', 'addr', 'address', 'host']);

/** The container ports of the specs published on every interface (`8001:8001` → 8001). */
function containerPorts(specs: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const spec of specs)
    if (publishedOnAll([spec]) !== undefined)
      out.add(
        spec
          .trim()
          .replace(/\/(?:tcp|udp|sctp)$/i, '')
          .split(':')
          .pop()!
          .replace(/-.*$/, ''),
      );
  return out;
}

/**
 * An admin API told to listen on every address (KONG_ADMIN_LISTEN=0.0.0.0:8001,
 * --admin.address=:9901): whoever reaches it reconfigures the service. With a port in the value,
 * that port must be the one published on every interface.
 */
function adminOnAll(
  env: readonly string[],
  args: readonly string[],
  ports: readonly string[],
): string | undefined {
  const published = containerPorts(ports);
  const settings: [string, string, string][] = [];
  for (const e of env) {
    const kv = entry(e);
    if (kv !== undefined) settings.push([kv[0], kv[1], e]);
  }
  for (const [flag, value] of flagValues(args)) settings.push([flag, value, `${flag}=${value}`]);
  for (const [name, value, shown] of settings) {
    const w = nameWords(name);
    if (!w.some((x) => ADMIN.has(x)) || !w.some((x) => LISTEN.has(x))) continue;
    for (const part of value.split(/\s*,\s*/)) {
      const m = ALL_ADDRESSES.exec(part.split(/\s+/)[0] ?? '');
      if (m === null || part === '') continue;
      // No port specs: the host network or -P publishes every port.
      if (m[1] === undefined || published.size === 0 || published.has(m[1]))
        return `${shown}: the admin API on every address`;
    }
  }
  return undefined;
}

/** Name words of a list of networks whose clients the service trusts without a login. */
const TRUST_LIST = new Set(['mynetworks', 'trusted', 'relay', 'whitelist', 'allowlist', 'whitelisted']);
const NETWORKS = new Set([
  'networks',
  'network',
  'nets',
  'hosts',
  'clients',
  'subnets',
  'sources',
  'from',
  'cidrs',
]);
/** The whole IPv4 or IPv6 internet. */
const EVERYONE = /(?:^|[\s,;])(?:0\.0\.0\.0\/0|::\/0)(?:$|[\s,;])/;

/** A trust list that is every address (POSTFIX_mynetworks=0.0.0.0/0: an open mail relay). */
function trustsEveryone(env: readonly string[]): string | undefined {
  for (const e of env) {
    const kv = entry(e);
    if (kv === undefined || !EVERYONE.test(kv[1])) continue;
    const w = nameWords(kv[0]);
    const trust = w.some((x) => TRUST_LIST.has(x));
    const allow = w.includes('allow') || w.includes('allowed');
    if (w.includes('mynetworks') || ((trust || allow) && w.some((x) => NETWORKS.has(x))))
      return `${e}: every address is trusted without a login`;
  }
  return undefined;
}

/** A host outside: not loopback, not a private address, not a docker service name or internal zone. */
function outsideHost(host: string): boolean {
  if (/^(?:localhost|127\.|\[?::1\]?$|0\.0\.0\.0$|\[?::\]?$)/i.test(host) || host === '') return false;
  if (/^(?:10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.|169\.254\.)/.test(host)) return false;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return true;
  return (
    host.includes('.') && !/\.(?:local|internal|lan|localdomain|svc|cluster\.local|home\.arpa)$/i.test(host)
  );
}

/**
 * A broker listener without authentication (Kafka PLAINTEXT) advertised to clients outside this
 * machine (`PLAINTEXT://203.0.113.7:9092`): a dev stack advertises localhost or its service name
 * (ALLOW_PLAINTEXT_LISTENER=yes alone is the bitnami dev default, r9).
 */
function plaintextAdvertised(env: readonly string[]): string | undefined {
  const settings = env.map(entry).filter((kv): kv is [string, string] => kv !== undefined);
  const protocols = new Map<string, string>([['PLAINTEXT', 'PLAINTEXT']]);
  for (const [name, value] of settings)
    if (/LISTENER_SECURITY_PROTOCOL_MAP$/i.test(name))
      for (const pair of value.split(','))
        protocols.set(
          pair.split(':')[0]!.trim().toUpperCase(),
          (pair.split(':')[1] ?? '').trim().toUpperCase(),
        );
  for (const [name, value] of settings) {
    if (!/ADVERTISED_LISTENERS$/i.test(name)) continue;
    for (const l of value.split(',')) {
      const m = /^\s*([\w-]+):\/\/([^:/]*):\d+/.exec(l);
      if (m !== null && protocols.get(m[1]!.toUpperCase()) === 'PLAINTEXT' && outsideHost(m[2]!))
        return `a plaintext listener advertised at ${m[2]!}`;
    }
  }
  return undefined;
}

/**
 * Passwords anyone tries first: the product's or account's own name, the classic defaults, and the
 * examples the images' own docs print (mysecretpassword, my-secret-pw, yourStrong(!)Password).
 */
const GUESSABLE =
  /^(?:mysecretpassword|my-secret-pw|example|yourstrong(?:\(!\)|@|!)passw(?:or|0r)d|password|passw(?:or)?d|pass|root|toor|admin|administrator|postgres|mysql|mariadb|mongo|mongodb|redis|secret|changeme|changeit|default|guest|qwerty|letmein|1234|12345|123456|12345678|123456789)$/i;

const PASSWORD_NAME = /^(.*?)_?(?:ROOT_|SUPERUSER_|DEFAULT_|INITDB_ROOT_)?(?:PASSWORD|PASSWD|PASS|PW)$/i;
/** A password that is the service's own superuser's (MYSQL_ROOT_PASSWORD, MSSQL_SA_PASSWORD). */
const SUPERUSER = /(?:^|_)(?:ROOT|SUPERUSER|SA|INITDB_ROOT)_(?:PASSWORD|PASSWD|PASS|PW)$/i;
/** A web console's admin login (KEYCLOAK_ADMIN_PASSWORD=admin with start-dev): the documented dev default (r9). */
const CONSOLE_ADMIN = /(?:^|_)ADMIN_(?:PASSWORD|PASSWD|PASS|PW)$/i;
const USER_NAME = /^(.*?)_?(?:ROOT_|ADMIN_|SUPERUSER_|DEFAULT_)?(?:USER|USERNAME)$/i;

/**
 * A superuser password anyone would guess (POSTGRES_PASSWORD=postgres, MYSQL_ROOT_PASSWORD=root) or
 * the same as its account name (APP_USER=app, APP_PASSWORD=app).
 */
function guessablePassword(env: readonly string[], image: string | undefined): string | undefined {
  // The repository's words: POSTGRES_PASSWORD is postgres's own login; DB_PASSWORD in an app is a client's.
  const own = new Set(nameWords(image?.replace(/[:@].*$/, '') ?? ''));
  const settings = env.map(entry).filter((kv): kv is [string, string] => kv !== undefined);
  // Account names by the prefix their setting shares with the password's (APP_USER ↔ APP_PASSWORD).
  const users = new Map<string, string>();
  for (const [name, value] of settings) {
    const u = USER_NAME.exec(name);
    if (u !== null) users.set(u[1]!.toLowerCase(), value.toLowerCase());
  }
  for (const [name, value] of settings) {
    const m = PASSWORD_NAME.exec(name);
    if (m === null || value === '' || /[$`]/.test(value)) continue;
    // A bare PASSWORD is the container's own login (linuxserver rdesktop, webtop, code-server; R13).
    const mine = m[1] === '' || own.has(nameWords(m[1]!)[0] ?? '');
    if (CONSOLE_ADMIN.test(name) || (!SUPERUSER.test(name) && !mine)) continue;
    if (GUESSABLE.test(value)) return `${name}=${value}, a password anyone would guess`;
    if (users.get(m[1]!.toLowerCase()) === value.toLowerCase())
      return `${name} is the same as its account name`;
  }
  return undefined;
}

/**
 * The shape that leaves the published service open, given its environment (`NAME=value`), command
 * words (serviceArgs), `-p`/compose port specs and image, or undefined.
 */
export function openShape(
  env: readonly string[],
  args: readonly string[],
  ports: readonly string[],
  image: string | undefined,
): string | undefined {
  return (
    devOnAll(args) ??
    adminOnAll(env, args, ports) ??
    trustsEveryone(env) ??
    plaintextAdvertised(env) ??
    guessablePassword(env, image)
  );
}
