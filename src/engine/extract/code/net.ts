import { concat, constText, strVal, type Val } from './value.js';

/**
 * Network targets named in code: split a URL (possibly with `$name` holes) into scheme, host and
 * port the way NetOpFact wants them, without normalising IP encodings (the invariants decode those).
 */

export interface Target {
  readonly host: string;
  readonly port?: number;
  readonly url?: string;
  readonly scheme?: string;
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = { http: 80, https: 443, ws: 80, wss: 443, ftp: 21 };

/**
 * Parses `http://user@host:port/path`, `//host/path`, `host:port` or a bare host. A URL whose host
 * is unknown keeps the hole text (`$base`) as its host so a flow to it is still a network sink.
 */
export function parseTarget(text: string): Target {
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)/.exec(text) ?? /^()\/\/([^/?#]*)/.exec(text);
  if (m) {
    const scheme = m[1] ? m[1].toLowerCase() : undefined;
    const { host, port } = splitAuthority(m[2] ?? '');
    const explicit =
      port ?? (scheme && Object.hasOwn(DEFAULT_PORTS, scheme) ? DEFAULT_PORTS[scheme] : undefined);
    return {
      host,
      url: text,
      ...(scheme ? { scheme } : {}),
      ...(explicit !== undefined ? { port: explicit } : {}),
    };
  }
  const { host, port } = splitAuthority(text.split(/[/?#]/, 1)[0] ?? text);
  return { host, ...(port !== undefined ? { port } : {}) };
}

function splitAuthority(authority: string): { host: string; port?: number } {
  const at = authority.lastIndexOf('@');
  let hostPort = at >= 0 ? authority.slice(at + 1) : authority;
  if (hostPort.startsWith('[')) {
    const close = hostPort.indexOf(']');
    const host = hostPort.slice(0, close + 1).toLowerCase();
    const port = Number(hostPort.slice(close + 2));
    return hostPort[close + 1] === ':' && Number.isInteger(port) && port > 0 ? { host, port } : { host };
  }
  hostPort = hostPort.trim();
  const colon = hostPort.lastIndexOf(':');
  // More than one colon without brackets: a bare IPv6 address, not host:port.
  if (colon > 0 && hostPort.indexOf(':') === colon) {
    const port = Number(hostPort.slice(colon + 1));
    if (Number.isInteger(port) && port > 0 && port < 65536)
      return { host: hostPort.slice(0, colon).toLowerCase(), port };
  }
  return { host: hostPort.toLowerCase() };
}

/**
 * A URL with query parameters given apart (`requests.get(u, params={...})`, axios `params`): the
 * URL the request really goes to, so a metadata URL carried to an open redirector is seen (r3).
 */
export function withQuery(url: Val, params: Val | undefined): Val {
  if (params?.fields === undefined || params.fields.size === 0) return url;
  const pairs: string[] = [];
  for (const [k, v] of params.fields) {
    const t = constText(v);
    // A value no secret source reaches (a loop over argv, a function's parameter) is a local
    // value (`$local`), not a hole that could hold a credential (fp14: `q={city}&appid={OWM_KEY}`).
    const hole = v.sources.length === 0 && v.ref === undefined ? '$local' : '$X';
    pairs.push(`${encodeURIComponent(k)}=${t === null ? hole : encodeURIComponent(t)}`);
  }
  const u = constText(url);
  const sep = u !== null && u.includes('?') ? '&' : '?';
  return concat([url, { ...strVal(`${sep}${pairs.join('&')}`), sources: params.sources, lits: params.lits }]);
}

/** encodeURIComponent / quote of known text: the encoded text (taint kept). */
export function uriEncoded(v: Val | undefined, keepSlash: boolean): Val | undefined {
  const t = v === undefined ? null : constText(v);
  if (v === undefined || t === null) return undefined;
  const enc = keepSlash ? encodeURIComponent(t).replace(/%2F/g, '/') : encodeURIComponent(t);
  return { ...v, parts: [enc] };
}

/**
 * A request URL given relative to a client's base URL (`httpx.Client(base_url=B).get(P)`,
 * `axios.create({ baseURL: B }).get(P)`, `urljoin(B, P)`, `new URL(P, B)`): resolved as a browser
 * would, so the host is the base's (issue 22 r3).
 */
export function resolveUrl(url: Val, base: Val | undefined): Val {
  if (base === undefined) return url;
  const u = constText(url);
  const b = constText(base);
  if (u !== null && b !== null) {
    try {
      return { ...strVal(new URL(u, b).href), sources: [...url.sources, ...base.sources], lits: url.lits };
    } catch {
      return url;
    }
  }
  // Unknown parts: an absolute URL stands alone, anything else follows the base.
  if (u !== null && /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(u)) return url;
  return concat([base, url]);
}
