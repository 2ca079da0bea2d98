/**
 * What the python and node call tables share: the call record a walker builds, the name and method
 * tables handlers are found in, and the handlers whose meaning is the same in both languages.
 */
import type { SyntaxNode } from '../../parse/index.js';
import type { Span } from '../../types.js';
import { decodeBase64 } from './collector.js';
import { sendTo } from './effects.js';
import { rawSocketWrite, slowHeaders } from './raw-protocols.js';
import { runsLater } from './autorun.js';
import { backdoorWrite } from './source-backdoor.js';
import { overwriteWalk } from './overwrite.js';
import { inputRunner, pipeWrite } from './stdin-pipe.js';
import { dataWrite, stdinReader } from './stdin-data.js';
import { concat, constText, holeVal, pathOf, strVal, UNKNOWN, withTaint, type Val } from './value.js';
import type { CodeWalker } from './walker.js';

export interface CodeCall {
  readonly node: SyntaxNode;
  readonly span: Span;
  /** Qualified name after alias resolution ('subprocess.run', 'child_process.execSync'); '' when unknown. */
  readonly name: string;
  readonly method: string | undefined;
  readonly recv: Val | undefined;
  readonly recvNode: SyntaxNode | undefined;
  readonly args: Val[];
  readonly argNodes: SyntaxNode[];
}

export type CallHandler<W extends CodeWalker, C extends CodeCall> = (w: W, c: C) => Val | undefined;

/** Handlers by qualified name and by method name (for receivers whose type is unknown). */
export class CallTable<H> {
  readonly #calls = new Map<string, H>();
  readonly #methods = new Map<string, H>();
  /** Names that reach a handler by another spelling (instances, wrapped clients). */
  readonly #alias: (name: string) => H | undefined;

  constructor(alias: (name: string) => H | undefined = () => undefined) {
    this.#alias = alias;
  }

  add(names: readonly string[], h: H): void {
    for (const n of names) this.#calls.set(n, h);
  }

  /** Replaces each name's handler with one built around the handler it had (`prev`, if any). */
  wrap(names: readonly string[], make: (prev: H | undefined) => H): void {
    for (const n of names) this.#calls.set(n, make(this.#calls.get(n)));
  }

  /** Method-name handlers, in order (a later entry for a name replaces an earlier one). */
  methods(entries: Iterable<readonly [string, H]>): void {
    for (const [n, h] of entries) this.#methods.set(n, h);
  }

  get(name: string): H | undefined {
    return this.#calls.get(name);
  }

  byName(name: string): H | undefined {
    if (name === '') return undefined;
    return this.#calls.get(name) ?? this.#alias(name);
  }

