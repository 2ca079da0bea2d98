/**
 * Programs that run code: shells, eval/source, language interpreters, awk, editors and pagers with
 * shell escapes, at/batch and docker. Code they are given goes back to the engine through
 * `kit.nested` (bash, python, node, docker); code in languages without an extractor (perl, ruby,
 * php, lua, awk, vim) is scanned by foreign-code.ts.
 */
import type { DataSource } from '../../facts.js';
import type { Runtime, Span } from '../../types.js';
import { NO_SOURCES, mergeSources, type Invocation, type Stream, type Word } from '../bash/model.js';
import { TEXT_FILTERS, withText } from './line-filters.js';
import { printedText } from './printed.js';
import { withWrittenNodeModules, withWrittenPythonModules } from './written-modules.js';
import type { ProgramHandler, Toolkit } from './types.js';
import { hasOption, optionValues, parseArgs, parseNetAddress } from './util.js';
import { scanCode } from './foreign-code.js';
import { cmdToBash } from './cmd.js';
import { powershellToBash } from './powershell.js';
import { runCode } from './wrappers.js';
import { containerData } from '../docker/pipes.js';

function sub(w: Word, text: string): Word {
  return { ...w, text };
}

/**
 * `code` with its command-line arguments in place (`sh -s -- ~`, `python3 - "$HOME"`,
 * `node - ~`): a shell runs it as a function called with them ($1, "$@"); in python and node
 * code, `sys.argv[N]` / `process.argv[N]` become the argument's text (issue 22). `first` is the
 * index the first argument has in sys.argv / process.argv.
 */
export function withArguments(code: string, runtime: Runtime, args: readonly Word[], first = 1): string {
  if (args.length === 0) return code;
  if (runtime === 'bash') {
    const words = args.map((a) => (a.dynamic || /^~[\w./-]*$/.test(a.text) ? a.text : shellQuote(a.text)));
    return `__sh_s() {\n${code}\n}\n__sh_s ${words.join(' ')}`;
  }
  const pattern =
    runtime === 'python'
      ? /\b(?:sys\.)?argv\[\s*([0-9]+)\s*\]/g
      : runtime === 'node'
        ? /\bprocess\.argv\[\s*([0-9]+)\s*\]/g
        : null;
  if (pattern === null) return code;
  return code.replace(pattern, (m: string, n: string) => {
    const a = args[Number(n) - first];
    return a === undefined || a.dynamic ? m : JSON.stringify(a.text);
  });
}

/** Code arrives on stdin (`curl ... | sh`, `sh <<EOF`, `echo 'rm -rf /' | bash`). */
export function codeOnStdin(
  kit: Toolkit,
  inv: Invocation,
  runtime: Runtime | null,
  args: readonly Word[] = [],
): void {
  if (inv.stdin.interactive) return;
  kit.flow(inv.stdin.sources, { kind: 'exec', program: inv.program }, inv.span);
  if (inv.stdin.text !== null && inv.stdin.text.trim() !== '') {
    const at = inv.stdin.textSpan ?? inv.span;
    if (runtime !== null)
      kit.nested(
        withArguments(inv.stdin.text, runtime, args, runtime === 'node' ? 2 : 1),
        runtime,
        at,
        inv.program,
      );
    else scanCode(kit, inv, { ...inv.argv[0]!, text: inv.stdin.text, span: at });
  }
}

/** A script file (or `<(...)`) given to an interpreter is executed, with `args` after it. */
export function script(
  kit: Toolkit,
  inv: Invocation,
  file: Word,
  runtime: Runtime | null,
  args: readonly Word[] = [],
): void {
  if (file.text === '-' || file.text === '/dev/stdin') {
    codeOnStdin(kit, inv, runtime, args);
    return;
  }
  if (file.proc !== undefined) {
    kit.flow(file.proc.sources, { kind: 'exec', program: inv.program }, file.span);
    if (file.proc.text !== null && runtime !== null)
      kit.nested(file.proc.text, runtime, file.span, inv.program);
    return;
  }
  kit.fileOp(file, inv.program, 'execute', false);
  // A script this input wrote with known text (`echo 'rm -rf ~' > x.sh; bash x.sh`): that text runs.
  const written = kit.writtenText(file);
  if (written === null) return;
  if (runtime !== null)
    kit.nested(
      withArguments(written.text, runtime, args, runtime === 'node' ? 2 : 1),
      runtime,
      written.span,
      inv.program,
    );
  else scanCode(kit, inv, { ...file, text: written.text, span: written.span, dynamic: false });
}

