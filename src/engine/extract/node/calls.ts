/**
 * The node calls the extractor recognises, by qualified name after `require`/`import` alias
 * resolution (`cp.execSync` with `const cp = require('node:child_process')` is
 * `child_process.execSync`), and by method name where the receiver's type is unknown.
 */
import {
  memorySqlite,
  onlySetup,
  SQLITE_CONNECTION,
  sqliteRegeneratedEmptied,
} from '../code/local-sqlite.js';
import { patternTest } from '../code/clipboard-swap.js';
import { preloadEnv } from '../code/preload.js';
import { extend } from '../../extend.js';
import { hiddenName } from '../code/hidden-names.js';
import type { Span } from '../../types.js';
import {
  base64Val,
  CallTable,
  emptied,
  exits,
  identity,
  joinVals,
  killArgv,
  sleeps,
  writeTo,
  wroteText,
  type CallHandler,
  type CodeCall,
} from '../code/calls.js';
import { looksLikeSql, shellJoin } from '../code/collector.js';
import { requestBuiltSql } from '../code/request-sql.js';
import { testTeardown } from '../code/test-scope.js';
import { sshKeyUse } from '../code/ssh-key-use.js';
import { guessedLogin } from '../code/repeats.js';
import { localServerAddress } from '../code/local-servers.js';
import { looksLikeSql as isSqlStatement } from '../sql.js';
import { deleteWalkActor, encryptedAway, overwriteWalk, walkActor } from '../code/overwrite.js';
import {
  CLIENT_REQUEST,
  fromClient,
  codeFlows,
  dnsLookup,
  txtAnswer,
  dynamicCall,
  request,
  runArgv,
  runCode,
  runShell,
  sendTo,
  sqlQuery,
  stdinFlows,
} from '../code/effects.js';
import { parseTarget, resolveUrl, uriEncoded, withQuery } from '../code/net.js';
import { headerFlows } from '../code/request-auth.js';
import {
  concat,
  constText,
  dirnameOf,
  joinPaths,
  modeText,
  opaque,
  pathOf,
  render,
  strVal,
  truthy,
  UNKNOWN,
  withTaint,
  type Val,
} from '../code/value.js';
import type { JsWalker } from '../node.js';
import { bytesVal, jsonVal, mapText, numText } from '../code/fold.js';
import { jsonDump } from '../code/json-text.js';
import { servesTree } from '../code/servers.js';
import { commandOutput, credentialResult, JS_CREDENTIAL_CALLS } from '../code/credential-apis.js';
import { dataStdinFields } from '../code/stdin-data.js';
import { everyProcessPid } from '../code/process-lists.js';
import { stdinFields, stdinRunner } from '../code/stdin-pipe.js';
import { dataUrlCode, prototypeOf } from './code-strings.js';
import { JS_CLIENTS, resolverAddresses } from './clients.js';
import { JS_UPLOAD_METHODS } from '../code/uploads.js';
import { JS_DOTENV } from '../code/dotenv.js';
import { INJECTION_METHODS } from '../code/process-injection.js';
import { JS_LOG_METHODS, jsLogTransport } from '../code/log-handlers.js';

/** A call; its name is qualified like 'child_process.execSync', 'new net.Socket' or 'fs.rm'. */
export interface JsCall extends CodeCall {
  /** Called as a tagged template (sql`...`): the only argument is the template, substitutions as $1.. */
  readonly tagged: boolean;
}

type Handler = CallHandler<JsWalker, JsCall>;

const VIA = 'node';

/** `node:fs` → `fs`, `fs/promises` and `fs.promises` → `fs` (same facts, async), `https` stays. */
export function canonicalModule(name: string): string {
  let n = name.startsWith('node:') ? name.slice(5) : name;
  // Globals reached through the global object are the same globals.
  if (
    n.startsWith('global.') ||
    n.startsWith('globalThis.') ||
    n.startsWith('window.') ||
    n.startsWith('self.')
  )
    n = n.slice(n.indexOf('.') + 1);
  // The module system reached through its objects: module.constructor, process.mainModule, require.main.
  const modulePrefix =
    /^(?:module\.constructor|module\.Module|process\.mainModule\.constructor|process\.mainModule|require\.main\.constructor|require\.main|module\.parent|module\.children\.\d+)(?=\.|$)/;
  if (modulePrefix.test(n)) n = n.replace(modulePrefix, 'module');
  if (n.startsWith('fs/promises')) n = `fs${n.slice(11)}`;
  if (n.startsWith('fs.promises')) n = `fs${n.slice(11)}`;
  if (n.startsWith('child_process/')) n = 'child_process';
  if (n === 'node-fetch' || n === 'cross-fetch' || n === 'isomorphic-fetch' || n === 'undici.fetch')
    n = 'fetch';
  return n;
}

function spanOf(w: JsWalker, c: JsCall, i: number): Span {
  const n = c.argNodes[i];
  return n ? w.span(n) : c.span;
}

/** An options object argument's field. */
function opt(v: Val | undefined, key: string): Val | undefined {
  return v?.fields?.get(key);
}

/** The last argument that is an options object (not a callback). */
function optionsArg(c: JsCall, from: number): Val | undefined {
  for (let i = c.args.length - 1; i >= from; i--) {
    const v = c.args[i]!;
    if (v.fields) return v;
  }
  return undefined;
}

// --- processes -------------------------------------------------------------------------------

/** The working directory and known standard input an options object gives a child process. */
function runOpts(opts: Val | undefined): { cwd?: Val; input?: Val } {
  const cwd = opt(opts, 'cwd');
  const input = opt(opts, 'input');
  return { ...(cwd ? { cwd } : {}), ...(input ? { input } : {}) };
}

/** process.chdir(path): later relative paths and commands start there (unknown: as before). */
const chdir: Handler = (w, c) => {
  const p = c.args[0];
  const text = p && (p.ref === undefined || p.ref === 'pathlib.Path()') ? constText(p) : null;
  w.col.cwd = text === null || text === '' ? undefined : w.col.fromCwd(text);
  return UNKNOWN;
};

/** exec(cmd) / execSync(cmd): always a shell. */
const execShell: Handler = (w, c) => {
  const cmd = c.args[0];
  if (!cmd) return undefined;
  const opts = optionsArg(c, 1);
  preloadEnv(w.col, c.span, opt(opts, 'env'), c.name);
  const stdio = constText(opt(opts, 'stdio'));
  const interactive = stdio === 'inherit' && opt(opts, 'input') === undefined;
  runShell(w.col, c.span, cmd, VIA, { codeSpan: spanOf(w, c, 0), interactive, ...runOpts(opts) });
  stdinFlows(w.col, c.span, render(cmd).trim().split(/\s+/, 1)[0] ?? 'sh', opt(opts, 'input'));
  const words = render(cmd).trim().split(/\s+/);
  // exec(cmd, (err, stdout, stderr) => ...): the callback gets what the command printed.
  const done = c.args[c.args.length - 1];
  if (c.args.length > 1 && done?.fn !== undefined) {
    const printed: Val = { ...UNKNOWN, sources: [commandOutput(words, words[0] ?? 'sh')] };
    w.callFunction(done, [UNKNOWN, printed, printed]);
  }
  return {
    ...UNKNOWN,
    sources: [commandOutput(words, words[0] ?? 'sh')],
    // exec('sh').stdin.end(script): the child's stdin is a pipe (async exec only).
    ...(c.name.endsWith('Sync')
      ? {}
      : pipedStdin(
          opt(opts, 'stdio'),
          words.map((t) => strVal(t)),
          render(cmd),
        )),
  };
};

/** spawn(cmd, args, opts) / execFile: an argv unless `shell: true`. */
const spawnArgv: Handler = (w, c) => {
  const cmd = c.args[0];
  if (!cmd) return undefined;
  const list = c.args[1]?.items;
  const opts = optionsArg(c, 1);
  preloadEnv(w.col, c.span, opt(opts, 'env'), c.name);
  const shell = opt(opts, 'shell');
  const argv = [cmd, ...(list ?? [])];
  const stdio = opt(opts, 'stdio');
  const interactive =
    stdio === undefined ||
    constText(stdio) === 'inherit' ||
    (constText(stdio?.items?.[0]) ?? 'inherit') === 'inherit';
  if (shell !== undefined && truthy(shell) !== false) {
    const line = argv.length === 1 ? cmd : concat(argv.flatMap((v, i) => (i === 0 ? [v] : [strVal(' '), v])));
    runShell(w.col, c.span, line, VIA, { codeSpan: spanOf(w, c, 0), interactive, ...runOpts(opts) });
  } else {
    runArgv(w.col, c.span, argv, VIA, {
      codeSpan: spanOf(w, c, list ? 1 : 0),
      interactive,
      ...runOpts(opts),
    });
  }
  stdinFlows(
    w.col,
    c.span,
    shell !== undefined && truthy(shell) !== false ? 'sh' : render(cmd),
    opt(opts, 'input'),
  );
  if (cmd.ref === 'process.execPath' || cmd.ref === 'process.argv0') w.col.markLoop('forks');
  return {
    ...UNKNOWN,
    ref: 'child_process.ChildProcess()',
    sources: [commandOutput([cmd, ...(list ?? [])].map(render), render(cmd))],
    ...pipedStdin(
      stdio,
      shell !== undefined && truthy(shell) !== false ? [strVal('sh')] : argv,
      shellJoin(argv),
    ),
  };
};

