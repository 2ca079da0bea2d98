/**
 * One pass over a bash syntax tree: statements, pipelines, redirections, substitutions, variables
 * and loops become facts; each program's own command-line meaning is left to its handler
 * (../programs). Data is followed as streams (pipes, here-docs, substitutions, variables, files
 * written earlier in the input) so flows from sources to sinks come out transitively.
 */
import type { DataSink, DataSource } from '../../facts.js';
import type { SyntaxNode } from '../../parse/index.js';
import type { Runtime, Span } from '../../types.js';
import { handlerFor } from '../programs/index.js';
import { isPathLike, parseNetAddress } from '../programs/util.js';
import { keepsListing, resourceListing } from '../programs/resource-listing.js';
import type { Toolkit } from '../programs/types.js';
import {
  EMPTY_PIPE,
  MAX_STREAM_SOURCES,
  NO_SOURCES,
  TERMINAL,
  addSource,
  mergeSources,
  type Invocation,
  type Stream,
  type Word,
} from './model.js';
import type { FactSink } from './sink.js';
import { applyParamOp, type ParamOp } from './param-ops.js';
import { braceAsGlob, decodeEscapes, expandBraces, hasGlob, unescapeDouble, unescapeWord } from './words.js';
import { WrittenFiles, fileKey, scriptRuntime, type WriteOp } from './written.js';
import { PACKAGE_SOURCE_FILE, writtenCode } from '../tool-call/written.js';
import { secretPrinterLabel } from '../../knowledge/secret-printers.js';
import { boundTurns, loopRegion, regionMarks, wholeNumber, type HotRegion } from '../code/repeats.js';

interface VarValue {
  readonly text: string;
  readonly dynamic: boolean;
  readonly sources: readonly DataSource[];
  /** Arrays (`a=(bash -c x)`) and positional parameters in a function call: one word each. */
  readonly elements?: readonly Word[];
}

/**
 * Work units (src/engine/budget.ts, about 0.1 µs each) charged per statement and per word: a
 * statement costs its facts and the rules that read them (bench/worst-case.bench.ts, "just under the
 * budget" rows), so the default budget admits about 2,500 statements (a long script) and a 250 KB
 * pipeline stops part-way with ENG-AST-002 instead of taking seconds (#21).
 */
export const STATEMENT_UNITS = 400;
export const WORD_UNITS = 20;
/**
 * A statement walked again inside a followed function call: 5-9 µs against 23 for one at the top
 * (bench/worst-case.bench.ts: git-subtree.sh's calls walk 4,750 statements again in 25 ms; a crafted
 * chain of calls ten deep takes 90-110 ms to spend the default budget at this charge).
 */
export const CALLED_STATEMENT_UNITS = 80;
/**
 * An expanded part longer than this costs work in proportion to its length (a unit per 4 characters):
 * `a=$a$a; ` repeated doubles a value each statement, and 16 KB of it took 7 s before failing (#22).
 */
const LONG_TEXT_CHARS = 256;