const shell: ProgramHandler = (inv, kit) => {
  const argv = inv.argv;
  let command = false;
  let fromStdin = false;
  let i = 1;
  for (; i < argv.length; i++) {
    const t = argv[i]!.text;
    if (t === '--' || t === '-') {
      if (t === '-') fromStdin = true;
      i++;
      break;
    }
    if (t.startsWith('--')) {
      // `bash --rcfile <(echo code) -i`: the file runs before anything else.
      if (t === '--rcfile' || t === '--init-file') {
        const rc = argv[++i];
        if (rc !== undefined) script(kit, inv, rc, 'bash');
      }
      continue;
    }
    if (t.length < 2 || (t[0] !== '-' && t[0] !== '+')) break;
    if (t.includes('c')) command = true;
    if (t.includes('s')) fromStdin = true;
    if (t.includes('o') || t.includes('O')) i++;
  }
  const first = argv[i];
  if (command && first !== undefined) {
    const code = withPositionals(first, argv.slice(i + 1));
    // `c='rm -rf ~' bash -c 'eval "$c"'`: the code sees the environment it is given.
    const env = kit.environmentFor(code.text);
    runCode(kit, inv, env === '' ? code : { ...code, text: env + code.text }, 'bash');
    return undefined;
  }
  if (!fromStdin && first !== undefined) script(kit, inv, first, 'bash', argv.slice(i + 1));
  else codeOnStdin(kit, inv, 'bash', argv.slice(i));
  return undefined;
};

/**
 * `sh -c CODE NAME ARGS...`: CODE sees NAME as `$0` and ARGS as `$1`...; it is analysed as the body
 * of a function called with ARGS, so `"$1"`, `"$@"` resolve (`sh -c 'eval "$1"' _ 'rm -rf ~'`).
 */
function withPositionals(code: Word, rest: readonly Word[]): Word {
  if (rest.length === 0) return code;
  let text = code.text;
  const name = rest[0]!.text;
  if (/^[\w./+-]+$/.test(name)) text = text.replace(/\$\{0\}|\$0(?![0-9])/g, name);
  const args = rest
    .slice(1)
    .map((a) => (a.dynamic || /^~[\w./-]*$/.test(a.text) ? a.text : shellQuote(a.text)));
  if (args.length === 0) return { ...code, text };
  return { ...code, text: `__sh_c() {\n${text}\n}\n__sh_c ${args.join(' ')}` };
}

const evalHandler: ProgramHandler = (inv, kit) => {
  const args = inv.argv.slice(1);
  if (args.length === 0) return undefined;
  let sources: readonly DataSource[] = NO_SOURCES;
  for (const a of args) sources = mergeSources(sources, a.sources);
  const at: Span = { start: args[0]!.span.start, end: args[args.length - 1]!.span.end };
  runCode(
    kit,
    inv,
    { ...args[0]!, text: args.map((a) => a.text).join(' '), span: at, sources },
    'bash',
    'eval',
  );
  return undefined;
};

const sourceHandler: ProgramHandler = (inv, kit) => {
  const file = inv.argv[1];
  if (file !== undefined) script(kit, inv, file, 'bash');
  return undefined;
};

interface InterpreterSpec {
  readonly runtime: Runtime | null;
  /** Options whose value is code (-c, -e, --eval). */
  readonly code: readonly string[];
  /** Options whose next word is a value (not code). */
  readonly values: readonly string[];
}

