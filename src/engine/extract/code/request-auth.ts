/**
 * A request's headers and credentials (python and node HTTP clients): which of their values are
 * the request's authentication, judged by SEC-AST-010 as a token used where it is meant to go,
 * and which are data sent along (a User-Agent or X-Trace header carrying a secret; issue 22 r6).
 */
import { namesHost } from '../../knowledge/service-names.js';
import type { DataSink, DataSource } from '../../facts.js';
import type { Span } from '../../types.js';
import type { Collector } from './collector.js';
import { isDockerSecret } from '../../paths.js';
import { isTokenStore } from './credential-apis.js';
import { markSignIn } from './secret-logins.js';
import { concat, constText, deepLits, deepSources, holeVal, render, strVal, type Val } from './value.js';

/** Header names that carry credentials: where APIs take their tokens and sessions (`CB-ACCESS-PASSPHRASE`, fp14). */
const AUTH_HEADER =
  /auth|token|key|secret|session|cookie|passw|passphrase|credential|signature|bearer|jwt|csrf|xsrf|^x-honeycomb-team$/i;

type NetSink = Extract<DataSink, { kind: 'net' }>;

/**
 * A secret source in an auth slot: a named variable is the request's credential (judged by where
 * it goes), and so is the container's Docker secret, the file form of one (its read marked a
 * sign-in for SEC-AST-001); other files and the whole environment are data. A fetched secret (a
 * secrets manager's value, a keyring's token) there is a token used as meant.
 */
function authSlot(col: Collector, span: Span, v: Val, sink: NetSink): void {
  for (const s of deepSources(v)) {
    if (s.kind === 'env') col.flow(span, s, s.name !== undefined ? { ...sink, auth: true } : sink);
    else if (s.kind === 'file' && isDockerSecret(s.path)) {
      col.flow(span, s, { ...sink, auth: true });
      markSignIn(col, s.path);
    } else if (s.kind === 'file' && !isTokenStore(s.path)) col.flow(span, s, sink);
    // A server's client's own credential forwarded as this request's (SEC-AST-010 judges the host).
    else if (s.kind === 'page' && s.what === 'request-auth') col.flow(span, s, { ...sink, auth: true });
  }
}

/** A header value that is not a credential: whatever secret it holds is sent as data. */
function dataSlot(col: Collector, span: Span, v: Val, sink: NetSink): void {
  for (const s of deepSources(v)) if (secretKind(s)) col.flow(span, s, sink);
}

/** Sources worth a flow fact here: files, the environment, command output. */
function secretKind(s: DataSource): boolean {
  return s.kind === 'file' || s.kind === 'env' || s.kind === 'output' || s.kind === 'page';
}

/**
 * Headers given to a request: each named header judged by its name; headers whose names are not
 * known (a variable, a Headers object) count as the auth slot, as they did before.
 */
export function headerFlows(col: Collector, span: Span, headers: Val, sink: NetSink): void {
  if (headers.fields === undefined || headers.fields.size === 0) {
    authSlot(col, span, headers, sink);
    col.egress(deepLits(headers), 'header');
    return;
  }
  for (const [name, v] of headers.fields) {
    if (AUTH_HEADER.test(name)) {
      authSlot(col, span, v, sink);
      col.egress(deepLits(v), 'header');
    } else {
      // A literal key in a User-Agent is payload for SEC-AST-013 too. The `From` header is the
      // requester's own address (RFC 9110 section 10.1.2), an addressing field as a mail's `from` is.
      dataSlot(col, span, v, sink);
      col.egress(deepLits(v), /^from$/i.test(name) ? 'from' : undefined);
    }
  }
}

/** Query parameters named for a credential (`?appid=`, `&api_key=`, `?token=`): where keyed APIs take keys. */
const AUTH_PARAM = /auth|token|key|secret|session|passw|credential|signature|^sig$|^app_?id$/i;

/**
 * Every unknown part of the URL is the whole value of a credential-named query parameter
 * (`?q=London&appid={KEY}`): its secrets are the request's credentials, not data sent along.
 */
export function credentialQueryOnly(url: Val): boolean {
  if (url.parts === null || url.sources.length === 0) return false;
  // Holes named for a local value (`$page`) carry no secret when every source is a named
  // variable; holes named for those variables, or of unknown origin, must be credential values.
  const named = new Set<string>();
  for (const s of url.sources) {
    if (s.kind !== 'env' || s.name === undefined) return strictQuery(render(url), () => true);
    named.add(s.name);
  }
  return strictQuery(render(url), (hole) => named.has(hole) || hole === 'X' || hole === 'ENV');
}

/**
 * Every secret in the URL is a variable named for the URL's own service (TELEGRAM_BOT_TOKEN in
 * `https://api.telegram.org/bot{TOKEN}/sendMessage`, as that API takes it): the URL is its auth slot.
 */
