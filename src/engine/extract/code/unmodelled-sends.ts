/**
 * Sends through clients no handler models (r9): a method called on a value rooted in an import (or
 * a module-level function of one) whose name says it transmits (send, post, put, publish, upload,
 * submit, push, emit, stor...; `messages.create` / `emails.send`) hands its data slots to the
 * client's endpoint: a literal URL or host in the client's making (or given to its connect), else
 * the library's name. Auth slots (api_key=, token=, credentials, headers, the client itself) are
 * the client's own credential, not data; in-process buses, local stores and test doubles send
 * nowhere. Only secret-bearing sources become flows, so SEC-AST-010 judges what is sent.
 * Whatever the method's name, a secret handed to any call of a client made for an outside peer or
 * with a credential (a constructor, a module's factory such as `psycopg2.connect(host=..)`) is sent
 * there, and a URL carrying a secret that a library or a page loads is a request (R15).
 */
import type { DataSource } from '../../facts.js';
import type { Span } from '../../types.js';
import type { Collector } from './collector.js';
import { parseTarget } from './net.js';
import { request } from './effects.js';
import { unmodelledMessage } from './bulk-messages.js';
import { deepSources, pathOf, render, type Val } from './value.js';

/** A call the walker could not give to a handler that sends, in the terms this module needs. */
export interface SendCall {
  readonly span: Span;
  /** Qualified name ('twilio.rest.Client().messages.create', 'new dropbox.Dropbox().filesUpload'). */
  readonly name: string;
  readonly method: string | undefined;
  readonly recv: Val | undefined;
  readonly args: readonly Val[];
  /** Keyword arguments (python). */
  readonly kw?: ReadonlyMap<string, Val>;
  /** The value called when the callee is itself a value (`bent(url, 'POST')(path, body)`). */
  readonly callee?: Val;
}

/**
 * Names that say the call transmits: a verb first (send_json, sendBatch, putFileContents,
 * publishMessage, storbinary) or an upload anywhere (files_upload, filesUpload, upload_blob).
 */
const TRANSMITS =
  /^make(?:Unary|ClientStream|ServerStream|BidiStream)Request$|^(?:send|post|put|publish|upload|submit|push|emit|produce|deliver|transmit|broadcast|notify|trigger)(?:$|_|[A-Z]|all$|to$|mail$)|^stor(?:binary|lines)?$|(?:_|[a-z])[uU]pload(?:$|_|[A-Z])/;

/** A collection of messages whose create or send delivers one (twilio messages, resend emails, mailjet send). */
const MESSAGES = /\.(?:messages|emails?|mail|sms|texts?|chat|notifications?|send)$/i;
const DELIVERS = /^(?:create|send|post)$/;

/** Constructors whose object is one transfer (`new Upload({ params: { Body } }).done()`). */
const TRANSFER_CLASS = /^(?:new )?\S+\.(?:Upload|Uploader|Transfer)$/;

/** Remote-procedure proxies: every method called on one runs on the server with its arguments (xmlrpc ServerProxy). */
const RPC_PROXY = /(?:^|\.)(?:ServerProxy|[\w]*Rpc(?:Client|Proxy)|[\w]*RPC(?:Client|Proxy))\(\)$/;

/** Methods that bind a client to its peer after it is made (zmq, nanomsg, paho, ssh2-sftp-client, basic-ftp). */
const BINDS = /^(?:connect(?:_async|Async|To(?:Net)?)?|bind|open|access)$/;

/** Option fields that name a client's peer host (`connect({ host: 'files.example.com' })`). */
const HOST_SLOT = /^(?:host|hostname|server|address|addr|endpoint|url|uri)$/i;
/** A bare IPv4 address. */
const BARE_IP = /^\d{1,3}(?:\.\d{1,3}){3}$/;
/** A bare DNS name or IPv4 address (`dump.example.net`, `203.0.113.9`). */
const BARE_HOST = /^(?:(?:[\w-]+\.)+[a-z]{2,}|\d{1,3}(?:\.\d{1,3}){3}|localhost)$/i;

/** Standard modules that reach no other host: processes, threads, queues, files, in-process events. */
const LOCAL_STDLIB =
  /^(?:queue|multiprocessing|asyncio|threading|concurrent|collections|logging|io|os|sys|json|pickle|shelve|dbm|sqlite3|signal|selectors|tkinter|contextvars|weakref|heapq|events|worker_threads|cluster|stream|readline|util|process|vm|assert|buffer|timers|perf_hooks|async_hooks|diagnostics_channel|electron|child_process|fs|path)(?:$|[./])/;