/** Python/JavaScript code that reads its standard input ... */
const STDIN_READ =
  /\b(?:sys\.stdin|process\.stdin|readFileSync\(\s*(?:0|['"]\/dev\/stdin['"])|fileinput|input\s*\()/;
/** ... and runs a string as code or as a command. */
const CODE_SINK =
  /\b(?:exec|eval|compile|Function|execSync|spawnSync|system|popen|runInThisContext|runInNewContext)\s*\(/;

/** Generic interpreter command line: code options, a script, or code on stdin. */
function interpreter(
  spec: InterpreterSpec,
  extra?: (inv: Invocation, kit: Toolkit, rest: readonly Word[]) => boolean,
): ProgramHandler {
  return (inv, kit) => {
    const argv = inv.argv;
    const codes: Word[] = [];
    let i = 1;
    for (; i < argv.length; i++) {
      const w = argv[i]!;
      const t = w.text;
      if (t === '-' || t === '--') {
        if (t === '-') {
          codeOnStdin(kit, inv, spec.runtime, argv.slice(i + 1));
          return undefined;
        }
        i++;
        break;
      }
      if (t.length < 2 || t[0] !== '-') break;
      const eq = t.indexOf('=');
      const name = eq === -1 ? t : t.slice(0, eq);
      if (spec.code.includes(name)) {
        const value = eq === -1 ? argv[++i] : sub(w, t.slice(eq + 1));
        if (value !== undefined) codes.push(value);
        continue;
      }
      // A value attached to its option (perl -MLWP::Simple, -I/lib) is neither code nor a cluster.
      if (!t.startsWith('--') && t.length > 2 && spec.values.includes(t.slice(0, 2))) continue;
      // Clusters ending in a code option: python -uc 'code', perl -ne '...'.
      const last = '-' + t[t.length - 1];
      if (!t.startsWith('--') && t.length > 2 && spec.code.includes(last)) {
        const value = argv[++i];
        if (value !== undefined) codes.push(value);
        continue;
      }
      // -e'code' attached (perl, ruby).
      const short = t.slice(0, 2);
      if (!t.startsWith('--') && t.length > 2 && spec.code.includes(short)) {
        codes.push(sub(w, t.slice(2)));
        continue;
      }
      if (spec.values.includes(name) && eq === -1) {
        if (extra !== undefined && extra(inv, kit, argv.slice(i))) return undefined;
        i++;
      }
    }
    if (codes.length > 0) {
      const code =
        codes.length === 1
          ? codes[0]!
          : {
              ...codes[0]!,
              text: codes.map((c) => c.text).join('\n'),
              sources: codes.reduce<readonly DataSource[]>((a, c) => mergeSources(a, c.sources), NO_SOURCES),
            };
      if (spec.runtime !== null) {
        // `python3 -c CODE ARGS`: sys.argv[1] is the first of ARGS; `node -e CODE ARGS`: process.argv[1].
        const args = argv.slice(i).filter((w) => w.text !== '--');
        runCode(kit, inv, { ...code, text: withArguments(code.text, spec.runtime, args, 1) }, spec.runtime);
        // `curl URL | python3 -c 'exec(sys.stdin.read())'`: what is piped in becomes code.
        if (!inv.stdin.interactive && STDIN_READ.test(code.text) && CODE_SINK.test(code.text))
          kit.flow(inv.stdin.sources, { kind: 'exec', program: inv.program }, code.span);
      } else {
        if (code.sources.length > 0)
          kit.flow(code.sources, { kind: 'exec', program: inv.program }, code.span);
        scanCode(kit, inv, code);
      }
      // perl -i / ruby -i edit the remaining file arguments in place.
      if (inv.argv.some((w) => /^-[a-zA-Z]*i/.test(w.text) && !w.text.startsWith('--'))) {
        for (const f of argv.slice(i))
          if (!f.text.startsWith('-')) kit.write(f, inv.program, 'write', kit.read(f, inv.program));
      } else for (const f of argv.slice(i)) if (!f.text.startsWith('-')) kit.read(f, inv.program);
      return printedStream(code, inv.program);
    }
    const first = argv[i];
    if (first === undefined) codeOnStdin(kit, inv, spec.runtime);
    else script(kit, inv, first, spec.runtime, argv.slice(i + 1));
    return undefined;
  };
}

/** python -m http.server / python -m pty ...: modules that listen or spawn shells. */
const pythonModules = (inv: Invocation, kit: Toolkit, rest: readonly Word[]): boolean => {
  if (rest[0]?.text !== '-m') return false;
  const module = rest[1]?.text;
  // `python3 -m m` after this input wrote m.py: that file runs.
  if (module !== undefined && /^[\w.]+$/.test(module)) {
    const written = kit.writtenText({ ...rest[1]!, text: module.replace(/\./g, '/') + '.py' });
    if (written !== null) kit.nested(written.text, 'python', written.span, inv.program);
  }
  if (module === 'http.server' || module === 'SimpleHTTPServer') {
    const port = rest.slice(2).find((w) => /^[0-9]+$/.test(w.text));
    const bind = rest.slice(2).findIndex((w) => w.text === '-b' || w.text === '--bind');
    const host = bind === -1 ? '0.0.0.0' : (rest[bind + 3]?.text ?? '0.0.0.0');
    kit.sink.net({
      host,
      port: port === undefined ? 8000 : Number(port.text),
      scheme: 'http',
      direction: 'listen',
      sends: true,
      actor: inv.program,
      span: inv.span,
    });
    return true;
  }
  return false;
};

const php: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 'rSfdcBREFtz' });
  for (const s of optionValues(args, '-S')) {
    const addr = parseNetAddress(s.text);
    if (addr !== null)
      kit.sink.net({
        host: addr.host,
        port: addr.port,
        scheme: 'http',
        direction: 'listen',
        sends: true,
        actor: 'php',
        span: s.span,
      });
  }
  for (const c of optionValues(args, '-r', '-B', '-R', '-E')) {
    if (c.sources.length > 0) kit.flow(c.sources, { kind: 'exec', program: inv.program }, c.span);
    scanCode(kit, inv, c);
  }
  for (const f of optionValues(args, '-f')) script(kit, inv, f, null);
  if (args.options.length === 0 && args.positionals[0] !== undefined)
    script(kit, inv, args.positionals[0], null);
  else if (args.options.length === 0 && args.positionals.length === 0) codeOnStdin(kit, inv, null);
  return undefined;
};

const awk: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, {
    short: 'fvFW',
    long: ['--file', '--assign', '--field-separator', '--source', '--include', '--load'],
  });
  const progFiles = optionValues(args, '-f', '--file', '--include');
  for (const f of progFiles) kit.read(f, inv.program);
  const sources = optionValues(args, '--source');
  let files = args.positionals;
  if (progFiles.length === 0 && sources.length === 0 && files[0] !== undefined) {
    sources.push(files[0]);
    files = files.slice(1);
  }
  // -v NAME=VALUE binds awk variables (GTFOBins: -v LFILE=... 'BEGIN { print "x" > LFILE }').
  const preset = new Map<string, string>();
  for (const v of optionValues(args, '-v', '--assign')) {
    const eq = v.text.indexOf('=');
    if (eq > 0) preset.set(v.text.slice(0, eq), v.text.slice(eq + 1));
  }
  let input: readonly DataSource[] = NO_SOURCES;
  for (const f of files) if (!f.text.includes('=')) input = mergeSources(input, kit.read(f, inv.program));
  if (files.length === 0 && !inv.stdin.interactive) input = inv.stdin.sources;
  for (const program of sources) scanCode(kit, inv, program, input, preset);
  return sources.length === 1 && files.length === 0 ? printedStream(sources[0]!, inv.program) : undefined;
};

