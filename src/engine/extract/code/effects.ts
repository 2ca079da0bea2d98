/**
 * What a python or node call does, in fact terms, written once for both runtimes: run a program
 * (argv or shell string), reach the network, execute code, hand SQL to the SQL runtime.
 */
import { shellClipboardWrite } from './clipboard-swap.js';
import type { DataSource } from '../../facts.js';
import type { Runtime, Span } from '../../types.js';
import { codeWords } from './argv-code.js';
import { ciEventTarget } from './ci-event.js';
import { type Collector, looksLikeSql, programName, shellJoin, shellWord, SHELLS } from './collector.js';
import { jsonVal } from './fold.js';
import { localDatabases, onlyResets, testDatabase, testEnvDatabase } from './local-store.js';
import { forgeRequestLine } from './forge-rest.js';
import { hiddenName } from './hidden-names.js';
import { parseTarget, type Target } from './net.js';
import { egressPayload } from './payload-fields.js';
import { saasDeleteLine } from './saas-rest.js';
import {
  authFlows,
  credentialQueryOnly,
  headerFlows,
  loginFields,
  ownServiceCredential,
} from './request-auth.js';
import { dockerRunLine } from './sdk.js';
import { fedLine } from './stdin-data.js';
import { concat, constText, deepLits, deepSources, render, strVal, type Val } from './value.js';

/** Sources that make data executable content: downloaded or decoded. */
function isCodeSource(s: DataSource): boolean {
  return s.kind === 'net' || s.kind === 'decoded';
}

/** Sources that make data worth stealing: credential files, the environment, command output. */
function isSecretSource(s: DataSource): boolean {
  return s.kind === 'file' || s.kind === 'env' || s.kind === 'output' || s.kind === 'page';
}

/**
 * What a web server's client sent (query, form, body, path, headers): network data that the
 * server's code runs if it reaches a shell or eval (a web shell, r1). Handed to a program as one
 * argv word it is only data, so runArgv counts it only for shells and interpreters.
 */
const CLIENT_HOST = 'a web client request';
export const CLIENT_REQUEST: DataSource = { kind: 'net', host: CLIENT_HOST };

export function fromClient(s: DataSource): boolean {
  return s.kind === 'net' && s.host === CLIENT_HOST;
}

/** Downloaded or decoded data in `vals` reaches `program` as code. */
export function codeFlows(
  col: Collector,
  span: Span,
  vals: readonly Val[],
  program: string,
  clientData = true,
): void {
  for (const v of vals)
    for (const s of deepSources(v))
      if (isCodeSource(s) && (clientData || !fromClient(s))) col.flow(span, s, { kind: 'exec', program });
}

/**
 * Text the program computed itself (character codes, reversed or re-spliced literals, a function of
 * its own) reaching `program` as code: obfuscated code is executed, whatever it decodes to.
 */
function generatedFlows(col: Collector, span: Span, v: Val, program: string): void {
  if (v.generated === true && !deepSources(v).some((s) => s.kind === 'decoded'))
    col.flow(span, { kind: 'decoded' }, { kind: 'exec', program });
}

/** The program a dynamically resolved call is reported as (flow sinks, SH-AST-010 reasons). */
export const DYNAMIC_CALL = 'a call resolved at run time';

/**
 * A call whose target is only known at run time (`getattr(os, name)(...)`, `globalThis[k](...)`,
 * a module imported by a computed name): when the target's name or its arguments come from the
 * network or a decoder, downloaded data decides what runs, so the call is an exec sink (fail
 * closed, issue 22). Benign dispatch on local data carries no such source and stays allowed.
 */
export function dynamicCall(col: Collector, span: Span, callee: Val, args: readonly Val[]): void {
  codeFlows(col, span, [callee, ...args], DYNAMIC_CALL);
  if (callee.generated === true) generatedFlows(col, span, callee, DYNAMIC_CALL);
}

/** A shell whose streams a socket may drive (reverse shell); Collector links the two. */
function remoteShell(col: Collector, span: Span, program: string): void {
  col.shellStarted(span, program);
}

/** Shell options that take no operand and do not name a command or script. */
const SHELL_FLAGS =
  /^(?:-[ilsprvxeEbBhkmnuCfaT]+|--(?:login|norc|noprofile|posix|restricted|verbose|noediting|interactive)|\+[a-zA-Z]+)$/;

/** A shell with no command and no script: it reads commands from its standard input. */
function shellReadsStdin(words: readonly string[]): boolean {
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w === '-s') return true;
    if (!SHELL_FLAGS.test(w) || /c/.test(w.startsWith('-') && !w.startsWith('--') ? w : '')) return false;
  }
  return true;
}