export function ownServiceCredential(url: Val, host: string): boolean {
  if (url.parts === null || url.sources.length === 0) return false;
  if (url.sources.every((s) => s.kind === 'env' && s.name !== undefined && namesHost(s.name, host)))
    return true;
  return pathCredentialOnly(url, host);
}

/**
 * Every secret in the URL is a token-named variable in a path segment after a short word
 * (`https://api.telegram.org/bot{ALERT_BOT_TOKEN}/sendMessage`): the API's token-in-path auth
 * slot, judged as a credential header is (R15 FP). A bare segment (`/x/{SECRET_TOKEN}`) stays data.
 */
function pathCredentialOnly(url: Val, host: string): boolean {
  const names = new Set<string>();
  const labels = host.toLowerCase().split('.').slice(0, -2);
  for (const s of url.sources) {
    if (s.kind !== 'env' || s.name === undefined || !/TOKEN|KEY$/i.test(s.name)) return false;
    // A host that only wears the variable's service in a subdomain (telegram.example.com) is a look-alike.
    if (labels.includes(s.name.split('_')[0]!.toLowerCase())) return false;
    names.add(s.name);
  }
  const m = /^https:\/\/[^/$?#]+(\/[^?#]*)$/i.exec(render(url));
  if (m === null) return false;
  const holes = [...m[1]!.matchAll(/\$(\w+)/g)];
  if (holes.length === 0 || holes.length !== [...render(url).matchAll(/\$(\w+)/g)].length) return false;
  return m[1]!
    .split('/')
    .filter((seg) => seg.includes('$'))
    .every((seg) => {
      const h = /^[a-z]{2,8}\$(\w+)$/i.exec(seg);
      return h !== null && names.has(h[1]!);
    });
}

function strictQuery(text: string, secretHole: (name: string) => boolean): boolean {
  const q = text.indexOf('?');
  if (q < 0 || [...text.slice(0, q).matchAll(/\$(\w+)/g)].some((m) => secretHole(m[1]!))) return false;
  for (const pair of text
    .slice(q + 1)
    .split('#')[0]!
    .split('&')) {
    const eq = pair.indexOf('=');
    const holes = [...pair.matchAll(/\$(\w+)/g)].filter((m) => secretHole(m[1]!));
    if (holes.length === 0) continue;
    if (eq < 0 || !AUTH_PARAM.test(pair.slice(0, eq)) || !/^\$\w+$/.test(pair.slice(eq + 1))) return false;
  }
  return true;
}

/**
 * `url.searchParams.set(k, v)` / `append(k, v)` on a URL whose text is known: the URL with that
 * parameter in its query, so the query is judged by its names (undefined when the URL is not known).
 */
export function withParam(url: Val, key: Val | undefined, v: Val | undefined): Val | undefined {
  const text = url.parts !== null ? render(url) : null;
  const name = key === undefined ? null : constText(key);
  if (text === null || name === null || v === undefined || !/^[a-z][a-z0-9+.-]*:\/\//i.test(text))
    return undefined;
  const value = constText(v);
  const sep = text.includes('?') ? '&' : '?';
  const pair = `${sep}${encodeURIComponent(name)}=`;
  const held =
    value !== null ? { ...v, parts: [encodeURIComponent(value)] } : v.parts !== null ? v : holeVal('X', v);
  return concat([url, strVal(pair), held]);
}

/**
 * Basic-auth pairs, bearer options and cookie jars given to a request (`field` 'auth'), or a URL
 * that carries the credential ('header'): the request's credentials. An e-mail address that is the
 * whole of an auth value is the account's login (`auth=('me@acme.com', token)`), not data sent.
 */
export function authFlows(
  col: Collector,
  span: Span,
  auth: Val,
  sink: NetSink,
  field: 'auth' | 'header' = 'header',
): void {
  authSlot(col, span, auth, sink);
  col.egress(deepLits(auth), field);
}

/** Body fields of a sign-in: the account's password or secret, given to the service it signs in to. */
const LOGIN_FIELD = /^(?:password|passwd|pass|pwd|client_?secret|secret|otp|totp|api_?key|token)$/i;

/**
 * A request body's sign-in fields holding one named variable (`{"email": .., "password": $QA_PASSWORD}`):
 * those fields, judged as the auth slot; the other fields and values stay data (R15 FP: a QA login).
 */
export function loginFields(v: Val): { auth: Val[]; data: Val[] } | undefined {
  if (v.fields === undefined || v.ref !== undefined) return undefined;
  const auth: Val[] = [];
  const data: Val[] = [];
  for (const [k, f] of v.fields) {
    const named = f.sources.length > 0 && f.sources.every((s) => s.kind === 'env' && s.name !== undefined);
    if (LOGIN_FIELD.test(k) && named && f.fields === undefined && f.items === undefined) auth.push(f);
    else data.push(f);
  }
  return auth.length > 0 ? { auth, data } : undefined;
}