/** A program that only prints literals writes that text (`python3 -c 'print("id")' | sh`). */
function printedStream(code: Word, program: string): Stream | undefined {
  if (code.dynamic) return undefined;
  const text = printedText(code.text, program.replace(/[0-9.]+$/, ''));
  return text === null
    ? undefined
    : { sources: NO_SOURCES, text, textSpan: code.span, interactive: false, literals: [] };
}

/**
 * pwsh's parameters in the order an abbreviation resolves (any unique prefix works: `-NoP`,
 * `-Exec Bypass`, `-W Hidden`, `-enc`), each with whether the next word is its value.
 */
const PWSH_PARAMETERS: readonly (readonly [string, boolean])[] = [
  ['command', true],
  ['encodedcommand', true],
  ['file', true],
  ['executionpolicy', true],
  ['windowstyle', true],
  ['noprofile', false],
  ['noninteractive', false],
  ['nologo', false],
  ['noexit', false],
  ['configurationname', true],
  ['workingdirectory', true],
  ['interactive', false],
  ['inputformat', true],
  ['outputformat', true],
  ['version', true],
  ['sta', false],
  ['settingsfile', true],
  ['custompipename', true],
  ['psconsolefile', true],
  ['login', false],
  ['mta', false],
];

/** pwsh's own short aliases that are no prefix of their parameter. */
const PWSH_ALIASES: Readonly<Record<string, string>> = {
  ec: 'encodedcommand',
  ep: 'executionpolicy',
  wd: 'workingdirectory',
  if: 'inputformat',
  of: 'outputformat',
};

