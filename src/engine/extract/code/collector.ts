/**
 * Fact accumulator shared by the code extractors (python, node): stamps runtime and depth, maps
 * spans, hands nested code back to the engine, and keeps the string literals so that the ones
 * carried to a network sink come out as `egress` LiteralFacts at the end.
 */
import type {
  DataSink,
  DataSource,
  ExecFact,
  Fact,
  FileOperation,
  LoopFact,
  NetOpFact,
} from '../../facts.js';
import type { Runtime, Span } from '../../types.js';
import type { ExtractContext } from '../types.js';
import { holeText, type Val } from './value.js';
import type { HotRegion } from './repeats.js';

/** Shortest literal worth a LiteralFact: the PII and prompt-injection patterns need at least this. */
const MIN_LITERAL = 4;

/** Shells: a shell started with no command is interactive (facts.ts `stdinInteractive`). */
export const SHELLS: ReadonlySet<string> = new Set([
  'sh',
  'bash',
  'dash',
  'zsh',
  'ksh',
  'mksh',
  'ash',
  'fish',
  'csh',
  'tcsh',
  'busybox',
  'rbash',
  'pwsh',
  'powershell',
  'cmd',
  'cmd.exe',
]);

/** Interpreters whose first operand is a script file they run. */
const RUNNERS: ReadonlySet<string> = new Set([
  ...SHELLS,
  'python',
  'python3',
  'python2',
  'node',
  'nodejs',
  'perl',
  'ruby',
  'php',
  'deno',
  'bun',
  'source',
  '.',
]);

/** cmd's `start` runs the file it is given (an executable), whatever its flags (`start /B x.exe`). */
const LAUNCHERS: ReadonlySet<string> = new Set(['start']);

/**
 * A path as the written-files map keys it: `./x` and `x` are the same file, and so are one unknown
 * name written `{exe}` (a language's placeholder) and `$exe` / `${exe}` (the same name in a shell line),
 * and `dir\\x.exe` written by python and `dirx.exe` once a shell line dropped the backslash.
 */
/** Package managers whose `publish` uploads a folder's files to the public registry. */
const PUBLISHERS = new Set(['npm', 'pnpm', 'yarn', 'bun']);

function normalPath(path: string): string {
  return path
    .replace(
      /\$\{([\w.]+)\}|\$([A-Za-z_][\w.]*)/g,
      (_m, a: string | undefined, b: string | undefined) => `{${a ?? b}}`,
    )
    .replace(/\\/g, '') // a Windows separator (`dir + "\\x.exe"`) is an escape a shell line drops
    .replace(/\/{2,}/g, '/')
    .replace(/^(?:\.\/)+/, '');
}

/** The runtime a written script runs in: its interpreter's, else its extension's, else bash. */
function scriptRuntime(program: string, path: string): Runtime {
  if (/^python[\d.]*$/.test(program) || /\.py$/.test(path)) return 'python';
  if (/^(?:node|nodejs|deno|bun)$/.test(program) || /\.[cm]?js$/.test(path)) return 'node';
  return 'bash';
}

