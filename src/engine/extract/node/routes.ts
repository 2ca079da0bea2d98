/**
 * Handlers a node server calls with what a client sent, for any framework (R13 backdoor servers:
 * fastify, koa, hapi, polka, restify, hono, socket.io): a route added by path, a middleware on an
 * app instance, a connection listener, hapi's `route({ path, handler })`. The call's result is the
 * client's request, which its function arguments receive (node.ts runs them with it).
 */
import { connectionListener, middleware, registersHandler } from '../code/route-registrations.js';
import type { Val } from '../code/value.js';
import type { JsWalker } from '../node.js';
import type { JsCall } from './calls.js';
import { CLIENT } from './handler-params.js';

/** The module an imported name starts from, if any. */
function imported(w: JsWalker, name: string): boolean {
  const bare = name.startsWith('new ') ? name.slice(4) : name;
  for (const m of w.col.imports)
    if (bare === m || bare.startsWith(`${m}.`) || bare.startsWith(`${m}(`)) return true;
  return false;
}

/**
 * The names a server app goes by in code that does not create it (an edit's fragment of a file
 * whose top made it: `app.use(...)`, `router.post('/x', ...)`, `fastify.addHook(...)`), when unbound.
 */
const CONVENTIONAL_APP = /^(?:app|router|server|fastify|api|routes|io|wss|nsp)$/;
/** Methods that add a handler every request passes through, on such an app. */
const HOOKS = /^(?:use|addHook|all)$/;

/** An unbound conventional app name registering a route, a middleware or a hook. */
function fragmentApp(w: JsWalker, c: JsCall): boolean {
  const ref = c.recv?.ref;
  if (ref === undefined || !CONVENTIONAL_APP.test(ref) || w.env.has(ref)) return false;
  return (
    registersHandler(c.name, c.method, c.args) ||
    // `io.on('connection', (socket) => ...)`: every event on the socket is what a client sent.
    connectionListener(c.method, c.args) ||
    (c.method !== undefined && HOOKS.test(c.method) && c.args.some((a) => a.fn !== undefined))
  );
}

/** What a client sent, when this call hands its functions to an imported server; undefined otherwise. */
export function servedRequest(w: JsWalker, c: JsCall): Val | undefined {
  if (c.name === '') return undefined;
  if (fragmentApp(w, c)) return CLIENT;
  if (!imported(w, c.name)) return undefined;
  if (
    registersHandler(c.name, c.method, c.args) ||
    connectionListener(c.method, c.args) ||
    middleware(c.recv?.ref, c.method, c.args)
  )
    return CLIENT;
  // hapi `server.route({ method, path, handler })`: the handler gets the request.
  const opts = c.method === 'route' ? c.args[0]?.fields : undefined;
  const handler = opts?.get('handler');
  if (handler?.fn !== undefined && opts?.has('path') === true) w.callFunction(handler, [CLIENT, CLIENT]);
  return undefined;
}