/** Programs that run code read from standard input. */
const STDIN_RUNNERS = new Set([
  ...SHELLS,
  'python',
  'python3',
  'python2',
  'node',
  'nodejs',
  'perl',
  'ruby',
  'php',
  'lua',
  'deno',
  'bun',
  'osascript',
]);

/** Data given as standard input (`input=`, `{ input }`) to a program that executes its stdin. */
export function stdinFlows(col: Collector, span: Span, program: string, input: Val | undefined): void {
  if (input && STDIN_RUNNERS.has(programName(program))) codeFlows(col, span, [input], programName(program));
}

export interface RunOptions {
  /** Where nested code's span points (the list or string literal); defaults to the call. */
  readonly codeSpan?: Span;
  /** Standard input is the caller's terminal (false when stdin/input are redirected). */
  readonly interactive?: boolean;
  /** The working directory given to the call (`cwd=`), as a value. */
  readonly cwd?: Val;
  /** Known text given as standard input (`input=`): the command reads it like `printf %s TEXT |`. */
  readonly input?: Val;
}

/** The working directory a run starts in: the call's `cwd=` when known, else the program's. */
function runCwd(col: Collector, opts: RunOptions): string | undefined {
  const c = opts.cwd === undefined ? null : constText(opts.cwd);
  return c === null || c === '' ? col.cwd : col.fromCwd(homePathOf(c));
}

function homePathOf(p: string): string {
  return p.startsWith('$HOME') ? `~${p.slice(5)}` : p;
}

/** A script given positional parameters (`sh -c SCRIPT NAME ARG...`): `set -- ARG...` first. */
export function positional(script: Val, params: readonly Val[]): Val {
  return concat([strVal(`set -- ${shellJoin(params)}\n`), script]);
}

/** A command line fed known standard input: the same as piping that text into it. */
function withInput(line: string, opts: RunOptions): string {
  const text = opts.input === undefined ? null : constText(opts.input);
  // Unknown input holding secrets (`input=json.dumps(dict(os.environ))`): fed by what stands for them.
  if (text === null && opts.input !== undefined) return fedLine(line, opts.input) ?? line;
  if (text === null || text === '') return line;
  return `printf %s ${shellWord(strVal(text))} | { ${line}\n}`;
}

/**
 * A program started with an argv (subprocess list form, execFile, spawn without shell). A shell
 * with no command is an interactive shell and becomes an ExecFact here; anything else is
 * quote-joined and analysed as bash so the program models (rm, curl, psql ...) apply.
 */
export function runArgv(
  col: Collector,
  span: Span,
  argv: readonly Val[],
  via: string,
  opts: RunOptions = {},
): void {
  if (argv.length === 0) return;
  const words = argv.map(render);
  const program = programName(words[0]!);
  shellClipboardWrite(col, span, words.join(' '), opts.input);
  codeFlows(col, span, codeWords(argv, words, program), program, STDIN_RUNNERS.has(program));
  if (SHELLS.has(program) && shellReadsStdin(words)) {
    // A shell fed a known script on standard input runs that script.
    const script = opts.input === undefined ? null : constText(opts.input);
    if (script !== null && script.trim() !== '') {
      col.nested(script, 'bash', opts.codeSpan ?? span, via, runCwd(col, opts));
      return;
    }
    const dynamic = argv.some((v) => v.dynamic || v.parts === null);
    col.exec(span, words, dynamic, via, opts.interactive ?? true);
    remoteShell(col, span, program);
    return;
  }
  col.nested(withInput(shellJoin(argv), opts), 'bash', opts.codeSpan ?? span, via, runCwd(col, opts));
}