/** Basename of a program as written, without quotes (`/bin/sh` → `sh`). */
export function programName(argv0: string): string {
  const slash = argv0.lastIndexOf('/');
  return (slash >= 0 ? argv0.slice(slash + 1) : argv0).replace(/['"\\]/g, '');
}

/** Quotes one argument for a POSIX shell; holes stay expansions (`"$name"`) so the shell sees them as unknown. */
export function shellWord(v: Val): string {
  // Unknown data from the whole environment or a file, handed to a program as an argument: the
  // nested shell sees where it came from (`str(dict(os.environ))` is `"$(env)"`).
  const only = v.parts === null ? undefined : v.parts.length === 1 ? v.parts[0] : undefined;
  if ((v.parts === null || (only !== undefined && typeof only !== 'string')) && v.sources.length > 0) {
    const from = provenance(v);
    if (from !== undefined) return from;
  }
  if (v.parts === null) return '"$X"';
  if (v.parts.length === 0) return "''";
  let out = '';
  for (const part of v.parts) {
    if (typeof part === 'string') {
      if (part === '') continue;
      out += /^[A-Za-z0-9_./=:,@%+-]+$/.test(part) ? part : `'${part.replace(/'/g, `'\\''`)}'`;
    } else out += `"${holeText(part)}"`;
  }
  return out === '' ? "''" : out;
}

/** `"$(env)"` for data from the whole environment, `"$(cat PATH)"` for a file's content, `"$NAME"` for a variable's. */
function provenance(v: Val): string | undefined {
  for (const s of v.sources) {
    if (s.kind === 'env' && s.name === undefined) return '"$(env)"';
    if (s.kind === 'file' && /^[\w~./-]+$/.test(s.path)) return `"$(cat ${s.path})"`;
  }
  // A named variable transformed whole (hex, a slice, base64): still that variable's value (r9:
  // `ping -p token.hex()[:32]`).
  for (const s of v.sources)
    if (s.kind === 'env' && s.name !== undefined && /^[A-Za-z_]\w*$/.test(s.name)) return `"$${s.name}"`;
  return undefined;
}

/** The argv as one shell command line that parses back to the same words. */
export function shellJoin(argv: readonly Val[]): string {
  return argv.map(shellWord).join(' ');
}

const SQL_START =
  /^\s*(?:--[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*(?:select|insert|update|delete|drop|create|alter|truncate|grant|revoke|copy|with|replace|merge|call|exec|execute|load|show|set|pragma|begin|commit|rollback|vacuum|attach|detach|lock|unlock|rename|comment|declare|do|use|handler|explain|analyze|savepoint|release)\b/i;

/** The text reads as SQL (checked before handing a `.execute(...)` argument to the SQL runtime). */
export function looksLikeSql(text: string): boolean {
  return SQL_START.test(text);
}

/** Decodes base64 (standard or URL alphabet) text; null when it is not base64 or not UTF-8 text. */
export function decodeBase64(text: string): string | null {
  const clean = text.replace(/\s+/g, '');
  if (clean.length < 4 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(clean)) return null;
  const decoded = Buffer.from(clean.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
  return decoded.includes('\uFFFD') ? null : decoded;
}

/** Loop bookkeeping: what the body of the innermost enclosing loops does. */
export interface LoopFrame {
  readonly span: Span;
  readonly unbounded: boolean;
  sleeps: boolean;
  exits: boolean;
  forks: boolean;
  /** The body waits only on its own requests (`await fetch(u)`): not busy, yet no pause between them. */
  yields?: boolean;
  /**
   * The body waits for the next piece of outside work (a connection accepted): a worker started
   * per turn is a server's, bounded by its clients, not a process copying itself (RUN-AST-001).
   */
  accepts?: boolean;
}

export class Collector {
  readonly facts: Fact[] = [];
  readonly #literals: { text: string; span: Span; egress: boolean; field?: string }[] = [];
  readonly #ctx: ExtractContext;
  readonly #runtime: Runtime;
  /** Innermost loop last; a function body starts a fresh stack (its `return` leaves no outer loop). */
  loops: LoopFrame[] = [];
  /** Loops and timers whose body runs many times, innermost last; function bodies keep it (repeats.ts). */
  readonly hot: HotRegion[] = [];
  /**
   * A socket whose file descriptors became the process's standard streams (python os.dup2) or that
   * is piped into a spawned process (node): a shell started afterwards is a reverse shell.
   */
  #socketPeer: { readonly host: string; readonly url?: string } | undefined;
  /** Shells started so far that read commands from standard input. */
  readonly #shells: { span: Span; program: string }[] = [];
  /**
   * Variables this input sets in its own environment with known text (`os.environ['K'] = v`,
   * `process.env.K = v`): what the libraries it loads afterwards read (an emulator's host).
   */
  readonly ownEnv = new Map<string, string>();
  /** Names of the environment variables this input reads (`TEST_DATABASE_URL`: which database a reset empties). */
  readonly envReads = new Set<string>();
  /** Files this input wrote downloaded or decoded data into, by normalised path (download-then-run). */
  readonly #written = new Map<string, DataSource[]>();
  /** Folders a downloaded or decoded archive was unpacked into, by normalised path (unpack-then-run). */
  readonly #unpacked = new Map<string, DataSource[]>();

  /** The budget's label for this walk, made once: spend runs for every syntax node visited. */
  readonly #where: string;

  constructor(runtime: Runtime, ctx: ExtractContext) {
    this.#runtime = runtime;
    this.#ctx = ctx;
    this.#where = `${runtime} syntax nodes`;
  }

  get runtime(): Runtime {
    return this.#runtime;
  }

  /** Spends work units of the analysis' budget (src/engine/budget.ts); false once it is spent. */
  spend(units: number): boolean {
    return this.#ctx.budget.spend(units, this.#where);
  }

  span(start: number, end: number): Span {
    return this.#ctx.mapSpan({ start, end });
  }

  /** The texts of the string literals seen so far (which database a test wipes: code/sdk.ts). */
  literalTexts(): string[] {
    return this.#literals.map((l) => l.text);
  }

  /** The text of the string literal with id `id` (Val.lits), or undefined. */
  literalText(id: number): string | undefined {
    return this.#literals[id]?.text;
  }

  /** Where the string literal with id `id` (Val.lits) starts in the text walked, or undefined. */
  literalStart(id: number): number | undefined {
    return this.#literals[id]?.span.start;
  }

  /** Modules this input imports or requires, as written (`twilio.rest`, `@sendgrid/mail`): code/unmodelled-sends.ts. */
  readonly imports = new Set<string>();

  /** Registers a string literal; returns its id for Val.lits (or none when too short to matter). */
  literal(text: string, start: number, end: number): readonly number[] {
    if (text.length < MIN_LITERAL) return [];
    this.#literals.push({ text, span: { start, end }, egress: false });
    return [this.#literals.length - 1];
  }

  /**
   * The literals in `lits` reach a network sink; `field` names the slot when it is not the payload
   * (`header`: where tokens are meant to go), so SEC-AST-013 can tell a token used from one sent.
   */
  egress(lits: readonly number[], field?: string): void {
    for (const id of lits) {
      const lit = this.#literals[id];
      if (!lit) continue;
      // A literal that is also payload somewhere counts as payload.
      if (field === undefined) delete lit.field;
      else if (!lit.egress) lit.field = field;
      lit.egress = true;
    }
  }

  exec(span: Span, argv: readonly string[], dynamic: boolean, via: string, stdinInteractive?: boolean): void {
    const fact: ExecFact = {
      kind: 'exec',
      span: this.#ctx.mapSpan(span),
      runtime: this.#runtime,
      depth: this.#ctx.depth,
      program: programName(argv[0] ?? ''),
      argv,
      dynamic,
      via,
      ...(stdinInteractive !== undefined ? { stdinInteractive } : {}),
    };
    this.facts.push(fact);
  }

  /**
   * The working directory the program moved to (os.chdir, process.chdir) when known: relative
   * paths and commands run afterwards are taken from there (`os.chdir('/home'); rmtree('agent')`).
   */
  cwd: string | undefined;

  /** The clipboard's content was tested against a pattern (code/clipboard-swap.ts). */
  clipboardMatched = false;

  /** Paths of files this input wrote non-empty data into (see code/calls.ts emptied). */
  readonly filled = new Set<string>();

  /** The environment or a program's output this input wrote into files, by path (see #published). */
  readonly #secretFiles = new Map<string, DataSource[]>();

  /** Known text this input wrote into files, by path: run later (`sh x.sh`), it is analysed as code. */
  readonly #scripts = new Map<string, string>();

  /** `text` written (or appended) to `path`; a script run from there later is that text (r1: written then run). */
  wroteText(path: string, text: string, append: boolean): void {
    const key = normalPath(path);
    const before = append ? (this.#scripts.get(key) ?? '') : '';
    if (before.length + text.length <= 64 * 1024) this.#scripts.set(key, before + text);
  }

  /**
   * The reads of `path` by this input's code become reads by `program`, the store's own client
   * (a key read only to hand to an SSH client's connect is ssh using its key). Flows of that
   * data elsewhere are facts of their own and stay.
   */
  usedBy(path: string, program: string): void {
    const key = normalPath(path);
    this.facts.forEach((f, i) => {
      if (f.kind !== 'file' || f.op !== 'read' || f.depth !== this.#ctx.depth) return;
      if (normalPath(f.path) === key) this.facts[i] = { ...f, actor: program };
    });
  }

  /** Text written to each path, null once any write to it is unknown (FileOpFact.text). */
  readonly #writtenText = new Map<string, string | null>();

  /**
   * `text` (null when not statically known) written or appended to `path`: the write facts for that
   * path carry the whole known text, so a rule can judge what a start-up file is given.
   */
  noteWritten(path: string, text: string | null): void {
    const key = normalPath(this.fromCwd(path));
    // Writes through one handle and appends add up; an earlier unknown write spoils the whole.
    const before = this.#writtenText.get(key);
    const whole =
      text === null || before === null || (before?.length ?? 0) + text.length > 64 * 1024
        ? null
        : (before ?? '') + text;
    this.#writtenText.set(key, whole);
    this.facts.forEach((f, i) => {
      if (f.kind !== 'file' || (f.op !== 'write' && f.op !== 'append') || f.depth !== this.#ctx.depth) return;
      if (normalPath(f.path) !== key) return;
      const { text: _old, ...rest } = f;
      this.facts[i] = whole === null ? rest : { ...rest, text: whole };
    });
  }

  /** `path` as seen from the working directory set by the program, when it set one. */
  fromCwd(path: string, cwd: string | undefined = this.cwd): string {
    if (cwd === undefined || path === '' || /^[/~$]/.test(path) || path.startsWith('{')) return path;
    if (path === '.' || path === './') return cwd;
    return `${cwd.endsWith('/') ? cwd : `${cwd}/`}${path.replace(/^(?:\.\/)+/, '')}`;
  }

  file(
    span: Span,
    op: FileOperation,
    rawPath: string,
    actor: string,
    extra: { recursive?: boolean; mode?: string; owner?: string; dynamic?: boolean } = {},
  ): void {
    // umask and the like name no path: nothing to resolve.
    const path = rawPath === '' ? rawPath : this.fromCwd(rawPath);
    this.facts.push({
      kind: 'file',
      span: this.#ctx.mapSpan(span),
      runtime: this.#runtime,
      depth: this.#ctx.depth,
      op,
      path,
      recursive: extra.recursive ?? false,
      actor,
      ...(extra.mode !== undefined ? { mode: extra.mode } : {}),
      ...(extra.owner !== undefined ? { owner: extra.owner } : {}),
      ...(extra.dynamic ? { dynamic: true } : {}),
    });
  }

  net(
    span: Span,
    target: { host: string; port?: number; url?: string; scheme?: string },
    sends: boolean,
    actor: string,
    direction: NetOpFact['direction'] = 'connect',
  ): void {
    for (const h of this.hot) if (h.nets.length < 64) h.nets.push(this.facts.length);
    this.facts.push({
      kind: 'net',
      span: this.#ctx.mapSpan(span),
      runtime: this.#runtime,
      depth: this.#ctx.depth,
      host: target.host,
      ...(target.port !== undefined ? { port: target.port } : {}),
      ...(target.url !== undefined ? { url: target.url } : {}),
      ...(target.scheme !== undefined ? { scheme: target.scheme } : {}),
      direction,
      sends,
      actor,
    });
  }

  flow(span: Span, from: DataSource, to: DataSink): void {
    if (
      to.kind === 'file' &&
      (from.kind === 'env' || from.kind === 'output') &&
      this.#secretFiles.size < 16
    ) {
      const list = this.#secretFiles.get(normalPath(to.path)) ?? [];
      if (list.length < 8) list.push(from);
      this.#secretFiles.set(normalPath(to.path), list);
    }
    if (to.kind === 'file' && (from.kind === 'net' || from.kind === 'decoded' || from.kind === 'file')) {
      const key = normalPath(to.path);
      const list = this.#written.get(key) ?? [];
      if (list.length < 8) list.push(from);
      this.#written.set(key, list);
    }
    this.facts.push({
      kind: 'flow',
      span: this.#ctx.mapSpan(span),
      runtime: this.#runtime,
      depth: this.#ctx.depth,
      from,
      to,
    });
  }

  /** One FlowFact per source of `sources` (deduplicated by the caller's value merging). */
  flows(span: Span, sources: readonly DataSource[], to: DataSink): void {
    for (const from of sources) this.flow(span, from, to);
  }

  loop(frame: LoopFrame): void {
    const fact: LoopFact = {
      kind: 'loop',
      span: this.#ctx.mapSpan(frame.span),
      runtime: this.#runtime,
      depth: this.#ctx.depth,
      unbounded: frame.unbounded,
      sleeps: frame.sleeps || frame.yields === true,
      exits: frame.exits,
      forks: frame.forks && frame.accepts !== true,
    };
    this.facts.push(fact);
  }

  unparsed(span: Span, text: string): void {
    this.facts.push({
      kind: 'unparsed',
      span: this.#ctx.mapSpan(span),
      runtime: this.#runtime,
      depth: this.#ctx.depth,
      text,
    });
  }

  /** Downloaded or decoded data this input wrote into `path` earlier (none when it wrote none). */
  writtenSources(path: string): readonly DataSource[] {
    return this.contentSources(path).filter((s) => s.kind !== 'file');
  }

  /** Where what this input put into `path` came from: downloads, decoders, files archived or copied into it. */
  contentSources(path: string): readonly DataSource[] {
    if (this.#written.size === 0) return [];
    const key = normalPath(path);
    const own = this.#written.get(key) ?? [];
    if (this.#unpacked.size === 0) return own;
    // A file under a folder a downloaded archive was unpacked into holds what the archive held.
    const under = [...this.#unpacked].filter(([dir]) =>
      dir === '' || dir === '.' ? !/^[/~]/.test(key) : key.startsWith(`${dir}/`),
    );
    return under.length === 0 ? own : [...own, ...under.flatMap(([, from]) => from)];
  }

  /** An archive holding `sources` unpacked into folder `dir` (`zipfile.ZipFile(io.BytesIO(r.content)).extractall(d)`). */
  unpacked(span: Span, dir: string, sources: readonly DataSource[]): void {
    const from = sources.filter((s) => s.kind === 'net' || s.kind === 'decoded').slice(0, 8);
    if (from.length === 0 || this.#unpacked.size >= 8) return;
    this.#unpacked.set(normalPath(dir).replace(/\/$/, ''), from);
    for (const s of from) this.flow(span, s, { kind: 'file', path: dir });
  }

  /** Hands code found in this input to the engine (`span` in this input's coordinates). */
  nested(code: string, runtime: Runtime, span: Span, via: string, cwd: string | undefined = this.cwd): void {
    // A command line run from a working directory the program chose starts there.
    const text =
      runtime === 'bash' && cwd !== undefined
        ? `cd ${shellWord({ parts: [cwd], dynamic: false, sources: [], lits: [] })} || exit\n${code}`
        : code;
    const facts = this.#ctx.nested(text, runtime, span, via);
    for (const f of facts) this.facts.push(f);
    if (this.#written.size > 0 || this.#scripts.size > 0)
      for (const f of facts) if (f.kind === 'exec') this.#ranWritten(span, f);
    if (this.#secretFiles.size > 0) for (const f of facts) if (f.kind === 'exec') this.#published(span, f);
  }

  /**
   * A package published with files this input filled from the environment (red team r10: the
   * environment written into `package/index.js`, then `npm publish ./package --access public`):
   * the secrets go to the registry, where anyone can install them.
   */
  #published(span: Span, e: ExecFact): void {
    if (!PUBLISHERS.has(e.program) || e.argv[1] !== 'publish') return;
    const dir = normalPath(e.argv.slice(2).find((a) => !a.startsWith('-')) ?? '.').replace(/\/$/, '');
    for (const [path, sources] of this.#secretFiles)
      if (dir === '.' || dir === '' || path === dir || path.startsWith(`${dir}/`))
        for (const from of sources) this.flow(span, from, { kind: 'net', host: 'registry.npmjs.org' });
  }

  /** A program run from a file this input downloaded (or decoded) earlier: the content is executed. */
  #ranWritten(span: Span, e: ExecFact): void {
    const candidates = [e.argv[0] ?? ''];
    // `start [/B] x.exe` runs its operand (a script it names runs where the interpreter it starts says).
    if (LAUNCHERS.has(e.program.toLowerCase()))
      for (const a of e.argv.slice(1))
        for (const from of this.writtenSources(a))
          this.flow(span, from, { kind: 'exec', program: e.program });
    if (RUNNERS.has(e.program)) {
      const script = e.argv.slice(1).find((a) => !a.startsWith('-'));
      if (script !== undefined) candidates.push(script);
    }
    for (const c of candidates) {
      for (const from of this.writtenSources(c)) this.flow(span, from, { kind: 'exec', program: e.program });
      const key = normalPath(c);
      const script = this.#scripts.get(key);
      if (script === undefined) continue;
      // Taken out first: a script that runs itself is analysed once.
      this.#scripts.delete(key);
      this.nested(script, scriptRuntime(e.program, key), span, 'a file this input wrote');
    }
  }

  get socketPeer(): { readonly host: string; readonly url?: string } | undefined {
    return this.#socketPeer;
  }

  /**
   * A socket became (or is piped into) a process's standard streams. Together with a shell reading
   * standard input, before or after, that is a reverse shell: network data drives the shell.
   */
  setSocketPeer(peer: { readonly host: string; readonly url?: string }): void {
    if (this.#socketPeer !== undefined) return;
    this.#socketPeer = peer;
    for (const s of this.#shells) this.#remote(s.span, s.program);
  }

  /** A shell reading standard input was started (see setSocketPeer). */
  shellStarted(span: Span, program: string): void {
    this.#shells.push({ span, program });
    if (this.#socketPeer !== undefined) this.#remote(span, program);
  }

  #remote(span: Span, program: string): void {
    const peer = this.#socketPeer!;
    this.flow(
      span,
      { kind: 'net', host: peer.host, ...(peer.url ? { url: peer.url } : {}) },
      { kind: 'exec', program },
    );
  }

  /** Marks the innermost loop(s): `sleep` and `fork` concern the innermost, `exit` (return, exit()) all. */
  markLoop(what: 'sleeps' | 'yields' | 'forks' | 'accepts' | 'break' | 'exit'): void {
    const loops = this.loops;
    if (loops.length === 0) return;
    if (what === 'exit') for (const l of loops) l.exits = true;
    else if (what === 'break' || what === 'accepts')
      loops[loops.length - 1]![what === 'break' ? 'exits' : 'accepts'] = true;
    else for (const l of loops) l[what] = true;
  }

  /** All facts, with the literal facts appended. */
  finish(): readonly Fact[] {
    for (const lit of this.#literals) {
      this.facts.push({
        kind: 'literal',
        span: this.#ctx.mapSpan(lit.span),
        runtime: this.#runtime,
        depth: this.#ctx.depth,
        text: lit.text,
        egress: lit.egress,
        ...(lit.field !== undefined ? { field: lit.field } : {}),
      });
    }
    return this.facts;
  }
}
