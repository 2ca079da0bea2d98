/**
 * The python calls the extractor recognises, by qualified name after alias resolution
 * (`sp.run` with `import subprocess as sp` is `subprocess.run`), and by method name for receivers
 * whose type is unknown (`cur.execute(...)`). Each handler emits facts and returns the call's value.
 */
import { extend } from '../../extend.js';
import type { DataSource } from '../../facts.js';
import type { SyntaxNode } from '../../parse/index.js';
import type { Span } from '../../types.js';
import { hiddenName } from '../code/hidden-names.js';
import { testTeardown } from '../code/test-scope.js';
import { localServerAddress } from '../code/local-servers.js';
import { guessedLogin } from '../code/repeats.js';
import {
  base64Val,
  CallTable,
  emptied,
  envVal,
  exits,
  identity,
  joinVals,
  killArgv,
  loadableName,
  sleeps,
  writeTo,
  wroteText,
  type CallHandler,
  type CodeCall,
} from '../code/calls.js';
import {
  CLIENT_REQUEST,
  codeFlows,
  dnsLookup,
  txtAnswer,
  dynamicCall,
  positional,
  request,
  runArgv,
  runCode,
  runShell,
  sendTo,
  sqlQuery,
  stdinFlows,
} from '../code/effects.js';
import { requestBuiltSql } from '../code/request-sql.js';
import {
  memorySqlite,
  onlySetup,
  SQLITE_CONNECTION,
  sqliteRegeneratedEmptied,
} from '../code/local-sqlite.js';
import { parseTarget, resolveUrl, uriEncoded, withQuery } from '../code/net.js';
import {
  concat,
  constText,
  dirnameOf,
  holeVal,
  joinPaths,
  modeText,
  opaque,
  pathOf,
  refVal,
  render,
  strVal,
  truthy,
  UNKNOWN,
  withTaint,
  type Val,
} from '../code/value.js';
import type { PyWalker } from '../python.js';
import { decodeBase64, shellJoin } from '../code/collector.js';
import {
  bytesVal,
  dottedQuad,
  jsonVal,
  listVal,
  mapText,
  numText,
  splitWords,
  swapCase,
  templateSubstitute,
  titleCase,
} from '../code/fold.js';
import { unescape } from '../code/strings.js';
import { attrRef, isModuleName } from './modules.js';
import { preloadEnv } from '../code/preload.js';
import { jsonDump } from '../code/json-text.js';
import { isStaticHandler, listenOn, servesTree } from '../code/servers.js';
import {
  commandOutput,
  credentialResult,
  netrcEntry,
  PY_CREDENTIAL_CALLS,
  PY_CREDENTIAL_METHODS,
  shellOutput,
} from '../code/credential-apis.js';
import { PY_DECODER_METHODS, PY_DECODERS } from './decoders.js';
import { PY_TEMPFILES } from './tempfiles.js';
import { deleteWalkActor, encryptedAway, overwriteWalk, walkActor } from '../code/overwrite.js';
import { fireGadgets, gadgetFormat, loaderData, PY_BUFFERS } from './gadgets.js';
import { PY_PERSISTENCE, PY_SITE_CONSTANTS } from './persistence.js';
import { PY_REGISTRY } from './registry-autostart.js';
import { PY_MODEL_LOADS } from './model-loads.js';
import { PY_LOG_FUNCTIONS, PY_LOG_HANDLERS, PY_LOG_METHODS, PY_LOGGED } from '../code/log-handlers.js';
import { PY_UPLOAD_METHODS, PY_UPLOADS } from '../code/uploads.js';
import { PY_CAPTURE, PY_CAPTURE_METHODS } from '../code/capture.js';
import { INJECTION_METHODS } from '../code/process-injection.js';
import {
  clipboardWrite,
  patternTest,
  PY_CLIPBOARD_WRITES,
  PY_PATTERN_TESTS,
} from '../code/clipboard-swap.js';
import { PY_DOTENV } from '../code/dotenv.js';
import { PY_SERVICES } from '../code/services.js';
import { dataStdinFields, dataWrite, stdinReader } from '../code/stdin-data.js';
import { inputRunner, pipeWrite, stdinFields, stdinRunner } from '../code/stdin-pipe.js';

/** A call; its name is qualified like 'subprocess.run' or 'pathlib.Path().write_text'. */
export interface PyCall extends CodeCall {
  readonly kw: Map<string, Val>;
  readonly kwNodes: Map<string, SyntaxNode>;
  /** *args or **kwargs were passed: positions are not reliable. */
  splat: boolean;
  /** The value called, when the callee is an expression (`local['rm']['-rf', p]()`). */
  callee?: Val;
}

type Handler = CallHandler<PyWalker, PyCall>;

const VIA = 'python';

/** Positional argument `i`, or keyword `name`. */
function arg(c: PyCall, i: number, name?: string): Val | undefined {
  return c.args[i] ?? (name !== undefined ? c.kw.get(name) : undefined);
}

function argSpan(w: PyWalker, c: PyCall, i: number, name?: string): Span {
  const n = c.argNodes[i] ?? (name !== undefined ? c.kwNodes.get(name) : undefined);
  return n ? w.span(n) : c.span;
}

/** Elements of a list/tuple argument, or the value itself as a one-word argv. */
function listOf(v: Val | undefined): readonly Val[] {
  if (v === undefined) return [];
  return v.items ?? [v];
}

const T = (v: Val | undefined): boolean | undefined => truthy(v);

// --- processes -------------------------------------------------------------------------------

const shellCall: Handler = (w, c) => {
  const cmd = arg(c, 0, 'cmd') ?? arg(c, 0, 'command');
  if (cmd) runShell(w.col, c.span, cmd, VIA, { codeSpan: argSpan(w, c, 0, 'cmd') });
  return { ...opaque([cmd ?? UNKNOWN]), sources: shellOutput(cmd) };
};

/** subprocess.run/call/check_output/Popen: list or string, with or without shell=True. */
const subprocessCall: Handler = (w, c) => {
  const args = arg(c, 0, 'args');
  if (!args) return undefined;
  preloadEnv(w.col, c.span, c.kw.get('env'), c.name);
  const shell = c.kw.get('shell');
  const useShell = shell !== undefined && T(shell) !== false;
  const stdin = c.kw.get('stdin');
  const interactive = !c.kw.has('input') && (stdin === undefined || stdin.bool === false);
  if (stdin?.peer) w.col.setSocketPeer(stdin.peer);
  const codeSpan = argSpan(w, c, 0, 'args');
  const cwd = c.kw.get('cwd');
  const input = c.kw.get('input');
  const opts = { codeSpan, interactive, ...(cwd ? { cwd } : {}), ...(input ? { input } : {}) };
  if (useShell) {
    const cmd = args.items ? (args.items[0] ?? UNKNOWN) : args;
    // sh -c 'cmd "$1"' sh ARG: the list's later items are the script's positional parameters.
    const params = args.items?.slice(2) ?? [];
    runShell(w.col, c.span, params.length > 0 ? positional(cmd, params) : cmd, VIA, opts);
  } else if (args.items) {
    // executable= is what runs; the list's first item is only its argv[0] (`['ls', '-c', cmd]` with /bin/sh).
    const exe = c.kw.get('executable');
    runArgv(
      w.col,
      c.span,
      exe && args.items.length > 0 ? [exe, ...args.items.slice(1)] : args.items,
      VIA,
      opts,
    );
  } else {
    // A string without shell=True names one program; analysed as a command line to be safe.
    runShell(w.col, c.span, args, VIA, opts);
  }
  const program = render(args.items?.[0] ?? args).split(/\s+/, 1)[0] ?? 'sh';
  stdinFlows(w.col, c.span, useShell ? 'sh' : program, c.kw.get('input'));
  const words = args.items ? args.items.map(render) : render(args).split(/\s+/);
  const out: Val = { ...UNKNOWN, sources: [commandOutput(words, program)], ref: `${c.name}()` };
  const line = args.items && !useShell ? shellJoin(args.items) : render(args.items?.[0] ?? args);
  return withStdinPipe(out, stdin, args.items ?? words.map((t) => strVal(t)), line);
};

/** A child started with stdin=PIPE that runs its standard input: what is written there is a script. */
function withStdinPipe(out: Val, stdin: Val | undefined, argv: readonly Val[], line: string): Val {
  const piped = stdin?.ref?.endsWith('PIPE') === true;
  const runner = piped ? stdinRunner(argv) : undefined;
  // Another program on the pipe reads what is written as data (code/stdin-data.ts).
  if (runner === undefined && piped)
    return extend(out, { fields: dataStdinFields(line, out.ref ?? 'subprocess.Popen()') });
  return runner === undefined
    ? out
    : extend(out, { fields: stdinFields(runner, out.ref ?? 'subprocess.Popen()') });
}

/** os.execl(path, arg0, arg1...) style: program then `skip` leading args, the rest is argv. */
function execList(pathAt: number, argsFrom: number, dropLast: boolean): Handler {
  return (w, c) => {
    const path = c.args[pathAt];
    if (!path) return undefined;
    let rest = c.args.slice(argsFrom);
    if (dropLast) rest = rest.slice(0, -1);
    runArgv(w.col, c.span, [path, ...rest], VIA);
    return UNKNOWN;
  };
}

/** os.execv(path, argv) style: argv[0] is replaced by the path actually run. */
function execVector(pathAt: number): Handler {
  return (w, c) => {
    const path = c.args[pathAt];
    if (!path) return undefined;
    const argv = listOf(c.args[pathAt + 1]).slice(1);
    runArgv(w.col, c.span, [path, ...argv], VIA, { codeSpan: argSpan(w, c, pathAt + 1) });
    return UNKNOWN;
  };
}

const ptySpawn: Handler = (w, c) => {
  const a = arg(c, 0, 'argv');
  if (!a) return undefined;
  runArgv(w.col, c.span, a.items ?? [a], VIA, { interactive: true });
  return UNKNOWN;
};

/** proc.communicate(input) on a child that runs its standard input: the input is its script. */
const communicate: Handler = (w, c) => {
  const runner = inputRunner(c.recv);
  const reader = stdinReader(c.recv);
  const data = arg(c, 0, 'input');
  if (!data) return undefined;
  if (runner !== undefined) pipeWrite(w.col, c.span, runner, data);
  // Any other program reads it as data (code/stdin-data.ts).
  else if (reader !== undefined) dataWrite(w.col, c.span, reader, data);
  else return undefined;
  return UNKNOWN;
};

const asyncExec: Handler = (w, c) => {
  if (c.args.length === 0) return undefined;
  runArgv(w.col, c.span, c.args, VIA);
  const proc = { ...UNKNOWN, ref: 'asyncio.subprocess.Process()' };
  return withStdinPipe(proc, c.kw.get('stdin'), c.args, shellJoin(c.args));
};

/** pip run in-process (`pip._internal.cli.main.main(argv)`, `pip.main(argv)`): the same as `pip argv`. */
const pipMain: Handler = (w, c) => {
  const a = arg(c, 0, 'args');
  if (!a?.items) return undefined;
  runArgv(w.col, c.span, [strVal('pip'), ...a.items], VIA);
  return UNKNOWN;
};

/**
 * A receive given a wait of some seconds blocks until a message comes or the wait ends; called for
 * SDK clients too (boto3's sqs client is written as the aws CLI line first).
 */
export const queueLongPoll: Handler = (w, c) => {
  const wait = c.kw.get('WaitTimeSeconds') ?? c.kw.get('max_wait_time') ?? c.kw.get('wait_time_seconds');
  if (wait?.num !== undefined && wait.num > 0) sleeps(w, c);
  return undefined;
};

const fork: Handler = (w) => {
  w.col.markLoop('forks');
  return { ...UNKNOWN, num: undefined };
};

// --- files -----------------------------------------------------------------------------------

function fileOp(
  op: 'delete' | 'create' | 'truncate' | 'chmod' | 'chown' | 'read',
  actor: string,
  extra: { recursive?: boolean; pathAt?: number; self?: boolean } = {},
): Handler {
  return (w, c) => {
    const p = extra.self ? c.recv : arg(c, extra.pathAt ?? 0, 'path');
    if (!p) return undefined;
    const { path, dynamic } = pathOf(p);
    const base = extra.self ? 0 : 1 + (extra.pathAt ?? 0);
    const recursive =
      extra.recursive ??
      ((op === 'create' && (c.name.endsWith('makedirs') || T(c.kw.get('parents')) === true)) || false);
    if (op === 'chmod') {
      w.col.file(c.span, 'chmod', path, actor, { mode: modeText(arg(c, base, 'mode')) ?? '$X', dynamic });
    } else if (op === 'chown') {
      const user = arg(c, base, op === 'chown' ? 'uid' : 'user') ?? c.kw.get('user');
      const group = arg(c, base + 1, 'gid') ?? c.kw.get('group');
      const owner = [user, group]
        .filter((v): v is Val => v !== undefined)
        .map((v) => (v.num !== undefined ? String(v.num) : render(v)))
        .join(':');
      w.col.file(c.span, 'chown', path, actor, { owner, dynamic });
    } else {
      // A walk's delete of every entry is marked as its truncate is (code/overwrite.ts, r6).
      const by = !dynamic
        ? actor
        : op === 'truncate'
          ? walkActor(w, path, actor)
          : op === 'delete'
            ? deleteWalkActor(w, path, actor)
            : actor;
      w.col.file(c.span, op, path, by, { recursive, dynamic });
      if (dynamic && op === 'delete') encryptedAway(w, c.span, path, actor);
    }
    if (op === 'read') return { ...UNKNOWN, sources: [{ kind: 'file', path }] };
    return UNKNOWN;
  };
}