/** Standard input is a pipe unless stdio says otherwise: a shell started so runs what is written to it. */
function pipedStdin(
  stdio: Val | undefined,
  argv: readonly Val[],
  line: string,
): { fields?: Map<string, Val> } {
  const stdin = constText(stdio) ?? constText(stdio?.items?.[0]) ?? 'pipe';
  if (stdin !== 'pipe') return {};
  const runner = stdinRunner(argv);
  // Another program reads what is written there as data (`curl -d @-`; code/stdin-data.ts).
  const ref = 'child_process.ChildProcess()';
  return { fields: runner === undefined ? dataStdinFields(line, ref) : stdinFields(runner, ref) };
}

const forkProcess: Handler = (w, c) => {
  w.col.markLoop('forks');
  const mod = c.args[0];
  // fork(module, args, { execArgv: ['-e', code] }): node's own options come before the module.
  const execArgv = opt(optionsArg(c, 1), 'execArgv')?.items ?? [];
  if (mod && c.name === 'child_process.fork')
    runArgv(w.col, c.span, [strVal('node'), ...execArgv, mod, ...(c.args[1]?.items ?? [])], VIA);
  return { ...UNKNOWN, ref: 'child_process.ChildProcess()' };
};

// --- files -----------------------------------------------------------------------------------

/** Strips the `Sync` suffix: the sync, callback and promise forms do the same thing. */
function fsOp(name: string): string {
  return name.endsWith('Sync') ? name.slice(0, -4) : name;
}

const fsCall: Handler = (w, c) => {
  const op = fsOp(c.name.slice(3));
  const actor = c.name;
  const p = c.args[0];
  if (!p) return undefined;
  const { path, dynamic } = pathOf(p);
  const opts = optionsArg(c, 1);
  switch (op) {
    case 'rm':
    case 'rmdir':
    case 'unlink': {
      const recursive = op !== 'unlink' && truthy(opt(opts, 'recursive')) === true;
      // A walk's delete of every entry is marked (code/overwrite.ts, r6).
      const by = dynamic ? deleteWalkActor(w, path, actor) : actor;
      w.col.file(c.span, 'delete', path, by, { recursive, dynamic });
      if (dynamic) encryptedAway(w, c.span, path, actor);
      return UNKNOWN;
    }
    case 'writeFile':
    case 'appendFile': {
      const flag = constText(opt(opts, 'flag')) ?? '';
      const fileOp = op === 'appendFile' || flag.includes('a') ? 'append' : 'write';
      w.col.file(c.span, fileOp, path, actor, { dynamic });
      const data = c.args[1];
      if (data) w.col.flows(c.span, data.sources, { kind: 'file', path });
      if (data) wroteText(w, c.span, p, data, fileOp === 'append');
      // writeFileSync(path, '') empties the file.
      if (data && fileOp === 'write') emptied(w, c.span, { path: p, op: 'write' }, data);
      if (data && fileOp === 'write') overwriteWalk(w, c.span, p, data, actor);
      const mode = modeText(opt(opts, 'mode'));
      if (mode !== undefined) w.col.file(c.span, 'chmod', path, actor, { mode, dynamic });
      return UNKNOWN;
    }
    case 'readFile':
    case 'createReadStream':
      w.col.file(c.span, 'read', path, actor, { dynamic });
      return { ...UNKNOWN, sources: [{ kind: 'file', path }, ...w.col.contentSources(path)] };
    case 'createWriteStream': {
      const flags = constText(opt(opts, 'flags')) ?? constText(c.args[1]) ?? 'w';
      const fileOp = flags.includes('a') ? 'append' : 'write';
      w.col.file(c.span, fileOp, path, actor, { dynamic });
      return { ...UNKNOWN, file: { path: p, op: fileOp } };
    }
    case 'open': {
      const flags = constText(c.args[1]) ?? 'r';
      const fileOp = flags.includes('a') ? 'append' : /[wx+]/.test(flags) ? 'write' : 'read';
      w.col.file(c.span, fileOp, path, actor, { dynamic });
      // 'w' empties the file: over a walk, unless the program writes back what it read.
      if (flags.startsWith('w')) overwriteWalk(w, c.span, p, undefined, actor);
      return {
        ...UNKNOWN,
        file: { path: p, op: fileOp },
        ...(fileOp === 'read' ? { sources: [{ kind: 'file', path }] } : {}),
      };
    }
    case 'chmod':
    case 'lchmod':
      w.col.file(c.span, 'chmod', path, actor, { mode: modeText(c.args[1]) ?? '$X', dynamic });
      return UNKNOWN;
    case 'chown':
    case 'lchown': {
      const owner = [c.args[1], c.args[2]]
        .filter((v): v is Val => v !== undefined && v.fn === undefined)
        .map((v) => (v.num !== undefined ? String(v.num) : render(v)))
        .join(':');
      w.col.file(c.span, 'chown', path, actor, { owner, dynamic });
      return UNKNOWN;
    }
    case 'mkdir':
      w.col.file(c.span, 'create', path, actor, {
        recursive: truthy(opt(opts, 'recursive')) === true,
        dynamic,
      });
      return UNKNOWN;
    case 'truncate':
      w.col.file(c.span, 'truncate', path, dynamic ? walkActor(w, path, actor) : actor, { dynamic });
      return UNKNOWN;
    case 'readdir':
    case 'opendir':
      // Iterating a listing visits every entry: `d + '/' + f` in the loop is the glob `d/*`; with
      // `{ recursive: true }` every entry at any depth, `d/**/*` (r4). A Dirent's `parentPath` (or
      // `path`) is the listed directory, so `${e.parentPath}/${e.name}` is that glob too (R18).
      return {
        ...opaque([p]),
        each: {
          ...strVal(truthy(opt(opts, 'recursive')) === true ? '**/*' : '*'),
          dynamic: true,
          fields: new Map([
            ['parentPath', p],
            ['path', p],
          ]),
        },
      };
    case 'copyFile':
    case 'cp':
    case 'move':
    case 'rename':
    case 'symlink':
    case 'link': {
      const dst = c.args[1];
      if (!dst) return undefined;
      const d = pathOf(dst);
      if (op === 'symlink' || op === 'link') {
        w.col.file(c.span, 'link', d.path, actor, { dynamic: d.dynamic });
        return UNKNOWN;
      }
      const recursive = truthy(opt(opts, 'recursive')) === true;
      // fs-extra's move is a rename that also crosses devices.
      const moves = op === 'rename' || op === 'move';
      w.col.file(c.span, moves ? 'move' : 'read', path, actor, {
        recursive: recursive || op === 'move',
        dynamic,
      });
      w.col.file(c.span, moves ? 'move' : 'copy', d.path, actor, { recursive, dynamic: d.dynamic });
      return UNKNOWN;
    }
    default:
      return undefined;
  }
};

/** stream.write(data) / stream.end(data) on a file stream or a connected socket or request. */
const streamWrite: Handler = (w, c) => {
  const data = c.args[0];
  return !data || data.fn !== undefined ? undefined : writeTo(w, c, data);
};

/** req.setHeader(name, value) on a client request: a header of that request (code/request-auth.ts). */
const setHeader: Handler = (w, c) => {
  const peer = c.recv?.ref === 'http.ClientRequest()' ? c.recv.peer : undefined;
  const name = constText(c.args[0]);
  const value = c.args[1];
  if (!peer || name === null || !value) return undefined;
  const sink = { kind: 'net' as const, host: peer.host, ...(peer.url ? { url: peer.url } : {}) };
  headerFlows(w.col, c.span, { ...UNKNOWN, fields: new Map([[name, value]]) }, sink);
  return undefined;
};

/** a.pipe(b): a socket piped into a process (or a process into a socket) is a reverse shell's wiring. */
const pipe: Handler = (w, c) => {
  const peer = c.recv?.peer ?? c.args[0]?.peer;
  const other = c.recv?.peer ? c.args[0] : c.recv;
  if (peer && other && !other.peer) w.col.setSocketPeer(peer);
  const dest = c.args[0];
  if (dest?.peer && c.recv) sendTo(w.col, c.span, dest.peer, [c.recv]);
  if (dest?.file && c.recv && dest.file.op !== 'read')
    w.col.flows(c.span, c.recv.sources, { kind: 'file', path: pathOf(dest.file.path).path });
  return dest;
};

// --- paths and strings -----------------------------------------------------------------------

const pathJoin: Handler = (_w, c) => joinPaths(c.args.filter((v) => v.fn === undefined));
const homedir: Handler = () => strVal('~');
const cwd: Handler = () => strVal('.');

const keepString: Handler = (_w, c) => {
  if (!c.recv) return undefined;
  if (c.recv.ref !== undefined || c.recv.parts === null)
    return { ...opaque([c.recv]), ...(c.recv.peer ? { peer: c.recv.peer } : {}) };
  return c.recv;
};

const arrayJoin: Handler = (_w, c) => {
  const list = c.recv?.items;
  if (!list) return undefined;
  return joinVals(list, c.args[0] ?? strVal(','));
};

const strConcat: Handler = (_w, c) => {
  if (!c.recv || c.recv.parts === null || c.recv.ref !== undefined) return undefined;
  return concat([c.recv, ...c.args]);
};

const strReplace: Handler = (_w, c) => {
  const s = constText(c.recv);
  const a = constText(c.args[0]);
  const b = constText(c.args[1]);
  if (!c.recv || s === null || a === null || b === null || c.recv.ref !== undefined) return undefined;
  return { ...c.recv, parts: [c.method === 'replaceAll' ? s.split(a).join(b) : s.replace(a, b)] };
};