/** The pwsh parameter a word names (`-NoP`, `/c`, `--command`), or undefined for an argument. */
function pwshParameter(word: string): readonly [string, boolean] | undefined {
  const m = /^(?:--?|\/)([a-z]+)$/i.exec(word);
  if (m === null) return undefined;
  const name = m[1]!.toLowerCase();
  const full = PWSH_ALIASES[name] ?? name;
  return PWSH_PARAMETERS.find(([p]) => p.startsWith(full)) ?? [name, false];
}

/**
 * pwsh / powershell: `-Command CODE...` (the rest of the line), `-EncodedCommand B64` (UTF-16LE),
 * `-File F`, or a script. The code is analysed as the bash it amounts to (powershell.ts) and
 * scanned like other foreign code.
 */
const pwsh: ProgramHandler = (inv, kit) => {
  const argv = inv.argv;
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i]!;
    if (w.text === '-') break;
    const parameter = pwshParameter(w.text);
    if (parameter === undefined) {
      script(kit, inv, w, null);
      return undefined;
    }
    const [name, takesValue] = parameter;
    if (name === 'command') {
      const rest = argv.slice(i + 1);
      if (rest.length === 0) return undefined;
      const code: Word = {
        ...rest[0]!,
        text: rest.map((r) => r.text).join(' '),
        span: { start: rest[0]!.span.start, end: rest[rest.length - 1]!.span.end },
      };
      powershell(kit, inv, code);
      return undefined;
    }
    if (name === 'encodedcommand') {
      const b64 = argv[i + 1];
      if (b64 === undefined) return undefined;
      kit.flow([{ kind: 'decoded' }], { kind: 'exec', program: inv.program }, b64.span);
      if (!b64.dynamic && /^[A-Za-z0-9+/=]+$/.test(b64.text))
        powershell(kit, inv, { ...b64, text: Buffer.from(b64.text, 'base64').toString('utf16le') });
      return undefined;
    }
    if (name === 'file') {
      const file = argv[i + 1];
      if (file !== undefined) script(kit, inv, file, null);
      return undefined;
    }
    if (takesValue) i++;
  }
  codeOnStdin(kit, inv, null);
  return undefined;
};

function powershell(kit: Toolkit, inv: Invocation, code: Word): void {
  runCode(kit, inv, { ...code, text: powershellToBash(code.text) }, 'bash');
  scanCode(kit, inv, code);
}

/** cmd / cmd.exe: `/c CODE...`, `/k CODE...` (the rest of the line) run as the bash they amount to (cmd.ts). */
const cmd: ProgramHandler = (inv, kit) => {
  const argv = inv.argv;
  for (let i = 1; i < argv.length; i++) {
    const t = argv[i]!.text.toLowerCase();
    if (t !== '/c' && t !== '/k' && t !== '/r') continue;
    const rest = argv.slice(i + 1);
    if (rest.length === 0) return undefined;
    const code: Word = {
      ...rest[0]!,
      text: cmdToBash(rest.map((r) => r.text).join(' ')),
      span: { start: rest[0]!.span.start, end: rest[rest.length - 1]!.span.end },
    };
    runCode(kit, inv, code, 'bash');
    return undefined;
  }
  return undefined;
};

