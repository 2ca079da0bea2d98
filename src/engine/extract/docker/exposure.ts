/**
 * A datastore, notebook or daemon started with its authentication switched off and published on
 * every interface of the host: anyone who can reach the machine gets in (red team r3). The same
 * service published on 127.0.0.1, or not published at all (reachable only on its docker network),
 * is everyday local development.
 */
import { authSettingOff } from './auth-settings.js';

/** Environment settings that turn a service's authentication off (values compared case-blind). */
const AUTH_OFF_ENV: readonly [RegExp, RegExp][] = [
  [/^POSTGRES_HOST_AUTH_METHOD$/, /^trust$/i],
  [
    /^(?:MYSQL_ALLOW_EMPTY_PASSWORD|MARIADB_ALLOW_EMPTY_ROOT_PASSWORD|ALLOW_EMPTY_PASSWORD)$/,
    /^(?:yes|true|1)$/i,
  ],
  [/^xpack\.security\.enabled$/, /^false$/i],
  [/^(?:DISABLE_SECURITY_PLUGIN|plugins\.security\.disabled)$/, /^true$/i],
  [/^NEO4J_AUTH$/, /^none$/i],
  // dbms.security.auth_enabled=false in the image's NEO4J_ setting form (`.` to `_`, `_` to `__`; r7).
  [/^NEO4J_dbms_security_auth__?enabled$/i, /^false$/i],
  [/^DISABLE_SECURITY_DASHBOARDS_PLUGIN$/, /^true$/i],
  // The image then skips restricting its password-less default user to localhost (r7).
  [/^CLICKHOUSE_SKIP_USER_SETUP$/, /^(?:1|true)$/i],
  [/^MINIO_(?:ROOT_PASSWORD|SECRET_KEY)$/, /^minioadmin$/],
  [/^GF_AUTH_ANONYMOUS_ORG_ROLE$/, /^admin$/i],
  [/^(?:JUPYTER_TOKEN|DOCKER_TLS_CERTDIR)$/, /^$/],
  [/^MONGO_INITDB_ROOT_PASSWORD$/, /^$/],
  [/^REDIS_ARGS$/, /--protected-mode\s+no\b/i],
  [/^RABBITMQ_DEFAULT_PASS$/, /^guest$/i],
  // guest/guest allowed from other hosts than localhost (R21: `-rabbit loopback_users []`).
  [
    /^RABBITMQ_(?:SERVER_ADDITIONAL_ERL_ARGS|SERVER_START_ARGS|ERLANG_ARGS)$/,
    /\bloopback_users\s*(?:\[\s*\]|none)/i,
  ],
  // phpMyAdmin's config login: every visitor is signed in as that database user (r10).
  [/^PMA_USER$/, /^\S+$/],
  // Airflow's REST API with the auth backend that lets every request through (r10).
  [/^AIRFLOW__API__AUTH_BACKENDS?$/, /\bbackend\.default\b/],
  // Grafana trusting a header any client can send as the user's identity (r10).
  [/^GF_AUTH_PROXY_ENABLED$/, /^true$/i],
];

/** Command-line settings with the same effect (the service's own flags after the image name). */
const AUTH_OFF_ARGS: readonly RegExp[] = [
  /^--protected-mode(?:=|\s+)no$/i,
  /^--(?:NotebookApp|ServerApp|IdentityProvider)\.token=$/,
  /^--auth(?:=|\s+)none$/,
  /^--noauth$/,
  /^(?:-E\s+)?xpack\.security\.enabled=false$/,
  /^-H(?:=|\s+)tcp:\/\/(?:0\.0\.0\.0)?:2375$/,
  /^--host(?:=|\s+)tcp:\/\/(?:0\.0\.0\.0)?:2375$/,
  /^--bind_ip_all$/,
  /^--bind_ip(?:=|\s+)0\.0\.0\.0$/,
  // memcached has no authentication: listening on every address (r7).
  /^(?:-l|--listen)(?:=|\s+)0\.0\.0\.0$/,
  // r10: a Kubernetes API server that lets anonymous requests do anything; Ray's dashboard (its job
  // API runs code) on every address; Prometheus's admin API (deletes series).
  /authorization-mode=AlwaysAllow\b/,
  /^--dashboard-host(?:=|\s+)0\.0\.0\.0$/,
  /^--web\.enable-admin-api$/,
];

