/**
 * A sign-in link built on the host the request claims (R23: `https://${req.headers['x-forwarded-host']
 * || req.headers.host}/reset?token=${token}` mailed to the user): whoever asks for a reset with their
 * own `Host` or `X-Forwarded-Host` gets the victim's reset, invite or magic-link token sent to
 * their server when the victim clicks (password-reset poisoning). Links from a configured base URL
 * (`process.env.APP_URL`, settings), a host checked against an allow-list, and links carrying no
 * token stay allowed.
 */
import type { Planted } from './auth-backdoor.js';

/** The Host or X-Forwarded-Host header as node and python servers read it. */
const HOST_READ =
  /\b(?:req|request|ctx|ctx\.request|c\.req)\.(?:headers?(?:\.host\b|\[\s*["'](?:x-forwarded-host|host)["']\s*\]|\.get\(\s*["'](?:x-forwarded-host|host)["']\s*\))|get\(\s*["'](?:x-forwarded-host|host)["']\s*\)|header\(\s*["'](?:x-forwarded-host|host)["']\s*\)|hostname\b|host\b|host_url\b|url_root\b|META\[\s*["']HTTP_(?:X_FORWARDED_)?HOST["']\s*\])/i;
/** What a link hands over: a reset, invite, verification or magic-link token. */
const TOKEN_LINK = /token|reset|magic|invite|verify|confirm/i;
/** The link is sent to someone (mail, SMS, a message). */
const SENDS = /\b(?:send\w*|mail\w*|email\w*|notify\w*|sms)\s*\(|\bsendMail\b|\bsend_mail\b/i;
/** The host compared with the site's own before use. */
const HOST_CHECKED =
  /\b(?:ALLOWED_HOSTS|allowedHosts|TRUSTED_HOSTS|trustedHosts|trusted_hosts)\b|\.(?:includes|has)\(\s*[\w.]*host\w*\s*\)|\bhost\w*\s*!==?\s*[\w.]+/i;

/** Where and why the text mails a token link on a host the request chose, or undefined. */
export function hostLinkAt(text: string): Planted | undefined {
  if (!/host/i.test(text)) return undefined;
  const src = text.slice(0, 65536);
  if (!SENDS.test(src) || HOST_CHECKED.test(src)) return undefined;
  let at = 0;
  for (let lines = 0; lines < 4000 && at < src.length; lines++) {
    const end = src.indexOf('\n', at);
    const line = src.slice(at, end === -1 ? src.length : end);
    const host = line.length < 2000 ? HOST_READ.exec(line) : null;
    // The host read inside a URL the same line builds with a token word.
    if (host !== null && /:\/\/|["'`]\s*\+|\$\{|\{/.test(line) && TOKEN_LINK.test(line))
      // Where the line's code starts: the read itself sits in a template's substitution.
      return {
        why: `mails a token link on the host the request names (${host[0].slice(0, 50)})`,
        at: at + line.length - line.trimStart().length,
      };
    if (end === -1) break;
    at = end + 1;
  }
  return undefined;
}