/** vim/vi/nvim/ex: `-c CMD`, `+CMD`, `--cmd CMD`; `:!cmd` and `:shell` run shells. */
const vim: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 'cSTtuUwWiqrs', long: ['--cmd'] });
  const commands = optionValues(args, '-c', '--cmd');
  const files: Word[] = [];
  for (const p of args.positionals) {
    if (p.text.startsWith('+')) commands.push(sub(p, p.text.slice(1)));
    else files.push(p);
  }
  for (const f of optionValues(args, '-S')) kit.read(f, inv.program);
  for (const c of commands) editorCommand(kit, inv, c);
  for (const f of files) kit.read(f, inv.program);
  // A scripted edit that saves (`-c wq`, `+w`, `-es ... -c x`) writes the files it opened (#21).
  if (
    commands.some((c) =>
      /(?:^|[|:\s])(?:w|wq|wqa|wa|x|xa|xit|write|update|sav|saveas)!?(?:\s|$|\|)/.test(c.text),
    )
  )
    for (const f of files) kit.write(f, inv.program, 'write', NO_SOURCES);
  return undefined;
};

function editorCommand(kit: Toolkit, inv: Invocation, c: Word): void {
  for (const part of c.text.split('|')) {
    const cmd = part.replace(/^[\s:]+/, '');
    if (cmd.startsWith('!')) kit.nested(cmd.slice(1), 'bash', c.span, inv.program);
    else if (/^(sh|she|shel|shell|terminal|term)\b/.test(cmd)) kit.nested('sh', 'bash', c.span, inv.program);
    else scanCode(kit, inv, sub(c, cmd));
  }
}

/** less/more/man: `+!cmd` commands and pager options. */
const pager: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 'PbhjkopxyzM', long: ['--pager'] });
  for (const p of optionValues(args, '-P', '--pager')) kit.nested(p.text, 'bash', p.span, inv.program);
  for (const p of args.positionals) {
    if (p.text.startsWith('+')) editorCommand(kit, inv, sub(p, p.text.slice(1)));
    else if (inv.program !== 'man') kit.read(p, inv.program);
  }
  if (args.positionals.length === 0 && inv.program !== 'man') return { ...inv.stdin, interactive: false };
  return undefined;
};