/** Settings that put authentication back (a redis password, mongo's root user). */
const AUTH_ON: readonly RegExp[] = [
  /^--requirepass(?:=|\s+)\S/,
  /^--auth$/,
  /^MONGO_INITDB_ROOT_USERNAME=\S/,
];

/**
 * `-p` specs and compose `ports` entries published on every interface: no host address, or
 * 0.0.0.0 / [::] (127.0.0.1, ::1 and other addresses are one interface). Returns the first.
 */
export function publishedOnAll(specs: readonly string[]): string | undefined {
  for (const raw of specs) {
    const spec = raw.trim().replace(/\/(?:tcp|udp|sctp)$/i, '');
    if (spec === '') continue;
    const bracket = /^\[([^\]]*)\]:(.*)$/.exec(spec);
    const parts = bracket ? [bracket[1]!, ...bracket[2]!.split(':')] : spec.split(':');
    // HOST:HOSTPORT:CPORT names an address; HOSTPORT:CPORT and CPORT publish on every one.
    const host = parts.length >= 3 ? parts[0]! : '';
    if (host === '' || host === '0.0.0.0' || host === '::' || host === '*') return spec;
  }
  return undefined;
}

/** An environment entry whose value is the service's extra command words (NOTEBOOK_ARGS, REDIS_ARGS). */
const ARGS_ENV = /^[A-Z][A-Z0-9_]*_(?:ARGS|OPTS|FLAGS|OPTIONS)=/;

/**
 * The command words with the image's argument variables' words added, empty quotes read as empty
 * and `--name ''` (an empty value as its own word) joined as `--name=` (r7).
 */
export function serviceArgs(env: readonly string[], args: readonly string[]): string[] {
  const words = [...args];
  for (const e of env)
    if (ARGS_ENV.test(e))
      words.push(
        ...e
          .slice(e.indexOf('=') + 1)
          .trim()
          .replace(/^(["'])(.*)\1$/, '$2')
          .split(/\s+/),
      );
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!.replace(/^(["'])\1$/, '').replace(/=(["'])\1$/, '=');
    const next = words[i + 1]?.replace(/^(["'])\1$/, '');
    if (/^--[\w.-]+$/.test(w) && next === '') {
      out.push(`${w}=`);
      i++;
    } else out.push(w);
  }
  return out;
}

/**
 * The setting that leaves the service open, given its environment (`NAME=value`) and command
 * words (serviceArgs), or undefined. Words are matched one by one and joined with the next
 * (`--protected-mode no`).
 */
export function authOff(env: readonly string[], args: readonly string[]): string | undefined {
  const on = (s: string): boolean => AUTH_ON.some((re) => re.test(s));
  if (env.some(on)) return undefined;
  for (let i = 0; i < args.length; i++) {
    const pair = `${args[i]!} ${args[i + 1] ?? ''}`.trim();
    // `--auth none` (code-server) turns it off; mongo's bare `--auth` turns it on.
    if (AUTH_OFF_ARGS.some((re) => re.test(pair))) continue;
    if (on(args[i]!) || on(pair)) return undefined;
  }
  for (const e of env) {
    const eq = e.indexOf('=');
    if (eq <= 0) continue;
    const name = e.slice(0, eq);
    const value = e
      .slice(eq + 1)
      .trim()
      .replace(/^(["'])(.*)\1$/, '$2');
    for (const [n, v] of AUTH_OFF_ENV) if (n.test(name) && v.test(value)) return `${name}=${value}`;
  }
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    const pair = `${word} ${args[i + 1] ?? ''}`;
    for (const re of AUTH_OFF_ARGS) {
      if (re.test(word)) return word;
      if (re.test(pair)) return pair;
    }
  }
  return authSettingOff(env, args);
}
