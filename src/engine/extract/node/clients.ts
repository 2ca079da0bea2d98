/**
 * What client libraries' options make a request do (issue 22 r4): a custom resolver (`lookup`,
 * `dnsLookup`, an Agent's or undici dispatcher's `connect.lookup`) that answers with a literal
 * address sends the request to that address, whatever name the URL spells; nodemailer sends its
 * message's text and attachments (files by path) to the SMTP server of its transport.
 */
import type { SyntaxNode } from '../../parse/index.js';
import type { CallHandler } from '../code/calls.js';
import { JS_CAPTURE } from '../code/capture.js';
import { clipboardWrite, JS_CLIPBOARD_WRITES } from '../code/clipboard-swap.js';
import { JS_SERVICES } from '../code/services.js';
import { request } from '../code/effects.js';
import { concat, constText, opaque, pathOf, strVal, UNKNOWN, type Val } from '../code/value.js';
import type { JsWalker } from '../node.js';
import type { JsCall } from './calls.js';

type Handler = CallHandler<JsWalker, JsCall>;

/** Option keys that hold a resolver callback. */
const RESOLVERS = new Set(['lookup', 'dnsLookup', 'resolve', 'lookupFn']);
/** Option keys that hold an object whose own options may hold one (an Agent, a dispatcher). */
const HOLDERS = new Set(['agent', 'httpAgent', 'httpsAgent', 'dispatcher', 'connect', 'socket', 'options']);
/** Text a resolver may answer with: IPv4 in any radix inet_aton reads, IPv6 (bracketed or not). */
const ADDRESS =
  /^(?:\[?[0-9a-fA-F:.]*:[0-9a-fA-F:.]*\]?|(?:0[xX][0-9a-fA-F]+|\d+)(?:\.(?:0[xX][0-9a-fA-F]+|\d+)){0,3})$/;
/** Most nodes looked at inside one resolver function. */
const MAX_NODES = 2000;