// --- code execution and decoding ---------------------------------------------------------------

function evalCode(program: string, codeAt: 'first' | 'last'): Handler {
  return (w, c) => {
    const i = codeAt === 'first' ? 0 : c.args.length - 1;
    const code = c.args[i];
    if (!code || code.fn !== undefined) return undefined;
    runCode(w.col, c.span, code, program, 'node', spanOf(w, c, i), VIA);
    return extend(opaque([code]), { ref: 'vm.Script()' });
  };
}

/**
 * setTimeout('code', ms): a string first argument is evaluated. A function value with extra
 * arguments (`setTimeout(cp.execSync, 0, cmd)`, `setImmediate(f, cmd)`, `process.nextTick(f, cmd)`)
 * is called with them (r2).
 */
const timerString: Handler = (w, c) => {
  const code = c.args[0];
  if (code !== undefined && (code.ref !== undefined || code.unresolved === true)) {
    const skip = c.name === 'setTimeout' || c.name === 'setInterval' ? 2 : 1;
    callAs(w, c, code, c.args.slice(skip));
    return UNKNOWN;
  }
  if (!code || code.parts === null || code.fn !== undefined || !c.name.startsWith('set')) return undefined;
  runCode(w.col, c.span, code, 'eval', 'node', spanOf(w, c, 0), VIA);
  return UNKNOWN;
};

/** Buffer.from(x, 'base64' | 'hex'): decoding; Buffer.from([114, 109]): the text those bytes spell. */
const bufferFrom: Handler = (_w, c) => {
  const v = c.args[0];
  if (!v) return undefined;
  if (v.items !== undefined) return bytesVal(v.items, v) ?? opaque([v]);
  const enc = constText(c.args[1]);
  if (enc === null || !/^(?:base64|base64url|hex)$/i.test(enc)) return v.fn === undefined ? v : undefined;
  // Hex spells its text too (`Buffer.from('2f686f6d65', 'hex')` is '/home'): a decoded source either way.
  const hex = /^hex$/i.test(enc) ? constText(v) : null;
  if (hex !== null && /^(?:[0-9a-f]{2})+$/i.test(hex))
    return {
      ...strVal(Buffer.from(hex, 'hex').toString('latin1')),
      sources: [...v.sources, { kind: 'decoded' }],
      lits: v.lits,
    };
  return base64Val(v, enc.startsWith('base64'));
};

/** new Uint8Array([...]) / Uint8Array.from([...]): the bytes, as Buffer.from would hold them. */
const typedBytes: Handler = (_w, c) => {
  const v = c.args[0];
  if (!v || v.num !== undefined) return undefined;
  return v.items !== undefined ? (bytesVal(v.items, v) ?? extend(opaque([v]), { items: v.items })) : v;
};

/** new TextDecoder().decode(bytes): the text; decoded bytes are generated text whatever they spell (fail closed). */
const textDecode: Handler = (_w, c) => {
  const v = c.args[0];
  if (!v) return strVal('');
  const folded = v.items !== undefined ? bytesVal(v.items, v) : undefined;
  return folded ?? { ...(v.parts !== null && v.ref === undefined ? v : opaque([v])), generated: true };
};

const atob: Handler = (_w, c) => {
  const v = c.args[0];
  return v ? base64Val(v) : undefined;
};

const decodedOnly: Handler = (_w, c) => {
  const out = opaque(c.args);
  return { ...out, sources: [...out.sources, { kind: 'decoded' }] };
};

/** Node's built-in modules and the global object: indexing them by a run-time key is a dynamic callee. */
const BUILTINS: ReadonlySet<string> = new Set([
  'child_process',
  'fs',
  'os',
  'net',
  'tls',
  'http',
  'https',
  'http2',
  'dgram',
  'dns',
  'vm',
  'module',
  'process',
  'worker_threads',
  'cluster',
  'globalThis',
  'global',
  'window',
  'self',
  'require',
  'Reflect',
]);

/** A module object or the global object (not an object of the program's own). */
export function isNamespace(v: Val): boolean {
  return v.module === true || (v.ref !== undefined && BUILTINS.has(v.ref));
}

/** require('x'), import('x'), process.getBuiltinModule('x'), module._load('x'): the module. */
const requireModule: Handler = (w, c) => {
  const arg = c.args[0];
  // import('data:text/javascript,CODE'): the URL carries the module's code, which runs (R16).
  const data = dataUrlCode(arg);
  if (data !== undefined) {
    runCode(w.col, c.span, data, 'import', 'node', spanOf(w, c, 0), VIA);
    return extend(opaque([data]), { unresolved: true, module: true });
  }
  const name = constText(arg);
  if (name === null) {
    // A module chosen at run time: downloaded or generated names decide what is loaded.
    if (arg && (arg.sources.length > 0 || arg.generated === true)) {
      dynamicCall(w.col, c.span, extend(opaque([arg]), { unresolved: true }), []);
      return extend(opaque([arg]), { unresolved: true, module: true });
    }
    return undefined;
  }
  const mod = canonicalModule(name);
  w.col.imports.add(mod);
  return { ...UNKNOWN, parts: [{ hole: mod }], ref: mod, module: true };
};

/** createRequire(url): another require function. */
const createRequire: Handler = () => ({ ...UNKNOWN, ref: 'require', module: true });

/** String.fromCharCode(...codes): text built from character codes (generated when run as code). */
const fromCharCode: Handler = (_w, c) => {
  const codes = c.args.length === 1 && c.args[0]?.items ? c.args[0].items : c.args;
  let out = '';
  for (const v of codes) {
    if (v.num === undefined || !Number.isInteger(v.num) || v.num < 0 || v.num > 0x10ffff)
      return extend(opaque(c.args), { generated: true });
    out += c.name.endsWith('fromCodePoint')
      ? String.fromCodePoint(v.num)
      : String.fromCharCode(v.num & 0xffff);
  }
  return extend(strVal(out), { generated: true });
};

/** JS string index arguments: negative counts from the end where `neg` (slice), clamps at 0 otherwise. */
function strIndex(v: Val | undefined, len: number, neg: boolean, dflt: number): number | null {
  if (v === undefined || v.bool === false) return dflt;
  const n = v.num;
  if (n === undefined || !Number.isFinite(n)) return null;
  const i = Math.trunc(n);
  if (i < 0) return neg ? Math.max(len + i, 0) : 0;
  return Math.min(i, len);
}

/** s.slice / substring / substr / at / charAt of a known string; items.slice of a literal array. */
const strSlice: Handler = (_w, c) => {
  const recv = c.recv;
  if (!recv) return undefined;
  const m = c.method;
  if (recv.items !== undefined && m === 'slice') {
    const len = recv.items.length;
    const a = strIndex(c.args[0], len, true, 0);
    const b = strIndex(c.args[1], len, true, len);
    return a === null || b === null ? undefined : extend(opaque([recv]), { items: recv.items.slice(a, b) });
  }
  return mapText(recv, (s) => {
    const len = s.length;
    if (m === 'at' || m === 'charAt') {
      const i = c.args[0]?.num ?? 0;
      return (m === 'at' ? s.at(i) : s.charAt(i)) ?? '';
    }
    if (m === 'substr') {
      const a = strIndex(c.args[0], len, true, 0);
      const n = c.args[1] === undefined ? len : c.args[1].num;
      return a === null || n === undefined ? null : s.substr(a, n);
    }
    const a = strIndex(c.args[0], len, m === 'slice', 0);
    const b = strIndex(c.args[1], len, m === 'slice', len);
    if (a === null || b === null) return null;
    return m === 'slice' ? s.slice(a, b) : s.substring(a, b);
  });
};

/** Whole-string case and whitespace changes of a known string. */
function textChange(f: (s: string) => string): Handler {
  return (w, c) => mapText(c.recv, f) ?? keepString(w, c);
}

/** 'a|b'.split('|'): the pieces of a known string. */
const strSplit: Handler = (_w, c) => {
  const s = constText(c.recv);
  const sep = constText(c.args[0]);
  if (!c.recv || s === null || sep === null || c.recv.ref !== undefined) return undefined;
  const pieces = s.split(sep);
  if (pieces.length > 4096) return undefined;
  const items = pieces.map((p) => ({ ...strVal(p), ...(c.recv!.generated ? { generated: true } : {}) }));
  return extend(opaque([c.recv]), { items });
};

/** items.reverse(): the same items backwards (a reversed string is spliced text). */
const reverse: Handler = (_w, c) => {
  const items = c.recv?.items;
  if (!items) return undefined;
  const out = items
    .slice()
    .reverse()
    .map((v) => extend(v, { generated: true }));
  return extend(opaque(out), { items: out });
};

/**
 * The handler behind a function value, by its qualified name; an own function walked with the
 * arguments; arguments bound by `bind` go first (node/callbacks.ts).
 */
export function callAs(w: JsWalker, c: JsCall, f: Val | undefined, given: Val[]): Val | undefined {
  if (!f) return undefined;
  const args = f.bound !== undefined ? [...f.bound, ...given] : given;
  if (f.fn !== undefined) return w.callFunction(f, args);
  if (f.unresolved === true) {
    dynamicCall(w.col, c.span, f, args);
    return undefined;
  }
  if (f.ref === undefined) return undefined;
  const h = JS_CALLS.byName(f.ref);
  const method = f.ref.slice(f.ref.lastIndexOf('.') + 1);
  return h?.(w, { ...c, name: f.ref, method, args, argNodes: [] });
}