const MENTIONS_SHELL = /(?:^|[\s/;|&(])(?:ba|z|da|k|mk|fi|c|tc|r)?sh\b|busybox|pwsh/;

/** A command line run by a shell (os.system, exec, shell: true). */
export function runShell(col: Collector, span: Span, command: Val, via: string, opts: RunOptions = {}): void {
  codeFlows(col, span, [command], 'sh');
  generatedFlows(col, span, command, 'sh');
  const text = render(command);
  // Standard input redirected by the caller (input=, stdin=PIPE, node's default pipes): the shell
  // sees it that way too, so a bare `bash` there is not an interactive shell.
  // Only worth it when a shell is named: the wrapper keeps plain lines off bash's fast parse path.
  const wrap = opts.interactive === false && MENTIONS_SHELL.test(text);
  const fed = withInput(text, opts);
  const line = fed !== text ? fed : wrap ? `{ ${text}\n} </dev/null` : text;
  col.nested(line, 'bash', opts.codeSpan ?? span, via, runCwd(col, opts));
  shellClipboardWrite(col, span, text, opts.input);
  const words = text.trim().split(/\s+/);
  const first = programName(words[0] ?? '');
  if (SHELLS.has(first) && shellReadsStdin(words)) remoteShell(col, span, first);
}

/**
 * Code executed by the language itself (exec/eval/new Function/vm): downloaded or decoded content
 * is a flow to an exec sink; constant code is analysed again as `runtime`.
 */
export function runCode(
  col: Collector,
  span: Span,
  code: Val,
  program: string,
  runtime: Runtime,
  codeSpan: Span,
  via: string,
): void {
  codeFlows(col, span, [code], program);
  generatedFlows(col, span, code, program);
  const text = constText(code);
  if (text === null || text.trim() === '') return;
  // `eval('eval')`, `eval('__import__')`: the code is only a name, so the API it names is fetched as
  // data. Bundled node code writes `eval('require')` to keep a bundler off its require: an idiom, not hiding.
  const name = text.trim();
  if (DOTTED_NAME.test(name) && !(runtime === 'node' && BUNDLER_REQUIRE.test(name)))
    hiddenName(col, span, name, `${program} of the text '${name}'`);
  col.nested(text, runtime, codeSpan, via);
}

const DOTTED_NAME = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;
const BUNDLER_REQUIRE = /^(?:module\.)?require$/;

export interface Request {
  readonly url: Val;
  /** Bodies, forms, query parameters: sent to the target. */
  readonly payload: readonly Val[];
  /** Headers: credential headers are the auth slot, the others data sent (code/request-auth.ts). */
  readonly headers?: readonly Val[];
  /** Credentials given apart from the headers (basic-auth pairs, cookie jars): the auth slot. */
  readonly auth?: readonly Val[];
  /** The call uploads data (a body, a file, a form). */
  readonly sends: boolean;
  /** The request method when the call names it (`requests.delete`, fetch's `method`). */
  readonly method?: string;
  readonly port?: number;
  /**
   * Addresses the request's own resolver answers with (a `lookup` option returning a literal IP):
   * the connection goes there, whatever host the URL names (issue 22 r4).
   */
  readonly resolvers?: readonly string[];
}

/** The target with its host replaced by the address a custom resolver gives. */
function resolvedTo(target: Target, address: string): Target {
  const bare = address.replace(/^\[|\]$/g, '');
  const host = bare.includes(':') ? `[${bare}]` : bare;
  if (target.url !== undefined) {
    try {
      const u = new URL(target.url);
      u.host = target.port !== undefined && u.port !== '' ? `${host}:${u.port}` : host;
      if (u.hostname !== '') return parseTarget(u.href);
    } catch {
      // not a URL the platform parses: the address alone
    }
  }
  return { ...parseTarget(host), ...(target.port !== undefined ? { port: target.port } : {}) };
}

/**
 * An HTTP(S) or socket request: a NetOpFact for the target, flows from secret sources in the URL,
 * payload or headers to it, egress marks on the literals it carries. Returns the response value
 * (tainted as downloaded content).
 */
export function request(col: Collector, span: Span, actor: string, req: Request): Val {
  const url = render(req.url);
  dockerApi(col, span, url, req.payload, actor);
  // A forge repository deleted, published or handed over through its REST API (code/forge-rest.ts).
  const forge = req.method === undefined ? null : forgeRequestLine(url, req.method, req.payload[0]);
  if (forge !== null) col.nested(forge, 'bash', span, actor);
  // Any other hosted resource deleted over its control plane's REST API (code/saas-rest.ts).
  const saas = forge !== null || req.method === undefined ? null : saasDeleteLine(url, req.method, req.url);
  if (saas !== null) col.nested(saas, 'bash', span, actor);
  const parsed = ciEventTarget(col, req.url) ?? parseTarget(url);
  const target = req.port !== undefined && parsed.url === undefined ? { ...parsed, port: req.port } : parsed;
  col.net(span, target, req.sends, actor);
  for (const address of req.resolvers ?? []) col.net(span, resolvedTo(target, address), req.sends, actor);
  const sink = { kind: 'net' as const, host: target.host, ...(target.url ? { url: target.url } : {}) };
  // A URL whose only unknown parts are credential parameters (`?appid={KEY}`) is the auth slot (r6).
  const urlIsAuth = credentialQueryOnly(req.url) || ownServiceCredential(req.url, target.host);
  if (urlIsAuth) authFlows(col, span, req.url, sink);
  for (const v of urlIsAuth ? req.payload : [req.url, ...req.payload]) {
    const login = v === req.url ? undefined : loginFields(v);
    for (const a of login?.auth ?? []) authFlows(col, span, a, sink, 'auth');
    for (const s of login === undefined ? deepSources(v) : login.data.flatMap((d) => deepSources(d)))
      if (isSecretSource(s)) col.flow(span, s, sink);
    if (v === req.url) col.egress(deepLits(v), 'url');
    else egressPayload(col, v);
  }
  // Credential headers and basic auth are judged as the auth slot; other headers as data (r6).
  for (const h of req.headers ?? []) headerFlows(col, span, h, sink);
  for (const a of req.auth ?? []) authFlows(col, span, a, sink, 'auth');
  return {
    parts: [{ hole: 'response' }],
    dynamic: true,
    sources: [{ kind: 'net', host: target.host, ...(target.url ? { url: target.url } : {}) }],
    lits: [],
    peer: { host: target.host, ...(target.url ? { url: target.url } : {}) },
  };
}

/** The Docker Engine API's create call, reached over its unix socket (`http+unix://...docker.sock/...`). */
const DOCKER_CREATE = /docker\.sock\/(?:v[\d.]+\/)?containers\/create(?:[?#]|$)/i;

/**
 * A container created through the Docker Engine API over its socket (requests_unixsocket, node
 * http.request with socketPath): its JSON spec is judged as the `docker run` line it amounts to.
 */
function dockerApi(
  col: Collector,
  span: Span,
  url: string | undefined,
  data: readonly Val[],
  via: string,
): void {
  if (url === undefined || !url.includes('sock')) return;
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    // keep the raw text
  }
  if (!DOCKER_CREATE.test(decoded)) return;
  for (const v of data) {
    const spec = v.fields ?? jsonVal(v)?.fields;
    if (spec !== undefined) col.nested(dockerRunLine(spec), 'bash', span, via);
  }
}

/** Data written to an already-connected socket or request. */
export function sendTo(
  col: Collector,
  span: Span,
  peer: { host: string; url?: string },
  data: readonly Val[],
): void {
  const sink = { kind: 'net' as const, host: peer.host, ...(peer.url ? { url: peer.url } : {}) };
  dockerApi(col, span, peer.url, data, col.runtime);
  for (const v of data) {
    for (const s of deepSources(v)) if (isSecretSource(s)) col.flow(span, s, sink);
    egressPayload(col, v);
  }
}

/** A name resolved through DNS: secret data in it leaves through the resolver. */
export function dnsLookup(col: Collector, span: Span, name: Val): void {
  // The sink is the fixed domain after the data (`{secret}.x.example` → x.example): that is the
  // zone whose name server receives the lookups.
  const parts = name.parts ?? [];
  let tail = '';
  for (let i = parts.length - 1; i >= 0 && typeof parts[i] === 'string'; i--)
    tail = `${parts[i] as string}${tail}`;
  // A zone written with its leading dot (`hex + '.t.example'`) is that zone.
  const host = (parts.length > 1 || tail === '' ? tail.replace(/^[^.]*\./, '') : render(name)).replace(
    /^\.+/,
    '',
  );
  for (const s of deepSources(name)) if (isSecretSource(s)) col.flow(span, s, { kind: 'dns', host });
}

/**
 * The answer of a TXT (or ANY) lookup: text the named zone's owner wrote, downloaded like a
 * response body (red team r10: a command read from `cmd.x7.example` TXT and run is a C2 channel).
 */
export function txtAnswer(name: Val): Val {
  const host = render(name);
  return { parts: [{ hole: 'txt' }], dynamic: true, sources: [{ kind: 'net', host }], lits: [] };
}

/** A query string handed to a database driver: analysed by the SQL runtime. */
export function sqlQuery(
  col: Collector,
  sql: Val | undefined,
  codeSpan: Span,
  via: string,
  inTest?: () => boolean,
): boolean {
  if (sql === undefined || sql.parts === null || sql.sqlDone) return false;
  const text = render(sql);
  if (!looksLikeSql(text)) return false;
  // A reset of a database on this machine (a dev or test database), or one a test's set-up or
  // tear-down runs on no database named elsewhere: everyday work, nothing to judge.
  if (
    onlyResets(text) &&
    (localDatabases(col.literalTexts()) ||
      (inTest?.() === true && testDatabase(col.literalTexts())) ||
      testEnvDatabase(col.envReads, col.literalTexts()))
  )
    return true;
  col.nested(text, 'sql', codeSpan, via);
  return true;
}
