/**
 * Python logging handlers that ship records to another host (SysLogHandler with a (host, port)
 * address, SocketHandler, DatagramHandler, HTTPHandler, SMTPHandler; issue 22 r6): once one is made, what the
 * program logs goes there, so the arguments of a logging call are data sent to that host.
 */
import type { CallHandler, CodeCall } from './calls.js';
import type { Collector } from './collector.js';
import { request, sendTo } from './effects.js';
import { concat, constText, strVal, UNKNOWN, type Val } from './value.js';
import type { CodeWalker } from './walker.js';

type AnyHandler = CallHandler<CodeWalker, CodeCall>;
type Peer = { readonly host: string; readonly url?: string };

/** Hosts that network log handlers made in this input send to, by walk. */
const SHIPPED = new WeakMap<Collector, Peer[]>();

function kwArg(c: CodeCall, at: number, name: string): Val | undefined {
  return c.args[at] ?? (c as { kw?: ReadonlyMap<string, Val> }).kw?.get(name);
}

function shipTo(w: CodeWalker, c: CodeCall, url: Val, port?: number): Val {
  const res = request(w.col, c.span, c.name, { url, payload: [], sends: false, ...(port ? { port } : {}) });
  const peer = res.peer;
  if (peer !== undefined) {
    const list = SHIPPED.get(w.col) ?? [];
    if (list.length < 8) list.push(peer);
    SHIPPED.set(w.col, list);
  }
  return { ...UNKNOWN, ref: `${c.name}()`, ...(peer ? { peer } : {}) };
}

/** SysLogHandler(address=(host, port)); a path address (/dev/log) is local. */
const syslog: AnyHandler = (w, c) => {
  const address = kwArg(c, 0, 'address');
  const host = address?.items?.[0];
  if (!host || constText(host) === '') return undefined;
  return shipTo(w, c, host, address?.items?.[1]?.num ?? 514);
};

/** SocketHandler(host, port) / DatagramHandler(host, port). */
const socketLike: AnyHandler = (w, c) => {
  const host = kwArg(c, 0, 'host');
  if (!host || constText(host) === '') return undefined;
  return shipTo(w, c, host, kwArg(c, 1, 'port')?.num);
};

/** HTTPHandler(host, url, method, secure): records posted to http(s)://host/url. */
const http: AnyHandler = (w, c) => {
  const host = kwArg(c, 0, 'host');
  if (!host) return undefined;
  const secure = kwArg(c, 3, 'secure')?.bool === true;
  const path = kwArg(c, 1, 'url') ?? strVal('/');
  return shipTo(w, c, concat([strVal(secure ? 'https://' : 'http://'), host, path]));
};

/** SMTPHandler(mailhost, fromaddr, toaddrs, ...): records mailed through mailhost, a host or (host, port). */
const smtp: AnyHandler = (w, c) => {
  const mailhost = kwArg(c, 0, 'mailhost');
  const host = mailhost?.items?.[0] ?? mailhost;
  if (!host || constText(host) === '') return undefined;
  return shipTo(w, c, host, mailhost?.items?.[1]?.num ?? 25);
};

export const PY_LOG_HANDLERS: readonly (readonly [readonly string[], AnyHandler])[] = [
  [['logging.handlers.SysLogHandler'], syslog],
  [['logging.handlers.SMTPHandler'], smtp],
  [['logging.handlers.SocketHandler', 'logging.handlers.DatagramHandler'], socketLike],
  [['logging.handlers.HTTPHandler'], http],
];

/** A logging call (`logging.error(...)`, `log.warning(...)`): its arguments go to every shipping handler. */
const logged: AnyHandler = (w, c) => {
  const peers = SHIPPED.get(w.col);
  if (peers === undefined || c.args.length === 0) return undefined;
  for (const peer of peers) sendTo(w.col, c.span, peer, c.args);
  return undefined;
};

export const PY_LOG_METHODS: readonly (readonly [string, AnyHandler])[] = [
  'debug',
  'info',
  'warning',
  'warn',
  'error',
  'exception',
  'critical',
  'fatal',
  'log',
].map((m) => [m, logged] as const);

/** Module-level calls (`logging.error(...)`) reach the root logger's handlers. */
export const PY_LOG_FUNCTIONS: readonly string[] = PY_LOG_METHODS.map(([m]) => `logging.${m}`);
export { logged as PY_LOGGED };

/**
 * A node logger's transport given a remote host or URL (winston's Http and Syslog transports,
 * winston-logstash, a `*Transport` class of any logging library): what the logger logs goes there.
 */
const jsTransport: AnyHandler = (w, c) => {
  const o = c.args[0]?.fields;
  if (o === undefined) return undefined;
  const url = o.get('url') ?? o.get('endpoint') ?? o.get('uri');
  if (url !== undefined && constText(url) !== '') return shipTo(w, c, url);
  const host = o.get('host') ?? o.get('hostname');
  if (host === undefined || constText(host) === '') return undefined;
  const port = o.get('port')?.num;
  const secure = o.get('ssl')?.bool === true || o.get('secure')?.bool === true || port === 443;
  const path = o.get('path') ?? strVal('/');
  return shipTo(w, c, concat([strVal(secure ? 'https://' : 'http://'), host, path]), port);
};

/** pino.transport({ target, options: { url } }) or { targets: [...] }: each target's remote URL or host. */
const pinoTransport: AnyHandler = (w, c) => {
  const o = c.args[0]?.fields;
  const targets = o?.get('targets')?.items ?? (o ? [c.args[0]!] : []);
  let out: Val | undefined;
  for (const t of targets.slice(0, 8)) {
    const options = t.fields?.get('options');
    if (options !== undefined) out = jsTransport(w, { ...c, args: [options] }) ?? out;
  }
  return out;
};

/** Constructors of logger transports (`new winston.transports.Http`, `new LogstashTransport`). */
const JS_TRANSPORT = /^new (?:[\w@/.-]+\.)?(?:transports\.\w+|\w*Transport)$/;

/** The handler of a node logger transport's constructor, by its qualified name. */
export function jsLogTransport(name: string): AnyHandler | undefined {
  if (JS_TRANSPORT.test(name)) return jsTransport;
  return name === 'pino.transport' ? pinoTransport : undefined;
}

/** A node logger's methods (`log.info(...)`); the console's own are not shipped. */
export const JS_LOG_METHODS: readonly (readonly [string, AnyHandler])[] = [
  'info',
  'warn',
  'error',
  'debug',
  'log',
  'http',
  'verbose',
  'silly',
  'fatal',
  'trace',
].map((m) => [m, (w, c) => (c.recv?.ref === 'console' ? undefined : logged(w, c))] as const);
