/**
 * The route table: configured path prefixes (built-in /openai, /anthropic, /mcp plus config entries)
 * mapped to fixed upstreams, and the optional default upstream. A request can only ever reach an
 * upstream listed here: the Host header and absolute URIs never choose one (no open proxy).
 */
import type { ProxyAdapterName, ProxyConfig, ProxyRouteConfig } from '../config/sections/proxy.js';
import type { ProxyMode } from './types.js';

export interface Route {
  /** Metric/log label: the prefix, or `default` for the default upstream. */
  readonly name: string;
  /** Path prefix without a trailing slash; '' for the default upstream. */
  readonly prefix: string;
  readonly adapter: ProxyAdapterName;
  readonly mode: ProxyMode;
  readonly stripPrefix: boolean;
  /** `http://host:port` or `https://host:port` (default ports omitted, as URL.origin does). */
  readonly origin: string;
  /** Upstream base path without a trailing slash ('' for none). */
  readonly basePath: string;
  readonly secure: boolean;
  /** Host and port the upstream is reached at (the port spelled out). */
  readonly host: string;
  readonly port: number;
}

export interface RouteTable {
  /** Prefix routes, longest prefix first, then the default route if any. */
  readonly routes: readonly Route[];
  readonly fallback: Route | null;
  /** The route for an origin-form request path (no query). */
  match(pathname: string): Route | null;
  /**
   * The route for an absolute-form request (forward-proxy mode): the origin must be a configured
   * upstream's origin and the path must lie under its base path.
   */
  matchOrigin(origin: string, pathname: string): Route | null;
}

/** Built-in provider routes; a config route with the same prefix replaces one. */
function builtInRoutes(config: ProxyConfig): ProxyRouteConfig[] {
  const routes: ProxyRouteConfig[] = [
    { prefix: '/openai', upstream: config.openaiUpstream, adapter: 'openai', stripPrefix: true },
    { prefix: '/anthropic', upstream: config.anthropicUpstream, adapter: 'anthropic', stripPrefix: true },
  ];
  if (config.mcpUpstream) {
    routes.push({ prefix: '/mcp', upstream: config.mcpUpstream, adapter: 'mcp', stripPrefix: true });
  }
  return routes;
}

function toRoute(entry: ProxyRouteConfig, globalMode: ProxyMode, name?: string): Route {
  const url = new URL(entry.upstream);
  const secure = url.protocol === 'https:';
  const prefix = entry.prefix.replace(/\/+$/, '');
  return {
    name: name ?? (prefix || '/'),
    prefix,
    adapter: entry.adapter,
    // The more careful of the two wins: a route in audit under a global enforce stays audit only
    // when the operator wrote it; a global audit puts every route in audit for a roll-out.
    mode: globalMode === 'audit' ? 'audit' : (entry.mode ?? globalMode),
    stripPrefix: entry.stripPrefix,
    origin: url.origin,
    basePath: url.pathname.replace(/\/+$/, ''),
    secure,
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 443 : 80,
  };
}

export function buildRouteTable(config: ProxyConfig): RouteTable {
  const byPrefix = new Map<string, Route>();
  for (const entry of [...builtInRoutes(config), ...config.routes]) {
    const route = toRoute(entry, config.mode);
    byPrefix.set(route.prefix, route);
  }
  const prefixed = [...byPrefix.values()].sort((a, b) => b.prefix.length - a.prefix.length);
  const fallback = config.defaultUpstream
    ? toRoute(
        { prefix: '/', upstream: config.defaultUpstream, adapter: 'passthrough', stripPrefix: false },
        config.mode,
        'default',
      )
    : null;

  // `prefix + '/'` made once, not per request (a concatenation per route per request otherwise).
  const prefixes = prefixed.map((route) => ({ route, prefix: route.prefix, under: route.prefix + '/' }));
  const match = (pathname: string): Route | null => {
    for (let i = 0; i < prefixes.length; i++) {
      const { route, prefix, under } = prefixes[i]!;
      // Prefixes match whole segments: /openai matches /openai and /openai/..., never /openaix.
      if (prefix === '' || pathname === prefix || pathname.startsWith(under)) return route;
    }
    return fallback;
  };

  const all = fallback ? [...prefixed, fallback] : prefixed;
  const bases = all.map((route) => ({ route, base: route.basePath, under: route.basePath + '/' }));
  const matchOrigin = (origin: string, pathname: string): Route | null => {
    for (const { route, base, under } of bases) {
      if (route.origin !== origin) continue;
      if (base === '' || pathname === base || pathname.startsWith(under)) return route;
    }
    return null;
  };

  return { routes: all, fallback, match, matchOrigin };
}

/**
 * The path sent upstream for an origin-form request: the route's base path, then the request path
 * with the prefix removed when the route strips it. `pathAndQuery` is the raw request target.
 */
export function upstreamPath(route: Route, pathname: string, query: string): string {
  const rest = route.stripPrefix ? pathname.slice(route.prefix.length) : pathname;
  const joined = route.basePath + rest;
  return (joined === '' ? '/' : joined) + query;
}

/**
 * Dot segments (`.`/`..`, also percent-encoded) and backslashes are refused before routing: an
 * upstream that normalises `/x/../openai/...` would otherwise see a path the route table never
 * matched (RFC 3986 section 5.2.4 removes them; we do not guess how each upstream does it).
 */
export function hasAmbiguousPath(pathname: string): boolean {
  // Fast path for the common case: no dot, no percent sign, no backslash means no dot segment.
  if (!pathname.includes('.') && !pathname.includes('%') && !pathname.includes('\\')) return false;
  if (pathname.includes('\\') || /%5c/i.test(pathname)) return true;
  const decoded = pathname.replace(/%2e/gi, '.').replace(/%2f/gi, '/');
  return decoded.split('/').some((segment) => segment === '.' || segment === '..');
}