/** The literal addresses in a function's body (strings, template strings, large integers). */
function literalAddresses(w: JsWalker, fn: SyntaxNode): string[] {
  const out: string[] = [];
  const stack = [fn];
  for (let seen = 0; stack.length > 0 && seen < MAX_NODES; seen++) {
    const n = stack.pop()!;
    if (n.type === 'string' || n.type === 'template_string' || n.type === 'number') {
      const text = w.src(n).replace(/^['"`]|['"`]$/g, '');
      // A bare number is an address only when it is one as a whole (2852039166).
      if (ADDRESS.test(text) && (n.type !== 'number' || Number(text) > 0xffffff)) out.push(text);
      continue;
    }
    for (const c of n.children) stack.push(c);
  }
  return out;
}

/**
 * Addresses a request's own resolver answers with: callbacks under RESOLVERS keys in the options,
 * or in an agent/dispatcher object they hold (a few levels down).
 */
export function resolverAddresses(w: JsWalker, options: readonly (Val | undefined)[]): string[] {
  const out: string[] = [];
  const visit = (v: Val | undefined, depth: number): void => {
    if (v?.fields === undefined || depth > 3) return;
    for (const [k, f] of v.fields) {
      if (RESOLVERS.has(k) && f.fn !== undefined) out.push(...literalAddresses(w, f.fn as SyntaxNode));
      else if (RESOLVERS.has(k) && constText(f) !== null && ADDRESS.test(constText(f)!))
        out.push(constText(f)!);
      else if (HOLDERS.has(k)) visit(f, depth + 1);
    }
  };
  for (const o of options) visit(o, 0);
  return out;
}

/** `new http.Agent(opts)`, `new undici.Agent(opts)`, `new undici.Client(origin, opts)`: options kept. */
const agentCtor: Handler = (_w, c) => {
  const opts = c.args.find((a) => a.fields !== undefined);
  return { ...UNKNOWN, ref: c.name, ...(opts?.fields ? { fields: opts.fields } : {}) };
};

// --- nodemailer -------------------------------------------------------------------------------------

const TRANSPORT = 'nodemailer.Transport()';

/** createTransport({ host, port } | 'smtps://user:pass@host' | { service }): the SMTP server's URL. */
const createTransport: Handler = (_w, c) => {
  const o = c.args[0];
  const host = o?.fields?.get('host') ?? o?.fields?.get('service');
  const url =
    o?.fields !== undefined
      ? concat([strVal('smtp://'), host ?? strVal('smtp')])
      : (o ?? strVal('smtp://smtp'));
  return { ...UNKNOWN, ref: TRANSPORT, fields: new Map([['url', url]]) };
};

/** One attachment: a file by `path` is read; `content` and `href` are the data themselves. */
function attachment(w: JsWalker, c: JsCall, a: Val): Val {
  const path = a.fields?.get('path');
  const p =
    path !== undefined && constText(path) !== null && /^(?:https?|data):/i.test(constText(path)!)
      ? undefined
      : path;
  if (p === undefined) return opaque([a]);
  const { path: file, dynamic } = pathOf(p);
  w.col.file(c.span, 'read', file, 'nodemailer', { dynamic });
  return {
    ...opaque([a]),
    sources: [...opaque([a]).sources, { kind: 'file', path: file }, ...w.col.contentSources(file)],
  };
}

/** transport.sendMail(message): its text, html and attachments go to the transport's server. */
const sendMail: Handler = (w, c) => {
  const msg = c.args[0];
  if (msg === undefined) return undefined;
  const url = c.recv?.fields?.get('url') ?? strVal('smtp://smtp');
  const atts = msg.fields?.get('attachments');
  const files = (atts?.items ?? (atts?.fields !== undefined ? [atts] : [])).map((a) => attachment(w, c, a));
  const parts = ['text', 'html', 'subject', 'raw', 'amp'].flatMap((k) =>
    msg.fields?.get(k) ? [msg.fields.get(k)!] : [],
  );
  return request(w.col, c.span, 'nodemailer', {
    url,
    payload: [...parts, ...files, ...(msg.fields === undefined ? [msg] : [])],
    sends: true,
  });
};

// --- socket.io ----------------------------------------------------------------------------------------

const SOCKET_IO = 'socket.io-client.Socket()';

/** io(url) / io.connect(url): a socket to that server (its events carry data there). */
const ioConnect: Handler = (w, c) => {
  const url = c.args[0];
  if (url === undefined || url.fields !== undefined) return undefined;
  const peer = request(w.col, c.span, c.name, { url, payload: [], sends: false }).peer;
  return { ...UNKNOWN, ref: SOCKET_IO, ...(peer ? { peer } : {}) };
};

/** socket.emit(event, ...data) / socket.send(...data): the data goes to the socket's server. */
const ioEmit: Handler = (w, c) => {
  const peer = c.recv?.peer;
  if (peer === undefined) return undefined;
  const data = (c.method === 'emit' ? c.args.slice(1) : c.args).filter((a) => a.fn === undefined);
  return request(w.col, c.span, c.name, {
    url: strVal(peer.url ?? `https://${peer.host}/`),
    payload: data,
    sends: true,
  });
};

export const JS_CLIENTS: readonly (readonly [readonly string[], Handler])[] = [
  [
    [
      'socket.io-client',
      'socket.io-client.io',
      'socket.io-client.connect',
      'socket.io-client.default',
      'socket.io-client.Manager().socket',
    ],
    ioConnect,
  ],
  [
    [`${SOCKET_IO}.emit`, `${SOCKET_IO}.send`, `${SOCKET_IO}.emitWithAck`, `${SOCKET_IO}.timeout().emit`],
    ioEmit,
  ],
  [
    [
      'new http.Agent',
      'new https.Agent',
      'new undici.Agent',
      'new undici.Pool',
      'new undici.Client',
      'new undici.ProxyAgent',
      'undici.buildConnector',
      'new agentkeepalive',
    ],
    agentCtor,
  ],
  [['nodemailer.createTransport', 'nodemailer.createTransporter'], createTransport],
  [[`${TRANSPORT}.sendMail`], sendMail],
  ...JS_CAPTURE,
  [JS_CLIPBOARD_WRITES, clipboardWrite],
  ...JS_SERVICES,
];