/**
 * Module path segments of libraries that reach no other host: in-process event buses and signals,
 * IPC, local stores and caches, test doubles (shapes of names, so a fork keeps its kind).
 */
const LOCAL_SEGMENT =
  /^(?:events|signals?|blinker|pyee|pydispatch|mitt|rxjs|redux|pubsub-js|postal|cryptography|crypto(?:dome)?|crypto-js|nacl|tweetnacl|hashlib|hmac|bcrypt(?:js)?|argon2|passlib|jwt|jsonwebtoken|jose|node-forge|pyotp|otplib|zlib|base64|[\w-]*ipc|[\w-]*notifier|[\w-]*emitt(?:er|ery)[\w-]*|level[\w-]*|lmdb|nedb|lowdb|keyv|[\w-]*cache[\w-]*|[\w-]*sqlite[\w-]*|tests?|testing|testclient|[\w-]*mocks?|fakes?|stubs?|sinon|jest|vitest|nock|moto|supertest|msw)$/i;

/** Whether the module reaches only this process or machine (cryptography and hashing compute here, R17). */
function localModule(mod: string): boolean {
  return LOCAL_STDLIB.test(mod) || mod.split(/[./@]/).some((seg) => LOCAL_SEGMENT.test(seg));
}

/** A query that reads people's contact or identity columns (`select email, phone, address, dob from customers`). */
const PEOPLE_QUERY =
  /\bselect\b[\s\S]*?\b(?:e_?mail|phone|mobile|address|street|dob|date_of_birth|birth_?date|ssn|national_id|passport|card_number|pan|iban|full_name|first_name|last_name)\b[\s\S]*?\bfrom\b|\bselect\s+\*\s+from\s+[\w."]*(?:customers?|users?|patients?|members?|employees?|contacts?|clients?|people|persons?|accounts?)\b/i;

/** Method names that may hand back a client's own settings or credential rather than its service's answer. */
const OWN_SETTINGS =
  /token|key|secret|cred|auth|pass|header|conf|setting|option|env|url|uri|dsn|string|dict|json|dump|repr|str|serial|export|sign|cookie|session|login|param/i;

/**
 * The receiver as an input of what its method returns: a client an imported library made with a
 * credential from the environment answers from its service (rows, a count, objects), and the
 * credential it was made with is not in that answer (R17: a daily customer count posted to the
 * metrics URL). Methods that may hand the settings back (OWN_SETTINGS) keep them.
 */
export function answerInput(
  col: Collector,
  recv: Val,
  method: string | undefined,
  args: readonly Val[] = [],
): Val {
  const ref = recv.ref;
  if (method === undefined || ref?.endsWith('()') !== true || OWN_SETTINGS.test(method)) return recv;
  if (!recv.sources.some((s) => s.kind === 'env')) return recv;
  // An answer of people's records (R18: email, phone, address, dob of customers posted to a tunnel)
  // is as guarded as the credential that opened it; a count or a status is not.
  if (args.some((a) => PEOPLE_QUERY.test(render(a).slice(0, 2000)))) return recv;
  const mod = importOf(col, ref);
  if (mod === undefined || LOCAL_STDLIB.test(mod)) return recv;
  return { ...recv, sources: recv.sources.filter((s) => s.kind !== 'env') };
}

/** Keyword and option names that are the client's own credential or connection, not data sent. */
const AUTH_SLOT =
  /^(?:auth\w*|api_?key|apikey|(?:access|auth|bearer|bot|api|refresh|session)?_?token|password|passwd|pass|pwd|secret|client_?secret|credentials?|private_?key|key_?file|cert\w*|ca|ssl\w*|tls\w*|headers?|client|account_?key|connection_?string|login|username)$/i;

/** Keywords that hand a child process or job its environment (`env=`), not a message's data. */
const ENV_KEYWORD = /^(?:env|environ|environment|env_vars)$/i;

/** Slots that name a local file the call reads and sends (`upload_sync(local_path=...)`). */
const LOCAL_PATH =
  /^(?:local_?path|local_?file|file_?path|filename|file_?name|path_?or_?fileobj|from_?path)$/i;

/** A call name that uploads a file named by its first argument (uploadFile, upload_file, fput_object). */
const FILE_BY_PATH =
  /^(?:upload|upload_?(?:file|from_filename)|uploadFile|upload_from_filename|fput_?object|fPutObject|put_?file|putFile|send_?file|sendFile)$/;

/** A transmitting method named for a file or document it sends. */
const SENDS_FILE = /^(?:send|upload|post|put)_?(?:file|document|attachment|photo|media|audio|video)s?$/i;

/** Text written like a local file's path (`~/.ssh/id_rsa`, `./dist/app.tgz`, `$HOME/.kube/config`), not content. */
const LOCAL_FILE = /^(?:~|\.{1,2}|\$\w+)?\/?[\w.@$-]+(?:\/[\w.@$-]+)*$/;

/** A string value with some known text that reads as a local path. */
function pathLike(v: Val): boolean {
  if (v.parts === null || v.fields !== undefined || v.items !== undefined) return false;
  const known = v.parts.filter((p): p is string => typeof p === 'string').join('');
  return /[/.~]/.test(known) && LOCAL_FILE.test(render(v));
}

/** Peers a client was bound to after it was made, by the client's qualified name. */
const BOUND = new WeakMap<Collector, Map<string, string>>();

/** The imported module a qualified name starts from, or undefined when it starts from none. */
function importOf(col: Collector, name: string): string | undefined {
  const bare = name.startsWith('new ') ? name.slice(4) : name;
  let best: string | undefined;
  for (const m of col.imports)
    if (
      (bare === m || bare.startsWith(`${m}.`) || bare.startsWith(`${m}(`)) &&
      (best === undefined || m.length > best.length)
    )
      best = m;
  return best;
}

/** A client's peer named by a literal: a URL's host, a connection string's endpoint, `host:port`; 'local' for IPC. */
function peerIn(text: string): string | undefined {
  const url = /^([a-z][a-z0-9+.-]*):\/\/([^/?#\s]*)/i.exec(text);
  if (url) {
    if (/^(?:ipc|inproc|unix|file)$/i.test(url[1]!)) return 'local';
    const host = parseTarget(text).host;
    return host === '' ? undefined : host;
  }
  const endpoint = /(?:^|;)\s*Endpoint\s*=\s*[a-z]+:\/\/([^/;:\s]+)/i.exec(text);
  if (endpoint) return endpoint[1]!;
  const account = /(?:^|;)\s*AccountName\s*=\s*([\w-]+)/i.exec(text);
  if (account) return `${account[1]!.toLowerCase()}.blob.core.windows.net`;
  const hostPort = /^((?:[\w-]+\.)+[a-z]{2,}|\d{1,3}(?:\.\d{1,3}){3}|localhost):\d{1,5}$/i.exec(text);
  return hostPort ? hostPort[1]! : undefined;
}

/** Where the client's literals say it talks to: a host, 'local' (a path, IPC), or undefined. */
function endpointOf(col: Collector, vals: readonly (Val | undefined)[]): string | undefined {
  let local = false;
  for (const v of vals) {
    if (v === undefined) continue;
    for (const id of v.lits) {
      const text = col.literalText(id);
      if (text === undefined) continue;
      const peer = peerIn(text.trim());
      if (peer !== undefined) return peer;
      local ||= /^(?:\.{0,2}\/|~\/|:memory:$)|\.(?:db|sqlite3?|ldb)$/.test(text);
    }
  }
  return local ? 'local' : undefined;
}

/**
 * The host of a remote URL the call is given as its first argument or `url=` (`s.post(URL, json=..)`,
 * `fetch(URL, { method: 'POST' })`): a cache, emitter or IPC library's call aimed at another host is
 * that host's request (R14: requests-cache, node-fetch-cache, ofetch sending the environment).
 */
function urlArgHost(col: Collector, c: SendCall): string | undefined {
  const v = c.args[0] ?? c.kw?.get('url');
  if (v === undefined || v.parts === null || typeof v.parts[0] !== 'string') return undefined;
  if (!/^(?:https?|wss?):\/\//i.test(v.parts[0])) return undefined;
  const peer = endpointOf(col, [v]);
  return peer === 'local' ? undefined : peer;
}

/** Methods that load a URL in a browser, a page or the desktop's handler (Electron `shell.openExternal`, R17). */
const NAVIGATES =
  /^(?:goto|navigate|navigateTo|visit|open|open(?:Url|URL|External|InBrowser|Browser|Link)|open_(?:new|new_tab|url|browser|link|external)|launch(?:Url|URL)?|launch_url|browse|loadURL|loadUrl|assign|replace)$/;

/** A remote URL given first (or as `url=`) whose text holds secret data: requested, the data in it. */
function carriedInUrl(col: Collector, c: SendCall): void {
  const v = c.args[0] ?? c.kw?.get('url');
  if (v === undefined || urlArgHost(col, c) === undefined) return;
  if (!deepSources(v).some((s) => s.kind === 'file' || s.kind === 'env' || s.kind === 'output')) return;
  request(col, c.span, c.name || 'a page load', { url: v, payload: [], sends: false });
}

/** Whether a walker's handler already sent this call's data somewhere (facts since `mark`). */
export function sentSince(col: Collector, mark: number): boolean {
  for (let i = mark; i < col.facts.length; i++) {
    const f = col.facts[i]!;
    if (f.kind === 'net' || (f.kind === 'flow' && f.to.kind === 'net')) return true;
  }
  return false;
}

/** The data slots of a call: arguments and keywords, an options object's fields, less the auth slots. */
function dataSlots(c: SendCall, method: string): { data: Val[]; paths: Val[] } {
  const data: Val[] = [];
  const paths: Val[] = [];
  const slot = (key: string | undefined, v: Val): void => {
    if (v.fn !== undefined || v.sdk !== undefined || v.module === true) return;
    if (key !== undefined && LOCAL_PATH.test(key)) paths.push(v);
    else if (key === undefined || !AUTH_SLOT.test(key)) data.push(v);
  };
  for (const a of c.args) {
    if (a.fields !== undefined && a.ref === undefined) for (const [k, v] of a.fields) slot(k, v);
    else slot(undefined, a);
  }
  for (const [k, v] of c.kw ?? []) if (!ENV_KEYWORD.test(k)) slot(k, v);
  const first = c.args[0];
  if (FILE_BY_PATH.test(method) && first !== undefined && pathLike(first)) paths.push(first);
  // A send named for a file takes it after the recipient (telethon `send_file(chat, path)`, `sendDocument(chat, path)`).
  else if (SENDS_FILE.test(method)) for (const a of c.args.slice(1, 3)) if (pathLike(a)) paths.push(a);
  return { data, paths };
}

const MAX_DEPTH = 6;

/**
 * Secret-bearing sources in `v`, an open file's or a read stream's path included; fields named for
 * a credential at any depth (`vapidDetails.privateKey`) are the client's own, not data.
 */
function secretSources(v: Val, out: DataSource[], depth = 0, skipEnvFields = false): void {
  // An object's own sources include its fields': those only a credential field holds are left out.
  const auth: DataSource[] = [];
  for (const [k, f] of v.fields ?? [])
    if (AUTH_SLOT.test(k) || (skipEnvFields && ENV_KEYWORD.test(k))) auth.push(...deepSources(f));
  for (const s of v.sources)
    if ((s.kind === 'file' || s.kind === 'env' || s.kind === 'output') && !auth.some((a) => sameSource(a, s)))
      out.push(s);
  if (v.file !== undefined && v.file.op === 'read')
    out.push({ kind: 'file', path: pathOf(v.file.path).path });
  if (depth >= MAX_DEPTH) return;
  for (const i of v.items ?? []) secretSources(i, out, depth + 1, skipEnvFields);
  for (const [k, f] of v.fields ?? [])
    if (!AUTH_SLOT.test(k) && !(skipEnvFields && ENV_KEYWORD.test(k)))
      secretSources(f, out, depth + 1, skipEnvFields);
}

/** Two sources that name the same data. */
function sameSource(a: DataSource, b: DataSource): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Methods that fire a message object made earlier (`DiscordWebhook(content=...).execute()`, `EmailMessage(...).send()`). */
const FIRES = /^(?:execute|send|done|fire|deliver|post|submit|dispatch|publish)$/;

/** Keywords and option fields of a message object that are its content. */
const CONTENT_SLOT =
  /^(?:content|contents|text|body|message|msg|data|payload|embeds?|attachments?|files?|html|subject|description|value|records?|entries|document|json|plain_?text\w*|html_?content)$/i;

/** Classes whose every argument is the message (`EmailMessage(subject, body, from, to)`). */
const MESSAGE_CLASS = /(?:Message|Mail|Email|Notification|Embed|Payload)$/;

/** Option fields that name where a request goes, and those that carry its data. */
const URL_SLOT = /^(?:url|uri|href|endpoint)$/i;
const BODY_SLOT = /^(?:data|body|json|form|payload|content)$/i;
const SENDING_METHOD = /^(?:POST|PUT|PATCH)$/i;

/** Data a message object carries until it is fired, by the object's qualified name. */
const PENDING = new WeakMap<Collector, Map<string, { sources: DataSource[]; host?: string }>>();

/** Secret sources a construction puts in the object's content (its keywords, a message's arguments). */
function carried(c: SendCall, cls: string): DataSource[] {
  const out: DataSource[] = [];
  const take = (key: string, v: Val): void => {
    if (CONTENT_SLOT.test(key) && !AUTH_SLOT.test(key)) secretSources(v, out);
  };
  for (const a of c.args) {
    if (a.fields !== undefined && a.ref === undefined) for (const [k, v] of a.fields) take(k, v);
    else if (MESSAGE_CLASS.test(cls)) secretSources(a, out);
  }
  for (const [k, v] of c.kw ?? []) take(k, v);
  return out;
}

/**
 * A request written as data rather than as a method: options naming a URL and a body or a sending
 * method (`phin({ url, method: 'POST', data })`), or a function an import made for a URL and a
 * sending method, then called with the data (`bent(url, 'POST')(path, body)`).
 */
function requestShape(
  col: Collector,
  c: SendCall,
  imported: boolean,
): { host: string; data: Val[] } | undefined {
  const opts = imported
    ? c.args.find((a) => a.fields !== undefined && a.ref === undefined)?.fields
    : undefined;
  if (opts !== undefined) {
    // fetch's shape: the URL first, then options (`ofetch(URL, { method: 'POST', body })`).
    let host: string | undefined = c.args[0]?.fields === undefined ? urlArgHost(col, c) : undefined;
    let sending = false;
    const data: Val[] = [];
    for (const [k, v] of opts) {
      if (URL_SLOT.test(k)) host = endpointOf(col, [v]);
      else if (BODY_SLOT.test(k)) data.push(v);
      else if (k.toLowerCase() === 'method') sending = SENDING_METHOD.test(render(v));
    }
    if (host !== undefined && (sending || data.length > 0)) return { host, data };
  }
  const maker = c.callee;
  if (maker?.ref === undefined || !maker.ref.endsWith('()') || importOf(col, maker.ref) === undefined)
    return undefined;
  if (!maker.lits.some((id) => SENDING_METHOD.test(col.literalText(id) ?? ''))) return undefined;
  const host = endpointOf(col, [maker]);
  return host === undefined ? undefined : { host, data: [...c.args] };
}

/** Option fields that are headers a client sends with every request it makes. */
const HEADER_SLOT = /^(?:headers|extraHeaders|customHeaders|httpHeaders|requestHeaders)$/;

/**
 * A client made for one URL with headers of its own (`new EventSource(url, { headers })`, ws
 * `new WebSocket(url, { headers })`, socket.io `io(url, { extraHeaders })`): it connects and sends
 * those headers, judged as a request's are (credential headers are the auth slot, others data).
 */
function urlClient(col: Collector, c: SendCall): boolean {
  const url = c.args[0];
  if (url === undefined || url.parts === null || !/^(?:https?|wss?):\/\//i.test(render(url))) return false;
  const headers: Val[] = [];
  for (const a of c.args.slice(1))
    for (const [k, v] of a.fields ?? []) if (HEADER_SLOT.test(k)) headers.push(v);
  if (headers.length === 0) return false;
  request(col, c.span, c.name, { url, payload: [], headers, sends: false });
  return true;
}

/**
 * A call no handler sent: when it is a send on an imported client, its data slots' secrets flow to
 * the client's peer. A bind (`s.connect("tcp://host:port")`) remembers that peer for later sends;
 * a message object made with secret content remembers it until it is fired.
 */
export function unmodelledSend(col: Collector, c: SendCall): void {
  const called = c.method ?? c.name.slice(c.name.lastIndexOf('.') + 1);
  // gRPC stubs and some SDKs name their methods in PascalCase (`stub.Submit`, `client.SendMessage`).
  const method = called.charAt(0).toLowerCase() + called.slice(1);
  const recvRef = c.recv?.ref;
  const store = c.recv?.sdk?.lib === 'store' ? c.recv.sdk : undefined;
  const mod = store !== undefined ? store.path[0] : c.name === '' ? undefined : importOf(col, c.name);
  // A module's own function that makes a client (`psycopg2.connect(host=..)`, `redis.from_url(url)`,
  // `gspread.service_account_from_dict({...})`): what it returns talks to the peer its arguments name.
  const factory =
    mod !== undefined && (c.method === undefined || c.recv?.module === true) && !localModule(mod);
  if (factory && c.args.length + (c.kw?.size ?? 0) > 0) {
    bind(col, `${c.name}()`, c.kw !== undefined && c.args.length === 0 ? [kwOptions(c.kw)] : c.args);
    if (madeWithCredential(c)) serviceClient(col, `${c.name}()`);
  }
  // A URL that carries data, handed to a library or a navigation (`open(url)`, `page.goto(url)`,
  // `webbrowser.open(url)`): the browser or client requests it, and the data leaves in it (R15).
  if ((mod !== undefined && !localModule(mod)) || NAVIGATES.test(method)) carriedInUrl(col, c);
  if (BINDS.test(method)) {
    if (recvRef !== undefined && c.args.length > 0 && c.recv?.module !== true) bind(col, recvRef, c.args);
    return;
  }
  const pending = recvRef !== undefined ? PENDING.get(col)?.get(recvRef) : undefined;
  // A class is named, not a verb: `new PostHog(key)` makes a client and posts nothing (R15).
  const sends =
    (TRANSMITS.test(method) &&
      !((c.method === undefined || c.recv?.module === true) && /^[A-Z]/.test(called))) ||
    (recvRef !== undefined && RPC_PROXY.test(recvRef)) ||
    (DELIVERS.test(method) && recvRef !== undefined && MESSAGES.test(recvRef)) ||
    TRANSFER_CLASS.test(c.name) ||
    (pending !== undefined && FIRES.test(method));
  // A client made for its server (`new grpc.Client('host:50051', creds)`, `new Keyv('redis://host')`,
  // `multiprocessing.connection.Client((host, port))`): later sends go there.
  const made =
    (c.method === undefined || c.recv?.module === true) &&
    (c.name.startsWith('new ') || /^[A-Z]/.test(called));
  if (mod !== undefined && made && !factory && c.args.length + (c.kw?.size ?? 0) > 0) {
    bind(col, `${c.name}()`, c.kw !== undefined && c.args.length === 0 ? [kwOptions(c.kw)] : c.args);
    if (madeWithCredential(c)) serviceClient(col, `${c.name}()`);
  }
  const remote =
    (recvRef !== undefined ? boundTo(col, recvRef) : undefined) ??
    (mod !== undefined && localModule(mod) && c.method !== undefined
      ? endpointOf(col, [c.recv])
      : undefined) ??
    (mod !== undefined && localModule(mod) ? urlArgHost(col, c) : undefined);
  // A cache or IPC library pointed at another host (keyv with a redis:// URL) is that host's client.
  if (mod !== undefined && localModule(mod) && (remote === undefined || remote === 'local')) return;
  if (
    !sends &&
    !made &&
    mod !== undefined &&
    c.method !== undefined &&
    (remote !== undefined || isService(col, recvRef))
  ) {
    // Any call of a client that holds a remote peer or a credential reaches its service:
    // the environment or a secret file handed to it is sent there (`gists.create`, `room_send`, r13).
    const host = remote ?? c.recv?.peer?.host ?? endpointOf(col, [c.recv]) ?? mod;
    if (host !== 'local') flowAll(col, c.span, bulkSecrets(c, method), host, c.name || method);
  }
  if (!sends) {
    // A direct message by a method no verb names (`create_direct_message`), in a loop over a list.
    if (mod !== undefined) unmodelledMessage(col, c.span, mod, c.name || method);
    if (mod !== undefined && urlClient(col, c)) return;
    const request = requestShape(col, c, mod !== undefined);
    if (request !== undefined) {
      const found: DataSource[] = [];
      for (const v of request.data) secretSources(v, found);
      flowAll(col, c.span, found, request.host, c.name || method);
    } else if (mod !== undefined && /^[A-Z]/.test(called)) remember(col, c, called);
    return;
  }
  if (mod === undefined) return;
  const host =
    c.recv?.peer?.host ??
    (store?.target !== undefined ? peerIn(store.target) : undefined) ??
    (recvRef !== undefined ? BOUND.get(col)?.get(recvRef) : undefined) ??
    pending?.host ??
    endpointOf(col, [c.recv, c.recv === undefined ? c.args[0] : undefined]) ??
    urlArgHost(col, c) ??
    mod;
  if (host === 'local') return;
  unmodelledMessage(col, c.span, host, c.name || method);
  const { data, paths } = dataSlots(c, method);
  const found: DataSource[] = [...(pending?.sources ?? [])];
  for (const v of data) secretSources(v, found);
  for (const p of paths) {
    if (p.parts === null) continue;
    const { path, dynamic } = pathOf(p);
    col.file(c.span, 'read', path, c.name || method, { dynamic });
    found.push({ kind: 'file', path }, ...col.contentSources(path));
  }
  flowAll(col, c.span, found, host, c.name || method);
}

/** Keyword arguments as one options object, so a bind reads `Client(host=..., url=...)` as `{ host, url }`. */
function kwOptions(kw: ReadonlyMap<string, Val>): Val {
  const vals = [...kw.values()];
  return {
    parts: null,
    dynamic: true,
    sources: [],
    lits: vals.flatMap((v) => v.lits).slice(0, 64),
    fields: kw,
  };
}

/** A constructor given a credential (`Octokit({ auth })`, `HfApi(token=...)`): the client of a remote service. */
function madeWithCredential(c: SendCall): boolean {
  const given = (k: string, v: Val): boolean =>
    AUTH_SLOT.test(k) && !/^headers?$|^client$/i.test(k) && v.fn === undefined;
  for (const a of c.args)
    if (a.fields !== undefined && a.ref === undefined)
      for (const [k, v] of a.fields) if (given(k, v)) return true;
  for (const [k, v] of c.kw ?? []) if (given(k, v)) return true;
  // A key handed first (`new PostHog(process.env.POSTHOG_KEY)`, `new WebClient('xoxb-..')`, `Mixpanel.init(token)`).
  const first = c.args[0];
  if (first === undefined || first.parts === null || first.fields !== undefined) return false;
  if (first.sources.some((s) => s.kind === 'env' && s.name !== undefined && KEY_NAME.test(s.name)))
    return true;
  const text = first.dynamic ? '' : render(first);
  return TOKEN_SHAPE.test(text) && /\d/.test(text) && /[a-z]/i.test(text);
}

/** Variable names of a key or token, and literal text shaped like one (`phc_Xk2..`, `xoxb-77..`, `sk_live_..`). */
const KEY_NAME = /key|token|secret|dsn/i;
const TOKEN_SHAPE = /^[\w-]{20,}={0,2}$/;

/** Clients made with a credential, by qualified name. */
const SERVICES = new WeakMap<Collector, Set<string>>();

function serviceClient(col: Collector, ref: string): void {
  const set = SERVICES.get(col) ?? new Set<string>();
  if (set.size < 16) set.add(ref);
  SERVICES.set(col, set);
}

/** The longest made client `ref` belongs to (`new Octokit().gists` to `new Octokit()`). */
function madeOwner(ref: string, made: Iterable<string>): string | undefined {
  let best: string | undefined;
  for (const m of made)
    if ((ref === m || ref.startsWith(`${m}.`)) && (best === undefined || m.length > best.length)) best = m;
  return best;
}

function isService(col: Collector, ref: string | undefined): boolean {
  const set = SERVICES.get(col);
  return ref !== undefined && set !== undefined && madeOwner(ref, set) !== undefined;
}

/** The peer of the client `ref` is, or is a namespace of (`o.rest.issues` of `o`). */
function boundTo(col: Collector, ref: string): string | undefined {
  const map = BOUND.get(col);
  if (map === undefined) return undefined;
  const owner = madeOwner(ref, map.keys());
  return owner === undefined ? undefined : map.get(owner);
}

/**
 * Data wholly secret in a call's data slots: the environment, files, command output (SEC-AST-010
 * judges which are secret). A named variable is left out: a client's own settings pass through its
 * methods (`app.set('secret', process.env.JWT_SECRET)`), and keys named for a child's environment.
 */
function bulkSecrets(c: SendCall, method: string): DataSource[] {
  const found: DataSource[] = [];
  const { data } = dataSlots(c, '');
  for (const v of data) secretSources(v, found, 0, true);
  const named = !keepsCredential(c, method);
  // What the client was made with comes back in what it returns (`c.id` of a listing): its own key.
  const own = c.recv !== undefined ? deepSources(c.recv) : [];
  return found.filter(
    (s) => s.kind !== 'env' || s.name === undefined || (named && !own.some((o) => sameSource(o, s))),
  );
}

/** Calls that configure a client or put a credential where credentials belong (a setter, a secret store). */
const SETTER = /^(?:set|use|config|configure|init|initialize|login|log_?in|register|auth\w*)$/i;
const CREDENTIAL_WORD =
  /secret|credential|passw|passphrase|token|api_?key|auth|login|parameter|vault|keyring|config|setting/i;

/**
 * Whether a secret-named variable handed to this call is the client's own setting or a credential
 * stored where it belongs (`app.set('secret', ..)`, `create_or_update_secret`, `ALTER USER .. PASSWORD %s`),
 * rather than data written to the service (a Notion page, an InfluxDB point, an inserted row; R15).
 */
function keepsCredential(c: SendCall, method: string): boolean {
  if (SETTER.test(method) || CREDENTIAL_WORD.test(c.name)) return true;
  for (const a of c.args)
    if (
      a.parts !== null &&
      a.fields === undefined &&
      a.items === undefined &&
      CREDENTIAL_WORD.test(render(a))
    )
      return true;
  return false;
}

/** Each distinct source flows once to `host`. */
function flowAll(
  col: Collector,
  span: Span,
  found: readonly DataSource[],
  host: string,
  actor: string,
): void {
  const sink = { kind: 'net' as const, host };
  // Files or the environment handed to a client of a bare address: an upload there (SEC-AST-017 judges it).
  if (found.length > 0 && BARE_IP.test(host)) col.net(span, { host }, true, actor);
  const seen = new Set<string>();
  for (const s of found) {
    const key = JSON.stringify(s);
    if (seen.has(key)) continue;
    seen.add(key);
    col.flow(span, s, sink);
  }
}

/** A message object made with secret content: remembered until a fire method sends it. */
function remember(col: Collector, c: SendCall, cls: string): void {
  const sources = carried(c, cls);
  if (sources.length === 0) return;
  const host = endpointOf(col, [...c.args, ...(c.kw?.values() ?? [])]);
  const map = PENDING.get(col) ?? new Map<string, { sources: DataSource[]; host?: string }>();
  if (map.size < 16) map.set(`${c.name}()`, { sources, ...(host !== undefined ? { host } : {}) });
  PENDING.set(col, map);
}

/**
 * The peer a bind names: a URL or `host:port` literal, an options object's host field, or a
 * `(host, port)` pair (`multiprocessing.connection.Client(('203.0.113.9', 6000))`).
 */
export function boundPeer(col: Collector, first: Val | undefined): string | undefined {
  if (first === undefined) return undefined;
  const direct = endpointOf(col, [first]);
  if (direct !== undefined) return direct;
  // A client handed another one (`new Emitter(redisClient)`) talks through it, to its server (R14).
  const through = first.sdk?.target !== undefined ? peerIn(first.sdk.target) : undefined;
  if (through !== undefined) return through;
  const hostVals = [
    ...[...(first.fields ?? [])].filter(([k]) => HOST_SLOT.test(k)).map(([, v]) => v),
    ...(first.items !== undefined && first.items.length === 2 && first.items[1]!.num !== undefined
      ? [first.items[0]!]
      : []),
  ];
  for (const v of hostVals) {
    const peer = endpointOf(col, [v]);
    if (peer !== undefined) return peer;
    const text = render(v).trim();
    if (v.parts !== null && !v.dynamic && BARE_HOST.test(text)) return text;
  }
  return undefined;
}

/** A bare host literal beside a port number (`connectToNet(id, '203.0.113.9', 8000)`). */
function hostBesidePort(args: readonly Val[]): string | undefined {
  for (let i = 0; i < args.length && i < 4; i++) {
    const v = args[i]!;
    const text = v.parts !== null && !v.dynamic ? render(v).trim() : '';
    if (BARE_HOST.test(text) && (args[i + 1]?.num !== undefined || args[i - 1]?.num !== undefined))
      return text;
  }
  return undefined;
}

/** The peer the client `ref` was bound to by an earlier connect/access, or undefined. */
export function peerBoundTo(col: Collector, ref: string | undefined): string | undefined {
  return ref === undefined ? undefined : BOUND.get(col)?.get(ref);
}

/** Remembers the peer a client was bound to (`zmq socket.connect("tcp://203.0.113.9:5555")`). */
function bind(col: Collector, ref: string, args: readonly Val[]): void {
  // The host may follow an id (node-ipc `connectToNet(id, host, port)`) or a key (`new PostHog(key, { host })`).
  const peer =
    boundPeer(col, args[0]) ??
    hostBesidePort(args) ??
    args
      .slice(1, 4)
      .reduce<string | undefined>((p, a) => p ?? (a.fields ? boundPeer(col, a) : undefined), undefined);
  if (peer === undefined) return;
  const map = BOUND.get(col) ?? new Map<string, string>();
  if (map.size < 16) map.set(ref, peer);
  BOUND.set(col, map);
}