/** Quotes a word for a re-joined command line (single quotes unless plain). */
export function shellQuote(text: string): string {
  if (text !== '' && /^[A-Za-z0-9_\-.,:/=@+%^]+$/.test(text)) return text;
  return "'" + text.replace(/'/g, "'\\''") + "'";
}

/** `docker run` options that take a separate value (the image is the first word that is not one). */
const DOCKER_RUN_VALUES = new Set([
  '-e',
  '-v',
  '-p',
  '-w',
  '-u',
  '-h',
  '-l',
  '-m',
  '--name',
  '--env',
  '--volume',
  '--publish',
  '--workdir',
  '--user',
  '--network',
  '--net',
  '--entrypoint',
  '--mount',
  '--env-file',
  '--label',
  '--platform',
  '--hostname',
  '--cpus',
  '--memory',
  '--add-host',
  '--device',
  '--cap-add',
  '--cap-drop',
  '--security-opt',
  '--ulimit',
  '--log-driver',
  '--log-opt',
  '--restart',
  '--pull',
  '--runtime',
  '--gpus',
  '--shm-size',
  '--tmpfs',
  '--dns',
  '--ipc',
  '--pid',
  '--uts',
  '--userns',
  '--cgroupns',
  '--volumes-from',
]);

function runImage(words: readonly Word[]): string | undefined {
  for (let i = 0; i < words.length; i++) {
    const t = words[i]!.text;
    if (!t.startsWith('-')) return t;
    if (DOCKER_RUN_VALUES.has(t)) i++;
  }
  return undefined;
}

/** Variables docker compose reads the project, its files and the engine from. */
const BUILD_ENV = '$DOCKER_HOST $DOCKER_CONTEXT';
const COMPOSE_ENV =
  '$COMPOSE_PROJECT_NAME $COMPOSE_FILE $COMPOSE_PROFILES $COMPOSE_ENV_FILES $DOCKER_CONTEXT $DOCKER_HOST';

/**
 * docker/podman: the whole command line goes to the docker extractor as well. What `docker run`
 * prints comes from an image pulled from a registry: remote content (`docker run img cat x | sh`).
 */
const docker: ProgramHandler = (inv, kit) => {
  // docker-compose keeps its name: `docker rm -v` is not `docker-compose rm -v`.
  const head = inv.program.endsWith('compose') ? 'docker-compose' : 'docker';
  const words = inv.argv.map((w, i) => (i === 0 ? head : shellQuote(w.text)));
  // `COMPOSE_PROJECT_NAME=acme-prod docker compose down -v`: the names compose reads from the
  // environment go along, as an env wrapper (CTR-AST-001 reads it).
  const compose = inv.program.endsWith('compose') || inv.argv.some((w) => w.text === 'compose');
  // A build's (load's, push's) daemon comes from DOCKER_HOST/DOCKER_CONTEXT set earlier (remote-daemon.ts).
  const build = !compose && inv.argv.some((w) => /^(?:build|load|import|push)$/.test(w.text));
  const env = compose ? kit.environmentFor(COMPOSE_ENV) : build ? kit.environmentFor(BUILD_ENV) : '';
  const assigned = env.trim().split('\n').join(' ');
  const prefix = env === '' ? '' : compose ? `env ${assigned} ` : `${assigned} `;
  kit.nested(prefix + words.join(' '), 'docker', inv.span, inv.program);
  const sub1 = inv.argv[1]?.text;
  const run = sub1 === 'run' || (sub1 === 'container' && inv.argv[2]?.text === 'run');
  // Container data it prints (`docker save app`, `export db`; docker/pipes.ts) is named for DKR-AST-013.
  const what = containerData(inv.argv.map((w) => ({ value: w.text, start: 0, end: 0, dynamic: w.dynamic })));
  const program = what === undefined ? inv.program : `${inv.program} ${sub1 ?? ''} (${what})`;
  if (!run)
    return what === undefined
      ? undefined
      : { sources: [{ kind: 'output', program }], text: null, interactive: false, literals: [] };
  const name = runImage(inv.argv.slice(sub1 === 'run' ? 2 : 3)) ?? 'unknown';
  const first = name.split('/')[0]!;
  const host = name.includes('/') && /[.:]/.test(first) ? first.toLowerCase() : 'docker.io';
  return {
    sources: [
      { kind: 'net', host, url: `docker://${name}` },
      { kind: 'output', program },
    ],
    text: null,
    interactive: false,
    literals: [],
  };
};

/** at / batch: commands read from stdin (or -f FILE) run later, as the user. */
const at: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 'fqtM' });
  const file = optionValues(args, '-f')[0];
  if (file !== undefined) script(kit, inv, file, 'bash');
  else if (!hasOption(args, '-l', '-d', '-r', '-c')) codeOnStdin(kit, inv, 'bash');
  return undefined;
};

export const INTERPRETER_HANDLERS: Readonly<Record<string, ProgramHandler>> = {
  at,
  batch: at,
  sh: shell,
  eval: evalHandler,
  source: sourceHandler,
  '.': sourceHandler,
  python: withWrittenPythonModules(
    interpreter({ runtime: 'python', code: ['-c'], values: ['-m', '-W', '-X', '-Q'] }, pythonModules),
  ),
  node: withWrittenNodeModules(
    interpreter({
      runtime: 'node',
      code: ['-e', '--eval', '-p', '--print'],
      values: ['-r', '--require', '--import', '--loader', '--input-type'],
    }),
  ),
  perl: interpreter({ runtime: null, code: ['-e', '-E'], values: ['-I', '-M', '-m', '-x'] }),
  ruby: interpreter({ runtime: null, code: ['-e'], values: ['-r', '-I', '-C'] }),
  lua: interpreter({ runtime: null, code: ['-e'], values: ['-l'] }),
  Rscript: interpreter({ runtime: null, code: ['-e'], values: [] }),
  osascript: interpreter({ runtime: null, code: ['-e'], values: ['-l'] }),
  expect: interpreter({ runtime: null, code: ['-c'], values: ['-f'] }),
  tclsh: interpreter({ runtime: null, code: [], values: [] }),
  pwsh,
  cmd,
  'cmd.exe': cmd,
  R: interpreter({ runtime: null, code: ['-e'], values: ['-f', '--file', '--encoding'] }),
  php,
  awk: withText(awk, TEXT_FILTERS.awk!),
  vim,
  less: pager,
  more: pager,
  man: pager,
  docker,
};