/** promise.then(f): f is called with what the promise resolves to (`Promise.resolve(cmd).then(cp.execSync)`). */
const thenCall: Handler = (w, c) => {
  const f = c.args[0];
  if (!f || (f.ref === undefined && f.unresolved !== true) || f.ref === 'eval' || f.ref === 'Function')
    return undefined;
  const value = c.recv?.ref === 'Promise.resolve()' ? (c.recv.items?.[0] ?? UNKNOWN) : (c.recv ?? UNKNOWN);
  callAs(w, c, f, [value]);
  return undefined;
};

/** Promise.resolve(x): a promise of x (its then-callbacks get x). */
const promiseResolve: Handler = (_w, c) => {
  const v = c.args[0] ?? UNKNOWN;
  return extend(opaque([v]), { ref: 'Promise.resolve()', items: [v] });
};

/** decodeURIComponent / decodeURI / unescape of known text: the decoded text, a decoded source (r2). */
const uriDecode: Handler = (_w, c) => {
  const v = c.args[0];
  const text = constText(v);
  if (!v || v.fn !== undefined) return undefined;
  let out: string | null = null;
  if (text !== null) {
    try {
      out =
        c.name === 'unescape'
          ? text.replace(/%u([0-9a-fA-F]{4})|%([0-9a-fA-F]{2})/g, (_m, u: string | undefined, h: string) =>
              String.fromCharCode(parseInt(u ?? h, 16)),
            )
          : c.name === 'decodeURI'
            ? decodeURI(text)
            : decodeURIComponent(text);
    } catch {
      out = null;
    }
  }
  if (out === text) return v;
  const base = out !== null ? strVal(out) : opaque([v]);
  return { ...base, sources: [...v.sources, { kind: 'decoded' }], lits: v.lits, generated: true };
};

/** new URL(path, base): the URL the two resolve to, so the host is known (`new URL('/x', 'http://169.254.169.254')`). */
const newUrl: Handler = (_w, c) => {
  // url.resolve(from, to) takes the base first.
  const [u, base] = c.name === 'url.resolve' ? [c.args[1], c.args[0]] : [c.args[0], c.args[1]];
  if (!u) return undefined;
  if (u.parts === null || u.fn !== undefined) return undefined;
  return resolveUrl(u, base);
};

/** process.kill(pid, sig): a known pid is the shell's `kill -SIG pid`; anything else ends the process. */
const processKill: Handler = (w, c) => {
  const argv = killArgv(everyProcessPid(w, c, c.args[0]) ?? c.args[0], c.args[1]);
  if (!argv) return exits(w, c);
  runArgv(w.col, c.span, argv, VIA);
  return UNKNOWN;
};

/** f.call(thisArg, ...args) / f.apply(thisArg, [args]) / Reflect.apply(f, thisArg, [args]). */
const fnCall: Handler = (w, c) =>
  protoCall(w, c, c.recv, c.args[0], c.args.slice(1)) ?? callAs(w, c, c.recv, c.args.slice(1));
const fnApply: Handler = (w, c) => {
  const args = [...(c.args[1]?.items ?? [])];
  return protoCall(w, c, c.recv, c.args[0], args) ?? callAs(w, c, c.recv, args);
};
const reflectApply: Handler = (w, c) => {
  const args = [...(c.args[2]?.items ?? [])];
  return protoCall(w, c, c.args[0], c.args[1], args) ?? callAs(w, c, c.args[0], args);
};
/** f.bind(thisArg, ...args): the same function, with those arguments first (node/callbacks.ts). */
const fnBind: Handler = (_w, c) =>
  c.recv?.ref === 'Function.prototype.bind' ? bindArgs(c.args[0], c.args.slice(1)) : bindArgs(c.recv, c.args);

/** f.bind(self, ...a): the same function with `a` in front of its arguments. */
function bindArgs(f: Val | undefined, args: readonly Val[]): Val | undefined {
  if (!f || (f.ref === undefined && f.fn === undefined && f.unresolved !== true)) return undefined;
  if (args.length <= 1) return f;
  return extend(f, { bound: [...(f.bound ?? []), ...args.slice(1)] });
}

/**
 * A built-in method reached through its prototype and called on a given `this`
 * (`Array.prototype.map.call(items, f)`, `Function.prototype.call.call(f, null, cmd)`): the method
 * on that receiver (r4).
 */
function protoCall(
  w: JsWalker,
  c: JsCall,
  method: Val | undefined,
  self: Val | undefined,
  args: Val[],
): Val | undefined {
  const m = /^\w+\.prototype\.(\w+)$/.exec(method?.ref ?? '')?.[1];
  if (m === undefined) return undefined;
  const h = JS_CALLS.byMethod(m);
  if (!h) return UNKNOWN;
  return h(w, { ...c, name: '', method: m, recv: self, recvNode: undefined, args, argNodes: [] }) ?? UNKNOWN;
}

/** items.forEach(f) / items.map(f): f applied to each literal item (`['rm -rf ~'].forEach(cp.execSync)`). */
const eachItem: Handler = (w, c) => {
  // What iterating yields (a glob's matches) stands for each item (r4).
  const items = c.recv?.items ?? (c.recv?.each !== undefined ? [c.recv.each] : undefined);
  const f = c.args[0];
  if (!items || !f || f.fn !== undefined || items.length > 256) return undefined;
  if (f.ref === undefined && f.unresolved !== true) return undefined;
  const out = items.map((item) => callAs(w, c, f, [item]) ?? opaque([item]));
  return extend(opaque(out), { items: out });
};

/** process.binding('spawn_sync') and friends: node's internal bindings, by name. */
const binding: Handler = (_w, c) => {
  const name = constText(c.args[0]);
  return name !== null ? { ...UNKNOWN, ref: `process.binding.${name}`, module: true } : undefined;
};

/** The internal spawn: { file, args } is the argv. */
const bindingSpawn: Handler = (w, c) => {
  const opts = c.args[0];
  if (!opts) return undefined;
  const args = opt(opts, 'args')?.items;
  const file = opt(opts, 'file');
  const argv = args && args.length > 0 ? [file ?? args[0]!, ...args.slice(1)] : file ? [file] : [];
  if (argv.length === 0) return undefined;
  runArgv(w.col, c.span, argv, VIA);
  return UNKNOWN;
};

// --- network ---------------------------------------------------------------------------------

const SENDING = /^(?:post|put|patch)$/i;

/** fetch(url, { method, body, headers }) and undici.request(url, { method, body }). */
const fetchCall: Handler = (w, c) => {
  const target = c.args[0];
  if (!target) return undefined;
  if (target.peer && target.ref === 'new Request()')
    return { ...UNKNOWN, sources: [{ kind: 'net', host: target.peer.host }] };
  const init = c.args[1];
  const body = opt(init, 'body');
  const headers = opt(init, 'headers');
  return request(w.col, c.span, c.name || 'fetch', {
    url: target.fields?.get('url') ?? target,
    payload: body ? [body] : [],
    ...(headers ? { headers: [headers] } : {}),
    sends: body !== undefined || SENDING.test(constText(opt(init, 'method')) ?? ''),
    method: constText(opt(init, 'method')) ?? 'GET',
    resolvers: resolverAddresses(w, [init]),
  });
};