/** Two-path operations: copy/move/link read or remove the source and write the destination. */
function twoPath(
  op: 'copy' | 'move' | 'link',
  actor: string,
  opts: { recursive?: boolean; self?: boolean } = {},
): Handler {
  return (w, c) => {
    const src = opts.self ? c.recv : arg(c, 0, 'src');
    const dst = opts.self ? arg(c, 0, 'target') : arg(c, 1, 'dst');
    if (!src || !dst) return undefined;
    const s = pathOf(src);
    const d = pathOf(dst);
    const recursive = opts.recursive ?? false;
    if (op === 'link') {
      // symlink(target, link_name): the link is created, the target is what it points at.
      w.col.file(c.span, 'link', opts.self ? s.path : d.path, actor, {
        dynamic: opts.self ? s.dynamic : d.dynamic,
      });
      return UNKNOWN;
    }
    // Moved onto a device (shutil.move(x, '/dev/null')): the source is destroyed, as `mv x /dev/null`.
    if (op === 'move' && /^\/dev\/(?!shm\/)/.test(d.path)) {
      w.col.file(c.span, 'delete', s.path, 'mv', { recursive: true, dynamic: s.dynamic });
      return UNKNOWN;
    }
    w.col.file(c.span, op === 'copy' ? 'read' : 'move', s.path, actor, { recursive, dynamic: s.dynamic });
    w.col.file(c.span, op, d.path, actor, { recursive, dynamic: d.dynamic });
    // The copy holds the source's content: reading it later reads that file (a copied cookie store).
    if (!s.dynamic && !d.dynamic)
      w.col.flows(c.span, [{ kind: 'file', path: s.path }, ...w.col.contentSources(s.path)], {
        kind: 'file',
        path: d.path,
      });
    return UNKNOWN;
  };
}

/** The operation an open() mode allows. */
function openOp(mode: string | null): 'read' | 'write' | 'append' | 'create' {
  if (mode === null) return 'read';
  if (mode.includes('a')) return 'append';
  if (mode.includes('w') || mode.includes('+')) return 'write';
  if (mode.includes('x')) return 'create';
  return 'read';
}

const openFile: Handler = (w, c) => {
  const self = c.name.startsWith('pathlib.Path()');
  const p = self ? c.recv : arg(c, 0, 'file');
  if (!p) return undefined;
  const modeVal = self ? arg(c, 0, 'mode') : arg(c, 1, 'mode');
  let op = openOp(modeVal ? constText(modeVal) : null);
  if (c.name === 'os.open') {
    const flags = w.src(c.argNodes[1] ?? c.node);
    op = /O_APPEND/.test(flags) ? 'append' : /O_WRONLY|O_RDWR|O_CREAT|O_TRUNC/.test(flags) ? 'write' : 'read';
  }
  const { path, dynamic } = pathOf(p);
  w.col.file(c.span, op, path, 'open', { dynamic });
  // Opening for writing empties the file: over a walk, unless the program writes back what it read.
  const truncates =
    c.name === 'os.open'
      ? /O_TRUNC/.test(w.src(c.argNodes[1] ?? c.node))
      : (modeVal ? constText(modeVal) : '')?.includes('w') === true;
  if (op === 'write' && truncates) overwriteWalk(w, c.span, p, undefined, 'open');
  const file = { path: p, op };
  return op === 'read'
    ? { ...UNKNOWN, sources: [{ kind: 'file', path }, ...w.col.contentSources(path)], file, ref: 'open()' }
    : { ...UNKNOWN, file, ref: 'open()' };
};

const pathRead: Handler = (w, c) => {
  if (!c.recv) return undefined;
  const { path, dynamic } = pathOf(c.recv);
  w.col.file(c.span, 'read', path, `pathlib.Path.${c.method ?? 'read_text'}`, { dynamic });
  return { ...UNKNOWN, sources: [{ kind: 'file', path }, ...w.col.contentSources(path)] };
};

/** linecache.getlines(path), fileinput.input(paths): the files' lines, read by another reader (r6). */
const lineRead: Handler = (w, c) => {
  const given = arg(c, 0, c.name.startsWith('linecache') ? 'filename' : 'files');
  if (!given) return undefined;
  const sources: DataSource[] = [];
  for (const p of given.items ?? [given]) {
    const { path, dynamic } = pathOf(p);
    w.col.file(c.span, 'read', path, c.name, { dynamic });
    sources.push({ kind: 'file', path }, ...w.col.contentSources(path));
  }
  return { ...UNKNOWN, sources };
};

const pathWrite: Handler = (w, c) => {
  if (!c.recv) return undefined;
  const { path, dynamic } = pathOf(c.recv);
  w.col.file(c.span, 'write', path, `pathlib.Path.${c.method ?? 'write_text'}`, { dynamic });
  const data = arg(c, 0, 'data');
  if (data) w.col.flows(c.span, data.sources, { kind: 'file', path });
  if (data) wroteText(w, c.span, c.recv, data, false);
  // write_text('') empties the file.
  if (data && !dynamic) emptied(w, c.span, { path: c.recv, op: 'write' }, data);
  if (data) overwriteWalk(w, c.span, c.recv, data, `pathlib.Path.${c.method ?? 'write_text'}`);
  return UNKNOWN;
};

/** write()/writelines() on an object from open(): what is written flows into the file. */
const fileWrite: Handler = (w, c) => {
  const data = c.args[0];
  return data ? writeTo(w, c, data) : undefined;
};

/** os.chdir(path): later relative paths and commands start there (unknown: as before). */
const chdir: Handler = (w, c) => {
  const p = arg(c, 0, 'path');
  const text = p && (p.ref === undefined || p.ref === 'pathlib.Path()') ? constText(p) : null;
  w.col.cwd = text === null || text === '' ? undefined : w.col.fromCwd(text);
  return UNKNOWN;
};

const umask: Handler = (w, c) => {
  const mode = modeText(c.args[0]);
  if (mode !== undefined && !umaskRestored(w, c))
    w.col.file(c.span, 'chmod', '', 'umask', { mode: mode.padStart(3, '0') });
  return UNKNOWN;
};

/**
 * `old = os.umask(0)` ... `os.umask(old)`: the previous mask saved and given back later in the
 * input is a scoped change (reading the mask, creating one file with an exact mode), not the
 * process left open (issue 22 FP: pip's current_umask). Files created in between keep their own modes.
 */
function umaskRestored(w: PyWalker, c: PyCall): boolean {
  const saved = /([A-Za-z_]\w*)\s*=\s*$/.exec(
    w.text.slice(Math.max(0, c.node.start - 64), c.node.start),
  )?.[1];
  if (saved === undefined) return false;
  return new RegExp(`\\bumask\\(\\s*${saved}\\s*\\)`).test(w.text.slice(c.node.end));
}

// --- paths and strings -----------------------------------------------------------------------

const pathCtor: Handler = (_w, c) => ({
  ...(c.args.length > 0 ? joinPaths(c.args) : strVal('.')),
  ref: 'pathlib.Path()',
});
const home: Handler = () => extend(strVal('~'), { ref: 'pathlib.Path()' });
const cwd: Handler = () => extend(strVal('.'), { ref: 'pathlib.Path()' });
const recvPath: Handler = (_w, c) => (c.recv ? extend(c.recv, { ref: 'pathlib.Path()' }) : undefined);

const getenv: Handler = (w, c) => {
  const name = constText(c.args[0]);
  if (name !== null) w.col.envReads.add(name);
  const v = envVal(name);
  const fallback = c.args[1] ?? c.kw.get('default');
  // An unset variable gives the default: known default text is what runs in the usual case.
  if (fallback && fallback.parts !== null && v.parts?.length === 1 && typeof v.parts[0] !== 'string')
    return withTaint({ ...fallback, dynamic: true }, v);
  return fallback && v.sources.length > 0 ? withTaint(v, fallback) : v;
};

