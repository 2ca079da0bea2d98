/**
 * Calls that hand a function to a server, which then calls it with what a client sent (R13
 * backdoor servers): a route added by path (`app.get('/x', f)`, `router.add_get('/x', f)`,
 * `Route('/x', f)`), a connection handler given to a serve call (`websockets.serve(h, host, port)`,
 * `asyncio.start_server(h, ...)`). Shapes of the call, not a list of frameworks: the function's
 * parameters are then client data, which must not reach a shell or eval (SH-AST-010).
 */
import { constText, type Val } from './value.js';

/** Names of calls that register a handler whatever their arguments look like. */
const SERVES =
  /(?:^|\.)(?:serve|start_server|start_unix_server|create_server|WebSocketRoute|add_(?:get|post|put|patch|delete|head|route|api_route|url_rule|websocket_route|api_websocket_route)|add_url_rule)$/;

/** Methods that add a route when their first argument is a path (`app.post('/eval', f)`). */
const ROUTE_VERB = /^(?:get|post|put|patch|delete|del|head|options|all|any|route|Route|websocket|ws)$/;

/** A route path: '/', '/api/:id', '*', '/{name}'. */
const PATH = /^(?:\/[\w\-.:{}*/<>]*|\*)$/;

/** Whether calling `name` (its last member `method`) registers its function arguments as a server's handlers. */
export function registersHandler(name: string, method: string | undefined, args: readonly Val[]): boolean {
  if (!args.some((a) => a.fn !== undefined)) return false;
  if (SERVES.test(name)) return true;
  const last = method ?? name.slice(name.lastIndexOf('.') + 1);
  const first = args[0] === undefined ? null : constText(args[0]);
  return ROUTE_VERB.test(last) && first !== null && PATH.test(first);
}

/** An event whose listener a server calls with each client's connection (net, ws, socket.io 'connection'). */
export function connectionListener(method: string | undefined, args: readonly Val[]): boolean {
  return (
    (method === 'on' || method === 'once') &&
    args[0] !== undefined &&
    constText(args[0]) === 'connection' &&
    args[1]?.fn !== undefined
  );
}

/** A middleware added to an app instance (`new Koa().use(async (ctx) => ...)`, `app.use((req, res) => ...)`). */
export function middleware(
  recvRef: string | undefined,
  method: string | undefined,
  args: readonly Val[],
): boolean {
  return method === 'use' && recvRef !== undefined && recvRef.endsWith('()') && args[0]?.fn !== undefined;
}