  /** The names after `prefix` of the handlers registered under it (a module's modelled members). */
  namesUnder(prefix: string): string[] {
    const out: string[] = [];
    for (const n of this.#calls.keys()) if (n.startsWith(prefix)) out.push(n.slice(prefix.length));
    return out;
  }

  byMethod(method: string): H | undefined {
    return this.#methods.get(method);
  }

  /** The handler for a call: by its qualified name, else by its method name. */
  find(name: string, method: string | undefined): H | undefined {
    return this.byName(name) ?? (method !== undefined ? this.#methods.get(method) : undefined);
  }
}

/** The value of an environment variable: a source; `HOME` reads as `~` (facts.ts paths). */
export function envVal(name: string | null): Val {
  if (name === null) return { ...holeVal('ENV'), sources: [{ kind: 'env' }] };
  if (name === 'HOME' || name === 'USERPROFILE') return { ...strVal('~'), sources: [{ kind: 'env', name }] };
  // Windows profile folders, so `%LOCALAPPDATA%\...\Login Data` reads as the store it is.
  if (name === 'LOCALAPPDATA') return { ...strVal('~/AppData/Local'), sources: [{ kind: 'env', name }] };
  if (name === 'APPDATA') return { ...strVal('~/AppData/Roaming'), sources: [{ kind: 'env', name }] };
  return { ...holeVal(name), sources: [{ kind: 'env', name }] };
}

/** `items` joined by `sep` as one string value. */
export function joinVals(items: readonly Val[], sep: Val): Val {
  const pieces: Val[] = [];
  items.forEach((v, i) => {
    if (i > 0) pieces.push(sep);
    // Numbers join as their digits (`[169, 254, 169, 254].join('.')`).
    pieces.push(
      v.num !== undefined && v.ref === undefined ? { ...strVal(String(v.num)), sources: v.sources } : v,
    );
  });
  return pieces.length === 0 ? strVal('') : concat(pieces);
}

/** Base64-decoded `v`: the decoded text when `v` is known, a decoded source either way. */
export function base64Val(v: Val, decode = true): Val {
  const text = decode ? constText(v) : null;
  const decoded = text !== null ? decodeBase64(text) : null;
  const base = decoded !== null ? strVal(decoded) : holeVal('decoded');
  return { ...base, sources: [...withTaint(base, v).sources, { kind: 'decoded' }], lits: v.lits };
}

/** Data written to a receiver: sent when it is a connected socket, a flow into it when an open file. */
export function writeTo(w: CodeWalker, c: CodeCall, data: Val): Val | undefined {
  // The standard input of a shell or interpreter that runs it: a script (code/stdin-pipe.ts).
  const runner = inputRunner(c.recv);
  if (runner !== undefined) {
    pipeWrite(w.col, c.span, runner, data);
    return UNKNOWN;
  }
  // The standard input of any other program: data it reads (`curl -d @-`; code/stdin-data.ts).
  const reader = stdinReader(c.recv);
  if (reader !== undefined) {
    dataWrite(w.col, c.span, reader, data);
    return UNKNOWN;
  }
  if (c.recv?.peer) {
    rawSocketWrite(w.col, c.span, c.recv.peer.host, constText(data));
    slowHeaders(w.col, c.span, c.recv.peer.host, data);
    sendTo(w.col, c.span, c.recv.peer, [data]);
    return UNKNOWN;
  }
  const file = c.recv?.file;
  if (!file || file.op === 'read') return undefined;
  const path = pathOf(file.path).path;
  if (constText(data) !== '') w.col.filled.add(path);
  w.col.flows(c.span, data.sources, { kind: 'file', path });
  wroteText(w, c.span, file.path, data, file.op === 'append');
  if (file.op === 'write') overwriteWalk(w, c.span, file.path, data, 'open');
  return UNKNOWN;
}

/** A run-time file name with a known absolute or relative directory and no glob: `/tmp/.m$X.js`. */
export function loadableName(path: string): boolean {
  return /^(?:\/|~\/|\.{1,2}\/)[^$]*\//.test(path) && !/[*?[]/.test(path);
}

/**
 * Known text written to a known path: remembered, so running that file later analyses the text.
 * Python runs a .pth file's `import` lines at every start-up: they are analysed now (r1).
 */
export function wroteText(w: CodeWalker, span: Span, path: Val, data: Val, append: boolean): void {
  const p = pathOf(path);
  const text = constText(data);
  // Obfuscated text the walk cannot fold (xor of char codes) written out is decoded content there,
  // as eval of it would be: loading the file runs it (node/loads.ts, SH-AST-010).
  if (text === null && data.generated === true && !data.sources.some((s) => s.kind === 'decoded'))
    w.col.flow(span, { kind: 'decoded' }, { kind: 'file', path: p.path });
  if (!p.dynamic) w.col.noteWritten(p.path, text);
  if (!append) backdoorWrite(w, span, p.path, data);
  if (text === null || text.trim() === '') return;
  if (/\.pth$/.test(p.path))
    for (const line of text.split('\n'))
      if (/^import[ \t]/.test(line)) w.col.nested(line, 'python', span, 'a python .pth start-up line');
  // A temp name built at run time (`tmpdir() + '/.m' + pid + '.js'`) is kept under its rendered
  // form, so loading the same name later runs the text (r25: reversed payload written then required).
  if (!p.dynamic || loadableName(p.path)) w.col.wroteText(p.path, text, append);
  if (!p.dynamic) runsLater(w.col, span, p.path, text);
}

/**
 * A file opened for writing (which empties it) and closed with nothing written, or written with
 * empty text: the file is emptied, as `: > file` empties it (FS-AST-005 for credential stores).
 */
export function emptied(w: CodeWalker, span: Span, file: Val['file'], data?: Val): void {
  if (file === undefined || file.op !== 'write') return;
  const { path, dynamic } = pathOf(file.path);
  if (dynamic || (data !== undefined && constText(data) !== '') || w.col.filled.has(path)) return;
  w.col.file(span, 'truncate', path, 'open');
}

export const identity: CallHandler<CodeWalker, CodeCall> = (_w, c) => c.args[0] ?? UNKNOWN;

export const sleeps: CallHandler<CodeWalker, CodeCall> = (w) => {
  w.col.markLoop('sleeps');
  return undefined;
};

export const exits: CallHandler<CodeWalker, CodeCall> = (w) => {
  w.col.markLoop('exit');
  return UNKNOWN;
};

/**
 * os.kill(pid, sig) / process.kill(pid, sig) with a known pid: the `kill -SIG pid` command line, so
 * RUN-AST-004 judges it as it judges the shell's kill (kill(-1) signals every process; r2).
 */
export function killArgv(pid: Val | undefined, sig: Val | undefined): Val[] | undefined {
  if (pid?.num === undefined || !Number.isInteger(pid.num)) return undefined;
  const named = sig === undefined ? 'TERM' : /SIG([A-Z0-9]+)$/.exec(sig.ref ?? constText(sig) ?? '')?.[1];
  const signal = sig?.num !== undefined ? String(sig.num) : (named ?? 'TERM');
  // Signal 0 sends nothing: it only checks that the process exists.
  if (signal === '0') return undefined;
  return [strVal('kill'), strVal(`-${signal}`), strVal(String(pid.num))];
}