/** str.format: `{}`, `{0}` and `{name}` from the arguments. */
const strFormat: Handler = (_w, c) => {
  const fmt = c.recv;
  if (!fmt || fmt.parts === null || fmt.ref !== undefined) return undefined;
  let i = 0;
  const pieces: Val[] = [];
  for (const part of fmt.parts) {
    if (typeof part !== 'string') {
      pieces.push({ ...UNKNOWN, parts: [part] });
      continue;
    }
    let last = 0;
    const re = /\{\{|\}\}|\{([^{}!:]*)(?:![rsa])?(?::[^{}]*)?\}/g;
    for (let m = re.exec(part); m; m = re.exec(part)) {
      pieces.push(strVal(part.slice(last, m.index)));
      if (m[0] === '{{' || m[0] === '}}') pieces.push(strVal(m[0][0]!));
      else {
        const key = m[1] ?? '';
        const v =
          key === ''
            ? c.args[i++]
            : /^\d+$/.test(key)
              ? c.args[Number(key)]
              : c.kw.get(key.split(/[.[]/)[0]!);
        pieces.push(v ?? holeVal(key || 'X'));
      }
      last = m.index + m[0].length;
    }
    pieces.push(strVal(part.slice(last)));
  }
  return concat(pieces);
};

/** sep.join(items) */
const strJoin: Handler = (_w, c) => {
  const sep = c.recv;
  const list = c.args[0];
  if (!sep || sep.parts === null || sep.ref !== undefined || !list?.items) return undefined;
  return joinVals(list.items, sep);
};

/** Methods that keep the string (whitespace and encoding changes). */
const keepString: Handler = (_w, c) => {
  if (!c.recv || c.recv.ref !== undefined || c.recv.parts === null)
    return c.recv ? opaque([c.recv, ...c.args]) : undefined;
  return c.recv;
};

const strReplace: Handler = (_w, c) => {
  const s = constText(c.recv);
  const a = constText(c.args[0]);
  const b = constText(c.args[1]);
  if (!c.recv || s === null || a === null || b === null || c.recv.ref !== undefined) return undefined;
  return { ...c.recv, parts: [s.split(a).join(b)] };
};

/** str.lower() and the other whole-string case changes of a known string. */
function caseChange(f: (s: string) => string): Handler {
  return (_w, c) => mapText(c.recv, f);
}

/** str.strip/lstrip/rstrip, with or without the characters to strip. */
function stripChars(where: 'both' | 'left' | 'right'): Handler {
  return (w, c) => {
    const chars = c.args[0] === undefined ? ' \t\n\r\f\v' : constText(c.args[0]);
    if (chars === null) return keepString(w, c);
    return (
      mapText(c.recv, (s) => {
        let a = 0;
        let b = s.length;
        if (where !== 'right') while (a < b && chars.includes(s[a]!)) a++;
        if (where !== 'left') while (b > a && chars.includes(s[b - 1]!)) b--;
        return s.slice(a, b);
      }) ?? keepString(w, c)
    );
  };
}

/** str.split / rsplit / splitlines of a known string: a list of known pieces. */
const strSplit: Handler = (_w, c) => {
  const recv = c.recv;
  const s = recv?.ref === undefined ? constText(recv) : null;
  if (!recv || s === null) return undefined;
  if (c.method === 'splitlines') return listVal(s.replace(/\r?\n$/, '').split(/\r?\n/), recv);
  const sepVal = arg(c, 0, 'sep');
  const max = arg(c, 1, 'maxsplit')?.num ?? -1;
  const sep = sepVal === undefined || sepVal.bool === false ? null : constText(sepVal);
  if (sepVal !== undefined && sepVal.bool !== false && (sep === null || sep === '')) return undefined;
  let pieces = sep === null ? splitWords(s) : s.split(sep);
  if (max >= 0 && pieces.length > max + 1) {
    const joiner = sep ?? ' ';
    pieces =
      c.method === 'rsplit'
        ? [pieces.slice(0, pieces.length - max).join(joiner), ...pieces.slice(pieces.length - max)]
        : [...pieces.slice(0, max), pieces.slice(max).join(joiner)];
  }
  return listVal(pieces, recv);
};

/** str.removeprefix / removesuffix of a known string. */
const removeAffix: Handler = (_w, c) => {
  const a = constText(c.args[0]);
  if (a === null) return undefined;
  return mapText(c.recv, (s) =>
    c.method === 'removeprefix'
      ? s.startsWith(a)
        ? s.slice(a.length)
        : s
      : a !== '' && s.endsWith(a)
        ? s.slice(0, -a.length)
        : s,
  );
};

/** str(x): a number's digits; anything else is the same value (taint kept). */
const strCall: Handler = (_w, c) => {
  const v = c.args[0];
  if (!v) return strVal('');
  return numText(v) ?? v;
};

/** bytes([114, 109]) / bytearray([...]): the text those bytes spell; any other argument as is. */
const bytesCall: Handler = (_w, c) => {
  const v = c.args[0];
  if (!v) return strVal('');
  return bytesVal(v.items, v) ?? v;
};

/** string.Template(text): the template, substituted by its substitute/safe_substitute methods. */
const template: Handler = (_w, c) => {
  const t = c.args[0] ?? c.kw.get('template');
  return t ? extend(t, { ref: 'string.Template()' }) : undefined;
};

const templateSub: Handler = (_w, c) => {
  const t = c.recv;
  const text = t ? constText(extend(t, { ref: undefined })) : null;
  if (!t || text === null) return undefined;
  const mapping = c.args[0]?.fields;
  return concat(templateSubstitute(text, (name) => c.kw.get(name) ?? mapping?.get(name)));
};

/** struct.pack('!I', n) and friends: a 32-bit integer packed as it is (for inet_ntoa). */
const structPack: Handler = (_w, c) => {
  const fmt = constText(c.args[0]);
  const n = c.args[1]?.num;
  if (fmt === null || n === undefined || !/^[!>]?[IL]$/.test(fmt)) return undefined;
  return { ...UNKNOWN, dynamic: false, num: n };
};

/** socket.inet_ntoa(packed) / ipaddress.ip_address(n): the dotted-quad address of a known integer. */
const ipText: Handler = (_w, c) => dottedQuad(c.args[0]?.num) ?? (c.args[0]?.parts ? c.args[0] : undefined);

/** pwd.getpwuid(os.getuid()): the running user's entry; its pw_dir is the home directory. */
const passwdEntry: Handler = () => ({
  ...UNKNOWN,
  ref: 'pwd.struct_passwd()',
  fields: new Map<string, Val>([
    ['pw_dir', strVal('~')],
    ['pw_name', { ...holeVal('USER'), sources: [{ kind: 'output', program: 'whoami' }] }],
  ]),
});

const shlexSplit: Handler = (_w, c) => {
  const s = c.args[0];
  if (!s) return undefined;
  const text = constText(s);
  if (text === null) return opaque([s]);
  const items = (text.match(/'[^']*'|"[^"]*"|\S+/g) ?? []).map((w) =>
    strVal(w.replace(/^(['"])(.*)\1$/, '$2')),
  );
  return extend(opaque([s]), { items });
};

// --- code execution and decoding ---------------------------------------------------------------

function execBuiltin(program: string): Handler {
  return (w, c) => {
    const code = c.args[0] ?? c.kw.get('source');
    if (!code) return undefined;
    runCode(w.col, c.span, code, program, 'python', argSpan(w, c, 0, 'source'), VIA);
    return opaque([code]);
  };
}

/** Deserialisers that run code from their input (pickle and friends): a sink only for downloaded or decoded data. */
const unsafeLoad: Handler = (w, c) => {
  // An in-memory file (io.BytesIO(b)) or an Unpickler over one reads what it holds (gadgets.ts).
  const data = loaderData(c.args[0] ?? (c.name.endsWith('Unpickler().load') ? c.recv : undefined));
  if (!data) return undefined;
  // Loading what this input pickled: its classes' __reduce__ gadgets run.
  if (/dumps?\(\)$/.test(data.ref ?? '') && w.reduces.length > 0) reduceGadget(w, c);
  codeFlows(w.col, c.span, [data], c.name.split('.')[0] ?? 'pickle');
  // A gadget written in the input (pickle opcodes, yaml python tags, jsonpickle py/reduce): its calls run.
  const format = gadgetFormat(c.name);
  if (format !== undefined)
    fireGadgets(format, data, {
      call: (f, args, kw) => callValue(w, c, f, args, kw),
      knows: (name) => PY_CALLS.byName(name) !== undefined,
      unmodelled: (what) =>
        w.col.flow(
          c.span,
          { kind: 'decoded' },
          { kind: 'exec', program: `a deserialisation gadget calling ${what}` },
        ),
    });
  return opaque([data]);
};

/** yaml.load(data, Loader=...): an unsafe loader runs code from the document, like pickle. */
const yamlLoad: Handler = (w, c) => {
  const loader = c.kw.get('Loader') ?? c.args[1];
  if (
    !loader ||
    !/(?:Unsafe|Full)?Loader$|^yaml\.Loader$/.test(loader.ref ?? '') ||
    /Safe|Base/.test(loader.ref ?? '')
  )
    return undefined;
  return unsafeLoad(w, c);
};

const b64decode: Handler = (_w, c) => {
  const v = c.args[0] ?? c.kw.get('s');
  return v ? base64Val(v) : undefined;
};

const decodedOnly: Handler = (_w, c) => {
  const v = c.args[0];
  const out = opaque(v ? [v] : []);
  return { ...out, sources: [...out.sources, { kind: 'decoded' }] };
};

/** __import__ / importlib.import_module: a module by name; by a computed name, an unresolved one. */
const importModule: Handler = (w, c) => {
  const arg0 = c.args[0] ?? c.kw.get('name');
  const name = constText(arg0);
  if (name !== null) {
    importFromPath(w, c.span, name);
    return extend(refVal(name, name), { module: true });
  }
  return extend(opaque(arg0 ? [arg0] : []), { unresolved: true, module: true });
};

/**
 * A module imported from a directory this input put on sys.path: the file there runs as
 * `python3 DIR/NAME.py` would, so code the input wrote into it is analysed (r3).
 */
export function importFromPath(w: PyWalker, span: Span, name: string): void {
  if (w.importDirs.length === 0 || !/^[\w.]+$/.test(name)) return;
  for (const dir of w.importDirs)
    runArgv(w.col, span, [strVal('python3'), strVal(`${dir}/${name.replace(/\./g, '/')}.py`)], VIA);
}

/** sys.path.insert(i, dir) / append(dir): a directory modules are imported from. */
const syspathAdd: Handler = (w, c) => {
  const arg = c.name.endsWith('insert') ? c.args[1] : c.args[0];
  // A directory named at run time (`'/tmp/.d' + str(os.getpid())`) as its writes recorded it.
  const dir = constText(arg) ?? (arg && loadableName(`${pathOf(arg).path}/`) ? pathOf(arg).path : null);
  if (dir !== null && dir !== '' && w.importDirs.length < 8) w.importDirs.push(dir.replace(/\/+$/, ''));
  return UNKNOWN;
};

/** getattr(obj, 'name'): the member; with a name known only at run time, an unresolved callee. */
const getAttr: Handler = (w, c) => {
  const obj = c.args[0];
  const nameVal = c.args[1];
  const name = constText(nameVal);
  if (!obj || !nameVal) return undefined;
  if (name === null) {
    // Only a module's or the built-ins' member is a callee that matters; an object's attribute is data.
    if (obj.ref === undefined && obj.unresolved !== true) return undefined;
    return extend(opaque([obj, nameVal]), { unresolved: true });
  }
  const ref = attrRef(obj, name);
  // getattr(os, 'system'): a sensitive API named by data (code/hidden-names.ts). With a default
  // (`getattr(os, name, _nop)`, shutil.copystat) it is a probe for an API the platform may lack.
  if (ref !== undefined && c.args.length < 3 && !c.kw.has('default'))
    hiddenName(w.col, c.span, ref, c.name === 'getattr' ? 'getattr' : c.name);
  if (ref === undefined) return obj.unresolved ? extend(opaque([obj]), { unresolved: true }) : undefined;
  return isModuleName(ref) ? extend(refVal(ref, name), { module: true }) : refVal(ref, name);
};

/** `f.__call__(...)`: the call of f, by f's handler. */
const dunderCall: Handler = (w, c) => {
  const name = c.name.slice(0, -'.__call__'.length);
  const h = PY_CALLS.byName(name);
  return h?.(w, { ...c, name, method: name.slice(name.lastIndexOf('.') + 1) });
};

/** `obj.__getattribute__('name')`: getattr(obj, 'name'). */
const dunderGetattribute: Handler = (w, c) =>
  c.recv === undefined ? undefined : getAttr(w, { ...c, args: [c.recv, ...c.args] });

/** globals() / locals() / vars() / vars(module): a namespace indexed by name. */
const namespace: Handler = (_w, c) => {
  const obj = c.args[0];
  if (obj === undefined) return extend(refVal('builtins', 'globals'), { module: true });
  return obj.module === true ? obj : undefined;
};

/** chr(n): one character; text built from character codes is generated (obfuscation when run). */
const chr: Handler = (_w, c) => {
  const n = c.args[0]?.num;
  if (n !== undefined && Number.isInteger(n) && n >= 0 && n <= 0x10ffff)
    return extend(strVal(String.fromCodePoint(n)), { generated: true });
  return extend(opaque(c.args), { generated: true });
};

const ord: Handler = (_w, c) => {
  const t = constText(c.args[0]);
  if (t === null || [...t].length !== 1) return undefined;
  return { ...UNKNOWN, dynamic: false, num: t.codePointAt(0)! };
};

/** map(f, items): f applied to each literal item (`map(os.system, cmds)`, `map(chr, codes)`). */
const mapCall: Handler = (w, c) => {
  const [f, arg1] = c.args;
  if (!f || !arg1) return undefined;
  // A known string or bytes literal is iterated by character (`map(lambda b: b ^ 1, b'...')`).
  const text = arg1.items === undefined && arg1.ref === undefined ? constText(arg1) : null;
  // What iterating yields (a glob's matches, every process) stands for each item (r4).
  const it =
    text !== null && text.length <= 4096
      ? extend(arg1, { items: [...text].map((ch) => strVal(ch)) })
      : arg1.items === undefined && arg1.each !== undefined
        ? extend(arg1, { items: [arg1.each] })
        : arg1;
  // starmap spreads each tuple into the call (`starmap(shutil.rmtree, [(p, True)])`), after a
  // partial's own arguments (r4).
  const spread = (item: Val): Val[] => [
    ...(f.bound ?? []),
    ...(c.name === 'itertools.starmap' && item.items !== undefined ? item.items : [item]),
  ];
  // An own function applied to each character of a literal computes text from it: generated
  // whether or not every call folds (a per-byte cipher; fail closed past the walk's limits).
  const perChar = f.fn !== undefined && text !== null ? { generated: true } : {};
  if (f.fn !== undefined && it.items && it.items.length <= 256) {
    const out = it.items.map((item) => w.callFunction(f, spread(item)) ?? opaque([item]));
    return extend(opaque(out), { items: out, ...perChar });
  }
  if (f.fn !== undefined && text !== null) return { ...opaque([arg1]), ...perChar };
  if (f.ref === undefined || !it.items || it.items.length > 4096) {
    if (f.unresolved === true) dynamicCall(w.col, c.span, f, [it]);
    return undefined;
  }
  const h = PY_CALLS.byName(f.ref);
  if (!h) return undefined;
  const out = it.items.map(
    (item) =>
      h(w, { ...c, name: f.ref!, method: undefined, args: spread(item), argNodes: [] }) ?? opaque([item]),
  );
  return extend(opaque(out), { items: out });
};

/** list(x), tuple(x), sorted(x)...: the same items; a known string's characters; reversed() backwards. */
const sameItems: Handler = (_w, c) => {
  const v = c.args[0];
  if (!v) return undefined;
  const text = v.items === undefined && v.ref === undefined ? constText(v) : null;
  let items = text !== null && text.length <= 4096 ? [...text].map((ch) => strVal(ch)) : v.items;
  if (items === undefined) return opaque([v]);
  if (c.name === 'reversed')
    items = items
      .slice()
      .reverse()
      .map((x) => extend(x, { generated: true }));
  return extend(opaque([v]), { items });
};

/** The python file `p` is read and executed by call `c`: what this input wrote there runs (r3). */
export function runPythonFile(w: PyWalker, c: PyCall, p: Val): void {
  const { path, dynamic } = pathOf(p);
  w.col.file(c.span, 'read', path, c.name, { dynamic });
  for (const from of w.col.writtenSources(path))
    w.col.flow(c.span, from, { kind: 'exec', program: 'python' });
  // The file runs as `python3 FILE` would: code this input wrote there is analysed.
  // A name built at run time is matched as the write of the same name recorded it (code/calls.ts).
  if (!dynamic || loadableName(path)) runArgv(w.col, c.span, [strVal('python3'), strVal(path)], VIA);
}

/** runpy.run_path(file) and other loaders of a python file: the file's content is executed. */
const runFile: Handler = (w, c) => {
  const p = c.name === 'imp.load_source' ? c.args[1] : (c.args[0] ?? c.kw.get('path_name'));
  if (!p) return undefined;
  runPythonFile(w, c, p);
  return UNKNOWN;
};

/** bytes.fromhex / binascii.unhexlify of a known string: the decoded text, a decoded source. */
const fromHex: Handler = (_w, c) => {
  const v = c.args[0];
  if (!v) return undefined;
  return decodedText(v, hexText(constText(v)));
};

/** Python's EBCDIC code pages (cp037, cp500, cp1026, cp1140...), names normalised without - and _. */
const EBCDIC = /^(?:cp|ibm)(?:037|273|424|500|875|1026|1140)$|^ebcdic/;

/** codecs.decode(s, 'rot13' | 'hex' | 'base64' ...) and the python 2 str.decode('base64'). */
const codecsDecode: Handler = (_w, c) => {
  const v = c.method === 'decode' && c.name !== 'codecs.decode' ? c.recv : c.args[0];
  const enc = constText(
    c.method === 'decode' && c.name !== 'codecs.decode' ? c.args[0] : (c.args[1] ?? c.kw.get('encoding')),
  );
  if (!v) return undefined;
  const codec = (enc ?? '').toLowerCase().replace(/[-_]/g, '');
  if (
    c.name !== 'codecs.decode' &&
    !/^(?:rot13|hex|base64|base64codec|hexcodec|zip|zlib|bz2|uu|unicodeescape|rawunicodeescape)$/.test(codec)
  ) {
    // UTF-16 bytes (`b'r\x00m\x00'.decode('utf-16-le')`) spell their text with NUL bytes between.
    // EBCDIC codecs are not ASCII-compatible: a literal read through one spells other words (hidden names).
    if (EBCDIC.test(codec)) return { ...opaque([v]), generated: true };
    const wide = /^utf16(?:le|be)?$/.exec(codec);
    const t = wide ? constText(v) : null;
    if (t !== null && wide)
      return {
        ...strVal(utf16(t, codec === 'utf16be')),
        sources: v.sources,
        lits: v.lits,
        generated: true,
      };
    return keepString(_w, c);
  }
  const text = constText(v);
  const out =
    text === null
      ? null
      : codec === 'rot13'
        ? rot13(text)
        : codec === 'hex' || codec === 'hexcodec'
          ? hexText(text)
          : codec.startsWith('base64')
            ? decodeBase64(text)
            : codec === 'unicodeescape'
              ? unescape(text, false)
              : null;
  return decodedText(v, out);
};

/** Text from UTF-16 bytes held as a byte string (big-endian swapped first). */
function utf16(t: string, bigEndian: boolean): string {
  const b = Buffer.from(t.length % 2 === 0 ? t : t.slice(0, -1), 'latin1');
  return (bigEndian ? b.swap16() : b).toString('utf16le');
}

function decodedText(v: Val, text: string | null): Val {
  const base = text !== null ? strVal(text) : holeVal('decoded');
  return { ...base, sources: [...v.sources, { kind: 'decoded' }], lits: v.lits };
}

function hexText(t: string | null): string | null {
  if (t === null) return null;
  const clean = t.replace(/\s+/g, '');
  if (clean.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(clean)) return null;
  const out = Buffer.from(clean, 'hex').toString('utf8');
  return out.includes('\uFFFD') ? null : out;
}

function rot13(t: string): string {
  return t.replace(/[a-zA-Z]/g, (ch) => {
    const base = ch <= 'Z' ? 65 : 97;
    return String.fromCharCode(((ch.charCodeAt(0) - base + 13) % 26) + base);
  });
}

/** glob.glob(pattern) and friends: iterating yields paths matching the pattern. */
const globCall: Handler = (_w, c) => {
  const p = c.name.startsWith('pathlib.Path()') ? c.recv : (c.args[0] ?? c.kw.get('pathname'));
  if (!p) return undefined;
  const recursive = c.name.endsWith('rglob');
  const pattern =
    c.name.startsWith('pathlib.Path()') && c.args[0]
      ? joinPaths(recursive ? [p, strVal('**'), c.args[0]] : [p, c.args[0]])
      : p;
  return {
    ...opaque([p]),
    each: { ...pattern, dynamic: true, ...(c.name.startsWith('pathlib') ? { ref: 'pathlib.Path()' } : {}) },
  };
};

/**
 * os.walk(top): iterating yields (dirpath, dirnames, filenames): every directory under top, and
 * names that stand for every entry, so a delete in the loop reads as a glob under top (red-team r1).
 */
const walkCall: Handler = (_w, c) => {
  const top = c.args[0] ?? c.kw.get('top');
  if (!top) return undefined;
  const under = concat([top, strVal('/**')]);
  const names: Val = extend(opaque([top]), { each: ANY_ENTRY });
  const each: Val = extend(opaque([top]), { items: [under, names, names] });
  return extend(opaque([top]), { each });
};

/** A directory entry when a listing is iterated: every entry, written as the glob `*`. */
const ANY_ENTRY: Val = { ...strVal('*'), dynamic: true };

/** os.listdir(d) / os.scandir(d) / Path.iterdir(): every entry of d (`for f in os.listdir(d): os.remove(...)` is `rm d/*`). */
const listCall: Handler = (_w, c) => {
  const d = c.name.startsWith('pathlib.Path()') ? c.recv : c.args[0];
  if (!d) return undefined;
  // scandir and iterdir give paths under d; listdir gives bare names the caller joins to d.
  const entry =
    c.name === 'os.listdir'
      ? ANY_ENTRY
      : { ...joinPaths([d, ANY_ENTRY]), dynamic: true, ref: 'pathlib.Path()' };
  return extend(opaque([d]), { each: entry });
};

/** ctypes: a C library loaded into the process; its system/popen/exec* run programs. */
const loadLibrary: Handler = (w, c) => {
  // A library this input downloaded (or decoded) and then loads runs that content (SH-AST-010).
  const path = c.name.endsWith('find_library') ? null : constText(c.args[0] ?? c.kw.get('name'));
  if (path !== null)
    for (const from of w.col.writtenSources(path))
      w.col.flow(c.span, from, { kind: 'exec', program: c.name });
  return extend(opaque(c.args), { ref: 'ctypes.CDLL()' });
};

const libcExec: Handler = (w, c) => {
  const first = c.args[0];
  if (!first) return undefined;
  runArgv(w.col, c.span, [first, ...(c.args[1]?.items?.slice(1) ?? [])], VIA);
  return UNKNOWN;
};

/** Data read from a connected socket or response: downloaded content. */
const netRead: Handler = (w, c) => {
  sleeps(w, c);
  const peer = c.recv?.peer;
  if (!peer) return undefined;
  return {
    ...UNKNOWN,
    sources: [{ kind: 'net', host: peer.host, ...(peer.url ? { url: peer.url } : {}) }],
  };
};

/** read()/read_until()/readuntil() of a connected stream (telnetlib, asyncio): what the peer sent; else as before. */
const peerRead: Handler = (w, c) => (c.recv?.peer ? netRead(w, c) : undefined);

/** asyncio.open_connection(host, port): a (reader, writer) pair connected to the peer (r3 reverse shells). */
const openConnection: Handler = (w, c) => {
  const addr = hostPort(arg(c, 0, 'host'), arg(c, 1, 'port'));
  if (!addr || constText(addr.host) === '') return undefined;
  const peer = connectTo(w, c, c.name, addr).peer;
  const end = (ref: string): Val => ({ ...UNKNOWN, ref, ...(peer ? { peer } : {}) });
  return { ...UNKNOWN, items: [end('asyncio.StreamReader()'), end('asyncio.StreamWriter()')] };
};

/** smtp.sendmail(from, to, msg) / send_message(msg): the message leaves through the server. */
const smtpSend: Handler = (w, c) => {
  const peer = c.recv?.peer;
  const msg = c.method === 'send_message' ? c.args[0] : (c.args[2] ?? c.kw.get('msg'));
  if (!peer || !msg) return undefined;
  w.col.net(c.span, parseTarget(peer.host), true, c.name);
  sendTo(w.col, c.span, peer, [msg]);
  return UNKNOWN;
};

// --- network ---------------------------------------------------------------------------------

const SENDING_METHODS = new Set(['post', 'put', 'patch']);

/** requests/httpx/aiohttp style: verb methods take the URL first, request() takes the method first. */
const httpCall: Handler = (w, c) => {
  const verb = c.method ?? c.name.slice(c.name.lastIndexOf('.') + 1);
  const isRequest = verb === 'request' || verb === 'stream';
  const given = isRequest ? arg(c, 1, 'url') : arg(c, 0, 'url');
  if (!given) return undefined;
  // A client made with base_url=: request paths are under it.
  const url = withQuery(resolveUrl(given, c.recv?.fields?.get('base_url')), c.kw.get('params'));
  const method = isRequest ? (constText(arg(c, 0, 'method')) ?? '').toLowerCase() : verb;
  const payload: Val[] = [];
  for (const k of ['data', 'json', 'files', 'content', 'params', 'body']) {
    const v = c.kw.get(k);
    // Known params are in the URL's query already, judged there by their names.
    if (v && !(k === 'params' && v.fields !== undefined && v.fields.size > 0)) payload.push(v);
  }
  const positionalBody = isRequest ? undefined : c.args[1];
  if (positionalBody && SENDING_METHODS.has(method)) payload.push(positionalBody);
  // A session's standing headers and cookies (`s.headers['X'] = v`) go with each of its requests.
  const headers = c.kw.get('headers') ?? c.recv?.fields?.get('headers');
  const sends =
    c.kw.has('data') ||
    c.kw.has('json') ||
    c.kw.has('files') ||
    c.kw.has('content') ||
    (positionalBody !== undefined && SENDING_METHODS.has(method));
  // Basic-auth pairs and cookie jars are the request's credentials (code/request-auth.ts).
  const auth = [c.kw.get('auth'), c.kw.get('cookies') ?? c.recv?.fields?.get('cookies')].filter(
    (v): v is Val => v !== undefined,
  );
  const res = request(w.col, c.span, c.name || verb, {
    url,
    payload,
    ...(headers ? { headers: [headers] } : {}),
    auth,
    sends,
    method,
  });
  return extend(res, { ref: 'http.Response()' });
};

/** urllib.request.urlopen(url | Request, data) */
const urlopen: Handler = (w, c) => {
  const target = arg(c, 0, 'url');
  if (!target) return undefined;
  const data = arg(c, 1, 'data');
  if (target.peer && target.ref === 'urllib.request.Request()') {
    if (data) sendTo(w.col, c.span, target.peer, [data]);
    return {
      ...UNKNOWN,
      sources: [
        { kind: 'net', host: target.peer.host, ...(target.peer.url ? { url: target.peer.url } : {}) },
      ],
    };
  }
  return request(w.col, c.span, 'urllib.request.urlopen', {
    url: target,
    payload: data ? [data] : [],
    sends: data !== undefined,
  });
};

const urlRequest: Handler = (w, c) => {
  const url = arg(c, 0, 'url');
  if (!url) return undefined;
  const data = arg(c, 1, 'data');
  const headers = arg(c, 2, 'headers');
  const res = request(w.col, c.span, 'urllib.request.Request', {
    url,
    payload: data ? [data] : [],
    ...(headers ? { headers: [headers] } : {}),
    sends: data !== undefined,
  });
  return { ...UNKNOWN, ref: 'urllib.request.Request()', ...(res.peer ? { peer: res.peer } : {}) };
};

/** webbrowser.open(url): the browser fetches the URL, with whatever its query carries (r6). */
const browserOpen: Handler = (w, c) => {
  const url = arg(c, 0, 'url');
  if (!url) return undefined;
  request(w.col, c.span, 'webbrowser.open', { url, payload: [], sends: false });
  return UNKNOWN;
};

const urlretrieve: Handler = (w, c) => {
  const url = arg(c, 0, 'url');
  if (!url) return undefined;
  const res = request(w.col, c.span, 'urllib.request.urlretrieve', { url, payload: [], sends: false });
  const file = arg(c, 1, 'filename');
  if (file) {
    const { path, dynamic } = pathOf(file);
    w.col.file(c.span, 'write', path, 'urllib.request.urlretrieve', { dynamic });
    w.col.flows(c.span, res.sources, { kind: 'file', path });
  }
  return res;
};

/**
 * keras `get_file(fname, origin)`: downloads origin into keras' cache and answers that path; the
 * path carries the download's sources, so a loader of it runs downloaded content (R11 loader).
 */
const kerasGetFile: Handler = (w, c) => {
  const url = arg(c, 1, 'origin');
  if (!url) return undefined;
  const res = request(w.col, c.span, c.name, { url, payload: [], sends: false });
  const name = constText(arg(c, 0, 'fname') ?? UNKNOWN) ?? 'download';
  return { ...strVal(`$HOME/.keras/datasets/${name}`), sources: res.sources };
};

/** urllib3 PoolManager().request(method, url, body=, fields=) */
const urllib3Request: Handler = (w, c) => {
  const url = arg(c, 1, 'url');
  if (!url) return undefined;
  const payload = ['body', 'fields', 'json'].map((k) => c.kw.get(k)).filter((v): v is Val => v !== undefined);
  const headers = c.kw.get('headers');
  return request(w.col, c.span, 'urllib3.request', {
    url,
    payload,
    ...(headers ? { headers: [headers] } : {}),
    sends: c.kw.has('body') || (c.kw.has('fields') && /post|put|patch/i.test(constText(c.args[0]) ?? '')),
  });
};

/** Hosts given as (host, port) to sockets and protocol clients. */
function hostPort(v: Val | undefined, port?: Val): { host: Val; port?: number } | undefined {
  if (!v) return undefined;
  if (v.items) {
    const p = v.items[1]?.num;
    return { host: v.items[0] ?? UNKNOWN, ...(p !== undefined ? { port: p } : {}) };
  }
  return { host: v, ...(port?.num !== undefined ? { port: port.num } : {}) };
}

function connectTo(w: PyWalker, c: PyCall, actor: string, addr: { host: Val; port?: number }): Val {
  const res = request(w.col, c.span, actor, {
    url: addr.host,
    payload: [],
    sends: false,
    ...(addr.port !== undefined ? { port: addr.port } : {}),
  });
  return { ...UNKNOWN, ...(res.peer ? { peer: res.peer } : {}) };
}

/** A client class whose constructor connects: (host, port). */
function clientCtor(actor: string): Handler {
  return (w, c) => {
    const addr = hostPort(arg(c, 0, 'host'), arg(c, 1, 'port'));
    if (!addr || constText(addr.host) === '') return { ...UNKNOWN, ref: `${c.name}()` };
    return { ...connectTo(w, c, actor, addr), ref: `${c.name}()` };
  };
}

/** sock.connect((host, port)): remembers the peer on the variable so later sends and dup2 know it. */
const socketConnect: Handler = (w, c) => {
  const addr = hostPort(c.args[0]);
  if (!addr) return undefined;
  const res = connectTo(w, c, 'socket.connect', addr);
  if (c.recvNode && c.recv && res.peer) w.bind(c.recvNode, extend(c.recv, { peer: res.peer }));
  return UNKNOWN;
};

const createConnection: Handler = (w, c) => {
  const addr = hostPort(arg(c, 0, 'address'));
  if (!addr) return undefined;
  return extend(connectTo(w, c, 'socket.create_connection', addr), { ref: 'socket.socket()' });
};

const socketBind: Handler = (w, c) => {
  const addr = hostPort(c.args[0]);
  if (!addr) return undefined;
  const host = render(addr.host) || '0.0.0.0';
  w.col.net(
    c.span,
    { ...parseTarget(host), ...(addr.port !== undefined ? { port: addr.port } : {}) },
    false,
    'socket.bind',
    'listen',
  );
  return UNKNOWN;
};

const socketSendTo: Handler = (w, c) => {
  const addr = hostPort(c.args[1]);
  const data = c.args[0];
  if (!addr || !data) return undefined;
  request(w.col, c.span, 'socket.sendto', {
    url: addr.host,
    payload: [data],
    sends: true,
    ...(addr.port !== undefined ? { port: addr.port } : {}),
  });
  return UNKNOWN;
};

/**
 * sock.sendmsg(buffers, ancdata, flags, address) and sock.sendfile(file): the buffers or the file go
 * to the address, else to the peer the socket is connected to (R15: the environment sent by UDP sendmsg).
 */
const socketSendMsg: Handler = (w, c) => {
  const data = c.args[0];
  if (!data) return undefined;
  const addr = hostPort(c.args[3] ?? c.kw.get('address'));
  if (!addr) return writeTo(w, c, data);
  request(w.col, c.span, 'socket.sendmsg', {
    url: addr.host,
    payload: [data],
    sends: true,
    ...(addr.port !== undefined ? { port: addr.port } : {}),
  });
  return UNKNOWN;
};

const socketSendFile: Handler = (w, c) => {
  const f = c.args[0]?.file;
  if (!f || !c.recv?.peer) return undefined;
  const { path } = pathOf(f.path);
  const data = { ...UNKNOWN, sources: [{ kind: 'file' as const, path }, ...w.col.contentSources(path)] };
  return writeTo(w, c, data);
};

/** os.dup2(sock.fileno(), 0): the socket becomes standard input (the reverse-shell shape). */
const dup2: Handler = (w, c) => {
  const peer = c.args[0]?.peer;
  if (peer) w.col.setSocketPeer(peer);
  return UNKNOWN;
};

/** conn.request(method, path, body) on http.client connections. */
const httpClientRequest: Handler = (w, c) => {
  const peer = c.recv?.peer;
  const body = arg(c, 2, 'body');
  if (!peer) return undefined;
  if (body) {
    w.col.net(c.span, parseTarget(peer.host), true, 'http.client.request');
    sendTo(w.col, c.span, peer, [body]);
  }
  return UNKNOWN;
};

const dns: Handler = (w, c) => {
  const name = arg(c, 0, 'host') ?? arg(c, 0, 'qname');
  if (name) dnsLookup(w.col, c.span, name);
  // dnspython's TXT answers are text the zone's owner wrote (red team r10: commands read from DNS).
  const rdtype = constText(arg(c, 1, 'rdtype'))?.toUpperCase();
  if (name !== undefined && (rdtype === 'TXT' || rdtype === 'ANY')) return txtAnswer(name);
  return UNKNOWN;
};

// --- SQL -------------------------------------------------------------------------------------

/** Whether the call runs as a test's set-up or tear-down (code/test-scope.ts), asked only when it matters. */
export const testRun =
  (w: PyWalker, c: PyCall): (() => boolean) =>
  () =>
    testTeardown(w.root, w.text, 'python', c.span);

const sqlExecute: Handler = (w, c) => {
  const q = arg(c, 0, 'statement') ?? c.kw.get('sql');
  // Setup of an in-memory SQLite database: it held nothing before this input.
  if (q && memorySqlite(c.recv) && q.parts !== null && onlySetup(render(q))) return undefined;
  if (q && q.parts !== null && sqliteRegeneratedEmptied(c.recv, render(q))) return undefined;
  if (q && sqlQuery(w.col, q, argSpan(w, c, 0, 'statement'), VIA, testRun(w, c)))
    requestBuiltSql(w.col, q, c.span);
  return undefined;
};

/** conn.cursor() on a SQLite connection: statements run through it reach the same database. */
const sqliteCursor: Handler = (_w, c) => (c.recv?.ref === SQLITE_CONNECTION ? c.recv : undefined);

const sqlText: Handler = (w, c) => {
  const q = c.args[0];
  if (!q) return undefined;
  const done = sqlQuery(w.col, q, argSpan(w, c, 0), VIA, testRun(w, c));
  if (done) requestBuiltSql(w.col, q, c.span);
  return { ...q, sqlDone: done };
};

// --- tables ----------------------------------------------------------------------------------

/** Instances spelled differently that behave the same. */
const CANONICAL: readonly [RegExp, string][] = [
  [/^socket\(\)/, 'socket.socket()'],
  [/^requests\.sessions\.Session\(\)/, 'requests.Session()'],
];

/**
 * Process libraries whose attributes are programs: sh (`sh.rm('-rf', p)`, `sh.Command('rm')`) and
 * plumbum (`local['rm']['-rf', p]()`, `from plumbum.cmd import rm`): the program run with the
 * arguments bound so far and those of the call.
 */
const programCall: Handler = (w, c) => {
  const m = /^(?:sh|plumbum\.cmd)\.([\w-]+)(?:\.(?:run|popen|run_fg|run_bg|__call__))?$/.exec(c.name);
  if (!m) return undefined;
  const bound = (c.callee ?? c.recv)?.items ?? [];
  const args = c.args.filter((a) => a.fn === undefined);
  const cwd = c.kw.get('_cwd');
  runArgv(w.col, c.span, [strVal(m[1]!), ...bound, ...args], VIA, cwd ? { cwd } : {});
  return { ...UNKNOWN, sources: [{ kind: 'output', program: m[1]! }] };
};

/** A program of a process library as a value: `sh.Command('rm')`, plumbum's `local['rm']`. */
export function programVal(
  lib: 'sh' | 'plumbum.cmd',
  name: Val | undefined,
  bound: readonly Val[] = [],
): Val | undefined {
  const prog = constText(name);
  if (prog === null || !/^[\w./-]+$/.test(prog)) return undefined;
  return { ...refVal(`${lib}.${prog.slice(prog.lastIndexOf('/') + 1)}`, prog), items: bound };
}

/**
 * A function handed over as a value and called by the library (`Thread(target=f, args=(...))`,
 * `executor.submit(f, *args)`, `atexit.register(f, *args)`): f's handler with those arguments.
 */
export function callValue(
  w: PyWalker,
  c: PyCall,
  f: Val | undefined,
  given: readonly Val[],
  kw: ReadonlyMap<string, Val>,
): Val | undefined {
  if (!f) return undefined;
  // functools.partial's arguments go first (python/callbacks.ts).
  const args = f.bound !== undefined ? [...f.bound, ...given] : given;
  if (f.unresolved === true) {
    dynamicCall(w.col, c.span, f, [...args, ...kw.values()]);
    return undefined;
  }
  if (f.fn !== undefined) return w.callFunction(f, args, kw);
  if (f.ref === undefined) return undefined;
  const h = PY_CALLS.byName(f.ref);
  return h?.(w, {
    ...c,
    name: f.ref,
    method: undefined,
    recv: undefined,
    recvNode: undefined,
    args: [...args],
    argNodes: [],
    kw: new Map(kw),
    kwNodes: new Map(),
    splat: false,
    callee: f,
  });
}

const threadTarget: Handler = (w, c) => {
  // Timer(interval, function, args, kwargs); Thread/Process(group, target, name, args, kwargs).
  const timer = c.name.endsWith('Timer');
  const f = timer ? arg(c, 1, 'function') : (c.kw.get('target') ?? c.args[1]);
  const args = (timer ? arg(c, 2, 'args') : (c.kw.get('args') ?? c.args[3]))?.items ?? [];
  const kw =
    (timer ? arg(c, 3, 'kwargs') : (c.kw.get('kwargs') ?? c.args[4]))?.fields ?? new Map<string, Val>();
  callValue(w, c, f, args, kw);
  if (!timer) w.col.markLoop('forks');
  return { ...UNKNOWN, ref: `${c.name}()` };
};

/** submit(f, *args) / atexit.register(f, *args) / asyncio.to_thread(f, *args): f runs with args. */
function firstIsCallee(skip: number): Handler {
  return (w, c) => {
    const f = c.args[skip];
    if (!f || (f.ref === undefined && f.fn === undefined && f.unresolved !== true)) return undefined;
    callValue(w, c, f, c.args.slice(skip + 1), c.kw);
    return UNKNOWN;
  };
}

/** Web frameworks' request objects: their attributes and methods give what the client sent. */
export const CLIENT_INPUT = /^(?:flask|bottle|quart|werkzeug\.local)\.request\.\w+/;

const clientInput: Handler = () => ({ ...UNKNOWN, sources: [CLIENT_REQUEST] });

/** An exception built with a message: the message (what str(e) and f'{e}' give). */
const exceptionCtor: Handler = (_w, c) =>
  c.args.length === 1 && c.args[0]!.parts !== null ? c.args[0] : undefined;

/** config.read(path) / read_file(fh): the parser object holds that file's content from here on. */
const parserRead: Handler = (w, c) => {
  const p = c.args[0] ?? c.kw.get('filenames') ?? c.kw.get('f');
  if (!p || !c.recv) return undefined;
  const files = p.items ?? [p];
  let held: Val = c.recv;
  for (const f of files) {
    if (f.file !== undefined) held = withTaint(held, f);
    else {
      const { path, dynamic } = pathOf(f);
      w.col.file(c.span, 'read', path, c.name, { dynamic });
      held = withTaint(held, {
        ...UNKNOWN,
        sources: [{ kind: 'file', path }, ...w.col.contentSources(path)],
      });
    }
  }
  if (c.recvNode?.type === 'identifier') w.bind(c.recvNode, held);
  return UNKNOWN;
};

/** sqlite3.connect(path): the database file is read through the connection (a copied browser store). */
const sqliteConnect: Handler = (w, c) => {
  const p = arg(c, 0, 'database');
  if (!p) return undefined;
  const { path: named, dynamic } = pathOf(p);
  // A URI filename (`file:PATH?mode=ro`, uri=True) names the same file.
  const path = named.startsWith('file:')
    ? named
        .slice(5)
        .replace(/^\/\/(?=\/)/, '')
        .replace(/\?.*$/, '')
    : named;
  if (path === ':memory:') return { ...UNKNOWN, ref: SQLITE_CONNECTION };
  w.col.file(c.span, 'read', path, 'sqlite3.connect', { dynamic });
  return {
    ...UNKNOWN,
    ref: SQLITE_CONNECTION,
    sources: [{ kind: 'file', path }, ...w.col.contentSources(path)],
  };
};

/** d.items() / keys() / values() of a dict literal: a list to iterate (`for name, path in PATHS.items()`). */
const dictView: Handler = (_w, c) => {
  const fields = c.recv?.ref === undefined ? c.recv?.fields : undefined;
  if (!c.recv || !fields || c.args.length > 0 || fields.size > 64) return undefined;
  const items = [...fields].map(([k, v]) =>
    c.method === 'keys'
      ? strVal(k)
      : c.method === 'values'
        ? v
        : extend(opaque([v]), { items: [strVal(k), v] }),
  );
  return extend(opaque([c.recv]), { items });
};

/** cipher.decrypt(blob) (Fernet, AES, nacl...): decrypted data is decoded content (run, it is a hidden payload). */
const decrypt: Handler = (_w, c) => {
  const out = opaque([...(c.recv ? [c.recv] : []), ...c.args]);
  return { ...out, sources: [...out.sources, { kind: 'decoded' }] };
};

/** httpx.Client(base_url=...) / aiohttp.ClientSession(base_url=...): a client that remembers its base URL. */
const httpClient: Handler = (_w, c) => {
  const base = c.kw.get('base_url') ?? (c.name.startsWith('aiohttp') ? c.args[0] : undefined);
  return { ...UNKNOWN, ref: `${c.name}()`, ...(base ? { fields: new Map([['base_url', base]]) } : {}) };
};

/** urljoin(base, url): the URL the two resolve to. */
const urlJoin: Handler = (_w, c) => {
  const base = arg(c, 0, 'base');
  const url = arg(c, 1, 'url');
  return base && url ? resolveUrl(url, base) : undefined;
};

/** str.maketrans(a, b) / ({'a': 'b'}): a character mapping for translate. */
const makeTrans: Handler = (_w, c) => {
  const a = constText(c.args[0]);
  const b = constText(c.args[1]);
  const drop = constText(c.args[2]) ?? '';
  const fields = new Map<string, Val>();
  if (a !== null && b !== null && a.length === b.length)
    [...a].forEach((ch, i) => fields.set(ch, strVal(b[i]!)));
  else if (c.args.length === 1 && c.args[0]?.fields) for (const [k, v] of c.args[0].fields) fields.set(k, v);
  else return undefined;
  for (const ch of drop) fields.set(ch, strVal(''));
  return { ...UNKNOWN, fields };
};

/** s.translate(table) of a known string with a known table: the translated text (generated). */
const translate: Handler = (_w, c) => {
  const table = c.args[0]?.fields;
  if (!table) return undefined;
  const out = mapText(c.recv, (s) => {
    let t = '';
    for (const ch of s) {
      const to = table.get(ch) ?? table.get(String(ch.codePointAt(0)));
      t +=
        to === undefined ? ch : (constText(to) ?? (to.num !== undefined ? String.fromCodePoint(to.num) : ch));
    }
    return t;
  });
  return out === undefined ? undefined : extend(out, { generated: true });
};

/** A command run on another host over SSH (fabric, asyncssh, paramiko): analysed as `ssh host CMD` would be. */
const remoteShell: Handler = (w, c) => {
  const cmd = arg(c, 0, 'command');
  if (!cmd) return undefined;
  // Started by ssh, as in `ssh host CMD`: sudo there elevates on the remote host (SH-AST-020).
  runShell(w.col, c.span, cmd, 'ssh', { codeSpan: argSpan(w, c, 0) });
  return { ...UNKNOWN, sources: [{ kind: 'output', program: 'ssh' }] };
};

/** Ansible modules whose argument is a shell line run on every host the pattern names. */
const ANSIBLE_SHELL = /^(?:(?:ansible\.builtin\.)?(?:shell|command|raw|script))$/;

/**
 * ansible_runner.run(module='shell', module_args='rm -rf ...'): the line runs on the inventory's
 * hosts, judged as `ssh host CMD` would be; run_command's `-m shell -a LINE` likewise.
 */
const ansibleRun: Handler = (w, c) => {
  const module = constText(c.kw.get('module'));
  if (module !== null && ANSIBLE_SHELL.test(module)) {
    const line = c.kw.get('module_args');
    if (line !== undefined)
      runShell(w.col, c.span, line, 'ssh', { codeSpan: argSpan(w, c, -1, 'module_args') });
    return undefined;
  }
  const argv = listOf(c.kw.get('cmdline_args')).map((v) => constText(v));
  const m = argv.indexOf('-m');
  const a = argv.indexOf('-a');
  if (m >= 0 && a >= 0 && ANSIBLE_SHELL.test(argv[m + 1] ?? '') && argv[a + 1] != null)
    runShell(w.col, c.span, strVal(argv[a + 1]!), 'ssh');
  return undefined;
};

/** debugpy.listen((host, port)): a debugger anyone who can reach the port can drive. */
const debuggerListen: Handler = (w, c) => {
  const a = arg(c, 0, 'address');
  const addr = a?.items
    ? hostPort(a)
    : a?.num !== undefined
      ? { host: strVal('127.0.0.1'), port: a.num }
      : undefined;
  if (!addr) return undefined;
  // An empty host in an address tuple is INADDR_ANY: every interface.
  const host = render(addr.host) || (a?.items ? '0.0.0.0' : '127.0.0.1');
  w.col.net(
    c.span,
    { ...parseTarget(host), ...(addr.port !== undefined ? { port: addr.port } : {}) },
    false,
    c.name,
    'listen',
  );
  return UNKNOWN;
};

/**
 * copy.copy/deepcopy and pickle/marshal round trips of objects whose class defines `__reduce__`:
 * the (callable, args) it returns is called (a deserialisation gadget fired in the same code, r3).
 */
const reduceGadget: Handler = (w, c) => {
  for (const r of w.reduces) {
    const [f, args] = r.items ?? [];
    // A lone argument written without its tuple (`(eval, 'code')`) is still what the call gets.
    if (f) callValue(w, c, f, args === undefined ? [] : (args.items ?? [args]), new Map());
  }
  return c.name.startsWith('copy.') ? c.args[0] : undefined;
};

/**
 * pickle.dumps of an object whose class's `__reduce__` names a callable (gdog r12): the call runs
 * wherever the bytes are loaded. Its facts wait for the end of the walk, which keeps them when the
 * input sends data over the network (PyWalker.run). An ordinary `__reduce__` returns its own class.
 */
export const gadgetDump: Handler = (w, c) => {
  // In a hot loop the collector indexes facts by position: nothing is moved there.
  if (w.reduces.length === 0 || w.col.hot.length > 0) return undefined;
  const mark = w.col.facts.length;
  reduceGadget(w, c);
  w.dumpedGadgets.push(...w.col.facts.splice(mark));
  return undefined;
};

// --- round 3 (issue 22): signals, code-string runners, callables by name, archives --------------

/** os.kill(pid, sig): a known pid is the shell's `kill -SIG pid` (RUN-AST-004 judges it). */
const killCall: Handler = (w, c) => {
  const argv = killArgv(arg(c, 0, 'pid'), arg(c, 1, 'sig'));
  if (argv) runArgv(w.col, c.span, argv, VIA);
  return UNKNOWN;
};

/**
 * Standard-library helpers that compile and run a code string (code.InteractiveInterpreter,
 * cProfile/profile/pdb/trace run, IPython run_cell): the string is python code, as exec's is.
 */
const codeString: Handler = (w, c) => {
  const code = c.args[0] ?? c.kw.get('source') ?? c.kw.get('cmd') ?? c.kw.get('statement');
  if (!code) return undefined;
  runCode(w.col, c.span, code, 'exec', 'python', argSpan(w, c, 0), VIA);
  return opaque([code]);
};

/** timeit.timeit(stmt, setup) / repeat / Timer: setup runs, then stmt. */
const timeitCall: Handler = (w, c) => {
  const stmt = arg(c, 0, 'stmt');
  const setup = arg(c, 1, 'setup');
  const code = setup && stmt ? concat([setup, strVal('\n'), stmt]) : (stmt ?? setup);
  if (!code || code.fn !== undefined || code.ref !== undefined) return undefined;
  runCode(w.col, c.span, code, 'exec', 'python', c.span, VIA);
  return UNKNOWN;
};

/** operator.methodcaller(name, *args) / attrgetter(name): callables that reach a member by name. */
const byNameCallable: Handler = (_w, c) => ({
  ...opaque(c.args),
  ref: `${c.name}()`,
  items: c.args,
  fields: c.kw,
});

/** `base.a.b` for a dotted name given as text (attrgetter('path.join')). */
function memberByName(base: Val, dotted: string): Val | undefined {
  let v: Val = base;
  for (const part of dotted.split('.')) {
    const ref = attrRef(v, part);
    if (ref === undefined) return undefined;
    v = isModuleName(ref) ? extend(refVal(ref, part), { module: true }) : refVal(ref, part);
  }
  return v;
}

/** attrgetter('system')(os): os.system. */
const attrGetterCall: Handler = (_w, c) => {
  const name = constText(c.callee?.items?.[0]);
  const obj = c.args[0];
  return obj && name !== null ? memberByName(obj, name) : undefined;
};

/** methodcaller('rmtree', p)(shutil): shutil.rmtree(p), by the member's handler. */
const methodCallerCall: Handler = (w, c) => {
  const f = c.callee;
  const name = constText(f?.items?.[0]);
  const obj = c.args[0];
  if (!f || !obj || name === null) return undefined;
  const ref = attrRef(obj, name) ?? '';
  const h = PY_CALLS.find(ref, name);
  return h?.(w, {
    ...c,
    name: ref,
    method: name,
    recv: obj,
    recvNode: undefined,
    args: [...(f.items ?? []).slice(1)],
    argNodes: [],
    kw: new Map(f.fields ?? []),
    kwNodes: new Map(),
    splat: false,
  });
};

const ARCHIVE_EXT: Readonly<Record<string, string>> = {
  zip: '.zip',
  tar: '.tar',
  gztar: '.tar.gz',
  bztar: '.tar.bz2',
  xztar: '.tar.xz',
};

/** Files read into an archive: a recursive read of `src`, its content flowing into `archive`. */
function archiveFrom(w: PyWalker, c: PyCall, src: Val, archive: Val, actor: string): void {
  const s = pathOf(src);
  const a = pathOf(archive);
  w.col.file(c.span, 'read', s.path, actor, { recursive: true, dynamic: s.dynamic });
  w.col.flows(c.span, [{ kind: 'file', path: s.path }, ...src.sources], { kind: 'file', path: a.path });
}

/** shutil.make_archive(base, format, root_dir, base_dir): the tree packed into base.<ext>, returned. */
const makeArchive: Handler = (w, c) => {
  const base = arg(c, 0, 'base_name');
  if (!base) return undefined;
  const ext = ARCHIVE_EXT[constText(arg(c, 1, 'format')) ?? ''] ?? '.zip';
  const out = concat([base, strVal(ext)]);
  const root = arg(c, 2, 'root_dir');
  const dir = arg(c, 3, 'base_dir');
  const src = root && dir ? joinPaths([root, dir]) : (root ?? dir ?? strVal('.'));
  w.col.file(c.span, 'write', pathOf(out).path, 'shutil.make_archive', { dynamic: pathOf(out).dynamic });
  archiveFrom(w, c, src, out, 'shutil.make_archive');
  return out;
};

/** tarfile.open(name, 'w:gz') / zipfile.ZipFile(name, 'w'): an archive being written, by its path. */
const archiveOpen: Handler = (w, c) => {
  const name = arg(c, 0, 'name') ?? c.kw.get('file') ?? c.kw.get('fileobj');
  const mode = constText(arg(c, 1, 'mode')) ?? 'r';
  const kind = c.name.startsWith('tarfile') ? 'tarfile.TarFile()' : 'zipfile.ZipFile()';
  if (!name || !/[wax]/.test(mode)) return extend(opaque(name ? [name] : []), { ref: kind });
  const { path, dynamic } = pathOf(name);
  w.col.file(c.span, 'write', path, c.name, { dynamic });
  return { ...opaque([name]), ref: kind, file: { path: name, op: 'write' } };
};

/** archive.add(path) / zip.write(path): that file or tree goes into the archive. */
const archiveAdd: Handler = (w, c) => {
  const src = arg(c, 0, 'name') ?? arg(c, 0, 'filename');
  const archive = c.recv?.file?.path;
  if (!src || !archive) return undefined;
  archiveFrom(w, c, src, archive, c.name);
  return UNKNOWN;
};

/** zip.writestr(name, data): data written into the archive. */
const archiveWriteStr: Handler = (w, c) => {
  const data = c.args[1] ?? c.kw.get('data');
  const archive = c.recv?.file?.path;
  if (!data || !archive) return undefined;
  w.col.flows(c.span, data.sources, { kind: 'file', path: pathOf(archive).path });
  return UNKNOWN;
};

/**
 * Where python installs packages: writing a .pth or sitecustomize there runs code at every
 * interpreter start (FS-AST-021 / FS-AST-020 judge the path; r1).
 */
const USER_SITE = '~/.local/lib/python3/site-packages';
const SYSTEM_SITE = '/usr/lib/python3/site-packages';
const sitePackages: Handler = (_w, c) =>
  c.name === 'site.getusersitepackages' || c.name === 'site.USER_SITE'
    ? strVal(USER_SITE)
    : extend(opaque([]), { items: [strVal(SYSTEM_SITE), strVal(USER_SITE)] });

/** paramiko: client.open_sftp() keeps the connection; sftp.put(local, remote) uploads the local file. */
const keepPeer: Handler = (_w, c) =>
  c.recv?.peer ? { ...UNKNOWN, ref: `${c.name}()`, peer: c.recv.peer } : undefined;

const sftpPut: Handler = (w, c) => {
  const peer = c.recv?.peer;
  const local = arg(c, 0, 'localpath') ?? arg(c, 0, 'files');
  if (!peer || !local) return undefined;
  const files = local.items ?? [local];
  const data = files.map((f) => {
    const { path, dynamic } = pathOf(f);
    w.col.file(c.span, 'read', path, c.name, { dynamic, recursive: T(c.kw.get('recursive')) === true });
    return { ...UNKNOWN, sources: [{ kind: 'file' as const, path }, ...w.col.contentSources(path)] };
  });
  w.col.net(c.span, parseTarget(peer.host), true, c.name);
  sendTo(w.col, c.span, peer, data);
  return UNKNOWN;
};

export const PY_CALLS: CallTable<Handler> = new CallTable((name): Handler | undefined => {
  if (name.startsWith('sh.') || name.startsWith('plumbum.cmd.')) return programCall;
  if (localServerAddress(name) !== undefined) return () => localServerAddress(name);
  // Any library loaded through ctypes (`ctypes.cdll.msvcrt`, `ctypes.CDLL(x)`) is libc's system/popen.
  if (name.startsWith('ctypes.') && /\.(?:system|popen|_popen|_wsystem)$/.test(name)) return shellCall;
  // raise ValueError('text'): the exception is its message (str(e) in the handler; r1).
  if (/^(?:builtins\.)?(?:[A-Z]\w*)?(?:Error|Exception|Warning)$/.test(name)) return exceptionCtor;
  if (CLIENT_INPUT.test(name)) return clientInput;
  // f.__call__(...) is f(...); obj.__getattribute__('name') is getattr(obj, 'name') (api obfuscation).
  if (name.endsWith('.__call__')) return dunderCall;
  if (name.endsWith('.__getattribute__')) return dunderGetattribute;
  if (name.startsWith('socket(') || name.startsWith('requests.sessions'))
    for (const [re, to] of CANONICAL) if (re.test(name)) return PY_CALLS.get(name.replace(re, to));
  return undefined;
});
const add = (names: readonly string[], h: Handler): void => PY_CALLS.add(names, h);

add(
  [
    'os.system',
    'os.popen',
    'os.popen2',
    'os.popen3',
    'os.popen4',
    'commands.getoutput',
    'commands.getstatusoutput',
    'subprocess.getoutput',
    'subprocess.getstatusoutput',
    'platform.popen',
    'asyncio.create_subprocess_shell',
    'pexpect.run',
  ],
  shellCall,
);
// The spawned session keeps its name: what is typed into it later (`sendline`) runs in its shell.
add(['pexpect.spawn', 'pexpect.spawnu'], (w, c) => ({ ...shellCall(w, c)!, ref: `${c.name}()` }));
add(
  [
    'subprocess.run',
    'subprocess.call',
    'subprocess.check_call',
    'subprocess.check_output',
    'subprocess.Popen',
  ],
  subprocessCall,
);
add(['asyncio.create_subprocess_exec'], asyncExec);
add(['os.execl', 'os.execlp'], execList(0, 2, false));
add(['os.execle', 'os.execlpe'], execList(0, 2, true));
add(['os.execv', 'os.execve', 'os.execvp', 'os.execvpe', 'os.posix_spawn', 'os.posix_spawnp'], execVector(0));
add(['os.spawnl', 'os.spawnlp'], execList(1, 3, false));
add(['os.spawnle', 'os.spawnlpe'], execList(1, 3, true));
add(['os.spawnv', 'os.spawnve', 'os.spawnvp', 'os.spawnvpe'], execVector(1));
add(['pty.spawn'], ptySpawn);
add(['pip.main', 'pip._internal.main', 'pip._internal.main.main', 'pip._internal.cli.main.main'], pipMain);
add(['os.fork', 'os.forkpty', 'pty.fork', 'multiprocessing.Process().start', 'os.register_at_fork'], fork);

add(['shutil.rmtree'], fileOp('delete', 'shutil.rmtree', { recursive: true }));
add(['os.remove', 'os.unlink'], fileOp('delete', 'os.remove'));
add(['os.rmdir', 'os.removedirs'], fileOp('delete', 'os.rmdir'));
add(['pathlib.Path().unlink'], fileOp('delete', 'pathlib.Path.unlink', { self: true }));
// rmdir removes only an empty directory: named apart from unlink (FS-AST-002 tells them apart).
add(['pathlib.Path().rmdir'], fileOp('delete', 'pathlib.Path.rmdir', { self: true }));
add(['os.mkdir', 'os.makedirs', 'os.mknod', 'os.mkfifo'], fileOp('create', 'os.mkdir'));
add(['pathlib.Path().mkdir', 'pathlib.Path().touch'], fileOp('create', 'pathlib.Path.mkdir', { self: true }));
add(['os.truncate'], fileOp('truncate', 'os.truncate'));
add(['os.chmod', 'os.lchmod'], fileOp('chmod', 'os.chmod'));
add(['pathlib.Path().chmod', 'pathlib.Path().lchmod'], fileOp('chmod', 'pathlib.Path.chmod', { self: true }));
add(['os.chown', 'os.lchown', 'shutil.chown'], fileOp('chown', 'os.chown'));
add(['os.umask'], umask);
add(['sh.Command'], (_w, c) => programVal('sh', c.args[0]));
add(
  ['distutils.dir_util.remove_tree', 'setuptools._distutils.dir_util.remove_tree', 'send2trash.send2trash'],
  fileOp('delete', 'remove_tree', { recursive: true }),
);
add(
  ['threading.Thread', 'threading.Timer', 'multiprocessing.Process', 'multiprocessing.context.Process'],
  threadTarget,
);
add(['atexit.register', 'asyncio.to_thread', 'functools.partial'], firstIsCallee(0));
// Static file servers (code/servers.ts): functools.partial(SimpleHTTPRequestHandler, directory=d)
// keeps the handler and its directory; HTTPServer(addr, handler) listens and serves that tree.
const partialOf = firstIsCallee(0);
add(['functools.partial'], (w, c) => {
  const dir = c.kw.get('directory');
  if (!isStaticHandler(c.args[0])) {
    partialOf(w, c);
    // The partial itself: the function with these arguments first (`map(partial(f, x), items)`).
    const f = c.args[0];
    if (f?.ref === undefined && f?.fn === undefined) return UNKNOWN;
    return extend(f, { bound: [...(f.bound ?? []), ...c.args.slice(1)] });
  }
  return dir ? { ...c.args[0]!, fields: new Map([['directory', dir]]) } : c.args[0];
});
add(
  [
    'http.server.HTTPServer',
    'http.server.ThreadingHTTPServer',
    'socketserver.TCPServer',
    'socketserver.ThreadingTCPServer',
    'BaseHTTPServer.HTTPServer',
    'SocketServer.TCPServer',
  ],
  (w, c) => {
    const addr = hostPort(arg(c, 0, 'server_address'));
    if (!addr) return undefined;
    listenOn(w.col, c.span, addr.host, addr.port, c.name);
    const handler = arg(c, 1, 'RequestHandlerClass');
    if (isStaticHandler(handler)) servesTree(w.col, c.span, handler!.fields?.get('directory'), c.name);
    return { ...UNKNOWN, ref: `${c.name}()` };
  },
);
add(
  ['asyncio.get_event_loop().run_in_executor', 'asyncio.get_running_loop().run_in_executor'],
  firstIsCallee(1),
);
add(['os.chdir', 'contextlib.chdir'], chdir);
add(
  ['shutil.copy', 'shutil.copy2', 'shutil.copyfile', 'shutil.copymode', 'shutil.copystat'],
  twoPath('copy', 'shutil.copy'),
);
add(['shutil.copytree'], twoPath('copy', 'shutil.copytree', { recursive: true }));
add(['shutil.move', 'os.rename', 'os.replace', 'os.renames'], twoPath('move', 'os.rename'));
add(
  ['pathlib.Path().rename', 'pathlib.Path().replace'],
  twoPath('move', 'pathlib.Path.rename', { self: true }),
);
add(['os.symlink', 'os.link'], twoPath('link', 'os.symlink'));
add(
  ['pathlib.Path().symlink_to', 'pathlib.Path().hardlink_to'],
  twoPath('link', 'pathlib.Path.symlink_to', { self: true }),
);
add(
  ['open', 'io.open', 'codecs.open', 'builtins.open', 'os.open', 'pathlib.Path().open', 'aiofiles.open'],
  openFile,
);
/** os.write(fd, data) on a descriptor from os.open: written as fh.write(data) is (code/overwrite.ts over a walk). */
add(['os.write', 'os.pwrite'], (w, c) => {
  const fd = c.args[0];
  const data = c.args[1];
  return fd?.file && data ? writeTo(w, { ...c, recv: fd }, data) : undefined;
});
add(['pathlib.Path().read_text', 'pathlib.Path().read_bytes'], pathRead);
// Readers with open()'s file and mode arguments (r6: io.FileIO of a credential file).
add(
  ['io.FileIO', '_io.FileIO', 'io.open_code', 'tokenize.open', 'gzip.open', 'bz2.open', 'lzma.open'],
  openFile,
);
add(['linecache.getlines', 'linecache.getline', 'fileinput.input', 'fileinput.FileInput'], lineRead);
add(['pathlib.Path().write_text', 'pathlib.Path().write_bytes'], pathWrite);

add(['os.path.join', 'posixpath.join', 'pathlib.Path().joinpath'], (_w, c) =>
  c.name.endsWith('joinpath') && c.recv
    ? extend(joinPaths([c.recv, ...c.args]), { ref: 'pathlib.Path()' })
    : joinPaths(c.args),
);
add(
  [
    'os.path.expanduser',
    'os.path.expandvars',
    'os.path.abspath',
    'os.path.realpath',
    'os.path.normpath',
    'os.fspath',
    'os.fsencode',
    'os.fsdecode',
    'shlex.quote',
    'pipes.quote',
  ],
  identity,
);
add(['os.path.dirname', 'posixpath.dirname'], (_w, c) => (c.args[0] ? dirnameOf(c.args[0]) : undefined));
add(['pathlib.Path', 'pathlib.PurePath', 'pathlib.PosixPath', 'pathlib.PurePosixPath'], pathCtor);
add(['pathlib.Path.home'], home);
add(['pathlib.Path.cwd', 'os.getcwd'], cwd);
add(['pathlib.Path().expanduser', 'pathlib.Path().resolve', 'pathlib.Path().absolute'], recvPath);
add(['os.getenv', 'os.environ.get', 'os.getenvb', 'os.environ.setdefault'], getenv);
add(['shlex.split'], shlexSplit);
add(['str'], strCall);
add(['bytes', 'bytearray'], bytesCall);
add(['json.loads', 'simplejson.loads', 'ujson.loads', 'orjson.loads'], (_w, c) => jsonVal(c.args[0]));
add(['json.dumps', 'simplejson.dumps', 'ujson.dumps', 'orjson.dumps'], (_w, c) => jsonDump(c.args[0]));
// psycopg's SQL composition: SQL('DROP TABLE {}').format(Identifier('users')) is that statement (r3).
add(['psycopg.sql.SQL', 'psycopg2.sql.SQL'], (_w, c) => c.args[0]);
add(['psycopg.sql.Identifier', 'psycopg2.sql.Identifier'], (_w, c) =>
  c.args.length > 0
    ? joinVals(
        c.args.map((a) => concat([strVal('"'), a, strVal('"')])),
        strVal('.'),
      )
    : undefined,
);
// Percent-encoding of known text keeps it known (a URL carried in another URL's query, r3).
add(['urllib.parse.quote', 'urllib.quote'], (_w, c) =>
  uriEncoded(c.args[0], constText(arg(c, 1, 'safe')) !== ''),
);
add(['urllib.parse.quote_plus', 'urllib.quote_plus'], (_w, c) => uriEncoded(c.args[0], false));
add(['urllib.parse.urlencode', 'urllib.urlencode'], (_w, c) => {
  const q = withQuery(strVal(''), c.args[0]);
  const t = constText(q);
  return t === null ? undefined : { ...q, parts: [t.slice(1)] };
});
add(['string.Template'], template);
add(['string.Template().substitute', 'string.Template().safe_substitute'], templateSub);
add(['struct.pack'], structPack);
add(['socket.inet_ntoa', 'ipaddress.ip_address', 'ipaddress.IPv4Address'], ipText);
add(['pwd.getpwuid'], passwdEntry);

add(['exec', 'builtins.exec', 'execfile'], execBuiltin('exec'));
add(['eval', 'builtins.eval'], execBuiltin('eval'));
add(['compile', 'builtins.compile'], execBuiltin('compile'));
add(
  [
    'pickle.loads',
    'pickle.load',
    'marshal.loads',
    'marshal.load',
    'dill.loads',
    'cloudpickle.loads',
    'cloudpickle.load',
    'dill.load',
    'pickle._loads',
    '_pickle.loads',
    '_pickle.load',
    'cPickle.loads',
    'cPickle.load',
    'pickle.Unpickler().load',
    'yaml.unsafe_load',
    'yaml.unsafe_load_all',
    'jsonpickle.decode',
    'jsonpickle.loads',
    'shelve.open',
  ],
  unsafeLoad,
);
add(
  [
    'base64.b64decode',
    'base64.standard_b64decode',
    'base64.urlsafe_b64decode',
    'base64.decodebytes',
    'base64.decodestring',
    'binascii.a2b_base64',
  ],
  b64decode,
);
add(
  [
    'base64.b32decode',
    'base64.b16decode',
    'base64.a85decode',
    'base64.b85decode',
    'zlib.decompress',
    'gzip.decompress',
    'bz2.decompress',
    'lzma.decompress',
  ],
  decodedOnly,
);
add(['bytes.fromhex', 'bytearray.fromhex', 'binascii.unhexlify', 'binascii.a2b_hex'], fromHex);
add(['codecs.decode'], codecsDecode);
for (const [names, h] of [
  ...PY_DECODERS,
  ...PY_TEMPFILES,
  ...PY_BUFFERS,
  ...PY_PERSISTENCE,
  ...PY_REGISTRY,
  ...PY_MODEL_LOADS,
])
  add(names, h);
add(['__import__', 'importlib.import_module', 'importlib.__import__'], importModule);
add(['getattr'], getAttr);
add(['globals', 'locals', 'vars'], namespace);
add(['chr', 'unichr'], chr);
add(['yaml.load', 'yaml.load_all'], yamlLoad);
add(['ord'], ord);
add(['map', 'itertools.starmap'], mapCall);
add(['runpy.run_path', 'imp.load_source', 'execfile'], runFile);
// Who and where the code runs: command output of whoami/hostname/uname (SEC-AST-012 reads them).
for (const [names, program] of [
  [['getpass.getuser', 'os.getlogin'], 'whoami'],
  [['socket.gethostname', 'socket.getfqdn', 'platform.node'], 'hostname'],
  [['platform.uname', 'os.uname'], 'uname'],
] as const)
  add(names, () => ({ ...UNKNOWN, sources: [{ kind: 'output', program }] }));
add(['os.startfile'], (w, c) => {
  const p = c.args[0];
  if (!p) return undefined;
  runArgv(w.col, c.span, [p], VIA);
  return UNKNOWN;
});
add(['list', 'tuple', 'sorted', 'set', 'frozenset', 'reversed', 'iter', 'collections.deque'], sameItems);
// filter(pred, xs): the walk cannot run the predicate, so any of xs may be kept (`filter(os.path.exists, keys)`).
add(['filter', 'itertools.filterfalse'], (w, c) =>
  sameItems(w, { ...c, name: 'filter', args: c.args.slice(1) }),
);
add(['glob.glob', 'glob.iglob', 'pathlib.Path().glob', 'pathlib.Path().rglob'], globCall);
add(['os.walk'], walkCall);
add(['os.listdir', 'os.scandir', 'pathlib.Path().iterdir'], listCall);
add(
  [
    'ctypes.CDLL',
    'ctypes.PyDLL',
    'ctypes.cdll.LoadLibrary',
    'ctypes.CDLL.LoadLibrary',
    'ctypes.WinDLL',
    'ctypes.OleDLL',
    'ctypes.windll.LoadLibrary',
    'ctypes.pydll.LoadLibrary',
    '_ctypes.dlopen',
    'ctypes.util.find_library',
  ],
  loadLibrary,
);
add(['ctypes.CDLL().system', 'ctypes.CDLL().popen'], shellCall);
add(
  [
    'ctypes.CDLL().execv',
    'ctypes.CDLL().execve',
    'ctypes.CDLL().execvp',
    'ctypes.CDLL().execl',
    'ctypes.CDLL().execlp',
  ],
  libcExec,
);
add(
  [
    'smtplib.SMTP().sendmail',
    'smtplib.SMTP_SSL().sendmail',
    'smtplib.SMTP().send_message',
    'smtplib.SMTP_SSL().send_message',
  ],
  smtpSend,
);

for (const lib of [
  'requests',
  'httpx',
  'requests.Session()',
  'requests.session()',
  'httpx.Client()',
  'httpx.AsyncClient()',
  'aiohttp.ClientSession()',
  // requests over a unix socket (http+unix:// URLs: the Docker Engine API's, r3).
  'requests_unixsocket',
  'requests_unixsocket.Session()',
]) {
  add(
    ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'request', 'stream'].map(
      (m) => `${lib}.${m}`,
    ),
    httpCall,
  );
}
add(['urllib.request.urlopen', 'urllib2.urlopen', 'urllib.urlopen'], urlopen);
add(['urllib.request.Request', 'urllib2.Request'], urlRequest);
add(['urllib.request.urlretrieve', 'urllib.urlretrieve'], urlretrieve);
add(
  ['keras.utils.get_file', 'tensorflow.keras.utils.get_file', 'keras.utils.data_utils.get_file'],
  kerasGetFile,
);
add(['webbrowser.open', 'webbrowser.open_new', 'webbrowser.open_new_tab'], browserOpen);
add(['urllib3.PoolManager().request', 'urllib3.request', 'urllib3.PoolManager().urlopen'], urllib3Request);
add(
  [
    'http.client.HTTPConnection',
    'http.client.HTTPSConnection',
    'httplib.HTTPConnection',
    'httplib.HTTPSConnection',
    'smtplib.SMTP',
    'smtplib.SMTP_SSL',
    'ftplib.FTP',
    'ftplib.FTP_TLS',
    'telnetlib.Telnet',
    'poplib.POP3',
    'imaplib.IMAP4',
    'imaplib.IMAP4_SSL',
    'websocket.create_connection',
    'websockets.connect',
  ],
  (w, c) => {
    const mark = w.col.facts.length;
    const out = clientCtor(c.name)(w, c);
    // FTP(host, user, passwd) logs in as it connects: a password from a list is a guess.
    if (c.name.startsWith('ftplib.')) guessedLogin(w.col, mark, arg(c, 2, 'passwd'));
    return out;
  },
);
add(['paramiko.SSHClient().connect'], (w, c) => {
  const addr = hostPort(arg(c, 0, 'hostname'), arg(c, 1, 'port'));
  if (!addr) return undefined;
  const mark = w.col.facts.length;
  const res = connectTo(w, c, 'paramiko.connect', addr);
  guessedLogin(w.col, mark, arg(c, 3, 'password'));
  // The client is connected from here on: its sftp/scp uploads go to that host.
  if (c.recvNode && c.recv && res.peer) w.bind(c.recvNode, extend(c.recv, { peer: res.peer }));
  return res;
});
add(['paramiko.Transport'], (w, c) => {
  const addr = hostPort(arg(c, 0, 'sock'));
  return addr
    ? extend(connectTo(w, c, 'paramiko.Transport', addr), { ref: 'paramiko.Transport()' })
    : undefined;
});
/** ldap3.Server(host): no connection yet; a Connection given it logs in there (code/repeats.ts listLogin). */
add(['ldap3.Server'], (_w, c) => {
  const host = constText(arg(c, 0, 'host') ?? UNKNOWN);
  return host
    ? { ...UNKNOWN, ref: 'ldap3.Server()', peer: { host: parseTarget(host).host || host } }
    : undefined;
});
add(['scp.SCPClient', 'paramiko.SFTPClient.from_transport'], (_w, c) =>
  c.args[0]?.peer ? { ...UNKNOWN, ref: `${c.name}()`, peer: c.args[0].peer } : undefined,
);
add(
  [
    'http.client.HTTPConnection().request',
    'http.client.HTTPSConnection().request',
    'httplib.HTTPConnection().request',
    'httplib.HTTPSConnection().request',
  ],
  httpClientRequest,
);
add(['socket.socket().connect', 'socket.socket().connect_ex'], socketConnect);
add(['socket.create_connection'], createConnection);
add(['asyncio.open_connection', 'asyncio.streams.open_connection'], openConnection);
add(['socket.socket().bind'], socketBind);
add(['socket.socket().sendto'], socketSendTo);
add(['socket.socket().sendmsg'], socketSendMsg);
add(['socket.socket().sendfile'], socketSendFile);
// A socket's file object writes to the socket's peer.
add(['socket.socket().makefile'], keepPeer);
add(['os.dup2'], dup2);
add(
  [
    'socket.gethostbyname',
    'socket.gethostbyname_ex',
    'socket.getaddrinfo',
    'dns.resolver.resolve',
    'dns.resolver.query',
  ],
  dns,
);

add(
  [
    'time.sleep',
    'asyncio.sleep',
    'signal.pause',
    'select.select',
    'input',
    'raw_input',
    'sys.stdin.readline',
    'sys.stdin.read',
    'threading.Event().wait',
  ],
  sleeps,
);
add(['sys.exit', 'exit', 'quit', 'os._exit', 'os.abort'], exits);
add(['sqlalchemy.text', 'sqlalchemy.sql.text', 'sqlalchemy.sql.expression.text', 'text'], sqlText);
add(['pandas.read_sql', 'pandas.read_sql_query', 'pd.read_sql', 'pd.read_sql_query'], sqlExecute);

add(['os.kill'], killCall);
add(['copy.copy', 'copy.deepcopy'], (w, c) => (w.reduces.length > 0 ? reduceGadget(w, c) : undefined));
add(['pickle.dumps', '_pickle.dumps', 'cPickle.dumps', 'dill.dumps', 'cloudpickle.dumps'], gadgetDump);
add(['sys.path.insert', 'sys.path.append'], syspathAdd);
add(['str.maketrans', 'bytes.maketrans'], makeTrans);
add(
  [
    'fabric.Connection().run',
    'fabric.Connection().sudo',
    'fabric.api.run',
    'fabric.api.sudo',
    'fabric.operations.run',
    'fabric.operations.sudo',
    'asyncssh.connect().run',
    'asyncssh.SSHClientConnection().run',
    'paramiko.SSHClient().exec_command',
    'paramiko.SSHClient().invoke_shell().send',
    'paramiko.SSHClient().invoke_shell().sendall',
    // A line typed into a spawned session (`pexpect.spawn('ssh host').sendline('rm -rf ...')`) runs in its shell.
    'pexpect.spawn().sendline',
    'pexpect.spawn().send',
    'pexpect.spawnu().sendline',
    'pexpect.pxssh.pxssh().sendline',
    'pexpect.pxssh.pxssh().send',
  ],
  remoteShell,
);
add(['ansible_runner.run', 'ansible_runner.run_async', 'ansible_runner.run_command'], ansibleRun);
add(['debugpy.listen', 'ptvsd.enable_attach', 'rpdb.set_trace', 'web_pdb.set_trace'], debuggerListen);
add(['tempfile.gettempdir'], () => strVal('/tmp'));
add(
  [
    'concurrent.futures.ThreadPoolExecutor().map',
    'concurrent.futures.ProcessPoolExecutor().map',
    'multiprocessing.Pool().map',
    'multiprocessing.Pool().imap',
    'multiprocessing.Pool().imap_unordered',
    'multiprocessing.Pool().map_async',
    'multiprocessing.pool.ThreadPool().map',
    'multiprocessing.pool.Pool().map',
  ],
  (w, c) => mapCall(w, c),
);
add(['httpx.Client', 'httpx.AsyncClient', 'aiohttp.ClientSession'], httpClient);
add(['urllib.parse.urljoin', 'urlparse.urljoin', 'requests.compat.urljoin'], urlJoin);
add(
  [
    'configparser.ConfigParser().read',
    'configparser.RawConfigParser().read',
    'configparser.SafeConfigParser().read',
    'configparser.ConfigParser().read_file',
    'configparser.RawConfigParser().read_file',
    'ConfigParser.ConfigParser().read',
    'ConfigParser.RawConfigParser().read',
  ],
  parserRead,
);
add(['sqlite3.connect', 'sqlite3.dbapi2.connect'], sqliteConnect);
// Stored credentials handed back by libraries (netrc, keyring, boto3, browser_cookie3; r3).
for (const [names, store] of PY_CREDENTIAL_CALLS)
  add(names, (_w, c) => credentialResult(store, c.recv ? [c.recv, ...c.args] : c.args));
// netrc.netrc() keeps its name, so `.authenticators(host)` on it reads that one machine's entry.
add(['netrc.netrc'], (_w, c) => ({ ...credentialResult('~/.netrc', c.args), ref: 'netrc.netrc()' }));
add(['netrc.netrc().authenticators'], (_w, c) => netrcEntry(c.recv, c.args[0] ?? c.kw.get('host')));
add(
  [
    'code.InteractiveInterpreter().runsource',
    'code.InteractiveInterpreter().runcode',
    'code.InteractiveConsole().runsource',
    'code.InteractiveConsole().runcode',
    'code.InteractiveConsole().push',
    'cProfile.run',
    'cProfile.runctx',
    'cProfile.Profile().run',
    'cProfile.Profile().runctx',
    'profile.run',
    'profile.runctx',
    'profile.Profile().run',
    'pdb.run',
    'pdb.runeval',
    'pdb.Pdb().run',
    'bdb.Bdb().run',
    'trace.Trace().run',
    'trace.Trace().runctx',
    'IPython.get_ipython().run_cell',
    'get_ipython().run_cell',
  ],
  codeString,
);
add(['IPython.get_ipython().system', 'get_ipython().system', 'get_ipython().getoutput'], shellCall);
add(['timeit.timeit', 'timeit.repeat', 'timeit.Timer'], timeitCall);
add(['operator.methodcaller', 'operator.attrgetter'], byNameCallable);
add(['operator.attrgetter()'], attrGetterCall);
add(['operator.methodcaller()'], methodCallerCall);
add(['operator.call', 'cProfile.runcall', 'pdb.runcall', 'cProfile.Profile().runcall'], firstIsCallee(0));
add(['shutil.make_archive'], makeArchive);
add(['tarfile.open', 'tarfile.TarFile', 'zipfile.ZipFile', 'zipfile.PyZipFile'], archiveOpen);
add(['tarfile.TarFile().add', 'zipfile.ZipFile().write', 'zipfile.PyZipFile().writepy'], archiveAdd);
add(['zipfile.ZipFile().writestr'], archiveWriteStr);
add(['site.getsitepackages', 'site.getusersitepackages'], sitePackages);
add(['paramiko.SSHClient().open_sftp', 'paramiko.SSHClient().get_transport'], keepPeer);
add(
  ['paramiko.SSHClient().open_sftp().put', 'paramiko.SFTPClient.from_transport().put', 'scp.SCPClient().put'],
  sftpPut,
);

// Files uploaded by path to experiment trackers and model hubs (code/uploads.ts).
for (const [names, h] of PY_UPLOADS) add(names, h);
PY_CALLS.methods(PY_UPLOAD_METHODS);
for (const [names, h] of PY_CAPTURE) add(names, h);
for (const [names, h] of PY_DOTENV) add(names, h);
PY_CALLS.methods(PY_CAPTURE_METHODS);
PY_CALLS.methods(INJECTION_METHODS);
add(PY_CLIPBOARD_WRITES, clipboardWrite);
add([...PY_PATTERN_TESTS, ...PY_PATTERN_TESTS.map((n) => n.replace('re.', 're.compile().'))], patternTest);
PY_CALLS.methods([['clipboard_append', clipboardWrite]]);
for (const [names, h] of PY_SERVICES) add(names, h);
// Logging handlers that ship records to another host, and the logging calls they send (code/log-handlers.ts).
for (const [names, h] of PY_LOG_HANDLERS) add(names, h);
add(PY_LOG_FUNCTIONS, PY_LOGGED);
PY_CALLS.methods(PY_LOG_METHODS);

/** Settings that name production (`shop.settings.production`, `config.settings.prod`). */
const PRODUCTION_SETTINGS =
  /\bsettings[._](?:prod|production|live)\b|DJANGO_SETTINGS_MODULE[^\n]{0,60}\b(?:prod|production|live)\b/;

/**
 * Django's `create_superuser(name, email, password)` with a password written in the input, against
 * production settings (R17): an administrator whose password the writer knows, a backdoor login.
 * Written as the row it inserts, so the SQL rules judge it; a password from the environment or a
 * development database stays a deploy's bootstrap.
 */
const superuser: Handler = (w, c) => {
  const password = constText(arg(c, 2, 'password'));
  if (password === null || password === '' || !PRODUCTION_SETTINGS.test(w.text)) return undefined;
  const name = (constText(arg(c, 0, 'username')) ?? 'x').replace(/'/g, "''");
  const email = (constText(arg(c, 1, 'email')) ?? '').replace(/'/g, "''");
  w.col.nested(
    `INSERT INTO auth_user (username, email, is_superuser, is_staff) VALUES ('${name}', '${email}', true, true)`,
    'sql',
    c.span,
    VIA,
  );
  return undefined;
};

/** By method name, when the receiver's type is unknown. */
PY_CALLS.methods([
  ['create_superuser', superuser],
  ...PY_CREDENTIAL_METHODS.map(
    ([m, store]) =>
      [m, (_w: PyWalker, c: PyCall) => credentialResult(store, c.recv ? [c.recv] : [])] as const,
  ),
  ['execute', sqlExecute],
  ['cursor', sqliteCursor],
  ['executemany', sqlExecute],
  ['executescript', sqlExecute],
  ['exec_driver_sql', sqlExecute],
  ['read_sql', sqlExecute],
  ['read_sql_query', sqlExecute],
  ['write', fileWrite],
  ['writelines', fileWrite],
  ['send', fileWrite],
  ['sendall', fileWrite],
  ['format', strFormat],
  ['join', strJoin],
  ['replace', strReplace],
  ['strip', stripChars('both')],
  ['rstrip', stripChars('right')],
  ['lstrip', stripChars('left')],
  ['lower', caseChange((s) => s.toLowerCase())],
  ['casefold', caseChange((s) => s.toLowerCase())],
  ['upper', caseChange((s) => s.toUpperCase())],
  ['swapcase', caseChange(swapCase)],
  ['title', caseChange(titleCase)],
  ['capitalize', caseChange((s) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase())],
  ['split', strSplit],
  ['decrypt', decrypt],
  ['translate', translate],
  ['decrypt_and_verify', decrypt],
  ['items', dictView],
  ['keys', dictView],
  ['values', dictView],
  ['rsplit', strSplit],
  ['splitlines', strSplit],
  ['removeprefix', removeAffix],
  ['removesuffix', removeAffix],
  ['encode', keepString],
  ['decode', codecsDecode],
  ...PY_DECODER_METHODS,
  ['communicate', communicate],
  [
    'fileno',
    (_w, c) =>
      c.recv?.peer
        ? { ...UNKNOWN, peer: c.recv.peer }
        : c.recv?.file
          ? { ...UNKNOWN, file: c.recv.file }
          : undefined,
  ],
  [
    'close',
    (w, c) => {
      emptied(w, c.span, c.recv?.file);
      return undefined;
    },
  ],
  [
    'truncate',
    (w, c) => {
      // fh.truncate(0) on a file the walk opened: its content is gone (code/overwrite.ts).
      const size = c.args[0];
      if (c.recv?.file && (size === undefined || size.num === 0))
        overwriteWalk(w, c.span, c.recv.file.path, strVal(''), 'open().truncate');
      return undefined;
    },
  ],
  ['sleep', sleeps],
  ['wait', sleeps],
  // Frame waits of animation and game loops: plt.pause(0.1), clock.tick(60), pygame.time.delay, cv2.waitKey.
  ['pause', sleeps],
  ['tick', sleeps],
  ['delay', sleeps],
  ['waitKey', sleeps],
  [
    'accept',
    (w, c) => {
      sleeps(w, c);
      // A listening socket's accept waits for a client: one worker per turn is a server's.
      if (c.recv?.ref?.startsWith('socket.') === true) w.col.markLoop('accepts');
      // sock.accept() on a listening socket: (connection, address); the connection's peer is
      // whoever connected (a bind shell wires it to a shell's standard streams).
      if (c.recv?.ref !== 'socket.socket()') return undefined;
      return {
        ...UNKNOWN,
        items: [{ ...UNKNOWN, ref: 'socket.socket()', peer: { host: '0.0.0.0' } }, UNKNOWN],
      };
    },
  ],
  ['recv', netRead],
  ['recvfrom', netRead],
  ['recv_into', netRead],
  ['makefile', netRead],
  ['readline', netRead],
  ...[
    'read',
    'readuntil',
    'readexactly',
    'read_until',
    'read_some',
    'read_eager',
    'read_very_eager',
    'read_lazy',
    'read_all',
    'expect',
  ].map((m) => [m, peerRead] as const),
  ['poll', sleeps],
  ['select', sleeps],
  ['serve_forever', sleeps],
  // queue.get() / q.get(timeout=1) block; dict.get always takes a key.
  ['get', (w, c) => (c.args.length === 0 ? sleeps(w, c) : undefined)],
  ['get_message', sleeps],
  // A queue's long poll (SQS WaitTimeSeconds=20, Service Bus max_wait_time=5) waits for a message.
  ['receive_message', queueLongPoll],
  ['receive_messages', queueLongPoll],
  ['submit', firstIsCallee(0)],
  ['apply_async', firstIsCallee(0)],
  ['run_in_executor', firstIsCallee(1)],
]);

/** Module constants folded as numbers (stat modes, so os.chmod(p, stat.S_IRWXO) has a mode). */
export const PY_CONSTANTS = new Map<string, Val>(
  Object.entries({
    'stat.S_ISUID': 0o4000,
    'stat.S_ISGID': 0o2000,
    'stat.S_ISVTX': 0o1000,
    'stat.S_IRWXU': 0o700,
    'stat.S_IRUSR': 0o400,
    'stat.S_IWUSR': 0o200,
    'stat.S_IXUSR': 0o100,
    'stat.S_IRWXG': 0o70,
    'stat.S_IRGRP': 0o40,
    'stat.S_IWGRP': 0o20,
    'stat.S_IXGRP': 0o10,
    'stat.S_IRWXO': 0o7,
    'stat.S_IROTH': 0o4,
    'stat.S_IWOTH': 0o2,
    'stat.S_IXOTH': 0o1,
  }).map(([k, num]) => [k, { ...UNKNOWN, dynamic: false, num }] as [string, Val]),
);
// Path separators and the like, so `os.path.join(os.sep, 'home')` is `/home`.
for (const [k, text] of Object.entries({
  'os.sep': '/',
  'os.path.sep': '/',
  'os.curdir': '.',
  'os.path.curdir': '.',
  'os.pardir': '..',
  'os.path.pardir': '..',
  'os.pathsep': ':',
  'os.linesep': '\n',
  'string.whitespace': ' \t\n\r\x0b\x0c',
}))
  PY_CONSTANTS.set(k, strVal(text));
// Interpreter prefixes and site directories (python/persistence.ts).
for (const [k, v] of PY_SITE_CONSTANTS) PY_CONSTANTS.set(k, v);