/** Positional parameters a function call or `set --` sets. */
const POSITIONAL: readonly string[] = ['@', '*', '#', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** Calls of functions defined in the same input that are followed, nested calls included. */
const MAX_FUNCTION_DEPTH = 4;

/** Positional and special parameters: not environment variables, never a data source. */
const SPECIAL_PARAMS = new Set(['@', '*', '#', '?', '$', '!', '-', '_', '0']);

const REDIRECT_TYPES = new Set(['file_redirect', 'heredoc_redirect', 'herestring_redirect']);

/** Device files that are plumbing, not file operations. */
const QUIET_PATHS = new Set([
  '/dev/null',
  '/dev/stdout',
  '/dev/stderr',
  '/dev/stdin',
  '/dev/tty',
  '/dev/zero',
]);

const NO_PATHS: readonly string[] = Object.freeze([]);

/** Names of the process's own standard input (`cp /dev/stdin x.sh <<< 'code'`). */
const STDIN_PATHS: ReadonlySet<string> = new Set(['/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

/** package.json scripts npm runs by itself on install, pack or publish. */
const LIFECYCLE_SCRIPTS: ReadonlySet<string> = new Set([
  'preinstall',
  'install',
  'postinstall',
  'prepare',
  'preprepare',
  'postprepare',
  'prepublish',
  'prepack',
  'postpack',
  'dependencies',
]);

/** A value that runs a command when evaluated as an arithmetic name (`a[$(cmd)]`). */
const INJECTS = /\[[^\]]*(?:\$\(|`)/;

/** Builtins that give a program a new name. */
const RENAMING_BUILTINS: ReadonlySet<string> = new Set(['alias', 'hash', 'cp', 'install', 'ln']);

/** Builtins whose arguments are variable names (a subscript there is evaluated). */
const SUBSCRIPT_NAMES: ReadonlySet<string> = new Set([
  'printf',
  'read',
  'let',
  'mapfile',
  'readarray',
  'test',
  '[',
  'unset',
  'getopts',
]);

/** A program binary in a system directory (`/bin/rm`, `/usr/local/bin/nc`). */
const PROGRAM_PATH = /^\/(?:usr\/)?(?:local\/)?s?bin\/[\w.+-]+$/;

/** `X=v` words before a command: the values the command's environment gets. */
function commandEnvironment(prefix: readonly Word[]): Map<string, string> | null {
  let out: Map<string, string> | null = null;
  for (const p of prefix) {
    const eq = p.text.indexOf('=');
    if (eq > 0 && !p.dynamic) (out ??= new Map()).set(p.text.slice(0, eq), p.text.slice(eq + 1));
  }
  return out;
}

/** A word quoted for a re-joined command line (single quotes unless plain). */
function quoteWord(text: string): string {
  if (text !== '' && /^[A-Za-z0-9_\-.,:/=@+%^~]+$/.test(text)) return text;
  return "'" + text.replace(/'/g, "'\\''") + "'";
}

/** Programs that copy remote content into the files their arguments name. */
const FETCHERS: ReadonlySet<string> = new Set([
  'curl',
  'wget',
  'aria2c',
  'axel',
  'scp',
  'sftp',
  'rsync',
  'tftp',
  'ftp',
  'lftp',
  'git',
  'svn',
  'hg',
  'rclone',
  's3cmd',
  'gsutil',
  'aws',
  'az',
]);

/** Names of the process's own standard output: data written there goes down the pipe. */
const STDOUT_PATHS: ReadonlySet<string> = new Set([
  '/dev/stdout',
  '/dev/fd/1',
  '/proc/self/fd/1',
  '/dev/stderr',
  '/dev/fd/2',
  '/proc/self/fd/2',
]);

/** Environment variables whose value is a command some program runs. */
const CODE_VARIABLES = new Set([
  'GIT_SSH_COMMAND',
  'GIT_SSH',
  'GIT_PAGER',
  'GIT_EDITOR',
  'GIT_EXTERNAL_DIFF',
  'GIT_ASKPASS',
  'GIT_PROXY_COMMAND',
  'SSH_ASKPASS',
  'PAGER',
  'MANPAGER',
  'EDITOR',
  'VISUAL',
  'LESSOPEN',
  'LESSCLOSE',
  'PROMPT_COMMAND',
  'RSYNC_RSH',
  'SYSTEMD_PAGER',
]);

/** Variables whose value is code or a library the program loads (LD_LIBRARY_PATH is only a search path). */
const PRELOAD_VARIABLES: ReadonlySet<string> = new Set([
  'LD_PRELOAD',
  'DYLD_INSERT_LIBRARIES',
  'BASH_ENV',
  'ENV',
]);

/** Prompt strings the shell expands (command substitutions included) each time it prints them. */
const PROMPT_VARIABLES: ReadonlySet<string> = new Set(['PS0', 'PS1', 'PS2', 'PS3', 'PS4']);

/** Variables that decide whether the shell keeps a history (see #historyVariable). */
const HISTORY_VARIABLES: ReadonlySet<string> = new Set([
  'HISTFILE',
  'HISTSIZE',
  'HISTFILESIZE',
  'HISTIGNORE',
]);

const SLEEPERS = new Set(['sleep', 'usleep', 'wait', 'read', 'timeout', 'inotifywait', 'select']);
const EXITERS = new Set(['break', 'exit', 'return', 'kill']);

function span(node: SyntaxNode): Span {
  return { start: node.start, end: node.end };
}

function mergeStreams(a: Stream, b: Stream): Stream {
  if (a === EMPTY_PIPE || a === TERMINAL) return b;
  if (b === EMPTY_PIPE || b === TERMINAL) return a;
  return {
    sources: mergeSources(a.sources, b.sources),
    text: a.text !== null && b.text !== null ? a.text + b.text : null,
    interactive: false,
    literals:
      a.literals.length === 0
        ? b.literals
        : b.literals.length === 0 || a.literals.length >= MAX_STREAM_SOURCES
          ? a.literals // enough literals to mark egress; more would make long inputs quadratic
          : [...a.literals, ...b.literals],
  };
}

/** Files that run with no command naming them (login and start-up scripts, PATH programs, hooks) or scripts by name. */
const RUNS_BY_ITSELF =
  /\.(?:sh|bash|zsh|py|js|mjs|cjs)$|\/(?:profile\.d|init\.d|rc\d?\.d|cron\.\w+|bin|sbin|hooks|entrypoint\.d|docker-entrypoint\.d)\/[^/]+$|(?:^|\/)\.?(?:bashrc|bash_profile|profile|zshrc|zprofile|rc\.local|crontab|environment)$|(?:^|\/)(?:docker-)?entrypoint(?:\.\w+)?$/;

export class BashWalker implements Toolkit {
  readonly sink: FactSink;
  readonly #text: string;
  readonly #vars = new Map<string, VarValue>();
  /** Paths written earlier in this input, with what was written into them (./written.ts). */
  readonly #files = new WrittenFiles();
  /** Reads made by the command being handled, for its default output. */
  #reads: readonly DataSource[] = NO_SOURCES;
  /** Directory set by `cd` earlier in this input; relative paths resolve against it. */
  #cwd: { path: string; dynamic: boolean } | null = null;
  /** Links made by `ln` earlier in this input: name → target, as written (#21). */
  #links: Map<string, string> | null = null;
  /** Descriptors `exec N<>/dev/tcp/h/p` opened on a socket earlier in this input (`sh <&N >&N`). */
  #sockets: Map<number, DevNet> | null = null;
  /**
   * Redirects that are `<>` split by the grammar: tree-sitter-bash has no `<>` operator and parses
   * `cmd <>file` as an ERROR `<` followed by the redirect `>file` (with an fd, the ERROR `>` sits
   * inside the redirect; #fileRedirect handles that shape).
   */
  #readWrite: Set<SyntaxNode> | null = null;
  /**
   * Redirects that are `<<<` split by the grammar: after a file redirect, tree-sitter-bash parses
   * `cmd > f <<< 'text'` as an ERROR `<<` followed by the redirect `< 'text'` (a here-string).
   */
  #hereStrings: Set<SyntaxNode> | null = null;
  /** `declare -n REF=NAME` references made earlier in this input: REF reads and assigns NAME. */
  #namerefs: Map<string, string> | null = null;
  /** Functions defined earlier in this input: a call walks the body with its arguments (#21). */
  #functions: Map<string, SyntaxNode> | null = null;
  /** Functions being called now: a recursive call is not followed again (the fork bomb). */
  #calling: Set<SyntaxNode> | null = null;
  /** Definitions being walked where they are defined (not called), and the calls followed there. */
  #defining = 0;
  #followedInDefinitions: Set<string> | null = null;
  /** Names renamed earlier in this input: `alias x='...'` (code), `hash -p /bin/rm ls`, `cp /bin/rm ./ls`. */
  #aliases: Map<string, string> | null = null;
  #renamed: Map<string, string> | null = null;
  /** Variables whose value injects code when evaluated as arithmetic (`x='a[$(cmd)]'; (( x ))`). */
  #arith: Set<string> | null = null;
  /** Exported variables and the running command's `X=v` prefix: the environment a child shell sees. */
  #exported: Set<string> | null = null;
  #commandEnv: Map<string, string> | null = null;
  /** The running command's standard input: its `$(cat)` words read it (`cat f | curl -d "$(cat)" URL`). */
  #commandStdin: Stream = TERMINAL;
  /** Co-processes connected to the network (`coproc nc h p`): their descriptor arrays are sockets. */
  #coprocs: Map<string, DevNet> | null = null;
  /** `>(cmd)` words of the statement being walked whose command has not run yet. */
  #pendingSinks: SyntaxNode[] | null = null;
  /** Pending `>(cmd)` words already run with the data written into them (constant-time lookup). */
  #ranSinks: Set<SyntaxNode> | null = null;
  /** Data the command being handled wrote to its own standard output by name (`-o /dev/stdout`). */
  #toStdout: readonly DataSource[] = NO_SOURCES;

  constructor(text: string, sink: FactSink) {
    this.#text = text;
    this.sink = sink;
  }

  walk(root: SyntaxNode): void {
    this.#block(root.children, TERMINAL);
  }

  // ---------------------------------------------------------------- statements

  /** A sequence of statements (program, { }, ( ), do ... done). Output is the union of all. */
  #block(nodes: readonly SyntaxNode[], stdin: Stream): Stream {
    let out: Stream = EMPTY_PIPE;
    for (const node of nodes) {
      if (!node.named) continue;
      out = mergeStreams(out, this.#statement(node, stdin));
    }
    return out;
  }

  #statement(node: SyntaxNode, stdin: Stream): Stream {
    const mark = this.#pendingSinks?.length ?? 0;
    const out = this.#statementOnce(node, stdin);
    // `>(cmd)` words of this statement that nothing wrote into still run, reading nothing.
    if (this.#pendingSinks !== null && this.#pendingSinks.length > mark) this.#flushSinks(mark);
    return out;
  }

  /** Walks the `>(cmd)` words pending since `mark` that were never written to, with an empty input. */
  #flushSinks(mark: number): void {
    const pending = this.#pendingSinks!.splice(mark);
    const ran = this.#ranSinks;
    for (const node of pending) {
      if (ran?.delete(node) === true) continue;
      this.#substitution(node);
    }
  }

  /** `>(cmd)` written with `data`: cmd runs with it as standard input; null when `w` is no such word. */
  #intoSink(w: Word, data: Stream): Stream | null {
    const node = w.procSink;
    if (node === undefined) return null;
    const ran = (this.#ranSinks ??= new Set());
    if (ran.has(node)) return EMPTY_PIPE; // already run
    ran.add(node);
    const inner = node.children.filter((c) => c.named);
    return this.#block(inner, { ...data, interactive: false });
  }

  #statementOnce(node: SyntaxNode, stdin: Stream): Stream {
    // Every statement costs a unit of the shared work budget; once it is spent the walk stops and
    // analyze() reports the exhausted budget (ENG-AST-002), never a silent allow (#21, #22).
    const units =
      this.#calling === null || this.#calling.size === 0 ? STATEMENT_UNITS : CALLED_STATEMENT_UNITS;
    if (!this.sink.ctx.budget.spend(units, 'bash statements')) return EMPTY_PIPE;
    switch (node.type) {
      case 'command':
        return this.#command(node, stdin, null);
      case 'pipeline':
        return this.#pipeline(node, stdin);
      case 'list':
        return this.#list(node, stdin);
      case 'compound_statement':
        if (this.#arith !== null && node.children[0]?.type === '((') this.#arithmetic(node);
        return this.#block(node.children, stdin);
      case 'program':
      case 'subshell':
      case 'do_group':
      case 'if_statement':
      case 'elif_clause':
      case 'else_clause':
      case 'negated_command':
        return this.#block(node.children, stdin);
      case 'redirected_statement':
        return this.#redirected(node, stdin);
      case 'variable_assignment':
        this.#assign(node);
        return EMPTY_PIPE;
      case 'variable_assignments':
        for (const child of node.children) if (child.type === 'variable_assignment') this.#assign(child);
        return EMPTY_PIPE;
      case 'declaration_command':
        return this.#declaration(node);
      case 'unset_command':
        for (const child of node.children) {
          if (!child.named) continue;
          const name = this.#word(child).text;
          this.#vars.delete(name);
          if (name === 'HISTFILE') this.#historyVariable(name, null, span(node));
        }
        return EMPTY_PIPE;
      case 'while_statement':
        return this.#while(node, stdin);
      case 'for_statement':
      case 'select_statement':
        return this.#forIn(node, stdin);
      case 'c_style_for_statement':
        return this.#cFor(node, stdin);
      case 'case_statement':
        return this.#case(node, stdin);
      case 'function_definition':
        this.#function(node);
        return EMPTY_PIPE;
      case 'test_command':
        if (this.#arith !== null && /\s-(?:eq|ne|lt|le|gt|ge)\s/.test(this.#slice(node)))
          this.#arithmetic(node);
        this.#expressions(node);
        return EMPTY_PIPE;
      case 'comment':
      case 'heredoc_body':
        return EMPTY_PIPE;
      case 'ERROR':
        this.#braceCommand(node);
        return this.#block(node.children, stdin);
      default:
        // Any other construct: facts of the statements and substitutions it contains.
        if (node.named && node.children.length === 0) return EMPTY_PIPE;
        this.#expressions(node);
        return EMPTY_PIPE;
    }
  }

  /** Walks words and nested statements of a construct that is not itself a command (tests, arithmetic). */
  #expressions(node: SyntaxNode): void {
    for (const child of node.children) {
      if (!child.named) continue;
      switch (child.type) {
        case 'command_substitution':
        case 'process_substitution':
        case 'string':
        case 'concatenation':
        case 'expansion':
        case 'simple_expansion':
          this.#word(child);
          break;
        case 'command':
        case 'pipeline':
        case 'list':
        case 'redirected_statement':
        case 'compound_statement':
        case 'subshell':
          this.#statement(child, TERMINAL);
          break;
        default:
          if (child.type === 'ERROR') this.#block(child.children, TERMINAL);
          else if (child.children.length > 0) this.#expressions(child);
      }
    }
  }

  /** `a && b`, `a || b`: both are followed; after `||` the output text is the first's when known. */
  #list(node: SyntaxNode, stdin: Stream): Stream {
    const out = this.#block(node.children, stdin);
    if (out.text === null || !node.children.some((c) => c.type === '||')) return out;
    const first = node.children.find((c) => c.named);
    const firstOut = first === undefined ? null : this.#firstText(first);
    return firstOut === null ? { ...out, text: null } : { ...out, text: firstOut };
  }

  /** Static output text of the leftmost command of a list (`which python || which python3`). */
  #firstText(node: SyntaxNode): string | null {
    let n = node;
    while (n.type === 'list') n = n.children.find((c) => c.named) ?? n;
    if (n.type !== 'command') return null;
    const argv: Word[] = [];
    for (const c of n.children) {
      if (!c.named) continue;
      const w = c.type === 'command_name' ? c.children[0] : c;
      // Plain words only: walking anything else again would repeat its facts.
      if (w?.type !== 'word') return null;
      const raw = this.#slice(w);
      argv.push({
        text: unescapeWord(raw),
        dynamic: hasGlob(raw),
        quoted: false,
        span: span(w),
        sources: NO_SOURCES,
      });
    }
    return argv.length === 0 ? null : staticOutput(programName(argv[0]!.text), argv);
  }

  #pipeline(node: SyntaxNode, stdin: Stream): Stream {
    let current = stdin;
    let first = true;
    for (const child of node.children) {
      if (!child.named) continue;
      current = this.#statement(child, first ? stdin : { ...current, interactive: false });
      first = false;
    }
    return current;
  }

  #redirected(node: SyntaxNode, stdin: Stream): Stream {
    const redirects: SyntaxNode[] = [];
    let body: SyntaxNode | undefined;
    let previous: SyntaxNode | undefined;
    for (const child of node.children) {
      if (REDIRECT_TYPES.has(child.type)) {
        redirects.push(child);
        if (previous?.type === 'ERROR') this.#splitReadWrite(previous, child);
      } else if (child.named && body === undefined) body = child;
      previous = child;
    }
    if (body?.type === 'command') return this.#command(body, stdin, redirects);
    // tree-sitter-bash hangs the redirect of `a && b > f` on the whole list; bash gives it to `b`.
    if (body?.type === 'list') return this.#redirectedList(body, redirects, stdin);
    const input = this.#inputRedirects(redirects, stdin, 'bash');
    const out = body === undefined ? EMPTY_PIPE : this.#statement(body, input);
    return this.#outputRedirects(redirects, out, 'bash', null);
  }

  /** `a && b > f`: the earlier members run as they are, the redirects belong to the last one. */
  #redirectedList(list: SyntaxNode, redirects: SyntaxNode[], stdin: Stream): Stream {
    const members = list.children.filter((c) => c.named);
    let out: Stream = EMPTY_PIPE;
    for (let i = 0; i < members.length - 1; i++) out = mergeStreams(out, this.#statement(members[i]!, stdin));
    const last = members[members.length - 1];
    if (last === undefined) return out;
    if (last.type === 'command') return mergeStreams(out, this.#command(last, stdin, redirects));
    const input = this.#inputRedirects(redirects, stdin, 'bash');
    return mergeStreams(out, this.#outputRedirects(redirects, this.#statement(last, input), 'bash', null));
  }

  // ---------------------------------------------------------------- commands

  #command(node: SyntaxNode, stdin: Stream, extraRedirects: SyntaxNode[] | null): Stream {
    const redirects: SyntaxNode[] = [];
    const args: SyntaxNode[] = [];
    const prefix: Word[] = [];
    let name: SyntaxNode | undefined;
    let previous: SyntaxNode | undefined;
    for (const child of node.children) {
      if (!child.named) continue;
      const before = previous;
      previous = child;
      if (REDIRECT_TYPES.has(child.type)) {
        redirects.push(child);
        if (before?.type === 'ERROR') this.#splitReadWrite(before, child);
      } else if (child.type === 'command_name') name = child;
      else if (child.type === 'variable_assignment') {
        if (name === undefined)
          prefix.push(this.#word(child)); // X=1 cmd: the value is for cmd only
        else args.push(child);
      } else if (child.type !== 'comment') args.push(child);
    }
    if (extraRedirects !== null) redirects.push(...extraRedirects);
    // tree-sitter-bash reads `sh 0<&2` as the argument `0` and the redirect `<&2`: fd 0 is stdin.
    const last = args[args.length - 1];
    if (last?.type === 'number' && redirects[0]?.start === last.end && this.#slice(last) === '0') args.pop();

    // Substitutions in the words run before the command: walk them first, in order.
    const argv: Word[] = [];
    const outerStdin = this.#commandStdin;
    this.#commandStdin = stdin;
    try {
      if (name !== undefined) this.#expandInto(argv, name.children[0] ?? name);
      for (const arg of args) this.#expandInto(argv, arg);
    } finally {
      this.#commandStdin = outerStdin;
    }

    const program = argv.length > 0 ? programName(argv[0]!.text) : '';
    const actor = program || 'bash';
    for (const p of prefix) this.#codeInEnvironment(p, actor);
    const input = this.#inputRedirects(redirects, stdin, actor);
    const cmdSpan = span(node);
    const savedEnv = this.#commandEnv;
    if (prefix.length > 0) this.#commandEnv = commandEnvironment(prefix);
    let out: Stream;
    try {
      out = argv.length > 0 ? this.#invoke(argv, cmdSpan, input, undefined) : EMPTY_PIPE;
    } finally {
      this.#commandEnv = savedEnv;
    }
    let result = this.#outputRedirects(redirects, out, actor, argv.length > 0 ? program : null);
    for (const r of redirects) if (r.type === 'heredoc_redirect') result = this.#heredocTail(r, result);
    return result;
  }

  codeInEnvironment(assignment: Word, actor: string): void {
    this.#codeInEnvironment(assignment, actor);
  }

  /** `GIT_SSH_COMMAND='...' git ...`, `PAGER=...`, `LD_PRELOAD=x.so cmd`: variables that run code. */
  #codeInEnvironment(assignment: Word, actor: string): void {
    const eq = assignment.text.indexOf('=');
    if (eq <= 0) return;
    const name = assignment.text.slice(0, eq);
    const value: Word = { ...assignment, text: assignment.text.slice(eq + 1) };
    if (HISTORY_VARIABLES.has(name)) this.#historyVariable(name, value.text, assignment.span);
    if (value.text === '') return;
    // LESSOPEN='|cmd %s' (and `||`): the bars only say how less reads the command's output.
    if (CODE_VARIABLES.has(name)) this.nested(value.text.replace(/^\|+/, ''), 'bash', value.span, actor);
    else if (PRELOAD_VARIABLES.has(name)) this.#preload(name, value, actor);
    else if (PROMPT_VARIABLES.has(name)) this.#prompt(value.text, value.span, actor);
    else if (name === 'NODE_OPTIONS') this.#nodeOptions(value, actor);
  }

  /**
   * NODE_OPTIONS `--require M`, `--import M`, `--loader M`: every node the program starts loads M
   * first. A `data:` URL is that module's code (analysed as node); a path is a file node runs (#22);
   * an http(s) URL is code fetched from that host and run.
   */
  #nodeOptions(value: Word, actor: string): void {
    const re =
      /(?:^|\s)(?:--require|-r|--import|--loader|--experimental-loader)(?:=|\s+)('[^']*'|"[^"]*"|\S+)/g;
    for (const m of value.text.matchAll(re)) {
      const spec = m[1]!.replace(/^(['"])(.*)\1$/, '$2');
      const data = /^data:[^,]*?(;base64)?,([\s\S]*)$/i.exec(spec);
      if (data) {
        let code: string;
        try {
          code = data[1] ? Buffer.from(data[2]!, 'base64').toString('utf8') : decodeURIComponent(data[2]!);
        } catch {
          code = data[2]!;
        }
        this.nested(code, 'node', value.span, actor);
      } else if (/^[./~]/.test(spec)) this.fileOp({ ...value, text: spec }, actor, 'execute', false);
      // A URL (`--import https://host/h.mjs`): node fetches the module and runs it.
      else if (/^https?:\/\/[^\s'"]+$/i.test(spec))
        this.nested(`curl -fsSL '${spec}' | node`, 'bash', value.span, actor);
    }
  }

  /**
   * PS4 (under `set -x`), PS0/PS1/PS2 (interactive): the shell expands the prompt like a
   * double-quoted string each time it prints it, so `$(cmd)` in it runs (#22).
   */
  #prompt(text: string, at: Span, actor: string): void {
    if (!text.includes('$(') && !text.includes('`') && !text.includes('${')) return;
    const end = '__AG_PROMPT_END__';
    // Backquotes as `$(...)`: the same command, walked the same way inside the here-document.
    const body = text.replace(/`([^`]*)`/g, '$($1)');
    this.nested(`: <<${end}\n${body}\n${end}\n`, 'bash', at, actor);
  }

  /** The program runs with `value` loaded: a script (BASH_ENV, ENV) or libraries (a `:` list). */
  #preload(name: string, value: Word, actor: string): void {
    if (name === 'BASH_ENV' || name === 'ENV') {
      this.fileOp(value, actor, 'execute', false);
      // BASH_ENV=<(echo 'code'), BASH_ENV=./e.sh written earlier: the shell runs that text first.
      const known = value.proc?.text ?? this.writtenText(value)?.text ?? null;
      if (known !== null && known.trim() !== '') this.nested(known, 'bash', value.span, actor);
      return;
    }
    // LD_PRELOAD also splits on spaces; every listed library is loaded into the program.
    for (const lib of value.text.split(name === 'LD_PRELOAD' ? /[:\s]+/ : ':'))
      if (lib !== '')
        this.fileOp(lib === value.text ? value : { ...value, text: lib }, actor, 'execute', false);
  }

  /**
   * Literal arguments the text invariants read (PII, prompt injection): every quoted argument, and
   * unquoted ones that look like data (an `@`, a run of digits). Options and plain words are not
   * literals worth a fact.
   */
  #withLiterals(argv: readonly Word[]): readonly Word[] {
    let out: Word[] | undefined;
    for (let i = 1; i < argv.length; i++) {
      const w = argv[i]!;
      const t = w.text;
      if (t.length === 0 || w.literal !== undefined) continue;
      if (
        !w.quoted &&
        (t.charCodeAt(0) === 45 /* - */ ||
          t.charCodeAt(0) === 64 /* @ */ ||
          !(t.includes('@') || /[0-9]{4}/.test(t)))
      ) {
        continue;
      }
      out ??= argv.slice();
      out[i] = { ...w, literal: this.sink.literal(t, w.span, false) };
    }
    return out ?? argv;
  }

  /** Emits the ExecFact of `argv` and runs its program's handler. */
  #invoke(words: readonly Word[], cmdSpan: Span, stdin: Stream, via: string | undefined): Stream {
    const argv = this.#withLiterals(words);
    const first = argv[0]!;
    const program = programName(first.text);
    let dynamic = false;
    const texts: string[] = [];
    for (const w of argv) {
      texts.push(w.text);
      if (w.dynamic) dynamic = true;
    }
    this.sink.exec(program, texts, dynamic, cmdSpan, via, stdin.interactive);
    const inv: Invocation = { program, argv, span: cmdSpan, stdin, via, dynamic };
    const savedReads = this.#reads;
    const savedOut = this.#toStdout;
    this.#reads = NO_SOURCES;
    this.#toStdout = NO_SOURCES;
    const before = this.sink.facts.length;
    try {
      let out = this.#dispatch(inv, texts);
      if (this.#toStdout.length > 0)
        out = { ...out, sources: mergeSources(out.sources, this.#toStdout), text: null, interactive: false };
      return this.sink.facts.length > before ? this.#fetchedBy(inv, out, before) : out;
    } finally {
      this.#reads = savedReads;
      this.#toStdout = savedOut;
    }
  }

  /**
   * A program that connected to the network while it ran: its output carries what it fetched
   * (`python3 -c 'print(urlopen(U).read())' | sh`, `aws s3 cp s3://b/x - | sh`), and a fetcher's
   * file arguments hold fetched content (`git clone URL r && sh r/install.sh`, `scp h:x.sh .`).
   */
  #fetchedBy(inv: Invocation, out: Stream, before: number): Stream {
    let fetched: readonly DataSource[] = NO_SOURCES;
    const facts = this.sink.facts;
    for (let i = before; i < facts.length; i++) {
      const f = facts[i]!;
      if (f.kind !== 'net' || f.direction !== 'connect') continue;
      fetched = addSource(
        fetched,
        f.url === undefined ? { kind: 'net', host: f.host } : { kind: 'net', host: f.host, url: f.url },
      );
    }
    if (fetched.length === 0) return out;
    if (FETCHERS.has(inv.program)) this.#fetchedFiles(inv, fetched);
    return { ...out, sources: mergeSources(out.sources, fetched), text: null, interactive: false };
  }

  /** The files and directories a fetcher's arguments name now hold fetched content. */
  #fetchedFiles(inv: Invocation, fetched: readonly DataSource[]): void {
    const words = inv.argv.slice(1);
    const mark = (text: string): void =>
      this.#files.recordTree(this.#resolve({ ...inv.argv[0]!, text }).text, fetched);
    if (inv.program === 'git') {
      if (words[0]?.text !== 'clone') return;
      const plain = words.slice(1).filter((w) => !w.text.startsWith('-') && !w.dynamic);
      const last = plain[plain.length - 1];
      if (last === undefined) return;
      // `git clone URL` makes a directory named after the repository.
      const remote = /:/.test(last.text);
      const name = remote
        ? last.text
            .replace(/\/+$/, '')
            .replace(/\.git$/, '')
            .split(/[/:]/)
            .pop()
        : last.text;
      if (name !== undefined && name !== '') mark(name);
      return;
    }
    const hosts = new Set(fetched.map((f) => (f.kind === 'net' ? f.host : '')));
    // `scp h:dir/x.sh .`: into a directory, the fetched names are the remote ones (not all of `.`).
    const remoteNames = words
      .filter((w) => !w.text.startsWith('-') && (w.text.includes('://') || /^[^/]*:/.test(w.text)))
      .map((w) => w.text.replace(/\/+$/, '').split(/[/:]/).pop() ?? '')
      .filter((n) => n !== '' && !n.includes('*'));
    for (const w of words) {
      const t = w.text;
      if (
        w.dynamic ||
        t === '' ||
        t.startsWith('-') ||
        t.includes('://') ||
        /^[^/]*:/.test(t) ||
        hosts.has(t.toLowerCase())
      )
        continue;
      if ((t === '.' || t.endsWith('/')) && remoteNames.length > 0)
        for (const n of remoteNames) mark(t.replace(/\/+$/, '') + '/' + n);
      else mark(t);
    }
  }

  /**
   * A name renamed earlier in this input: an alias runs its text with the arguments appended
   * (`alias r='rm -rf'; r ~`), `hash -p PATH NAME` and a copy or link of a program binary
   * (`cp /bin/rm ./ls; ./ls -rf ~`) run that program. Null when the name is not renamed.
   */
  #rename(inv: Invocation): Stream | null {
    const first = inv.argv[0]!;
    if (first.dynamic) return null;
    const t = first.text;
    const alias =
      first.quoted || t.includes('/') || inv.via !== undefined ? undefined : this.#aliases?.get(t);
    if (alias !== undefined) {
      this.#aliases!.delete(t); // an alias is not expanded again inside its own text
      try {
        const rest = inv.argv.slice(1).map((w) => (w.dynamic ? w.text : quoteWord(w.text)));
        this.nested([alias, ...rest].join(' '), 'bash', inv.span, 'alias');
      } finally {
        this.#aliases!.set(t, alias);
      }
      return { sources: [{ kind: 'output', program: t }], text: null, interactive: false, literals: [] };
    }
    const resolved = t.includes('/') ? this.#resolve(first).text : t;
    const key = t.includes('/') ? fileKey(resolved) : 'hash:' + t;
    // `ln -s /bin/rm x; ./x`: the path leads (through the link) to a program of another name.
    const to =
      this.#renamed?.get(key) ??
      (resolved !== t && PROGRAM_PATH.test(resolved) && programName(resolved) !== programName(t)
        ? resolved
        : undefined);
    if (to === undefined || this.#renamed?.has(key + '\0') === true) return null;
    // Marked while it runs: a rename is followed once, never into itself.
    const renamed = (this.#renamed ??= new Map());
    renamed.set(key + '\0', to);
    try {
      return this.#invoke([{ ...first, text: to }, ...inv.argv.slice(1)], inv.span, inv.stdin, inv.via);
    } finally {
      renamed.delete(key + '\0');
    }
  }

  /** `alias NAME=TEXT`, `hash -p PATH NAME`, `cp|install|ln /bin/PROG NEWPATH`: remembers the new name. */
  #renaming(inv: Invocation): void {
    const args = inv.argv.slice(1);
    if (inv.program === 'alias') {
      for (const a of args) {
        const eq = a.text.indexOf('=');
        if (eq <= 0 || a.dynamic) continue;
        const value = a.text.slice(eq + 1);
        // Analysed where the name is used (with its arguments), not where it is defined: nl2bash
        // defines many aliases whose text alone would be denied (alias rmbig="find / ... -exec rm").
        (this.#aliases ??= new Map()).set(a.text.slice(0, eq), value);
      }
      return;
    }
    if (inv.program === 'hash') {
      const p = args.findIndex((a) => a.text === '-p');
      const path = args[p + 1];
      const name = args[p + 2];
      if (p !== -1 && path !== undefined && name !== undefined && !path.dynamic && !name.dynamic)
        (this.#renamed ??= new Map()).set('hash:' + name.text, path.text);
      return;
    }
    // cp / install / ln: exactly a source program binary and a new path.
    const plain: Word[] = [];
    for (let i = 0; i < args.length; i++) {
      const t = args[i]!.text;
      if (t === '-t' || t === '--target-directory' || t.startsWith('--target-directory=')) return;
      if (/^-[mogS]$/.test(t) || t === '--suffix' || t === '--mode' || t === '--owner' || t === '--group')
        i++;
      else if (!t.startsWith('-')) plain.push(args[i]!);
    }
    if (plain.length !== 2) return;
    const [from, to] = plain as [Word, Word];
    if (
      from.dynamic ||
      to.dynamic ||
      !PROGRAM_PATH.test(from.text) ||
      to.text === '.' ||
      to.text.endsWith('/')
    )
      return;
    if (programName(to.text) === programName(from.text)) return;
    (this.#renamed ??= new Map()).set(fileKey(this.#resolve(to).text), from.text);
  }

  /**
   * `printf -v 'a[$(cmd)]'`, `read 'a[$(cmd)]'`, `test -v ...`: a variable name with a subscript is
   * evaluated, and the command substitution in the subscript runs; `let x` evaluates x as arithmetic.
   */
  #subscriptNames(inv: Invocation): void {
    for (const a of inv.argv.slice(1)) {
      if (/^[A-Za-z_]\w*\[[^\]]*(?:\$\(|`)/.test(a.text))
        this.nested(': ' + a.text, 'bash', a.span, inv.program);
    }
    if (inv.program === 'let' && this.#arith !== null)
      this.#arithmeticText(inv.argv.map((a) => a.text).join(' '), inv.span);
  }

  /** An arithmetic context naming a variable whose value holds `a[$(cmd)]`: cmd runs. */
  #arithmetic(node: SyntaxNode): void {
    this.#arithmeticText(this.#slice(node), span(node));
  }

  #arithmeticText(text: string, at: Span): void {
    for (const name of this.#arith!) {
      if (!new RegExp(`(?:^|[^\\w])${name}(?![\\w])`).test(text)) continue;
      const v = this.#vars.get(name);
      if (v !== undefined) this.nested(': ' + v.text, 'bash', at, 'bash');
    }
  }

  /**
   * Assignments a child shell's code sees (`c='rm -rf ~' bash -c 'eval "$c"'`, `export c=...`):
   * the ones the code names, as lines to put before it. Empty when there are none.
   */
  environmentFor(code: string): string {
    if (this.#commandEnv === null && this.#exported === null) return '';
    let out = '';
    const add = (name: string, value: string): void => {
      if (code.includes('$' + name) || code.includes('${' + name)) out += `${name}=${quoteWord(value)}\n`;
    };
    if (this.#commandEnv !== null) for (const [n, v] of this.#commandEnv) add(n, v);
    if (this.#exported !== null)
      for (const n of this.#exported) {
        const v = this.#vars.get(n);
        if (this.#commandEnv?.has(n) !== true && v !== undefined && !v.dynamic) add(n, v.text);
      }
    return out;
  }

  /** `coproc CMD`: runs CMD; wired to the network, its descriptors (`${COPROC[0]}`) are a socket. */
  #coproc(inv: Invocation): Stream {
    // `coproc NAME { cmd; }`: the grammar leaves the braces as words; the descriptors are NAME[0], NAME[1].
    const named = /^[A-Za-z_]\w*$/.test(inv.argv[1]!.text) && /^[{(]$/.test(inv.argv[2]?.text ?? '');
    const name = named ? inv.argv[1]!.text : 'COPROC';
    const command = inv.argv.slice(named ? 3 : 1);
    if (command.length === 0) return EMPTY_PIPE;
    const before = this.sink.facts.length;
    const out = this.#invoke(command, inv.span, inv.stdin, 'coproc');
    const facts = this.sink.facts;
    for (let i = before; i < facts.length; i++) {
      const f = facts[i]!;
      if (f.kind !== 'net' || f.direction !== 'connect') continue;
      const net: DevNet = { host: f.host, port: f.port, scheme: f.scheme ?? 'tcp', url: f.url ?? f.host };
      (this.#coprocs ??= new Map()).set(name, net);
      break;
    }
    return out;
  }

  /** The program's own meaning: a function call, a resolved name, its handler, or the default. */
  #dispatch(inv: Invocation, texts: readonly string[]): Stream {
    const { program, argv, span: cmdSpan, stdin, via } = inv;
    const first = argv[0]!;
    const renamed = this.#rename(inv);
    if (renamed !== null) return renamed;
    if (RENAMING_BUILTINS.has(program)) this.#renaming(inv);
    if (SUBSCRIPT_NAMES.has(program)) this.#subscriptNames(inv);
    if (program === 'coproc' && argv.length > 1) return this.#coproc(inv);
    // `$(pwd)`: the directory this input is in (`.`, the workspace, unless it changed directory).
    if (program === 'pwd' && argv.length === 1) {
      const here = this.#cwd === null || this.#cwd.dynamic ? '.' : this.#cwd.path;
      return { sources: NO_SOURCES, text: here + '\n', interactive: false, literals: stdin.literals };
    }
    const called = this.#functions?.get(program);
    if (called !== undefined && first.text === program && via === undefined) {
      const out = this.#call(called, argv, stdin);
      if (out !== null) return out;
    }
    if (program === 'trap') this.#trap(argv, cmdSpan);
    // `set -- a b c`: the positional parameters are now known ("$@" rm -rf / after it).
    if (program === 'set' && argv[1]?.text === '--') this.#setPositional(argv.slice(2));
    // The command itself came from downloaded or decoded data (`$(curl URL)`, `$(echo .. | base64 -d)`).
    if (first.sources.length > 0 && !isUnresolved(first)) {
      const code = first.sources.filter((x) => x.kind === 'net' || x.kind === 'decoded');
      if (code.length > 0) this.flow(code, { kind: 'exec', program }, cmdSpan);
    }
    if (isUnresolved(first)) return this.#unresolved(inv, texts);
    // A script written earlier in this input and run now: its content is executed (curl -o x; ./x),
    // and known content is analysed as the runtime its #! line or extension names.
    if (first.text.includes('/') || WINDOWS_EXE.test(first.text)) this.#runWritten(first, program, cmdSpan);
    const known = staticOutput(program, argv);
    if (known !== null)
      return { sources: NO_SOURCES, text: known, interactive: false, literals: stdin.literals };
    const handler = handlerFor(program);
    const result = handler === undefined ? undefined : handler(inv, this);
    if (program === 'read' && stdin.text !== null) this.#readKnown(argv, stdin.text);
    if (result !== undefined) {
      // `cat x.sh | sh` after this input wrote x.sh: the text it prints is known.
      if (program === 'cat' && result.text === null) {
        const files = argv.slice(1).filter((w) => !w.text.startsWith('-'));
        const known = files.length === 1 ? this.writtenText(files[0]!) : null;
        if (known !== null) return { ...result, text: known.text, textSpan: known.span };
      }
      // `rg --files ~ | xargs rm`: a handler's output that lists a directory still lists it.
      const listing = result.listing === undefined ? listingOf(program, argv, stdin) : undefined;
      return listing === undefined ? result : { ...result, ...listing };
    }
    const reads = handler === undefined ? this.genericArgs(inv, argv.slice(1)) : this.#reads;
    // `terraform output`, `helm get values`: a subcommand that prints secrets is labelled as such.
    const printer = handler === undefined ? secretPrinterLabel(argv.map((a) => a.text)) : null;
    return {
      sources: addSource(mergeSources(stdin.interactive ? NO_SOURCES : stdin.sources, reads), {
        kind: 'output',
        program: printer ?? program,
      }),
      text: null,
      interactive: false,
      literals: stdin.literals,
      ...listingOf(program, argv, stdin),
    };
  }

  // ---------------------------------------------------------------- programs the walker resolves (#21)

  /**
   * A program whose name could not be resolved (`$SHELL`, `$(which sh)` of unknown output,
   * `b${x}ash`, `"$@"`): its possibilities are followed, worst first. It may be any program, so it
   * is analysed as a shell (its `-c` code, its script, its standard input run as code: a flow from
   * what is piped in); when the name is a bare expansion that may be empty, the remaining words
   * may be the command (`"$@" rm -rf /`); a glob over a program directory (`/bin/r?`) is each
   * known program it can match. Its output carries the network addresses it was given.
   */
  #unresolved(inv: Invocation, texts: readonly string[]): Stream {
    const first = inv.argv[0]!;
    const label = first.text === '' ? '(empty)' : first.text;
    let out: Stream = EMPTY_PIPE;
    const candidates = globPrograms(first.text);
    if (candidates !== null) {
      for (const name of candidates)
        out = mergeStreams(
          out,
          this.#invoke([{ ...first, text: name }, ...inv.argv.slice(1)], inv.span, inv.stdin, inv.via),
        );
      return out;
    }
    // Standard input and the name's own data are run as code by a program nobody can name.
    const sources = mergeSources(inv.stdin.interactive ? NO_SOURCES : inv.stdin.sources, first.sources);
    this.flow(sources, { kind: 'exec', program: label }, inv.span);
    const shell = handlerFor('sh');
    if (shell !== undefined) shell({ ...inv, program: label }, this);
    const spliced = withoutExpansions(first.text);
    if (spliced !== null)
      out = mergeStreams(
        out,
        this.#invoke(
          [{ ...first, text: spliced, dynamic: true }, ...inv.argv.slice(1)],
          inv.span,
          inv.stdin,
          inv.via,
        ),
      );
    // An unknown program given a whole system or home directory (`${s:1} -rf ~`) is taken at its
    // worst: a recursive remove of it.
    const restIsCommand = mayBeEmpty(first.text) && inv.argv.length > 1 && !inv.argv[1]!.text.startsWith('-');
    if (!restIsCommand && inv.argv.slice(1).some((a) => !a.dynamic && CRITICAL_DIRS.test(a.text)))
      out = mergeStreams(
        out,
        this.#invoke(
          [{ ...first, text: 'rm', dynamic: true }, ...inv.argv.slice(1)],
          inv.span,
          inv.stdin,
          inv.via,
        ),
      );
    if (inv.argv.length > 1 && mayBeEmpty(first.text)) {
      const rest = inv.argv.slice(1);
      if (!isUnresolved(rest[0]!)) out = mergeStreams(out, this.#invoke(rest, inv.span, inv.stdin, inv.via));
    }
    let produced: readonly DataSource[] = addSource(sources, { kind: 'output', program: label });
    for (let i = 1; i < texts.length; i++) {
      const t = texts[i]!;
      if (!t.includes('://')) continue;
      const addr = parseNetAddress(t);
      if (addr !== null) produced = addSource(produced, { kind: 'net', host: addr.host, url: t });
    }
    return mergeStreams(out, {
      sources: produced,
      text: null,
      interactive: false,
      literals: inv.stdin.literals,
    });
  }

  /** A call of a function defined earlier: its body runs with the arguments as $1..$9, $@, $*. */
  #call(body: SyntaxNode, argv: readonly Word[], stdin: Stream): Stream | null {
    const calling = (this.#calling ??= new Set());
    if (calling.size >= MAX_FUNCTION_DEPTH || calling.has(body)) return null;
    // Inside a definition's own walk the call is speculative (arguments and variables are the
    // definition's unknowns): the same function with the same words is followed there once.
    if (this.#defining > 0) {
      const key = `${body.start}\0${argv.map((w) => w.text).join('\0')}`;
      const followed = (this.#followedInDefinitions ??= new Set());
      if (followed.has(key)) return null;
      followed.add(key);
    }
    const saved = POSITIONAL.map((n) => this.#vars.get(n));
    this.#setPositional(argv.slice(1));
    calling.add(body);
    try {
      return this.#statement(body, stdin);
    } finally {
      calling.delete(body);
      POSITIONAL.forEach((n, i) => {
        const v = saved[i];
        if (v === undefined) this.#vars.delete(n);
        else this.#vars.set(n, v);
      });
    }
  }

  /** $1..$9, $@, $*, $# from a list of words (a function call, `set --`). */
  #setPositional(args: readonly Word[]): void {
    let all: readonly DataSource[] = NO_SOURCES;
    for (const a of args) all = mergeSources(all, a.sources);
    const joined = args.map((a) => a.text).join(' ');
    const dynamic = args.some((a) => a.dynamic);
    this.#vars.set('@', { text: joined, dynamic, sources: all, elements: args });
    this.#vars.set('*', { text: joined, dynamic, sources: all, elements: args });
    this.#vars.set('#', { text: String(args.length), dynamic: false, sources: NO_SOURCES });
    for (let i = 0; i < 9; i++) {
      const a = args[i];
      this.#vars.set(String(i + 1), a === undefined ? { text: '', dynamic: false, sources: NO_SOURCES } : a);
    }
  }

  /** `trap 'code' EXIT INT ...`: the code runs later, in this shell. */
  #trap(argv: readonly Word[], at: Span): void {
    let i = 1;
    if (argv[i]?.text === '--') i++;
    const code = argv[i];
    if (code === undefined || code.text.startsWith('-') || argv.length <= i + 1) return;
    this.nested(this.#withKnownVars(code.text), 'bash', code.span, 'trap');
    if (code.sources.length > 0) this.flow(code.sources, { kind: 'exec', program: 'trap' }, at);
  }

  /**
   * Code that runs later in this shell (trap, PROMPT_COMMAND) sees this input's variables: plain
   * static values (`t=$(mktemp -d)`) are written in before the code is analysed on its own.
   */
  #withKnownVars(code: string): string {
    if (!code.includes('$')) return code;
    return code.replace(/\$\{([A-Za-z_]\w*)\}|\$([A-Za-z_]\w*)/g, (all, a?: string, b?: string) => {
      const v = this.#vars.get(a ?? b ?? '');
      return v !== undefined && !v.dynamic && /^[\w./:@%+,-]+$/.test(v.text) ? v.text : all;
    });
  }

  /**
   * `{rm,-rf,/}`: a brace list in command position expands to the command's words; the grammar
   * leaves it an ERROR, so the expanded words are analysed as a command of their own.
   */
  #braceCommand(node: SyntaxNode): void {
    const open = node.children[0];
    if (open?.type !== '{') return;
    const raw = this.#text.slice(open.start, node.end);
    const m = /^\{[^\s{}]*,[^\s{}]*\}/.exec(raw);
    if (m === null) return;
    const words = expandBraces(m[0]);
    if (words === null || words === 'overflow') return;
    this.nested(words.join(' '), 'bash', { start: open.start, end: open.start + m[0].length }, 'bash');
  }

  // ---------------------------------------------------------------- redirections

  #inputRedirects(redirects: readonly SyntaxNode[], stdin: Stream, actor: string): Stream {
    let input = stdin;
    for (const r of redirects) {
      if (r.type === 'heredoc_redirect') input = this.#heredoc(r);
      else if (r.type === 'herestring_redirect' || this.#hereStrings?.has(r) === true) {
        const value = r.children.find((c) => c.named && c.type !== 'file_descriptor');
        if (value !== undefined) input = this.#hereString(value);
      } else {
        const { op, target, fd } = this.#fileRedirect(r);
        if (target === undefined) continue;
        if (fd !== null && fd !== 0) {
          // `3< file`, `exec 3</dev/tcp/h/p`: opened for reading, but not as standard input.
          if (op === '<') this.#readOnDescriptor(this.#word(target), fd, actor, span(r));
          continue;
        }
        if (op === '<&') {
          // `sh <&196`: standard input from a descriptor opened on a socket earlier.
          const socket = this.#socketOf(target);
          if (socket !== null)
            input = {
              sources: [{ kind: 'net', host: socket.host }],
              text: null,
              interactive: false,
              literals: [],
            };
          continue;
        }
        if (op !== '<' && op !== '<>') continue;
        const w = this.#word(target);
        const net = devNet(w.text);
        if (net !== null) {
          this.sink.net({ ...net, sends: op === '<>', actor, span: span(r) });
          input = {
            sources: [{ kind: 'net', host: net.host }],
            text: null,
            interactive: false,
            literals: [],
          };
          continue;
        }
        if (w.proc !== undefined) {
          input = { ...w.proc, interactive: false };
          continue;
        }
        const sources = this.read(w, actor);
        if (op === '<>') this.write(w, actor, 'write', NO_SOURCES);
        // `sh < x.sh` after this input wrote x.sh: the shell reads that text.
        const known = this.writtenText(w);
        input =
          known === null
            ? { sources, text: null, interactive: false, literals: [] }
            : { sources, text: known.text, textSpan: known.span, interactive: false, literals: [] };
      }
    }
    return input;
  }

  /** `<<< word`: the word and a newline are the standard input. */
  #hereString(value: SyntaxNode): Stream {
    const w = this.#word(value);
    const literal = this.sink.literal(w.text, w.span, false);
    return {
      sources: w.sources,
      text: w.dynamic ? null : w.text + '\n',
      textSpan: w.span,
      interactive: false,
      literals: [literal],
    };
  }

  #readOnDescriptor(w: Word, fd: number, actor: string, at: Span): void {
    const net = devNet(w.text);
    if (net === null) {
      this.read(w, actor);
      return;
    }
    this.sink.net({ ...net, sends: false, actor, span: at });
    if (actor === 'exec' && fd > 2) (this.#sockets ??= new Map()).set(fd, net);
  }

  /**
   * `cat <<EOF | sh` and `cat <<EOF && cmd`: the grammar puts what follows the here-doc operator
   * on its line inside the redirect; a pipeline there reads this command's output (#21).
   */
  #heredocTail(r: SyntaxNode, out: Stream): Stream {
    let result = out;
    for (const c of r.children) {
      if (!c.named || c.type.startsWith('heredoc') || c.type === 'file_redirect') continue;
      if (c.type === 'pipeline') {
        for (const cmd of c.children)
          if (cmd.named) result = this.#statement(cmd, { ...result, interactive: false });
      } else result = mergeStreams(result, this.#statement(c, TERMINAL));
    }
    return result;
  }

  #heredoc(r: SyntaxNode): Stream {
    let body: SyntaxNode | undefined;
    let stripTabs = false;
    for (const c of r.children) {
      if (c.type === 'heredoc_body') body = c;
      else if (c.type === '<<-') stripTabs = true;
    }
    if (body === undefined) return { sources: NO_SOURCES, text: '', interactive: false, literals: [] };
    let text = '';
    let sources: readonly DataSource[] = NO_SOURCES;
    let pos = body.start;
    // tree-sitter-bash starts a body that opens with plain text at its first expansion
    // (`<<EOF\nrmtree("$HOME")`): the lines before it are the body too.
    const start = r.children.find((c) => c.type === 'heredoc_start');
    if (start !== undefined && body.children[0]?.type !== 'heredoc_content') {
      const first = this.#text.indexOf('\n', start.end) + 1;
      if (first > 0 && first < pos) pos = first;
    }
    for (const c of body.children) {
      if (c.type === 'heredoc_content' || !c.named) continue;
      text += this.#text.slice(pos, c.start);
      const w = this.#word(c);
      text += w.text;
      sources = mergeSources(sources, w.sources);
      pos = c.end;
    }
    text += this.#text.slice(pos, body.end);
    if (stripTabs) text = text.replace(/^\t+/gm, '');
    const literal = this.sink.literal(text, span(body), false);
    return { sources, text, textSpan: span(body), interactive: false, literals: [literal] };
  }

  #fileRedirect(r: SyntaxNode): { op: string; target: SyntaxNode | undefined; fd: number | null } {
    let op = '';
    let fd: number | null = null;
    let target: SyntaxNode | undefined;
    let lessError = false;
    for (const c of r.children) {
      if (c.type === 'file_descriptor') fd = Number(this.#slice(c));
      else if (!c.named) {
        if (op === '') op = lessError && c.type === '>' ? '<>' : c.type;
      } else if (c.type === 'ERROR' && op === '<' && target === undefined && this.#slice(c) === '>') {
        op = '<>'; // `N<>file`: the grammar leaves the `>` of `<>` as an ERROR inside the redirect
      } else if (c.type === 'ERROR' && op === '' && this.#slice(c) === '<') {
        lessError = true; // ... or, before a statement that follows, the `<` (`exec 3<>/dev/tcp/h/p; x`)
      } else if (target === undefined) target = c;
    }
    if (op === '>' && this.#readWrite?.has(r) === true) op = '<>';
    return { op, target, fd };
  }

  /**
   * Marks `redirect` as `<>` when `error` is the lone `<` the grammar split off right before it,
   * and as `<<<` when `error` is the lone `<<` before a `<` redirect.
   */
  #splitReadWrite(error: SyntaxNode, redirect: SyntaxNode): void {
    if (error.end !== redirect.start) return;
    const split = this.#slice(error);
    if (split === '<') (this.#readWrite ??= new Set()).add(redirect);
    else if (split === '<<' && redirect.type === 'file_redirect' && this.#fileRedirect(redirect).op === '<')
      (this.#hereStrings ??= new Set()).add(redirect);
  }

  /** The socket a descriptor-duplication target names (`>&196` after `exec 196<>/dev/tcp/h/p`). */
  #socketOf(target: SyntaxNode): DevNet | null {
    if (this.#coprocs !== null) {
      // `<&${COPROC[0]}`, `>&${NC[1]}`: the descriptors of a co-process wired to a socket.
      const m = /^\$\{([A-Za-z_]\w*)\[[01]\]\}$/.exec(this.#slice(target));
      const net = m === null ? undefined : this.#coprocs.get(m[1]!);
      if (net !== undefined) return net;
    }
    if (this.#sockets === null) return null;
    return this.#sockets.get(Number(this.#slice(target))) ?? null;
  }

  #outputRedirects(
    redirects: readonly SyntaxNode[],
    out: Stream,
    actor: string,
    program: string | null,
  ): Stream {
    let result = out;
    for (const r of redirects) {
      if (r.type !== 'file_redirect') {
        // `cat <<EOF > file`: tree-sitter nests the file redirect inside the here-doc redirect.
        for (const c of r.children)
          if (c.type === 'file_redirect') result = this.#outputRedirects([c], result, actor, program);
        continue;
      }
      const { op, target, fd } = this.#fileRedirect(r);
      if (target === undefined || op === '<' || op === '<<<') continue;
      if (op === '<>' && (fd === null || fd === 0)) continue; // standard input: #inputRedirects
      const toStdout = fd === null || fd === 1 || op.startsWith('&') || op === '>&';
      if (
        (op === '>&' || op === '<&' || op === '>&-' || op === '<&-') &&
        (target.type === 'number' || this.#slice(target) === '-')
      ) {
        // Descriptor duplication; onto a socket opened earlier (`sh >&196`), the output goes there.
        const socket = op === '>&' ? this.#socketOf(target) : null;
        if (socket !== null) {
          if (toStdout) {
            this.flow(out.sources, { kind: 'net', host: socket.host }, span(r));
            this.egress(out, []);
            result = EMPTY_PIPE;
          }
          if (program !== null && isShell(program))
            this.flow([{ kind: 'net', host: socket.host }], { kind: 'exec', program }, span(r));
        }
        continue;
      }
      if (op === '<&') continue;
      const w = this.#word(target);
      if (w.procSink !== undefined) {
        // `cmd > >(sh)`: the output is the input of the substituted command.
        const ran = this.#intoSink(w, out);
        if (toStdout && ran !== null) result = ran;
        continue;
      }
      const net = devNet(w.text);
      if (net !== null) {
        this.sink.net({ ...net, sends: true, actor, span: span(r) });
        // `exec 196<>/dev/tcp/h/p`: the shell keeps the socket open as descriptor 196.
        if (program === 'exec' && fd !== null && fd > 2) (this.#sockets ??= new Map()).set(fd, net);
        if (toStdout) {
          this.flow(out.sources, { kind: 'net', host: net.host }, span(r));
          this.egress(out, []);
        }
        // A shell wired to a socket runs what the socket sends: a reverse shell.
        if (program !== null && isShell(program))
          this.flow([{ kind: 'net', host: net.host }], { kind: 'exec', program }, span(r));
        if (toStdout) result = EMPTY_PIPE;
        continue;
      }
      if (QUIET_PATHS.has(w.text) || w.text.startsWith('/dev/fd/')) {
        if (toStdout && w.text !== '/dev/stdout') result = EMPTY_PIPE;
        continue;
      }
      const append = op === '>>' || op === '&>>';
      this.write(
        w,
        actor,
        append ? 'append' : 'write',
        toStdout ? out.sources : NO_SOURCES,
        false,
        toStdout ? out : null,
      );
      if (toStdout) result = EMPTY_PIPE;
    }
    return result;
  }

  // ---------------------------------------------------------------- variables

  #assign(node: SyntaxNode): void {
    let name = '';
    let append = false;
    let value: Word | undefined;
    for (const c of node.children) {
      if (c.type === 'variable_name') name = this.#slice(c);
      else if (c.type === 'subscript') name = this.#slice(c.children[0] ?? c);
      else if (c.type === '+=') append = true;
      else if (c.named && c.type !== 'variable_name') value = this.#word(c);
    }
    if (name === '') return;
    name = this.#referenced(name);
    const text = value?.text ?? '';
    if (!append && HISTORY_VARIABLES.has(name)) this.#historyVariable(name, text, span(node));
    // PROMPT_COMMAND='...' runs before every prompt; other code variables run when exported (#21).
    if (CODE_VARIABLES.has(name) && value !== undefined && text !== '')
      this.nested(this.#withKnownVars(text), 'bash', value.span, 'bash');
    else if (PROMPT_VARIABLES.has(name) && value !== undefined) this.#prompt(text, value.span, 'bash');
    const arrayNode = node.children.find((c) => c.type === 'array');
    if (arrayNode !== undefined && !append) {
      const elements: Word[] = [];
      for (const c of arrayNode.children) if (c.named) this.#expandInto(elements, c);
      this.#vars.set(name, {
        text: elements.map((e) => e.text).join(' '),
        dynamic: elements.some((e) => e.dynamic),
        sources: value?.sources ?? NO_SOURCES,
        elements,
      });
      return;
    }
    const prev = append ? this.#vars.get(name) : undefined;
    if (!this.#affordText(text.length)) {
      this.#vars.set(name, { text: '', dynamic: true, sources: NO_SOURCES });
      return;
    }
    if (INJECTS.test(text)) (this.#arith ??= new Set()).add(name);
    else if (!append) this.#arith?.delete(name);
    this.#vars.set(name, {
      text: (prev?.text ?? '') + text,
      dynamic: (prev?.dynamic ?? false) || (value?.dynamic ?? false),
      sources: mergeSources(prev?.sources ?? NO_SOURCES, value?.sources ?? NO_SOURCES),
    });
  }

  /**
   * `HISTFILE=/dev/null`, `unset HISTFILE`, `HISTSIZE=0`, `HISTFILESIZE=0`, `HISTIGNORE='*'`: the
   * session's commands are no longer kept. Reported as what it amounts to, a truncate of the shell
   * history file (FS-AST-023); `value` null is `unset`.
   */
  #historyVariable(name: string, value: string | null, at: Span): void {
    const erases =
      name === 'HISTFILE'
        ? value === null || value === '' || QUIET_PATHS.has(value)
        : name === 'HISTIGNORE'
          ? value === '*'
          : value === '0';
    if (erases) this.sink.file({ op: 'truncate', path: '~/.bash_history', actor: 'bash', span: at });
    // HISTFILE=~/.bashrc: the shell appends the session's commands there (history -w, at exit).
    else if (name === 'HISTFILE' && value !== null)
      this.sink.file({ op: 'append', path: value, actor: 'bash', span: at });
  }

  #declaration(node: SyntaxNode): Stream {
    const exported = node.children[0]?.type === 'export';
    // `export`, `export -p`, `declare -x`, `declare -p`, `typeset -x` with no names print the
    // variables with their values: the environment, secrets included (#21).
    if (
      node.children.every((c, i) => i === 0 || (c.type === 'word' && /^-[a-zA-Z]*$/.test(this.#slice(c))))
    ) {
      const flags = node.children
        .slice(1)
        .map((c) => this.#slice(c))
        .join('');
      if (exported || flags === '' || /[xp]/.test(flags))
        return { sources: [{ kind: 'env' }], text: null, interactive: false, literals: [] };
    }
    let nameref = false;
    for (const c of node.children) {
      if (c.type === 'word' && !exported && /^-[a-zA-Z]*n/.test(this.#slice(c))) nameref = true;
      if (c.type === 'variable_assignment' && nameref) {
        // `declare -n r=x`: r stands for x from now on, whatever x holds when r is read (#22).
        const ref = c.children.find((k) => k.type === 'variable_name');
        const to = this.#word(c).text.slice(ref === undefined ? 0 : this.#slice(ref).length + 1);
        if (ref !== undefined && /^[A-Za-z_]\w*$/.test(to))
          (this.#namerefs ??= new Map()).set(this.#slice(ref), to);
        else this.#assign(c);
      } else if (c.type === 'variable_assignment') {
        this.#assign(c);
        // `export LD_PRELOAD=/tmp/x.so`: every later program of the session loads it.
        if (exported) {
          const w = this.#word(c);
          const eq = w.text.indexOf('=');
          const name = w.text.slice(0, eq);
          if (eq > 0) (this.#exported ??= new Set()).add(name);
          if (eq > 0 && PRELOAD_VARIABLES.has(name) && eq < w.text.length - 1)
            this.#preload(name, { ...w, text: w.text.slice(eq + 1) }, 'bash');
          else if (name === 'NODE_OPTIONS') this.#nodeOptions({ ...w, text: w.text.slice(eq + 1) }, 'bash');
        }
      } else if (c.named && c.type !== 'variable_name') this.#word(c);
    }
    return EMPTY_PIPE;
  }

  /** `read [-r] X <<< 'text'`: X holds the first line when the input is known statically. */
  #readKnown(argv: readonly Word[], text: string): void {
    const words = argv.slice(1);
    if (!words.every((w) => !w.dynamic && (/^-[rse]+$/.test(w.text) || /^[A-Za-z_]\w*$/.test(w.text))))
      return;
    const names = words.filter((w) => !w.text.startsWith('-'));
    if (names.length !== 1) return;
    const line = text.split('\n')[0]!;
    const ifs = this.#vars.get('IFS')?.text;
    this.#vars.set(names[0]!.text, {
      text: ifs === '' ? line : line.trim(),
      dynamic: false,
      sources: NO_SOURCES,
    });
  }

  /** `read X` and friends: the variables now hold what came in on stdin. */
  setVariable(name: string, value: VarValue): void {
    this.#vars.set(name, value);
  }

  /** The variable `name` stands for: itself, or what a `declare -n` reference names (followed to its end). */
  #referenced(name: string): string {
    if (this.#namerefs === null) return name;
    let n = name;
    for (let hops = 0; hops < 8; hops++) {
      const to = this.#namerefs.get(n);
      if (to === undefined || to === name) break;
      n = to;
    }
    return n;
  }

  #lookup(
    nameOrRef: string,
    raw: string,
  ): { text: string; dynamic: boolean; sources: readonly DataSource[] } {
    const name = this.#referenced(nameOrRef);
    const known = this.#vars.get(name);
    if (known !== undefined) return known;
    if (name === 'HOME') return { text: '~', dynamic: false, sources: NO_SOURCES };
    // Unset IFS splits on blanks: `curl${IFS}URL` is two words (#21).
    if (name === 'IFS') return { text: ' \t\n', dynamic: false, sources: NO_SOURCES };
    if (name === 'PWD') return { text: '.', dynamic: false, sources: NO_SOURCES };
    if (SPECIAL_PARAMS.has(name) || (name.charCodeAt(0) >= 48 && name.charCodeAt(0) <= 57)) {
      return { text: raw, dynamic: true, sources: NO_SOURCES };
    }
    return { text: raw, dynamic: true, sources: [{ kind: 'env', name }] };
  }

  // ---------------------------------------------------------------- words

  /** Evaluates an argument node into one or more words (brace expansion). */
  #expandInto(out: Word[], node: SyntaxNode): void {
    const spliced = this.#splice(node);
    if (spliced !== null) {
      for (const e of spliced) out.push({ ...e, span: span(node) });
      return;
    }
    const fields = this.#fieldSplit(node);
    if (fields !== null) {
      out.push(...fields);
      return;
    }
    const w = this.#word(node);
    if (
      !w.quoted &&
      (node.type === 'concatenation' || node.type === 'brace_expression') &&
      w.text.includes('{')
    ) {
      const many = expandBraces(w.text);
      if (many === 'overflow') {
        // Too many words to list: the word stands for a pattern covering all of them (#21).
        out.push({ ...w, text: braceAsGlob(w.text), dynamic: true });
        return;
      }
      if (many !== null) {
        for (const text of many) out.push({ ...w, text });
        return;
      }
    }
    out.push(w);
  }

  /** `"${a[@]}"`, `"$@"`, `$*`: one word per element of a known array or argument list. */
  #splice(node: SyntaxNode): readonly Word[] | null {
    let inner = node;
    if (node.type === 'string') {
      const named = node.children.filter((c) => c.named);
      if (named.length !== 1 || node.children.length !== 3) return null;
      inner = named[0]!;
    }
    if (inner.type === 'simple_expansion') {
      const name = this.#slice(inner).slice(1);
      return name === '@' || name === '*' ? (this.#vars.get(name)?.elements ?? null) : null;
    }
    if (inner.type !== 'expansion') return null;
    const named = inner.children.filter((c) => c.named);
    if (named.length !== 1 || named[0]!.type !== 'subscript') return null;
    const sub = named[0]!;
    const arrayName = sub.children[0] === undefined ? '' : this.#slice(sub.children[0]);
    const index = sub.children.find((c, i) => i > 0 && c.named);
    const elements = this.#vars.get(this.#referenced(arrayName))?.elements;
    if (elements === undefined || index === undefined) return null;
    const at = this.#slice(index);
    if (at === '@' || at === '*') return elements;
    if (/^[0-9]+$/.test(at)) {
      const one = elements[Number(at)];
      return one === undefined ? [] : [one];
    }
    return null;
  }

  /**
   * Field splitting: an unquoted expansion whose value holds IFS characters becomes several words
   * (`curl${IFS}-s${IFS}URL`, `c='curl URL'; $c`). Only expansions split, never the literal parts.
   */
  #fieldSplit(node: SyntaxNode): Word[] | null {
    if (
      node.type !== 'concatenation' &&
      node.type !== 'simple_expansion' &&
      node.type !== 'expansion' &&
      node.type !== 'command_substitution'
    )
      return null;
    const parts = node.type === 'concatenation' ? node.children.filter((c) => c.named) : [node];
    const ifs = this.#vars.get('IFS')?.text ?? ' \t\n';
    if (ifs === '') return null;
    let splits = false;
    for (const c of parts) {
      if (c.type === 'command_substitution') splits = true; // decided once its value is known
      const v = this.#peek(c);
      if (v !== null && [...v].some((ch) => ifs.includes(ch))) splits = true;
    }
    if (!splits) return null;
    const s = span(node);
    const out: Word[] = [];
    let text = '';
    let dynamic = false;
    let quoted = false;
    let sources: readonly DataSource[] = NO_SOURCES;
    const flush = (): void => {
      if (text !== '' || quoted) out.push({ text, dynamic, quoted, span: s, sources });
      text = '';
      dynamic = false;
      quoted = false;
    };
    for (const c of parts) {
      const w = this.#word(c);
      sources = mergeSources(sources, w.sources);
      dynamic ||= w.dynamic;
      const splitting =
        !w.dynamic &&
        (c.type === 'simple_expansion' || c.type === 'expansion' || c.type === 'command_substitution');
      if (splitting) {
        for (const ch of w.text) {
          if (ifs.includes(ch)) flush();
          else text += ch;
        }
      } else {
        text += w.text;
        quoted ||= w.quoted;
      }
    }
    flush();
    return out;
  }

  /** The value of a plain `$X` / `${X}` without walking anything, or null for other nodes. */
  #peek(node: SyntaxNode): string | null {
    if (node.type !== 'simple_expansion' && node.type !== 'expansion') return null;
    const named = node.children.filter((c) => c.named);
    if (named.length !== 1) return null;
    const n = named[0]!;
    if (n.type !== 'variable_name' && n.type !== 'special_variable_name') return null;
    const name = this.#referenced(this.#slice(n));
    const v = this.#vars.get(name);
    if (v !== undefined) return v.dynamic ? null : v.text; // an unknown value is a placeholder, not text
    return name === 'IFS' ? ' \t\n' : null;
  }

  #word(node: SyntaxNode): Word {
    const s = span(node);
    if (!this.sink.ctx.budget.spend(WORD_UNITS, 'bash words')) return this.#raw(node);
    switch (node.type) {
      case 'word': {
        const raw = this.#slice(node);
        const text = unescapeWord(raw);
        return { text, dynamic: hasGlob(raw), quoted: text !== raw, span: s, sources: NO_SOURCES };
      }
      case 'number':
      case 'variable_name':
      case 'file_descriptor':
      case 'test_operator':
      case 'heredoc_start':
        return { text: this.#slice(node), dynamic: false, quoted: false, span: s, sources: NO_SOURCES };
      case 'raw_string': {
        const raw = this.#slice(node);
        return {
          text: raw.slice(1, raw.length - 1),
          dynamic: false,
          quoted: true,
          span: s,
          sources: NO_SOURCES,
        };
      }
      case 'ansi_c_string': {
        const raw = this.#slice(node);
        return {
          text: decodeEscapes(raw.slice(2, raw.length - 1)),
          dynamic: false,
          quoted: true,
          span: s,
          sources: NO_SOURCES,
        };
      }
      case 'string':
        return this.#doubleQuoted(node, s);
      case 'translated_string': {
        const inner = node.children.find((c) => c.type === 'string');
        return inner === undefined ? this.#raw(node) : { ...this.#doubleQuoted(inner, s), span: s };
      }
      case 'concatenation':
      case 'command_name':
      case 'array':
        return this.#concat(node, s, node.type === 'array' ? ' ' : '');
      case 'simple_expansion': {
        const nameNode = node.children.find((c) => c.named);
        const name = nameNode === undefined ? '' : this.#slice(nameNode);
        const v = this.#lookup(name, this.#slice(node));
        return { text: v.text, dynamic: v.dynamic, quoted: false, span: s, sources: v.sources };
      }
      case 'expansion':
        return this.#expansion(node, s);
      case 'command_substitution': {
        const out = this.#substitution(node);
        // Output known statically (`$(echo rm)`, `$(which sh)`, `$()`, a here-doc through cat): its value.
        if (out.text !== null)
          return {
            text: out.text.replace(/\n+$/, ''),
            dynamic: false,
            quoted: false,
            span: s,
            sources: out.sources,
          };
        // A listing (`$(git ls-files)`, `$(ls ~)`): the paths it names, as their glob.
        if (out.listing?.length === 1)
          return { text: out.listing[0]!, dynamic: true, quoted: false, span: s, sources: out.sources };
        return { text: this.#slice(node), dynamic: true, quoted: false, span: s, sources: out.sources };
      }
      case 'process_substitution': {
        // `>(cmd)`: cmd's input is what the command writes there, known only once it writes.
        if (node.children[0]?.type === '>(') {
          (this.#pendingSinks ??= []).push(node);
          const w: Word = {
            text: this.#slice(node),
            dynamic: true,
            quoted: false,
            span: s,
            sources: NO_SOURCES,
          };
          return { ...w, procSink: node };
        }
        const out = this.#substitution(node);
        return {
          text: this.#slice(node),
          dynamic: true,
          quoted: false,
          span: s,
          sources: NO_SOURCES,
          proc: out,
        };
      }
      case 'variable_assignment': {
        // `cmd X=1` as an argument (env X=1 cmd, make X=1): the words as written, value evaluated.
        let text = '';
        let dynamic = false;
        let sources: readonly DataSource[] = NO_SOURCES;
        let quoted = false;
        let proc: Stream | undefined;
        for (const c of node.children) {
          if (!c.named) text += c.type;
          else {
            const w = this.#word(c);
            text += w.text;
            dynamic ||= w.dynamic;
            quoted ||= w.quoted;
            sources = mergeSources(sources, w.sources);
            proc ??= w.proc; // BASH_ENV=<(echo code): what the file holds
          }
        }
        return proc === undefined
          ? { text, dynamic, quoted, span: s, sources }
          : { text, dynamic, quoted, span: s, sources, proc };
      }
      default: {
        if (this.#arith !== null && node.type === 'arithmetic_expansion') this.#arithmetic(node);
        // arithmetic, brace_expression, anything unusual: substitutions inside still run.
        let sources: readonly DataSource[] = NO_SOURCES;
        const stack = [...node.children];
        let guard = 0;
        while (stack.length > 0 && guard++ < 10_000) {
          const c = stack.pop()!;
          if (
            c.type === 'command_substitution' ||
            c.type === 'process_substitution' ||
            c.type === 'simple_expansion' ||
            c.type === 'expansion'
          ) {
            sources = mergeSources(sources, this.#word(c).sources);
          } else stack.push(...c.children);
        }
        const raw = this.#slice(node);
        return { text: raw, dynamic: node.type !== 'brace_expression', quoted: false, span: s, sources };
      }
    }
  }

  /** False when appending `length` characters of expanded text is over the work budget. */
  #affordText(length: number): boolean {
    return length < LONG_TEXT_CHARS || this.sink.ctx.budget.spend(length >> 2, 'bash expansions');
  }

  #raw(node: SyntaxNode): Word {
    return { text: this.#slice(node), dynamic: true, quoted: false, span: span(node), sources: NO_SOURCES };
  }

  #concat(node: SyntaxNode, s: Span, sep: string): Word {
    let text = '';
    let dynamic = false;
    let quoted = false;
    let sources: readonly DataSource[] = NO_SOURCES;
    let proc: Stream | undefined;
    let firstPart = true;
    for (const c of node.children) {
      if (!c.named) continue;
      const w = this.#word(c);
      if (!this.#affordText(w.text.length)) return this.#raw(node);
      text += firstPart ? w.text : sep + w.text;
      firstPart = false;
      dynamic ||= w.dynamic;
      quoted ||= w.quoted;
      sources = mergeSources(sources, w.sources);
      proc ??= w.proc;
    }
    const word: Word = { text, dynamic, quoted, span: s, sources };
    return proc === undefined ? word : { ...word, proc };
  }

  #doubleQuoted(node: SyntaxNode, s: Span): Word {
    let text = '';
    let dynamic = false;
    let sources: readonly DataSource[] = NO_SOURCES;
    const kids = node.children;
    // Content sits between the opening and closing quote tokens; gaps are literal text.
    let pos = node.start + 1;
    // The closing quote token can swallow blank content (`" "`), so content ends one before the node.
    const close = kids.length > 1 ? kids[kids.length - 1]! : undefined;
    const end = close !== undefined && close.type === '"' && !close.missing ? node.end - 1 : node.end;
    for (const c of kids) {
      if (!c.named) continue;
      if (c.start > pos) text += unescapeDouble(this.#text.slice(pos, c.start));
      if (c.type === 'string_content') text += unescapeDouble(this.#slice(c));
      else {
        const w = this.#word(c);
        if (!this.#affordText(w.text.length)) return this.#raw(node);
        text += w.text;
        dynamic ||= w.dynamic;
        sources = mergeSources(sources, w.sources);
      }
      pos = c.end;
    }
    if (end > pos) text += unescapeDouble(this.#text.slice(pos, end));
    return { text, dynamic, quoted: true, span: s, sources };
  }

  #expansion(node: SyntaxNode, s: Span): Word {
    const raw = this.#slice(node);
    // `${x@P}` expands x like a prompt: the command substitutions in its value run (#21).
    const prompt = /^\$\{([A-Za-z_]\w*)@P\}$/.exec(raw);
    if (prompt !== null) {
      const v = this.#vars.get(prompt[1]!);
      if (v !== undefined && /\$\(|`/.test(v.text))
        this.nested(': "' + v.text.replace(/["\\]/g, '\\$&') + '"', 'bash', s, 'bash');
    }
    const computed = this.#computedExpansion(node, raw);
    if (computed !== null) return { ...computed, quoted: false, span: s };
    let name = '';
    let operator = '';
    let operand: SyntaxNode | undefined;
    let parts = 0;
    for (const c of node.children) {
      if (c.type === '${' || c.type === '}') continue;
      parts++;
      if ((c.type === 'variable_name' || c.type === 'special_variable_name') && name === '')
        name = this.#slice(c);
      else if (!c.named && operator === '') operator = c.type;
      else if (c.named && operand === undefined) operand = c;
    }
    if (name !== '' && parts === 1) {
      const v = this.#lookup(name, raw);
      return { text: v.text, dynamic: v.dynamic, quoted: false, span: s, sources: v.sources };
    }
    if (name !== '' && (operator === ':-' || operator === '-' || operator === ':=' || operator === '=')) {
      const known = this.#vars.get(this.#referenced(name));
      if (known !== undefined)
        return { text: known.text, dynamic: known.dynamic, quoted: false, span: s, sources: known.sources };
      // Unset at analysis time: the default is what a fresh shell would use.
      const fallback = operand === undefined ? undefined : this.#word(operand);
      return {
        text: fallback?.text ?? '',
        dynamic: true,
        quoted: false,
        span: s,
        sources: mergeSources([{ kind: 'env', name }], fallback?.sources ?? NO_SOURCES),
      };
    }
    let sources: readonly DataSource[] = name !== '' ? this.#lookup(name, raw).sources : NO_SOURCES;
    if (operand !== undefined) sources = mergeSources(sources, this.#word(operand).sources);
    return { text: raw, dynamic: true, quoted: false, span: s, sources };
  }

  /**
   * `${!ref}`, `${a[1]}`, `${s:1:2}`, `${s%x}`, `${s/a/b}`, `${s,,}` on a known value: the value
   * bash computes. Null when the value or the operator's result is not known (docs/engine.md).
   */
  #computedExpansion(node: SyntaxNode, raw: string): VarValue | null {
    const kids = node.children.filter((c) => c.type !== '${' && c.type !== '}');
    const first = kids[0];
    if (first === undefined) return null;
    let base: VarValue;
    let rest: SyntaxNode[];
    if (first.type === '!' && kids.length === 2 && kids[1]!.type === 'variable_name') {
      const ref = this.#vars.get(this.#slice(kids[1]!));
      if (ref === undefined || ref.dynamic || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(ref.text)) return null;
      base = this.#lookup(ref.text, '$' + ref.text);
      rest = [];
    } else if (first.type === 'subscript') {
      const arrayName = first.children[0] === undefined ? '' : this.#slice(first.children[0]);
      const index = first.children.find((c, i) => i > 0 && c.named);
      const at = index === undefined ? '' : this.#slice(index);
      if (!/^[0-9]{1,6}$/.test(at)) return null;
      const v = this.#vars.get(arrayName);
      if (v === undefined) return null;
      if (v.elements === undefined) {
        if (Number(at) !== 0) return null;
        base = v;
      } else {
        const one = v.elements[Number(at)];
        base = one === undefined ? { text: '', dynamic: false, sources: NO_SOURCES } : one;
      }
      rest = kids.slice(1);
    } else if (first.type === 'variable_name' || first.type === 'special_variable_name') {
      base = this.#lookup(this.#slice(first), raw);
      rest = kids.slice(1);
    } else return null;
    if (base.dynamic) return null;
    const op = this.#paramOp(rest);
    if (op === undefined) return { text: base.text, dynamic: false, sources: base.sources };
    if (op === null) return null;
    const text = applyParamOp(base.text, op);
    return text === null ? null : { text, dynamic: false, sources: base.sources };
  }

  /** The operator after the name; undefined when there is none, null when it is not modelled. */
  #paramOp(rest: readonly SyntaxNode[]): ParamOp | null | undefined {
    if (rest.length === 0) return undefined;
    const tok = rest[0]!.type;
    const literal = (n: SyntaxNode | undefined): string | null => {
      if (n === undefined) return '';
      const t = this.#slice(n);
      return /[$`'"\\]/.test(t) ? null : t;
    };
    if (tok === ':' && (rest.length === 2 || (rest.length === 4 && rest[2]!.type === ':'))) {
      const offset = literal(rest[1]);
      const length = rest.length === 4 ? literal(rest[3]) : undefined;
      if (offset === null || length === null) return null;
      return { kind: 'substring', offset, length };
    }
    if ((tok === '#' || tok === '##' || tok === '%' || tok === '%%') && rest.length <= 2) {
      const pattern = literal(rest[1]);
      return pattern === null ? null : { kind: 'strip', op: tok, pattern };
    }
    if (tok === '/' || tok === '//' || tok === '/#' || tok === '/%') {
      const pattern = rest[1] === undefined || rest[1].type === '/' ? '' : literal(rest[1]);
      const slash = rest.findIndex((c, i) => i > 0 && c.type === '/');
      if (slash !== -1 && slash < rest.length - 2) return null;
      const byNode = slash === -1 ? undefined : rest[slash + 1];
      const by = byNode === undefined ? '' : this.#word(byNode);
      if (pattern === null || (typeof by !== 'string' && by.dynamic)) return null;
      return { kind: 'replace', op: tok, pattern, by: typeof by === 'string' ? by : by.text };
    }
    if ((tok === ',' || tok === ',,' || tok === '^' || tok === '^^') && rest.length === 1)
      return { kind: 'case', op: tok };
    return null;
  }

  /** `$(...)`, backticks, `<(...)`: the inner statements run; their output is the value. */
  #substitution(node: SyntaxNode): Stream {
    const inner = node.children.filter((c) => c.named);
    if (inner.length === 0) return { sources: NO_SOURCES, text: '', interactive: false, literals: [] };
    // `$(< file)` is bash for reading the file.
    if (inner.length === 1 && inner[0]!.type === 'file_redirect') {
      const { target } = this.#fileRedirect(inner[0]!);
      if (target !== undefined) {
        const file = this.#word(target);
        const sources = this.read(file, 'bash');
        const known = this.writtenText(file);
        return { sources, text: known?.text ?? null, interactive: false, literals: [] };
      }
    }
    return this.#block(inner, this.#commandStdin);
  }

  // ---------------------------------------------------------------- loops and functions

  #while(node: SyntaxNode, stdin: Stream): Stream {
    let until = false;
    const conditions: SyntaxNode[] = [];
    let body: SyntaxNode | undefined;
    for (const c of node.children) {
      if (c.type === 'until') until = true;
      else if (c.type === 'do_group') body = c;
      else if (c.named) conditions.push(c);
    }
    const unbounded = conditions.length === 1 && this.#constantCondition(conditions[0]!) === !until;
    const scan = this.#scan(body, conditions);
    this.sink.loop(span(node), unbounded, scan.sleeps, scan.exits, scan.forks);
    // `while read pw; do ...; done < rockyou.txt` goes through the file a line per turn.
    const list = stdin.sources.find((x) => x.kind === 'file');
    const region = loopRegion(
      this.#slice(node),
      unbounded,
      undefined,
      list?.kind === 'file' ? list.path : undefined,
    );
    return this.#hot(region, scan, () => {
      let out = this.#block(conditions, stdin);
      if (body !== undefined) out = mergeStreams(out, this.#statement(body, stdin));
      return out;
    });
  }

  /** Walks a loop's parts with the requests inside marked as its region says (code/repeats.ts). */
  #hot(region: HotRegion | undefined, scan: { sleeps: boolean; exits: boolean }, walk: () => Stream): Stream {
    const marks = region === undefined ? undefined : regionMarks(region, scan.sleeps, scan.exits);
    if (marks === undefined) return walk();
    this.sink.hot.push(marks);
    try {
      return walk();
    } finally {
      this.sink.hot.pop();
    }
  }

  /** true / false when a loop condition is a constant (`true`, `:`, `false`, `[ 1 ]`, `((1))`), else null. */
  #constantCondition(cond: SyntaxNode): boolean | null {
    if (cond.type === 'command') {
      const nameNode = cond.children.find((c) => c.type === 'command_name');
      if (nameNode === undefined) return null;
      const name = programName(unescapeWord(this.#slice(nameNode)));
      if (name === 'true' || name === ':') return true;
      if (name === 'false') return false;
      return null;
    }
    if (
      cond.type === 'test_command' ||
      cond.type === 'compound_statement' ||
      cond.type === 'arithmetic_expansion'
    ) {
      const inner = cond.children.filter((c) => c.named);
      if (
        inner.length === 1 &&
        (inner[0]!.type === 'number' || inner[0]!.type === 'word' || inner[0]!.type === 'raw_string')
      ) {
        const text = this.#slice(inner[0]!);
        if (cond.type === 'test_command') return text.length > 0;
        return /^[0-9]+$/.test(text) ? Number(text) !== 0 : null;
      }
    }
    if (cond.type === 'negated_command') {
      const inner = cond.children.find((c) => c.named);
      const v = inner === undefined ? null : this.#constantCondition(inner);
      return v === null ? null : !v;
    }
    return null;
  }

  #forIn(node: SyntaxNode, stdin: Stream): Stream {
    let variable = '';
    let body: SyntaxNode | undefined;
    const values: Word[] = [];
    for (const c of node.children) {
      if (c.type === 'variable_name' && variable === '') variable = this.#slice(c);
      else if (c.type === 'do_group') body = c;
      else if (c.named) this.#expandInto(values, c);
    }
    const scan = this.#scan(body, []);
    this.sink.loop(span(node), false, scan.sleeps, scan.exits, scan.forks);
    const header = this.#text.slice(node.start, body === undefined ? node.end : body.start);
    const region = loopRegion(this.#slice(node), false, forTurns(header), forList(header));
    return this.#hot(region, scan, () => this.#forInBody(variable, values, body, stdin));
  }

  #forInBody(variable: string, values: readonly Word[], body: SyntaxNode | undefined, stdin: Stream): Stream {
    if (variable !== '') {
      // One static value: the body sees it; several: the loop variable is unknown to the body.
      const only = values.length === 1 ? values[0]! : undefined;
      this.#vars.set(variable, {
        text: only?.text ?? '$' + variable,
        dynamic: only?.dynamic ?? true,
        sources: values.reduce<readonly DataSource[]>((acc, w) => mergeSources(acc, w.sources), NO_SOURCES),
      });
    }
    if (body === undefined) return EMPTY_PIPE;
    let out = this.#statement(body, stdin);
    // Each further static value is checked too (for d in / /etc; do rm -rf $d; done), a few at most.
    if (variable !== '' && values.length > 1 && values.length <= 8) {
      for (const w of values) {
        this.#vars.set(variable, { text: w.text, dynamic: w.dynamic, sources: w.sources });
        out = mergeStreams(out, this.#statement(body, stdin));
      }
    }
    return out;
  }

  #cFor(node: SyntaxNode, stdin: Stream): Stream {
    // for (( init ; cond ; update )): unbounded when the condition is empty or a non-zero constant.
    let semis = 0;
    let inHeader = false;
    let condition: SyntaxNode | undefined;
    let body: SyntaxNode | undefined;
    for (const c of node.children) {
      if (c.type === '((') inHeader = true;
      else if (c.type === '))') inHeader = false;
      else if (inHeader && c.type === ';') semis++;
      else if (inHeader && c.named && semis === 1 && condition === undefined) condition = c;
      else if (c.type === 'do_group' || c.type === 'compound_statement') body = c;
      if (inHeader && c.named) this.#expressions({ ...c, children: [c] });
    }
    const condText = condition === undefined ? '' : this.#slice(condition).trim();
    const unbounded = condition === undefined || (/^[0-9]+$/.test(condText) && Number(condText) !== 0);
    const scan = this.#scan(body, []);
    this.sink.loop(span(node), unbounded, scan.sleeps, scan.exits, scan.forks);
    const region = loopRegion(this.#slice(node), unbounded, boundTurns(condText), undefined);
    return this.#hot(region, scan, () => (body === undefined ? EMPTY_PIPE : this.#statement(body, stdin)));
  }

  #case(node: SyntaxNode, stdin: Stream): Stream {
    let out: Stream = EMPTY_PIPE;
    for (const c of node.children) {
      if (c.type === 'case_item') {
        let afterParen = false;
        for (const item of c.children) {
          if (item.type === ')') afterParen = true;
          else if (afterParen && item.named) out = mergeStreams(out, this.#statement(item, stdin));
        }
      } else if (c.named) this.#word(c);
    }
    return out;
  }

  /**
   * Function definitions: the body is analysed where it is defined (a definition that could do harm
   * is reported even if the call is hidden). A function that calls itself is a loop; called from
   * a pipeline or in the background it forks (the fork bomb `:(){ :|:& };:` and renamed copies).
   */
  #function(node: SyntaxNode): void {
    let name = '';
    let body: SyntaxNode | undefined;
    for (const c of node.children) {
      if (!c.named) continue;
      if (name === '' && (c.type === 'word' || c.type === 'variable_name'))
        name = unescapeWord(this.#slice(c));
      else if (body === undefined && c.type !== 'word') body = c;
    }
    if (body === undefined) return;
    const scan = this.#scan(body, [], name);
    if (scan.selfCalls) this.sink.loop(span(node), true, scan.sleeps, scan.exits, scan.forks);
    this.#defining++;
    try {
      this.#statement(body, TERMINAL);
    } finally {
      this.#defining--;
    }
    // Registered after its own walk: calls inside the definition are followed when it is called.
    if (name !== '') (this.#functions ??= new Map()).set(name, body);
  }

  /**
   * Looks through a loop or function body (bounded, iterative) for sleeps, exits, background jobs
   * and, for functions, calls to `self`.
   */
  #scan(
    body: SyntaxNode | undefined,
    extra: readonly SyntaxNode[],
    self?: string,
  ): { sleeps: boolean; exits: boolean; forks: boolean; selfCalls: boolean } {
    const result = { sleeps: false, exits: false, forks: false, selfCalls: false };
    const stack: { node: SyntaxNode; piped: boolean }[] = [];
    if (body !== undefined) stack.push({ node: body, piped: false });
    for (const e of extra) stack.push({ node: e, piped: false });
    let visited = 0;
    while (stack.length > 0 && visited++ < 20_000) {
      const { node, piped } = stack.pop()!;
      if (node.type === 'function_definition') continue;
      if (node.type === 'command') {
        const nameNode = node.children.find((c) => c.type === 'command_name');
        if (nameNode !== undefined) {
          const name = programName(unescapeWord(this.#slice(nameNode)));
          if (SLEEPERS.has(name)) result.sleeps = true;
          if (EXITERS.has(name)) result.exits = true;
          if (self !== undefined && name === self) {
            result.selfCalls = true;
            if (piped) result.forks = true;
          }
        }
      }
      const kids = node.children;
      for (let i = 0; i < kids.length; i++) {
        const c = kids[i]!;
        if (c.type === '&') {
          result.forks = self === undefined ? true : result.forks;
          const prev = kids[i - 1];
          if (prev !== undefined) stack.push({ node: prev, piped: true });
          continue;
        }
        if (!c.named) continue;
        const nextIsAmp = kids[i + 1]?.type === '&';
        if (nextIsAmp) continue; // pushed by the '&' branch with piped = true
        stack.push({ node: c, piped: piped || node.type === 'pipeline' });
      }
    }
    return result;
  }

  // ---------------------------------------------------------------- toolkit for program handlers

  run(argv: readonly Word[], cmdSpan: Span, stdin: Stream, via: string): Stream {
    if (argv.length === 0) return EMPTY_PIPE;
    return this.#invoke(argv, cmdSpan, stdin, via);
  }

  nested(code: string, runtime: Runtime, at: Span, via: string): void {
    this.sink.add(this.sink.ctx.nested(code, runtime, at, via));
  }

  read(word: Word, actor: string): readonly DataSource[] {
    const path = this.#resolve(word);
    if (path.proc !== undefined) {
      this.#reads = mergeSources(this.#reads, path.proc.sources);
      return path.proc.sources;
    }
    const text = path.text;
    if (text === '' || text === '-' || QUIET_PATHS.has(text)) return NO_SOURCES;
    const net = devNet(text);
    if (net !== null) {
      this.sink.net({ ...net, sends: false, actor, span: path.span });
      const sources: readonly DataSource[] = [{ kind: 'net', host: net.host }];
      this.#reads = mergeSources(this.#reads, sources);
      return sources;
    }
    this.sink.file({ op: 'read', path: text, actor, span: path.span, dynamic: path.dynamic });
    let sources: readonly DataSource[] = isEnvironFile(text)
      ? [{ kind: 'env' }]
      : [{ kind: 'file', path: text }];
    const written = this.#files.get(text);
    if (written !== undefined) sources = mergeSources(sources, written.sources);
    this.#reads = mergeSources(this.#reads, sources);
    return sources;
  }

  write(
    word: Word,
    actor: string,
    op: WriteOp,
    sources: readonly DataSource[],
    recursive = false,
    content: Stream | null = null,
  ): void {
    if (word.procSink !== undefined) {
      // `tee >(sh)`, `curl -o >(sh) URL`: what is written is the substituted command's input.
      this.#intoSink(word, content ?? { sources, text: null, interactive: false, literals: [] });
      return;
    }
    const path = this.#resolve(word);
    if (STDOUT_PATHS.has(path.text)) {
      // `curl -o /dev/stdout URL | sh`: written by name to the command's own output.
      this.#toStdout = mergeSources(this.#toStdout, sources);
      return;
    }
    if (QUIET_PATHS.has(path.text) || path.text === '-' || path.text === '') return;
    // The text an echo/printf writes, when wholly known, is judged as a file tool's would be (R19 twin:
    // a PATH line appended to ~/.profile).
    const text =
      content?.text != null && sources.length === 0 && !path.dynamic && (op === 'write' || op === 'append')
        ? content.text
        : undefined;
    this.sink.file({
      op,
      path: path.text,
      actor,
      span: path.span,
      dynamic: path.dynamic,
      recursive,
      ...(text !== undefined ? { text } : {}),
    });
    if (sources.length > 0) this.flow(sources, { kind: 'file', path: path.text }, path.span);
    if (path.dynamic) return;
    this.#files.record(path.text, op, sources, content);
    // `echo B64 | base64 -d > /etc/profile.d/z.sh` (R21): hidden code put where a shell, a login or
    // a start-up runs it by itself is judged as that code now, whether or not this input runs it.
    if (
      content?.text != null &&
      sources.some((x) => x.kind === 'decoded') &&
      RUNS_BY_ITSELF.test(path.text) &&
      content.text.trim() !== ''
    ) {
      const runtime = scriptRuntime(path.text, content.text);
      if (runtime !== null) this.nested(content.text, runtime, content.textSpan ?? path.span, actor);
    }
    // A package.json's install hooks run on the next `npm install` in the project, whoever runs it.
    if (content?.text != null && /(?:^|\/)package\.json$/.test(path.text)) this.#installHooks(content);
    // `echo registry=URL > .npmrc`, `printf '--index-url URL' > requirements.txt`: every later
    // install takes packages from the source written there (judged as the config command it is).
    if (content?.text != null && PACKAGE_SOURCE_FILE.test(path.text)) {
      const sources = writtenCode(path.text, content.text);
      if (sources !== undefined) this.nested(sources.code, 'bash', content.textSpan ?? path.span, actor);
    }
  }

  /** The lifecycle scripts (preinstall, postinstall, prepare, ...) of a package.json text, analysed as bash. */
  #installHooks(content: Stream): void {
    let scripts: unknown;
    try {
      scripts = (JSON.parse(content.text!) as { scripts?: unknown }).scripts;
    } catch {
      return; // npm refuses a package.json that is not JSON
    }
    if (typeof scripts !== 'object' || scripts === null) return;
    const at = content.textSpan ?? { start: 0, end: 0 };
    for (const [name, code] of Object.entries(scripts))
      if (LIFECYCLE_SCRIPTS.has(name) && typeof code === 'string' && code !== '')
        this.nested(code, 'bash', at, 'npm');
  }

  fileOp(
    word: Word,
    actor: string,
    op: 'delete' | 'chmod' | 'chown' | 'link' | 'execute',
    recursive: boolean,
    extra?: { mode?: string; owner?: string },
  ): void {
    const path = this.#resolve(word);
    if (path.text === '' || (op !== 'execute' && QUIET_PATHS.has(path.text))) return;
    const init = { op, path: path.text, actor, span: path.span, dynamic: path.dynamic, recursive };
    this.sink.file(extra === undefined ? init : { ...init, ...extra });
    if (op === 'execute') {
      const written =
        path.proc?.sources ?? this.#files.get(path.text)?.sources ?? this.#files.fetched(path.text);
      if (written !== undefined) this.flow(written, { kind: 'exec', program: actor }, path.span);
    }
  }

  chdir(dir: Word | undefined): void {
    const cdpath = this.#commandEnv?.get('CDPATH') ?? this.#vars.get('CDPATH')?.text;
    if (dir === undefined) this.#cwd = { path: '~', dynamic: false };
    else if (dir.text === '-') this.#cwd = { path: '$OLDPWD', dynamic: true };
    else if (cdpath !== undefined && cdpath !== '' && /^[^/.~$]/.test(dir.text)) {
      // `CDPATH=/home cd agent`: a relative name is looked up in CDPATH first (taken at its worst).
      const base = cdpath.split(':').find((d) => d !== '' && d !== '.');
      if (base === undefined) this.#cwd = { path: this.#resolve(dir).text, dynamic: dir.dynamic };
      else this.#cwd = { path: base.replace(/\/+$/, '') + '/' + dir.text, dynamic: dir.dynamic };
    } else {
      const resolved = this.#resolve(dir);
      this.#cwd = { path: resolved.text, dynamic: resolved.dynamic };
    }
  }

  assign(name: string, sources: readonly DataSource[]): void {
    this.#vars.set(name, { text: '$' + name, dynamic: true, sources });
  }

  /** A relative path after `cd DIR` in the same input is under DIR. */
  #resolve(word: Word): Word {
    const w = this.#links === null ? word : this.#throughLinks(word);
    const cwd = this.#cwd;
    if (cwd === null || w.proc !== undefined) return w;
    const t = w.text;
    const c = t.charCodeAt(0);
    if (c === 47 /* / */ || c === 126 /* ~ */ || c === 36 /* $ */ || t === '') return w;
    let rel = t;
    while (rel.startsWith('./')) rel = rel.slice(2);
    if (rel === '.') rel = '';
    const base = cwd.path.endsWith('/') ? cwd.path.slice(0, -1) : cwd.path;
    const text = rel === '' ? cwd.path : base === '' ? '/' + rel : base + '/' + rel;
    return { ...w, text, dynamic: w.dynamic || cwd.dynamic };
  }

  /** `ln [-s] TARGET NAME`: later paths of this input that start with NAME lead to TARGET (#21). */
  symlink(name: Word, target: Word): void {
    const link = trimDot(this.#resolve(name).text);
    if (link === '' || name.dynamic) return;
    const t = target.text;
    const slash = link.lastIndexOf('/');
    // A relative target is relative to the directory that holds the link.
    const to = /^[/~$]/.test(t) || slash < 0 ? t : link.slice(0, slash + 1) + t;
    (this.#links ??= new Map()).set(link, trimDot(to) || '.');
  }

  /** The path with a link made earlier in this input replaced by what it points to. */
  #throughLinks(w: Word): Word {
    const t = trimDot(w.text);
    for (const [name, to] of this.#links!) {
      if (t === name) return { ...w, text: to };
      if (t.startsWith(name) && t.charCodeAt(name.length) === 47 /* / */)
        return { ...w, text: to + t.slice(name.length) };
    }
    return w;
  }

  written(path: string): readonly DataSource[] {
    return this.#files.get(path)?.sources ?? NO_SOURCES;
  }

  writtenText(path: Word): { text: string; span: Span } | null {
    if (path.dynamic) return null;
    const written = this.#files.get(this.#resolve(path).text);
    if (written === undefined || written.text === null || written.text.trim() === '') return null;
    return { text: written.text, span: written.span ?? path.span };
  }

  writtenPaths(): readonly string[] {
    return this.#files.empty ? NO_PATHS : this.#files.paths();
  }

  contentOf(path: Word, stdin: Stream): Stream | null {
    if (path.proc !== undefined) return { ...path.proc, interactive: false };
    if (path.dynamic) return null;
    if (STDIN_PATHS.has(path.text)) return stdin.interactive ? null : stdin;
    if (this.#files.empty) return null;
    const written = this.#files.get(this.#resolve(path).text);
    if (written === undefined) return null;
    return {
      sources: written.sources,
      text: written.text,
      interactive: false,
      literals: [],
      ...(written.span === undefined ? {} : { textSpan: written.span }),
    };
  }

  /**
   * `./x.sh`, `/tmp/p.py` run by path after this input wrote them: what was written is executed
   * (a flow from its sources), and known text is analysed as the runtime that runs it.
   */
  #runWritten(first: Word, program: string, at: Span): void {
    const path = this.#resolve(first).text;
    const written = this.#files.get(path);
    if (written === undefined) {
      const fetched = this.#files.fetched(path);
      if (fetched !== undefined) this.flow(fetched, { kind: 'exec', program }, at);
      return;
    }
    this.flow(written.sources, { kind: 'exec', program }, at);
    if (written.text === null || written.text.trim() === '') return;
    const runtime = scriptRuntime(first.text, written.text);
    if (runtime !== null) this.nested(written.text, runtime, written.span ?? at, program);
  }

  flow(sources: readonly DataSource[], to: DataSink, at: Span): void {
    this.sink.flows(sources, to, at);
  }

  egress(stream: Stream | null, words: readonly Word[]): void {
    if (stream !== null) for (const l of stream.literals) l.egress = true;
    for (const w of words) if (w.literal !== undefined) w.literal.egress = true;
  }

  /**
   * Any program: an argument or option value (`--file=~/.aws/credentials`, `@file`) that names a
   * path is a read, and a URL is a network target.
   */
  genericArgs(inv: Invocation, words: readonly Word[]): readonly DataSource[] {
    let sources: readonly DataSource[] = NO_SOURCES;
    for (const w of words) {
      let text = w.text;
      if (w.proc !== undefined) {
        sources = mergeSources(sources, this.read(w, inv.program));
        continue;
      }
      if (text.length < 2) continue;
      if (text.charCodeAt(0) === 45 /* - */) {
        const eq = text.indexOf('=');
        if (eq === -1) continue;
        text = text.slice(eq + 1);
      }
      if (text.charCodeAt(0) === 64 /* @ */) text = text.slice(1);
      if (text.includes('://')) {
        const addr = parseNetAddress(text);
        if (addr !== null) {
          this.sink.net({
            host: addr.host,
            port: addr.port,
            url: text,
            scheme: addr.scheme,
            sends: false,
            actor: inv.program,
            span: w.span,
          });
        }
        continue;
      }
      if (isPathLike(text))
        sources = mergeSources(sources, this.read(text === w.text ? w : { ...w, text }, inv.program));
    }
    return sources;
  }

  // ---------------------------------------------------------------- helpers

  #slice(node: SyntaxNode): string {
    return this.#text.slice(node.start, node.end);
  }
}

/** A Windows program by path (`$WINDIR\\System32\\curl.exe`, handed over from python or node): its name (curl). */
const WINDOWS_EXE = /\\([\w.-]+)\.exe$/i;

/** Basename of the command word: `/usr/bin/rm` → `rm`. */
export function programName(text: string): string {
  const win = WINDOWS_EXE.exec(text);
  if (win !== null) return win[1]!.toLowerCase();
  const slash = text.lastIndexOf('/');
  // `$(npm bin)/eslint`: the directory is unknown but the name after the last slash is not.
  if (text.includes('$(') || text.includes('`')) {
    const start = nameStart(text);
    const base = text.slice(start);
    return start === 0 || /[$`()]/.test(base) || base === '' ? text : base;
  }
  return slash === -1 || slash === text.length - 1 ? text : text.slice(slash + 1);
}

const SHELLS = new Set([
  'sh',
  'bash',
  'zsh',
  'dash',
  'ksh',
  'mksh',
  'ash',
  'fish',
  'csh',
  'tcsh',
  'rbash',
  'busybox',
]);

export function isShell(program: string): boolean {
  return SHELLS.has(program);
}

interface DevNet {
  readonly host: string;
  readonly port: number | undefined;
  readonly scheme: string;
  /** The pseudo-device path itself (`/dev/tcp/h/p`): NetOpFact.url, which SH-AST-002 matches. */
  readonly url: string;
}

/** `/dev/tcp/host/port` and `/dev/udp/host/port`: bash opens a socket. */
function devNet(path: string): DevNet | null {
  if (!path.startsWith('/dev/tcp/') && !path.startsWith('/dev/udp/')) return null;
  const rest = path.slice(9);
  const slash = rest.indexOf('/');
  const host = (slash === -1 ? rest : rest.slice(0, slash)).toLowerCase();
  const port = slash === -1 ? undefined : Number(rest.slice(slash + 1));
  return {
    host,
    port: port !== undefined && Number.isInteger(port) ? port : undefined,
    scheme: path.slice(5, 8),
    url: path,
  };
}

function isEnvironFile(path: string): boolean {
  return path.startsWith('/proc/') && path.endsWith('/environ');
}

/** The command word's name part holds an expansion or glob that could not be resolved (#21). */
function isUnresolved(w: Word): boolean {
  if (!w.dynamic) return false;
  const t = w.text;
  if (t === '') return true;
  // The folder is unknown (`$WINDIR\\System32\\`) but the program's file name is not.
  if (WINDOWS_EXE.test(t)) return false;
  const base = t.slice(nameStart(t));
  return base === '' || /[$`*?[]/.test(base);
}

/** Index just after the last `/` that is not inside `$(...)`, `${...}` or backticks. */
function nameStart(text: string): number {
  let depth = 0;
  let tick = false;
  let at = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '`') tick = !tick;
    else if (c === '$' && (text[i + 1] === '(' || text[i + 1] === '{')) {
      depth++;
      i++;
    } else if ((c === ')' || c === '}') && depth > 0) depth--;
    else if (c === '/' && depth === 0 && !tick) at = i + 1;
  }
  return at;
}

/**
 * The name with its unresolved expansions taken as empty (`r${x}m` → `rm`, `ba$@sh` → `bash`):
 * one of the values it can have, or null when that leaves no plain name.
 */
function withoutExpansions(text: string): string | null {
  const out = text.replace(/\$\{[^}]*\}|\$[@*#?!$0-9-]|\$\([^()]*\)|`[^`]*`|\$[A-Za-z_]\w*(?=[^\w]|$)/g, '');
  return out !== text && /^[\w./+-]+$/.test(out) ? out : null;
}

/** `ls DIR`, `find DIR ...`, `rg --files DIR`: the paths the output lines name, for xargs. */
function listingOf(
  program: string,
  argv: readonly Word[],
  stdin?: Stream,
): { listing: readonly string[]; listingNamed?: boolean; listingKind?: boolean } | undefined {
  const words = argv.slice(1);
  // Every object of a kind (`kubectl get ns`), and a listing a filter passes on (programs/resource-listing.ts).
  const texts = words.some((w) => w.dynamic) ? undefined : words.map((w) => w.text);
  const every = texts === undefined ? undefined : resourceListing(program, texts);
  if (every !== undefined) return { listing: every, listingKind: true };
  if (
    stdin?.listingKind === true &&
    stdin.listing !== undefined &&
    texts !== undefined &&
    keepsListing(program, texts)
  )
    return { listing: stdin.listing, listingKind: true };
  let dirs: readonly Word[];
  if (program === 'find') {
    const end = words.findIndex((w) => /^[-(!]/.test(w.text));
    dirs = end === -1 ? words : words.slice(0, end);
    // Only an unfiltered walk lists everything (`find . -name '*.pyc'` names a few files).
    const expr = end === -1 ? [] : words.slice(end).map((w) => w.text);
    if (dirs.length === 0) return undefined;
    if (!/^((-maxdepth|-mindepth) \d+ |-xdev |-depth |-type [fdl] )*$/.test(expr.join(' ') + ' ')) {
      // A walk filtered by name alone lists every file of that name at any depth, as find -exec
      // reads it (files.ts): `find / -name '*.sql' -o -name '*.bak' | xargs rm` (R17).
      const filter = expr.join(' ') + ' ';
      if (
        !/^(?:(?:-i?name \S+|-o|-or|\(|\)|(?:-maxdepth|-mindepth) \d+|-xdev|-depth|-print0?|-type [fdl]) )*$/.test(
          filter,
        )
      )
        return undefined;
      const names = expr.filter((_, i) => /^-i?name$/.test(expr[i - 1] ?? ''));
      if (names.length === 0 || dirs.some((w) => w.dynamic)) return undefined;
      return {
        listing: dirs.flatMap((w) => {
          const root = w.text.replace(/\/+$/, '');
          return names.flatMap((n) => [`${root}/${n}`, `${root}/.*/${n}`, `${root}/*/${n}`]);
        }),
        listingNamed: true,
      };
    }
    const under = /-mindepth [1-9]/.test(expr.join(' '));
    return {
      listing: dirs
        .filter((w) => !w.dynamic)
        .map((w) => (under ? w.text.replace(/\/+$/, '') + '/*' : w.text)),
    };
  }
  if (program === 'git') return gitListing(words);
  if (program !== 'ls' && !(program === 'rg' && words.some((w) => w.text === '--files'))) return undefined;
  dirs = words.filter((w) => !w.text.startsWith('-') && !w.dynamic);
  return dirs.length === 0 ? undefined : { listing: dirs.map((w) => w.text.replace(/\/+$/, '') + '/*') };
}

/** `git ls-files` options that list only some files (modified, untracked, ignored, deleted ...). */
const GIT_SUBSET = /^-(?:[a-z]*[modiuks][a-z]*|-(?:modified|others|ignored|deleted|unmerged|killed|stage))$/;

/**
 * `git ls-files [PATHSPEC]`, `git ls-tree -r --name-only HEAD`: every tracked file (red team r8:
 * `truncate -s0 $(git ls-files)`), as the glob `**\/*` or `**\/PATTERN` under a pathspec.
 */
function gitListing(words: readonly Word[]): { listing: readonly string[] } | undefined {
  let i = 0;
  while (words[i] !== undefined && words[i]!.text.startsWith('-')) i += words[i]!.text === '-C' ? 2 : 1;
  const sub = words[i]?.text;
  const rest = words.slice(i + 1).map((w) => w.text);
  if (sub === 'ls-tree' ? !rest.includes('-r') : sub !== 'ls-files') return undefined;
  if (rest.some((a) => GIT_SUBSET.test(a) && sub === 'ls-files')) return undefined;
  const specs = rest.filter(
    (a) => !a.startsWith('-') && (sub !== 'ls-tree' || a !== rest.find((x) => !x.startsWith('-'))),
  );
  if (specs.length > 1) return undefined;
  const spec = specs[0];
  if (spec === undefined || spec === '.' || spec === ':/') return { listing: ['**/*'] };
  return /^\*\.\w+$/.test(spec) ? { listing: [`**/${spec}`] } : undefined;
}

/** Directories whose removal is catastrophic: the root, the home, the top-level system folders. */
const CRITICAL_DIRS = /^(?:~\/?|~\/\*|\/\*?|\/(?:etc|home|usr|var|bin|sbin|boot|root|lib|lib64|opt|srv)\/?)$/;

/** A word made only of expansions, which may expand to nothing (`$x`, `"$@"`, `${1}`). */
function mayBeEmpty(text: string): boolean {
  return /^(?:\$(?:[A-Za-z_][A-Za-z0-9_]*|[@*#?!$0-9-])|\$\{[^}]*\})+$/.test(text);
}

/** Programs a glob in command position is tested against, most dangerous first. */
const GLOB_PROGRAMS: readonly string[] = [
  'sh',
  'bash',
  'dash',
  'zsh',
  'ksh',
  'rm',
  'curl',
  'wget',
  'nc',
  'ncat',
  'netcat',
  'socat',
  'telnet',
  'python',
  'python3',
  'perl',
  'ruby',
  'php',
  'node',
  'cat',
  'base64',
  'chmod',
  'chown',
  'dd',
  'shred',
  'openssl',
  'ssh',
  'scp',
  'sudo',
  'su',
  'env',
  'busybox',
  'awk',
  'tar',
  'mkfs',
];

/** At most this many programs a command-position glob can name are followed. */
const MAX_GLOB_PROGRAMS = 4;

/**
 * `/bin/r?`, `/???/??sh`, `/bin/ba*`: the known programs the name part can match (with the
 * directory as written), or null when the word is not a plain glob or matches none of them.
 */
function globPrograms(text: string): readonly string[] | null {
  if (text.includes('$') || text.includes('`')) return null;
  const slash = text.lastIndexOf('/');
  const base = text.slice(slash + 1);
  // A name with no letter of its own (`*`, `./*` from find's {}) spells no program in particular.
  if (!/[*?[]/.test(base) || !/[A-Za-z0-9]/.test(base)) return null;
  let re: RegExp;
  try {
    re = new RegExp(
      '^' +
        base
          .replace(/[.+^${}()|\\]/g, '\\$&')
          .replace(/\*/g, '.*')
          .replace(/\?/g, '.')
          .replace(/\[!/g, '[^') +
        '$',
    );
  } catch {
    return null;
  }
  const dir = slash === -1 ? '' : text.slice(0, slash + 1);
  const out = GLOB_PROGRAMS.filter((p) => re.test(p)).slice(0, MAX_GLOB_PROGRAMS);
  return out.length === 0 ? null : out.map((p) => dir + p);
}

const STATIC_OUTPUT: ReadonlySet<string> = new Set([
  'which',
  'command',
  'type',
  'mktemp',
  'dirname',
  'basename',
]);

/**
 * Output some programs give that is known without running them: `which sh` and `command -v sh`
 * print a path to the program, `mktemp` a new name below its directory (so `rm -rf "$t"` after
 * `t=$(mktemp -d)` is known to be scratch), `dirname`/`basename` a part of their argument.
 */
function staticOutput(program: string, argv: readonly Word[]): string | null {
  if (!STATIC_OUTPUT.has(program)) return null; // most commands: one lookup, no allocation
  const args = argv.slice(1);
  if (args.some((a) => a.dynamic)) return null;
  const texts = args.map((a) => a.text);
  switch (program) {
    case 'which':
    case 'command':
    case 'type': {
      const flag = program === 'which' ? null : program === 'command' ? /^-[vV]$/ : /^-[pP]$/;
      if (flag !== null && (texts.length !== 2 || !flag.test(texts[0]!))) return null;
      const names = texts.filter((t) => !t.startsWith('-'));
      if (names.length !== 1 || !/^[\w.+-]+$/.test(names[0]!)) return null;
      return `/usr/bin/${names[0]!}\n`;
    }
    case 'mktemp': {
      let dir: string | null = null;
      let template: string | null = null;
      for (let i = 0; i < texts.length; i++) {
        const t = texts[i]!;
        if (t === '-p' || t === '--tmpdir') dir = texts[++i] ?? '/tmp';
        else if (t.startsWith('--tmpdir=')) dir = t.slice(9);
        else if (t === '-t') dir ??= '/tmp';
        else if (t.startsWith('-')) continue;
        else template = t;
      }
      if (template === null) return `${dir ?? '/tmp'}/tmp.XXXXXXXXXX\n`;
      if (template.includes('/') || dir === null) return `${template}\n`;
      return `${dir}/${template}\n`;
    }
    case 'dirname':
    case 'basename': {
      if (texts.length !== 1 || texts[0]!.startsWith('-')) return null;
      const t = texts[0]!.replace(/\/+$/, '') || '/';
      // `dirname $(pwd)`: `.` stands for the working directory, whose parent is `..`.
      if (t === '.' && program === 'dirname') return '..\n';
      const slash = t.lastIndexOf('/');
      if (program === 'basename') return `${t.slice(slash + 1) || '/'}\n`;
      return `${slash === -1 ? '.' : slash === 0 ? '/' : t.slice(0, slash)}\n`;
    }
    default:
      return null;
  }
}

/** `./a/b/` → `a/b`: a path word in the form links are keyed by. */
function trimDot(path: string): string {
  let p = path;
  while (p.startsWith('./')) p = p.slice(2);
  while (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}

/** Turns of `for i in $(seq 1 N)`, `$(seq N)` or `{1..N}`, from the loop's header. */
function forTurns(header: string): number | undefined {
  const seq = /\$\(\s*seq\s+(?:(\d+)\s+)?(?:\d+\s+)?(\d+)\s*\)/.exec(header);
  if (seq) return (wholeNumber(seq[2]!) ?? 0) - Number(seq[1] ?? 1) + 1;
  const brace = /\{(\d+)\.\.(\d+)(?:\.\.\d+)?\}/.exec(header);
  return brace ? Number(brace[2]) - Number(brace[1]) + 1 : undefined;
}

/** The file `for pw in $(cat list)` or `$(< list)` goes through. */
function forList(header: string): string | undefined {
  return /\$\(\s*(?:cat\s+|<\s*)([^\s)|;]+)\s*\)/.exec(header)?.[1];
}
