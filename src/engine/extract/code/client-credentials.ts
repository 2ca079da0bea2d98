/**
 * The credentials a server's client sent (R25: a Koa middleware pushing each `ctx.get('authorization')`
 * into a batch it posts to another host): its Authorization header, a session or token cookie, an
 * API-key header, a password field. Read from a value that is the client's request (CLIENT_REQUEST),
 * they become the `request-auth` source, so SEC-AST-010 judges where the server sends them.
 */
import type { DataSource } from '../../facts.js';
import { fromClient } from './effects.js';
import { deepSources, type Val } from './value.js';

export const CLIENT_AUTH: DataSource = { kind: 'page', what: 'request-auth' };

/** Header, cookie and field names that carry a client's sign-in (not a tracking id, not a locale). */
const CREDENTIAL_NAME =
  /^(?:http_)?(?:proxy[-_])?authorization$|^(?:http_)?cookie$|auth[-_]?token|access[-_]?token|id[-_]?token|refresh[-_]?token|^(?:x[-_])?(?:auth|api)[-_]?(?:key|token)$|session|^sess(?:ion)?[-_]?id$|^sid$|jwt|bearer|passw|^connect\.sid$|^koa\.sess/i;

/** Getter methods that read one header or cookie by name (`ctx.get`, `req.header`, `headers.get`, `cookies.get`). */
const GETTERS = new Set(['get', 'header', 'getHeader', 'getAll', 'cookie']);

function fromClientRequest(v: Val | undefined): boolean {
  return v !== undefined && deepSources(v).some(fromClient);
}

function withClientAuth(v: Val): Val {
  return v.sources.includes(CLIENT_AUTH) ? v : { ...v, sources: [...v.sources, CLIENT_AUTH] };
}

/**
 * `req.headers.authorization`, `req.cookies.session`, `request.META['HTTP_AUTHORIZATION']`: a member
 * read of the client's request. The cookie jar itself is not one: it holds tracking ids too.
 */
export function clientCredentialMember(base: Val, prop: string, read: Val): Val {
  if (!CREDENTIAL_NAME.test(prop)) return read;
  return fromClientRequest(base) ? withClientAuth(read) : read;
}

/** `ctx.get('authorization')`, `request.headers.get('Cookie')`, `req.cookies.get('session')`: a getter of the client's request. */
export function clientCredentialCall(
  recv: Val | undefined,
  method: string | undefined,
  name: string | null,
  result: Val,
): Val {
  if (method === undefined || !GETTERS.has(method) || name === null || !CREDENTIAL_NAME.test(name))
    return result;
  return fromClientRequest(recv) ? withClientAuth(result) : result;
}