/** Function(...params, body) with a body that only returns a name: calling it gives that name's value. */
function functionReturns(c: JsCall): Val | number | undefined {
  const body = constText(c.args[c.args.length - 1]);
  // `return r('child_' + 'process')` with `r` a parameter: given require (the only use that
  // returns anything loadable), the module of that name.
  const loads =
    body === null
      ? null
      : /^\s*return\s+([A-Za-z_$][\w$]*)\s*\(\s*((?:(['"`])[\w@/.:-]*\3\s*\+?\s*)+)\)\s*;?\s*$/.exec(body);
  if (loads !== null && c.args.slice(0, -1).some((p) => constText(p) === loads[1])) {
    const mod = canonicalModule(loads[2]!.replace(/['"`+\s]/g, ''));
    return { ...UNKNOWN, ref: mod, module: true };
  }
  const m =
    body === null ? null : /^\s*return\s+([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*;?\s*$/.exec(body);
  if (m === null) return undefined;
  // `Function('return this')()` is the global object.
  if (m[1] === 'this') m[1] = 'globalThis';
  const params = c.args.slice(0, -1).map((v) => constText(v));
  const at = params.indexOf(m[1]!);
  if (at >= 0) return at;
  const ref = canonicalModule(m[1]!);
  return { ...UNKNOWN, ref, ...(BUILTINS.has(ref) || ref === 'module' ? { module: true } : {}) };
}

const newRequest: Handler = (w, c) => {
  const res = fetchCall(w, c);
  return res ? { ...UNKNOWN, ref: 'new Request()', ...(res.peer ? { peer: res.peer } : {}) } : undefined;
};

/** http(s).request/get(url | options, [options], [callback]) */
const httpRequest: Handler = (w, c) => {
  const first = c.args[0];
  if (!first) return undefined;
  const scheme = c.name.startsWith('https') ? 'https' : 'http';
  let url: Val;
  let options: Val | undefined;
  if (first.fields) {
    options = first;
    // socketPath: a unix socket (the Docker Engine API's), named in the URL so its path is kept.
    const sock = opt(first, 'socketPath');
    const host = sock
      ? concat([strVal('unix:'), sock])
      : (opt(first, 'hostname') ?? opt(first, 'host') ?? strVal('localhost'));
    const port = opt(first, 'port');
    const path = opt(first, 'path') ?? strVal('/');
    url = concat([
      strVal(`${scheme}://`),
      host,
      ...(port ? [strVal(':'), port.num !== undefined ? strVal(String(port.num)) : port] : []),
      path,
    ]);
  } else {
    url = first;
    options = c.args[1]?.fields ? c.args[1] : undefined;
  }
  const method = constText(opt(options, 'method')) ?? (c.name.endsWith('.get') ? 'GET' : 'GET');
  const headers = opt(options, 'headers');
  const res = request(w.col, c.span, c.name, {
    url,
    payload: [],
    ...(headers ? { headers: [headers] } : {}),
    sends: SENDING.test(method),
    method,
    resolvers: resolverAddresses(w, [options]),
  });
  return extend(res, { ref: 'http.ClientRequest()' });
};

/** axios(url | config), axios.get(url, config), axios.post(url, data, config), got(url, opts). */
const axiosCall: Handler = (w, c) => {
  const verb = c.method && c.name !== 'axios' && c.name !== 'got' ? c.method : 'request';
  const first = c.args[0];
  if (!first) return undefined;
  const config = first.fields && !first.parts ? first : first.fields ? first : undefined;
  const given = config ? (opt(config, 'url') ?? strVal('')) : first;
  // axios.post(url, data) and needle.post(url, data, options): the second argument is the body.
  const dataArg = SENDING.test(verb) && /^(?:axios|needle)\./.test(c.name) ? c.args[1] : undefined;
  const rest = (config ? [config] : c.args.slice(dataArg ? 2 : 1)).filter((v) => v.fields);
  // Any client config's base URL (the call's own config, axios.get(u, { baseURL }), or the instance
  // made by axios.create({ baseURL }) / got.extend({ prefixUrl })): relative paths are under it (r4).
  const base = [...rest, c.recv].map((o) => opt(o, 'baseURL') ?? opt(o, 'prefixUrl')).find((b) => b);
  const url = resolveUrl(given, base);
  const payload: Val[] = [];
  if (dataArg) payload.push(dataArg);
  let headers: Val | undefined;
  let query: Val | undefined;
  // axios auth: { username, password } and got's username/password: the request's credentials.
  const auth: Val[] = [];
  for (const o of rest) {
    const q = query ?? opt(o, 'params') ?? opt(o, 'searchParams');
    for (const k of ['data', 'body', 'json', 'form', 'params', 'searchParams']) {
      const v = opt(o, k);
      // Known query parameters are in the URL, judged there by their names.
      if (v && !(v === q && v.fields !== undefined && v.fields.size > 0)) payload.push(v);
    }
    for (const k of ['auth', 'username', 'password']) {
      const v = opt(o, k);
      if (v) auth.push(v);
    }
    headers ??= opt(o, 'headers');
    query ??= opt(o, 'params') ?? opt(o, 'searchParams');
  }
  // Headers an instance was made with (axios.create({ headers })) go with each of its requests.
  headers ??= opt(c.recv, 'headers');
  const method = config ? (constText(opt(config, 'method')) ?? '') : verb;
  return request(w.col, c.span, c.name || 'axios', {
    url: withQuery(url, query),
    payload,
    ...(headers ? { headers: [headers] } : {}),
    auth,
    sends:
      payload.length > 0 &&
      (SENDING.test(method) ||
        dataArg !== undefined ||
        rest.some((o) => opt(o, 'body') || opt(o, 'json') || opt(o, 'data') || opt(o, 'form'))),
    method,
    resolvers: resolverAddresses(w, [...rest, c.recv]),
  });
};

/** net.connect(port, host) / net.connect({ port, host }) / socket.connect(port, host). */
const netConnect: Handler = (w, c) => {
  const first = c.args[0];
  if (!first) return undefined;
  let host: Val;
  let port: number | undefined;
  if (first.fields) {
    host = opt(first, 'host') ?? strVal('localhost');
    port = opt(first, 'port')?.num;
    if (opt(first, 'path')) return { ...UNKNOWN, ref: 'net.Socket()' };
  } else if (first.num !== undefined) {
    port = first.num;
    const h = c.args[1];
    host = h && h.fn === undefined ? h : strVal('localhost');
  } else {
    // A path: a Unix socket, not the network.
    return { ...UNKNOWN, ref: 'net.Socket()' };
  }
  const res = request(w.col, c.span, c.name || 'net.connect', {
    url: host,
    payload: [],
    sends: false,
    ...(port !== undefined ? { port } : {}),
  });
  const out: Val = { ...UNKNOWN, ref: 'net.Socket()', ...(res.peer ? { peer: res.peer } : {}) };
  if (c.method === 'connect' && c.recvNode && c.recv)
    w.bind(c.recvNode, { ...c.recv, ...(res.peer ? { peer: res.peer } : {}) });
  return out;
};

const netListen: Handler = (w, c) => {
  const port = c.args[0]?.num;
  const host = c.args[1] && c.args[1].fn === undefined ? render(c.args[1]) : '0.0.0.0';
  if (port !== undefined) w.col.net(c.span, { ...parseTarget(host), port }, false, 'net.listen', 'listen');
  return undefined;
};

const websocket: Handler = (w, c) => {
  const url = c.args[0];
  if (!url) return undefined;
  // ws takes headers in its options (the second or third argument): sent with the handshake.
  const headers = c.args.slice(1).flatMap((a) => {
    const h = a.fields?.get('headers');
    return h === undefined ? [] : [h];
  });
  const res = request(w.col, c.span, 'WebSocket', { url, payload: [], headers, sends: false });
  return { ...UNKNOWN, ref: 'WebSocket()', ...(res.peer ? { peer: res.peer } : {}) };
};

const dgramSend: Handler = (w, c) => {
  const [msg, a1, a2, a3] = c.args;
  if (!msg) return undefined;
  // send(msg, port, host) or send(msg, offset, length, port, host)
  const port = a3?.num !== undefined ? a3.num : a1?.num;
  const host = a3?.num !== undefined ? c.args[4] : a2;
  if (!host || host.fn !== undefined) return undefined;
  request(w.col, c.span, 'dgram.send', {
    url: host,
    payload: [msg],
    sends: true,
    ...(port !== undefined ? { port } : {}),
  });
  return UNKNOWN;
};

const dns: Handler = (w, c) => {
  const name = c.args[0];
  if (name) dnsLookup(w.col, c.span, name);
  // TXT answers are text the zone's owner wrote: the callback gets them, a promise resolves to them.
  const method = c.name.slice(c.name.lastIndexOf('.') + 1);
  const rrtype = constText(c.args[1])?.toUpperCase();
  if (name === undefined || !(method === 'resolveTxt' || method === 'resolveAny' || rrtype === 'TXT'))
    return undefined;
  const answer = txtAnswer(name);
  const cb = c.args.find((a) => a.fn !== undefined);
  if (cb !== undefined) callAs(w, c, cb, [UNKNOWN, answer]);
  return answer;
};

// --- SQL -------------------------------------------------------------------------------------

/** Method names that only take SQL: the argument is handed over when it reads as SQL. */
const SQL_METHODS = new Set([
  'query',
  'raw',
  '$queryRawUnsafe',
  '$executeRawUnsafe',
  '$queryRaw',
  '$executeRaw',
  'unsafe',
  'execute',
  'executeQuery',
]);

/**
 * Generic method names (better-sqlite3, sqlite3, pg-promise) that also exist elsewhere
 * (`map.get('delete')`): handed over only when the text is a statement with more than one word.
 */
const SQL_MAYBE = new Set([
  'exec',
  'run',
  'all',
  'get',
  'each',
  'prepare',
  'none',
  'one',
  'oneOrNone',
  'many',
  'manyOrNone',
  'any',
  'multi',
]);

/** Whether the call runs as a test's set-up or tear-down (code/test-scope.ts), asked only when it matters. */
export const testRun =
  (w: JsWalker, c: JsCall): (() => boolean) =>
  () =>
    testTeardown(w.root, w.text, 'node', c.span);

const sqlMethod: Handler = (w, c) => {
  const q = c.args[0];
  if (!q) return undefined;
  const sql = q.fields?.get('text') ?? q.fields?.get('sql') ?? q;
  if (SQL_MAYBE.has(c.method ?? '') && !/\s/.test(render(sql).trim())) return undefined;
  if (memorySqlite(c.recv) && sql.parts !== null && onlySetup(render(sql))) return undefined;
  if (sql.parts !== null && sqliteRegeneratedEmptied(c.recv, render(sql))) return undefined;
  if (sqlQuery(w.col, sql, spanOf(w, c, 0), VIA, testRun(w, c))) requestBuiltSql(w.col, sql, c.span);
  return undefined;
};

/** A template tagged by a SQL client's tag (sql`...`): the query it runs. */
const sqlTag: Handler = (w, c) => {
  const q = c.args[0];
  if (q && c.tagged && looksLikeSql(render(q))) sqlQuery(w.col, q, spanOf(w, c, 0), VIA, testRun(w, c));
  return undefined;
};

/**
 * A template tagged by any other function (neon, @vercel/postgres, slonik, an own tag): the query it
 * runs when its text is a whole SQL statement; code generators' templates (`delete ${o}[${k}]`) are not.
 */
export const anyTag: Handler = (w, c) => {
  const q = c.args[0];
  if (q && c.tagged && isSqlStatement(render(q))) sqlQuery(w.col, q, spanOf(w, c, 0), VIA, testRun(w, c));
  return undefined;
};

// --- tables ----------------------------------------------------------------------------------

const SOCKET_REFS = /^(?:new )?(?:net|tls)\.(?:Socket|connect|createConnection)\(\)/;

/**
 * A command run on another host by any SSH client module (ssh2, node-ssh, ssh2-promise,
 * simple-ssh): `ssh.execCommand(cmd)`, `conn.exec(cmd, cb)`. Judged as `ssh host CMD` would be.
 */
const SSH_RUN =
  /^(?:new )?(?:@[\w-]+\/)?[\w-]*ssh[\w-]*(?:\.\w+)*\(\)(?:\.\w+\(\))*\.(?:exec|execCommand|exec_command|execute|run|shell)$/i;

const remoteShell: Handler = (w, c) => {
  const cmd = c.args[0];
  if (cmd === undefined || cmd.fn !== undefined) return undefined;
  runShell(w.col, c.span, cmd, 'ssh', { codeSpan: spanOf(w, c, 0) });
  return { ...UNKNOWN, sources: [{ kind: 'output', program: 'ssh' }] };
};

/**
 * node-pty and its prebuilt forks start a program on a pseudo-terminal: the same argv a spawn runs,
 * with the terminal's onData/write as its output and input (r7, r13, r19: a pty bash relayed to a socket).
 */
const PTY_SPAWN = /^(?:@[\w-]+\/)?node-pty[\w-]*\.(?:spawn|fork|createTerminal)$/;

/** An SSH client module's connect (`new ssh2.Client().on(...).connect({ host, privateKey })`). */
const SSH_CONNECT = /^(?:new )?(?:@[\w-]+\/)?[\w-]*ssh[\w-]*(?:\.\w+)*\(\)(?:\.\w+\(\))*\.connect$/i;

/**
 * The private key handed to the client (`privateKey: fs.readFileSync('~/.ssh/id_ed25519')`) is
 * ssh using its own key, as `ssh -i KEY host` is (SEC-AST-001 lets ssh read its keys); where the
 * key's text goes besides is judged by its flows.
 */
const sshConnect: Handler = (w, c) => {
  const cfg = c.args[0];
  sshKeyUse(w.col, cfg?.fields?.get('privateKey'));
  // The connection itself, as paramiko's connect is one: a login made per entry of a password list
  // is guessing (RUN-AST-009), and a tunnel opened there is judged by its host.
  const host = opt(cfg, 'host');
  if (host === undefined || host.fn !== undefined) return undefined;
  const mark = w.col.facts.length;
  request(w.col, c.span, 'ssh2.connect', {
    url: host,
    payload: [],
    sends: false,
    port: opt(cfg, 'port')?.num ?? 22,
  });
  guessedLogin(w.col, mark, opt(cfg, 'password'));
  return undefined;
};

export const JS_CALLS: CallTable<Handler> = new CallTable((name): Handler | undefined => {
  if (name.startsWith('process.binding.') && /\.spawn(?:Sync)?$/.test(name)) return bindingSpawn;
  if (SOCKET_REFS.test(name)) {
    const method = name.slice(name.lastIndexOf('.') + 1);
    if (method === 'connect') return netConnect;
  }
  if (name.startsWith('axios.create().') || name.startsWith('got.extend().')) return axiosCall;
  if (PTY_SPAWN.test(name)) return spawnArgv;
  if (SSH_RUN.test(name)) return remoteShell;
  if (SSH_CONNECT.test(name)) return sshConnect;
  if (localServerAddress(name) !== undefined) return () => localServerAddress(name);
  return jsLogTransport(name);
});
const add = (names: readonly string[], h: Handler): void => JS_CALLS.add(names, h);

add(
  [
    'child_process.exec',
    'child_process.execSync',
    'execa.command',
    'execa.commandSync',
    'execa.$',
    'zx.$',
    'shelljs.exec',
  ],
  execShell,
);
add(
  [
    'child_process.spawn',
    'child_process.spawnSync',
    'child_process.execFile',
    'child_process.execFileSync',
    'execa',
    'execa.execa',
    'execa.sync',
    'cross-spawn',
  ],
  spawnArgv,
);
add(['child_process.fork', 'cluster.fork'], forkProcess);
// new Worker(code, { eval: true }) runs the string as code; a worker file is another program.
add(['new worker_threads.Worker', 'new Worker'], (w, c) => {
  // A data: URL (a string or new URL of one) carries the worker's code (r3).
  const data = dataUrlCode(c.args[0]);
  const code = data ?? c.args[0];
  if (!code || (data === undefined && truthy(opt(optionsArg(c, 1), 'eval')) !== true)) return undefined;
  runCode(w.col, c.span, code, 'Worker', 'node', spanOf(w, c, 0), VIA);
  return UNKNOWN;
});
add(['util.promisify'], identity);
// shelljs: shell.rm('-rf', p), shell.cp(...) run the program of that name.
add(
  ['rm', 'cp', 'mv', 'chmod', 'chown', 'ln', 'mkdir', 'rmdir', 'touch', 'sed', 'cat'].map(
    (p) => `shelljs.${p}`,
  ),
  (w, c) => {
    const prog = c.name.slice('shelljs.'.length);
    runArgv(
      w.col,
      c.span,
      [strVal(prog), ...c.args.filter((a) => a.fn === undefined).flatMap((a) => a.items ?? [a])],
      VIA,
    );
    return UNKNOWN;
  },
);
add(['process.exit', 'process.abort', 'process.reallyExit'], exits);
add(['process.kill'], processKill);

for (const op of [
  'rm',
  'rmdir',
  'unlink',
  'writeFile',
  'appendFile',
  'readFile',
  'createReadStream',
  'createWriteStream',
  'open',
  'chmod',
  'lchmod',
  'chown',
  'lchown',
  'mkdir',
  'truncate',
  'readdir',
  'opendir',
  'copyFile',
  'cp',
  'rename',
  'move',
  'symlink',
  'link',
]) {
  add([`fs.${op}`, `fs.${op}Sync`, `fs-extra.${op}`, `fs-extra.${op}Sync`], (w, c) =>
    fsCall(w, { ...c, name: c.name.replace(/^fs-extra\./, 'fs.') }),
  );
}
add(
  [
    'fs-extra.remove',
    'fs-extra.removeSync',
    'fs-extra.emptyDir',
    'fs-extra.emptyDirSync',
    'rimraf',
    'rimraf.sync',
    'rimraf.rimraf',
    'rimraf.rimrafSync',
    'rimraf.native',
    'del',
    'del.sync',
    'del.deleteSync',
    'del.deleteAsync',
    'trash',
  ],
  (w, c) => {
    const p = c.args[0];
    if (!p) return undefined;
    for (const v of p.items ?? [p]) {
      const { path, dynamic } = pathOf(v);
      // A `!pattern` keeps what it matches (del, rimraf's glob option): it deletes nothing.
      if (path.startsWith('!')) continue;
      // A literal glob is the path spelled, as `rm -rf ./**` is (r9: del(['/ws/**'])).
      w.col.file(c.span, 'delete', path, c.name, {
        recursive: true,
        dynamic: dynamic && constText(v) === null,
      });
    }
    return UNKNOWN;
  },
);
add(['path.join', 'path.resolve', 'path.posix.join', 'path.posix.resolve', 'upath.join'], pathJoin);
add(
  [
    'path.normalize',
    'path.posix.normalize',
    'decodeURIComponent',
    'decodeURI',
    'unescape',
    'url.fileURLToPath',
  ],
  identity,
);
// pathToFileURL(p): the file: URL of the same path (import() of it loads that file).
add(['url.pathToFileURL'], (_w, c) => (c.args[0] ? concat([strVal('file://'), c.args[0]]) : undefined));
add(['path.dirname', 'path.posix.dirname'], (_w, c) => (c.args[0] ? dirnameOf(c.args[0]) : undefined));
add(['os.homedir'], homedir);
// Who and where the code runs: command output of whoami/hostname (SEC-AST-012 reads them).
add(['os.hostname'], () => ({ ...UNKNOWN, sources: [{ kind: 'output', program: 'hostname' }] }));
add(['os.userInfo'], () => ({
  ...UNKNOWN,
  sources: [{ kind: 'output', program: 'whoami' }],
  // The running user's home directory is the one os.homedir() names.
  fields: new Map([['homedir', strVal('~')]]),
}));
add(['JSON.parse'], (_w, c) => jsonVal(c.args[0]));
add(['JSON.stringify'], (_w, c) => jsonDump(c.args[0]));
// Percent-encoding of known text keeps it known (a URL carried in another URL's query, r3).
add(['encodeURIComponent', 'escape'], (_w, c) => uriEncoded(c.args[0], false));
add(['encodeURI'], (_w, c) =>
  c.args[0] && constText(c.args[0]) !== null
    ? { ...c.args[0], parts: [encodeURI(constText(c.args[0])!)] }
    : undefined,
);
// Stored credentials handed back by libraries (keytar, AWS credential providers, netrc; r3).
// AWS SDK v3 providers are functions: calling what fromIni()/fromNodeProviderChain() gave resolves them (r6).
for (const [names, store] of JS_CREDENTIAL_CALLS)
  add(names, (_w, c) => {
    const creds = credentialResult(store, c.recv ? [c.recv, ...c.args] : c.args);
    return c.name.includes('credential-provider') ? { ...creds, returns: creds } : creds;
  });
// A Google access token minted from application-default credentials: what `gcloud auth
// print-access-token` prints: in an auth header it is used, in a body or query sent away (r6).
add(
  ['getAccessToken', 'getCredentials', 'getRequestHeaders'].flatMap((m) => [
    `google-auth-library.GoogleAuth().${m}`,
    `new google-auth-library.GoogleAuth().${m}`,
  ]),
  (_w, c) => ({ ...opaque(c.args), sources: [{ kind: 'output', program: 'gcloud' }] }),
);
// better-sqlite3 / sqlite3 databases opened by path: the file is read through them (a browser store).
add(
  ['new better-sqlite3', 'better-sqlite3', 'new sqlite3.Database', 'new sqlite3.verbose().Database'],
  (w, c) => {
    const p = c.args[0];
    if (!p) return undefined;
    const { path, dynamic } = pathOf(p);
    // An in-memory database starts empty: its setup statements lose nothing (code/local-sqlite.ts).
    if (path === ':memory:') return { ...UNKNOWN, ref: SQLITE_CONNECTION };
    if (path === '') return undefined;
    w.col.file(c.span, 'read', path, c.name, { dynamic });
    return {
      ...UNKNOWN,
      ref: SQLITE_CONNECTION,
      sources: [{ kind: 'file', path }, ...w.col.contentSources(path)],
    };
  },
);
add(['String'], (_w, c) => (c.args[0] ? (numText(c.args[0]) ?? c.args[0]) : strVal('')));
// A number parsed from a client's value is only a number: it writes no SQL or command text (R23 twins).
add(['parseInt', 'parseFloat', 'Number', 'Number.parseInt', 'Number.parseFloat', 'BigInt'], (_w, c) => {
  const v = opaque(c.args.slice(0, 1));
  return { ...v, sources: v.sources.filter((s) => !fromClient(s)) };
});
add(['process.cwd'], cwd);
add(['process.chdir'], chdir);

add(
  [
    'eval',
    'global.eval',
    'globalThis.eval',
    'window.eval',
    'vm.runInNewContext',
    'vm.runInThisContext',
    'vm.runInContext',
    'vm.compileFunction',
    'new vm.Script',
    'vm.Script',
    'new vm.SourceTextModule',
  ],
  (w, c) => evalCode(c.name.includes('vm') ? 'vm' : 'eval', 'first')(w, c),
);
// A WebAssembly module compiled from bytes is code run in this process (red team r10: a .wasm
// fetched and instantiated with imports that run commands): downloaded bytes are executed.
add(
  [
    'WebAssembly.instantiate',
    'WebAssembly.compile',
    'WebAssembly.instantiateStreaming',
    'WebAssembly.compileStreaming',
    'new WebAssembly.Module',
    'WebAssembly.Module',
  ],
  (w, c) => {
    if (c.args[0] !== undefined) codeFlows(w.col, c.span, [c.args[0]], 'WebAssembly');
    return undefined;
  },
);
add(['Object.getPrototypeOf', 'Reflect.getPrototypeOf'], (_w, c) => prototypeOf(c.args[0]));
// Reflect.get(obj, 'key'): obj.key by another spelling (r9: Reflect.get(https, 'request')).
add(['Reflect.get'], (w, c) => {
  const [obj, key] = c.args;
  const prop = key !== undefined ? constText(key) : null;
  if (obj === undefined || prop === null) return undefined;
  if (obj.ref !== undefined) hiddenName(w.col, c.span, canonicalModule(`${obj.ref}.${prop}`), c.name);
  return w.member(obj, prop, `${obj.ref ?? 'obj'}.${prop}`);
});
// Object.getOwnPropertyDescriptor(os, 'hostname').value: the member, read reflectively.
add(['Object.getOwnPropertyDescriptor', 'Reflect.getOwnPropertyDescriptor'], (w, c) => {
  const [obj, key] = c.args;
  const prop = key !== undefined ? constText(key) : null;
  if (obj?.ref === undefined || prop === null) return undefined;
  // A descriptor of each member a bundler copies calls nothing (node.ts copiesEveryMember).
  if (!w.copiesEveryMember(obj.ref)) hiddenName(w.col, c.span, canonicalModule(`${obj.ref}.${prop}`), c.name);
  const value = w.member(obj, prop, `${obj.ref}.${prop}`);
  return extend(opaque(c.args), {
    fields: new Map([
      ['value', value],
      ['get', value],
    ]),
  });
});
// Reflect.construct(F, [args]): new F(...args) (the Function constructor by another name, r3).
add(['Reflect.construct'], (w, c) => callAs(w, c, c.args[0], [...(c.args[1]?.items ?? [])]));
// new Module(id)._compile(code, file): node's loader compiling a code string.
add(
  ['new module()._compile', 'module()._compile', 'module.prototype._compile'],
  evalCode('Module._compile', 'first'),
);
// glob.sync(pattern) / fast-glob: iterating the matches yields paths matching the pattern, so a
// delete in the loop or in forEach is a delete of that glob (r4; python's glob.glob alike).
add(
  [
    'glob.sync',
    'glob.globSync',
    'glob.glob',
    'glob',
    'fast-glob.sync',
    'fast-glob.globSync',
    'fast-glob',
    'fast-glob.glob',
    'fast-glob.async',
    'globby.globbySync',
    'globby.globby',
    'globby',
    'fs.globSync',
    'fs.promises.glob',
  ],
  (_w, c) => {
    const p = c.args[0];
    const pattern = p?.items?.[0] ?? p;
    if (!pattern || pattern.parts === null || p?.fn !== undefined) return undefined;
    return { ...opaque([p!]), each: { ...pattern, dynamic: true } };
  },
);
// fs.mkdtemp(prefix): a directory whose random suffix the walk writes as XXXXXX (written-then-run, r3).
add(['fs.mkdtempSync', 'fs.promises.mkdtemp'], (_w, c) =>
  c.args[0] ? concat([c.args[0], strVal('XXXXXX')]) : undefined,
);
// The Function constructor reached through a prototype (r3): Function.prototype.constructor and friends.
add(
  [
    'Function',
    'new Function',
    'Function.prototype.constructor',
    'new Function.prototype.constructor',
    'Function.constructor',
    'new Function.constructor',
  ],
  (w, c) => {
    const v = evalCode('Function', 'last')(w, c);
    const returns = functionReturns(c);
    if (v && returns !== undefined) return { ...v, returns };
    const body = constText(c.args[c.args.length - 1]);
    const params = c.args.slice(0, -1).map((p) => constText(p));
    if (v && body !== null && params.every((p): p is string => p !== null && /^[A-Za-z_$][\w$]*$/.test(p)))
      return { ...v, code: { params, body } };
    return v;
  },
);
add(['setTimeout', 'setInterval', 'setImmediate', 'process.nextTick', 'queueMicrotask'], timerString);
add(['Promise.resolve'], promiseResolve);
add(['os.tmpdir'], () => strVal('/tmp'));
/** Object.assign(target, ...sources): the target variable now holds the sources' fields. */
add(['Object.assign'], (w, c) => {
  const [target, ...rest] = c.args;
  const node = c.argNodes[0];
  if (!target) return undefined;
  const fields = new Map(target.fields ?? []);
  let out: Val = target;
  for (const r of rest) {
    for (const [k, v] of r.fields ?? []) fields.set(k, v);
    out = withTaint(out, r);
  }
  out = extend(out, { fields });
  if (node?.type === 'identifier') w.bind(node, out);
  return out;
});
/** zx's $`cmd ${x}` and $.sync: a shell command line, substitutions in place (quoted by zx). */
const zxShell: Handler = (w, c) => {
  const t = c.argNodes[0];
  const cmd = t && c.tagged ? w.visit(t) : c.args[0];
  if (!cmd || cmd.fn !== undefined) return undefined;
  runShell(w.col, c.span, cmd, VIA, { codeSpan: spanOf(w, c, 0) });
  return { ...UNKNOWN, sources: [{ kind: 'output', program: 'sh' }] };
};
add(['zx.$', 'zx.$.sync', 'execa.$', 'execa.$.sync', 'execa.$sync'], zxShell);
// npm process runners: a command line (execaCommand) or a program and its argv (execa, cross-spawn).
add(
  [
    'execa.execaCommand',
    'execa.execaCommandSync',
    'execa.command',
    'execa.commandSync',
    'child-process-promise.exec',
    'promisify-child-process.exec',
  ],
  execShell,
);
add(
  [
    'execa',
    'execa.execa',
    'execa.execaSync',
    'execa.sync',
    'cross-spawn',
    'cross-spawn.sync',
    'cross-spawn.spawn',
    'child-process-promise.spawn',
    'promisify-child-process.spawn',
  ],
  spawnArgv,
);
/** inspector.open(port, host): a debugger listening there (anyone who reaches it runs code). */
add(['inspector.open'], (w, c) => {
  const port = c.args[0]?.num;
  const host = c.args[1] && c.args[1].fn === undefined ? render(c.args[1]) : '127.0.0.1';
  if (port !== undefined)
    w.col.net(c.span, { ...parseTarget(host), port }, false, 'inspector.open', 'listen');
  return UNKNOWN;
});
// A decipher's output is decrypted content: run as code, it is a hidden payload.
add(
  [
    'crypto.createDecipheriv().update',
    'crypto.createDecipheriv().final',
    'crypto.createDecipher().update',
    'crypto.createDecipher().final',
    'crypto.privateDecrypt',
    'crypto.publicDecrypt',
  ],
  decodedOnly,
);
add(['decodeURIComponent', 'decodeURI', 'unescape', 'querystring.unescape'], uriDecode);
add(['new URL', 'url.resolve'], newUrl);
add(['Buffer.from', 'new Buffer'], bufferFrom);
add(
  ['new Uint8Array', 'Uint8Array.from', 'new Int8Array', 'new Uint8ClampedArray', 'Uint8ClampedArray.from'],
  typedBytes,
);
add(['new TextDecoder().decode', 'new util.TextDecoder().decode'], textDecode);
add(['atob', 'Buffer.atob'], atob);
add(
  [
    'zlib.inflateSync',
    'zlib.gunzipSync',
    'zlib.unzipSync',
    'zlib.brotliDecompressSync',
    'zlib.inflateRawSync',
    'zlib.inflate',
    'zlib.gunzip',
  ],
  decodedOnly,
);
add(
  [
    'require',
    'module.require',
    'module._load',
    'module._requireWithFallbackInDeps',
    'process.mainModule.require',
    'global.require',
    'process.getBuiltinModule',
  ],
  requireModule,
);
add(['module.createRequire', 'module.createRequireFromPath'], createRequire);
add(['String.fromCharCode', 'String.fromCodePoint'], fromCharCode);
add(['Reflect.apply'], reflectApply);
add(['process.binding', 'process._linkedBinding'], binding);

// Agents and dispatchers keep their options; nodemailer's transports send mail (node/clients.ts).
for (const [names, h] of JS_CLIENTS) add(names, h);
for (const [names, h] of JS_DOTENV) add(names, h);
add(['fetch', 'globalThis.fetch', 'window.fetch', 'undici.request', 'undici.fetch'], fetchCall);
add(['new Request'], newRequest);
// new Headers({ ... }) keeps its names, so each header is judged by its name.
add(['new Headers'], (_w, c) => (c.args[0]?.fields ? c.args[0] : undefined));
add(['http.request', 'http.get', 'https.request', 'https.get', 'http2.connect'], httpRequest);
for (const lib of ['axios', 'got', 'superagent', 'needle', 'ky']) {
  add(
    [
      lib,
      ...['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'request'].map((m) => `${lib}.${m}`),
    ],
    axiosCall,
  );
}
add(['axios.create', 'got.extend', 'ky.create', 'ky.extend'], (_w, c) => ({
  ...UNKNOWN,
  ref: c.name.split('.')[0]!,
  ...(c.args[0]?.fields ? { fields: c.args[0].fields } : {}),
}));
add(
  [
    'net.connect',
    'net.createConnection',
    'tls.connect',
    'net.Socket().connect',
    'new net.Socket().connect',
    'net.Socket.connect',
    'new net.Socket.connect',
  ],
  netConnect,
);
add(['net.createServer().listen', 'http.createServer().listen', 'https.createServer().listen'], netListen);
// Static file middleware (code/servers.ts) and the app's own listen (every interface by default).
add(['express.static', 'serve-static', 'koa-static', 'koa-static.default'], (w, c) => {
  servesTree(w.col, c.span, c.args[0], c.name);
  return UNKNOWN;
});
// serve-handler(req, res, { public }): the static server `serve` is built on, rooted at `public`.
add(['serve-handler', 'serve-handler.default'], (w, c) => {
  servesTree(w.col, c.span, c.args[2]?.fields?.get('public'), c.name);
  return UNKNOWN;
});
add(['express().listen', 'koa().listen', 'new koa().listen', 'fastify().listen'], netListen);
// A REPL reading a client's socket runs whatever the client sends (a bind shell, r3).
add(['repl.start'], (w, c) => {
  const input = c.args[0]?.fields?.get('input');
  if (input) codeFlows(w.col, c.span, [input], 'node');
  return UNKNOWN;
});
/**
 * A server's request callbacks: their first argument is what a web client sent (`(req, res) =>`,
 * `socket.on('data', ...)`), network data that must not reach a shell or eval (web shells, r1).
 */
const serves: Handler = (_w, c) => ({
  ...UNKNOWN,
  sources: [CLIENT_REQUEST],
  ...(/createServer$/.test(c.name) ? { ref: `${c.name}()` } : {}),
});
add(
  [
    'http.createServer',
    'https.createServer',
    'http2.createServer',
    'http2.createSecureServer',
    'net.createServer',
    // A WebSocket server's connections: every message on them is what a client sent (R11 backdoor).
    ...['new ws.WebSocketServer()', 'new ws.Server()', 'new ws.WebSocket.Server()'].flatMap((s) => [
      `${s}.on`,
      `${s}.once`,
    ]),
    ...['get', 'post', 'put', 'patch', 'delete', 'all', 'use'].flatMap((m) => [
      `express().${m}`,
      `express.Router().${m}`,
    ]),
  ],
  serves,
);
add(['new WebSocket', 'new ws', 'new ws.WebSocket'], websocket);
add(['dgram.createSocket().send'], dgramSend);
add(
  [
    'dns.lookup',
    'dns.resolve',
    'dns.resolve4',
    'dns.resolve6',
    'dns.resolveTxt',
    'dns.resolveAny',
    'dns.resolveCname',
    'dns.promises.lookup',
    'dns.promises.resolve',
    'dns.promises.resolve4',
    'dns.promises.resolve6',
    'dns.promises.resolveTxt',
    'dns.promises.resolveAny',
    'dns.promises.resolveCname',
    'dns.resolveMx',
    'dns.resolveNs',
    'dns.promises.resolveMx',
  ],
  dns,
);
// A Resolver instance resolves as the module does, whichever server it was pointed at (r9).
add(
  ['new dns.Resolver()', 'new dns.promises.Resolver()', 'new dns/promises.Resolver()'].flatMap((r) =>
    [
      'resolve',
      'resolve4',
      'resolve6',
      'resolveTxt',
      'resolveAny',
      'resolveCname',
      'resolveMx',
      'resolveNs',
    ].map((m) => `${r}.${m}`),
  ),
  (w, c) => dns(w, { ...c, name: `dns.${c.name.slice(c.name.lastIndexOf('.') + 1)}` }),
);
add(['Atomics.wait', 'sleep', 'readline.question', 'readlineSync.question', 'prompt'], sleeps);
add(['sql', 'Prisma.sql', 'Prisma.raw'], sqlTag);
// postgres.js: const sql = postgres(url); sql`DROP TABLE users` runs the template (r3).
add(['postgres()', 'postgres.default()', 'new postgres()'], sqlTag);

JS_CALLS.methods([
  ['write', streamWrite],
  ['end', streamWrite],
  ['send', streamWrite],
  ['pipe', pipe],
  ['setHeader', setHeader],
  ['connect', (w, c) => (c.recv?.ref?.includes('Socket') ? netConnect(w, c) : undefined)],
  ['toString', (w, c) => (c.recv?.num !== undefined ? numText(c.recv) : keepString(w, c))],
  ['trim', textChange((s) => s.trim())],
  ['trimStart', textChange((s) => s.trimStart())],
  ['trimEnd', textChange((s) => s.trimEnd())],
  ['toLowerCase', textChange((s) => s.toLowerCase())],
  ['toLocaleLowerCase', textChange((s) => s.toLowerCase())],
  ['toUpperCase', textChange((s) => s.toUpperCase())],
  ['toLocaleUpperCase', textChange((s) => s.toUpperCase())],
  [
    'normalize',
    (w, c) => {
      const form = constText(c.args[0]) ?? 'NFC';
      if (!/^NFK?[CD]$/.test(form)) return keepString(w, c);
      return mapText(c.recv, (s) => s.normalize(form)) ?? keepString(w, c);
    },
  ],
  ['slice', strSlice],
  ['substring', strSlice],
  ['substr', strSlice],
  ['at', strSlice],
  ['charAt', strSlice],
  ['text', keepString],
  ['json', keepString],
  ['arrayBuffer', keepString],
  ['join', arrayJoin],
  ['concat', strConcat],
  ['replace', strReplace],
  ['replaceAll', strReplace],
  ['split', strSplit],
  ['reverse', reverse],
  ['call', fnCall],
  ['then', thenCall],
  ['apply', fnApply],
  ['bind', fnBind],
  ['forEach', eachItem],
  ['map', eachItem],
  ['sleep', sleeps],
  ['delay', sleeps],
  ['wait', sleeps],
  ['question', sleeps],
]);
JS_CALLS.methods([...SQL_METHODS, ...SQL_MAYBE].map((m) => [m, sqlMethod] as const));
// FTP and SFTP clients' uploads by path (code/uploads.ts).
JS_CALLS.methods(JS_UPLOAD_METHODS);
JS_CALLS.methods(INJECTION_METHODS);
// A logger with a transport to another host sends what it logs there (code/log-handlers.ts).
JS_CALLS.methods(JS_LOG_METHODS);
// /p/.test(text), text.match(/p/): a pattern test (a clipboard hijacker's, code/clipboard-swap.ts).
JS_CALLS.methods([
  ['test', patternTest],
  ['match', patternTest],
]);
const sqlEither: Handler = (w, c) => (c.tagged ? sqlTag(w, c) : sqlMethod(w, c));
JS_CALLS.methods([
  ['$queryRaw', sqlEither],
  ['$executeRaw', sqlEither],
]);
