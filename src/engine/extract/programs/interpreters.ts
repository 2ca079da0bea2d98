/**
 * Programs that run code: shells, eval/source, language interpreters, awk, editors and pagers with
 * shell escapes, SQL clients and docker. Code they are given goes back to the engine through
 * `kit.nested` (bash, python, node, sql, docker); code in languages without an extractor (perl,
 * ruby, php, lua, awk, vim) is scanned for the commands, shells, paths and hosts its strings name.
 */
import type { DataSource } from '../../facts.js';
import type { Runtime, Span } from '../../types.js';
import {
  EMPTY_PIPE,
  NO_SOURCES,
  addSource,
  mergeSources,
  type Invocation,
  type Stream,
  type Word,
} from '../bash/model.js';
import { decodeEscapes } from '../bash/words.js';
import type { ProgramHandler, Toolkit } from './types.js';
import { hasOption, optionValues, parseArgs, parseNetAddress } from './util.js';
import { runCode } from './wrappers.js';

function sub(w: Word, text: string): Word {
  return { ...w, text };
}

function stdinSources(inv: Invocation): readonly DataSource[] {
  return inv.stdin.interactive ? NO_SOURCES : inv.stdin.sources;
}

/** Code arrives on stdin (`curl ... | sh`, `sh <<EOF`, `echo 'rm -rf /' | bash`). */
export function codeOnStdin(kit: Toolkit, inv: Invocation, runtime: Runtime | null): void {
  if (inv.stdin.interactive) return;
  kit.flow(inv.stdin.sources, { kind: 'exec', program: inv.program }, inv.span);
  if (inv.stdin.text !== null && inv.stdin.text.trim() !== '') {
    const at = inv.stdin.textSpan ?? inv.span;
    if (runtime !== null) kit.nested(inv.stdin.text, runtime, at, inv.program);
    else scanCode(kit, inv, { ...inv.argv[0]!, text: inv.stdin.text, span: at });
  }
}

/** A script file (or `<(...)`) given to an interpreter is executed. */
export function script(kit: Toolkit, inv: Invocation, file: Word, runtime: Runtime | null): void {
  if (file.text === '-' || file.text === '/dev/stdin') {
    codeOnStdin(kit, inv, runtime);
    return;
  }
  if (file.proc !== undefined) {
    kit.flow(file.proc.sources, { kind: 'exec', program: inv.program }, file.span);
    if (file.proc.text !== null && runtime !== null)
      kit.nested(file.proc.text, runtime, file.span, inv.program);
    return;
  }
  kit.fileOp(file, inv.program, 'execute', false);
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
      if (t === '--rcfile' || t === '--init-file') i++;
      continue;
    }
    if (t.length < 2 || (t[0] !== '-' && t[0] !== '+')) break;
    if (t.includes('c')) command = true;
    if (t.includes('s')) fromStdin = true;
    if (t.includes('o') || t.includes('O')) i++;
  }
  const first = argv[i];
  if (command && first !== undefined) {
    runCode(kit, inv, first, 'bash');
    return undefined;
  }
  if (!fromStdin && first !== undefined) script(kit, inv, first, 'bash');
  else codeOnStdin(kit, inv, 'bash');
  return undefined;
};

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
          codeOnStdin(kit, inv, spec.runtime);
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
      if (spec.runtime !== null) runCode(kit, inv, code, spec.runtime);
      else {
        if (code.sources.length > 0)
          kit.flow(code.sources, { kind: 'exec', program: inv.program }, code.span);
        scanCode(kit, inv, code);
      }
      // perl -i / ruby -i edit the remaining file arguments in place.
      if (inv.argv.some((w) => /^-[a-zA-Z]*i/.test(w.text) && !w.text.startsWith('--'))) {
        for (const f of argv.slice(i))
          if (!f.text.startsWith('-')) kit.write(f, inv.program, 'write', kit.read(f, inv.program));
      } else for (const f of argv.slice(i)) if (!f.text.startsWith('-')) kit.read(f, inv.program);
      return undefined;
    }
    const first = argv[i];
    if (first === undefined) codeOnStdin(kit, inv, spec.runtime);
    else script(kit, inv, first, spec.runtime);
    return undefined;
  };
}

/** python -m http.server / python -m pty ...: modules that listen or spawn shells. */
const pythonModules = (inv: Invocation, kit: Toolkit, rest: readonly Word[]): boolean => {
  if (rest[0]?.text !== '-m') return false;
  const module = rest[1]?.text;
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

/** docker/podman: the whole command line goes to the docker extractor as well. */
const docker: ProgramHandler = (inv, kit) => {
  const words = inv.argv.map((w, i) => (i === 0 ? 'docker' : shellQuote(w.text)));
  kit.nested(words.join(' '), 'docker', inv.span, inv.program);
  return undefined;
};

// ------------------------------------------------------------------ text producers and transformers

function textStream(text: string | null, sources: readonly DataSource[], words: readonly Word[]): Stream {
  const literals = words.flatMap((w) => (w.literal === undefined ? [] : [w.literal]));
  return {
    sources,
    text,
    interactive: false,
    literals,
    ...(words[0] === undefined
      ? {}
      : { textSpan: { start: words[0].span.start, end: words[words.length - 1]!.span.end } }),
  };
}

const echo: ProgramHandler = (inv) => {
  let i = 1;
  let newline = true;
  let escapes = false;
  while (i < inv.argv.length && /^-[neE]+$/.test(inv.argv[i]!.text)) {
    const t = inv.argv[i]!.text;
    if (t.includes('n')) newline = false;
    if (t.includes('e')) escapes = true;
    i++;
  }
  const words = inv.argv.slice(i);
  let sources: readonly DataSource[] = NO_SOURCES;
  let dynamic = false;
  for (const w of words) {
    sources = mergeSources(sources, w.sources);
    if (w.dynamic) dynamic = true;
  }
  let text = words.map((w) => w.text).join(' ');
  if (escapes) text = decodeEscapes(text, true);
  return textStream(dynamic ? null : text + (newline ? '\n' : ''), sources, words);
};

const printf: ProgramHandler = (inv) => {
  let words = inv.argv.slice(1);
  if (words[0]?.text === '-v') return undefined;
  if (words[0]?.text === '--') words = words.slice(1);
  const [format, ...rest] = words;
  let sources: readonly DataSource[] = NO_SOURCES;
  let dynamic = false;
  for (const w of words) {
    sources = mergeSources(sources, w.sources);
    if (w.dynamic) dynamic = true;
  }
  if (format === undefined) return EMPTY_PIPE;
  let k = 0;
  const text = decodeEscapes(format.text).replace(/%(%|[-+ #0-9.]*[sbdiouxXcfeEgG])/g, (_m, spec: string) => {
    if (spec === '%') return '%';
    const arg = rest[k++];
    if (arg === undefined) return '';
    return spec.endsWith('b') ? decodeEscapes(arg.text) : arg.text;
  });
  return textStream(dynamic ? null : text, sources, words);
};

const cat: ProgramHandler = (inv, kit) => {
  const files = inv.argv.slice(1).filter((w) => !w.text.startsWith('-') || w.text === '-');
  if (files.length === 0 || (files.length === 1 && files[0]!.text === '-'))
    return { ...inv.stdin, interactive: false };
  let sources: readonly DataSource[] = NO_SOURCES;
  for (const f of files)
    sources = mergeSources(sources, f.text === '-' ? stdinSources(inv) : kit.read(f, inv.program));
  return {
    sources: addSource(sources, { kind: 'output', program: inv.program }),
    text: null,
    interactive: false,
    literals: [],
  };
};

/** Printable result of decoding, or null (binary stays unknown). */
function printable(bytes: Buffer): string | null {
  const text = bytes.toString('utf8');
  return /^[\t\n\r\x20-\x7e\u00a0-\uffff]*$/.test(text) && !text.includes('\ufffd') ? text : null;
}

/** base64 / base32 / xxd -r / openssl base64 -d: decoding marks data as `decoded`. */
function decoder(kind: 'base64' | 'base32' | 'hex', decodeFlags: readonly string[]): ProgramHandler {
  return (inv, kit) => {
    const args = parseArgs(inv.argv, { short: 'wcslgo' });
    const decode = inv.argv
      .slice(1)
      .some(
        (w) =>
          decodeFlags.includes(w.text) ||
          (/^-[a-zA-Z]+$/.test(w.text) && decodeFlags.some((f) => f.length === 2 && w.text.includes(f[1]!))),
      );
    let sources = stdinSources(inv);
    let text = inv.stdin.interactive ? null : inv.stdin.text;
    const files = kind === 'hex' ? args.positionals.slice(0, 1) : args.positionals;
    if (files.length > 0 && files[0]!.text !== '-') {
      sources = NO_SOURCES;
      text = null;
      for (const f of files) sources = mergeSources(sources, kit.read(f, inv.program));
    }
    if (!decode) return { sources, text: null, interactive: false, literals: inv.stdin.literals };
    let decoded: string | null = null;
    if (text !== null) {
      const clean = text.replace(/\s+/g, '');
      if (kind === 'base64' && /^[A-Za-z0-9+/=_-]*$/.test(clean))
        decoded = printable(Buffer.from(clean, 'base64'));
      else if (kind === 'hex' && /^([0-9a-fA-F]{2})*$/.test(clean))
        decoded = printable(Buffer.from(clean, 'hex'));
    }
    const out: Stream = {
      sources: addSource(sources, { kind: 'decoded' }),
      text: decoded,
      interactive: false,
      literals: inv.stdin.literals,
    };
    return inv.stdin.textSpan === undefined ? out : { ...out, textSpan: inv.stdin.textSpan };
  };
}

const openssl: ProgramHandler = (inv, kit) => {
  const sub0 = inv.argv[1]?.text ?? '';
  const args = parseArgs(
    inv.argv,
    {
      singleDashLong: true,
      long: [
        '-in',
        '-out',
        '-key',
        '-inkey',
        '-pass',
        '-passin',
        '-connect',
        '-accept',
        '-CAfile',
        '-cert',
        '-k',
        '-kfile',
        '-K',
        '-iv',
        '-servername',
        '-port',
      ],
    },
    2,
  );
  for (const o of args.options) {
    if (o.value === undefined) continue;
    if (
      o.name === '-in' ||
      o.name === '-key' ||
      o.name === '-inkey' ||
      o.name === '-CAfile' ||
      o.name === '-cert' ||
      o.name === '-kfile'
    )
      kit.read(o.value, 'openssl');
    else if ((o.name === '-pass' || o.name === '-passin') && o.value.text.startsWith('file:'))
      kit.read(sub(o.value, o.value.text.slice(5)), 'openssl');
  }
  const connect = optionValues(args, '-connect')[0];
  if (sub0 === 's_client' && connect !== undefined) {
    const addr = parseNetAddress(connect.text, 'https');
    if (addr !== null) {
      kit.sink.net({
        host: addr.host,
        port: addr.port,
        scheme: 'tls',
        sends: !inv.stdin.interactive,
        actor: 'openssl',
        span: connect.span,
      });
      kit.flow(stdinSources(inv), { kind: 'net', host: addr.host }, inv.span);
      kit.egress(inv.stdin, []);
      return { sources: [{ kind: 'net', host: addr.host }], text: null, interactive: false, literals: [] };
    }
  }
  const accept = optionValues(args, '-accept', '-port')[0];
  if (sub0 === 's_server') {
    kit.sink.net({
      host: '0.0.0.0',
      port: accept !== undefined && /^[0-9]+$/.test(accept.text) ? Number(accept.text) : 4433,
      scheme: 'tls',
      direction: 'listen',
      sends: true,
      actor: 'openssl',
      span: inv.span,
    });
  }
  let sources = stdinSources(inv);
  for (const f of optionValues(args, '-in')) sources = mergeSources(sources, kit.read(f, 'openssl'));
  if ((sub0 === 'enc' || sub0 === 'base64') && hasOption(args, '-d'))
    sources = addSource(sources, { kind: 'decoded' });
  for (const f of optionValues(args, '-out')) kit.write(f, 'openssl', 'write', sources);
  return { sources, text: null, interactive: false, literals: [] };
};

const rev: ProgramHandler = (inv) => {
  const text =
    inv.stdin.text === null
      ? null
      : inv.stdin.text
          .split('\n')
          .map((l) => [...l].reverse().join(''))
          .join('\n');
  return { ...inv.stdin, text, interactive: false };
};

const printenv: ProgramHandler = (inv) => {
  const names = inv.argv.slice(1).filter((w) => !w.text.startsWith('-'));
  const sources: DataSource[] =
    names.length === 0 ? [{ kind: 'env' }] : names.map((w) => ({ kind: 'env', name: w.text }));
  return { sources, text: null, interactive: false, literals: [] };
};

const setBuiltin: ProgramHandler = (inv) =>
  inv.argv.length === 1
    ? { sources: [{ kind: 'env' }], text: null, interactive: false, literals: [] }
    : undefined;

const read: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 'adinNptu' });
  const names = args.positionals.length === 0 ? ['REPLY'] : args.positionals.map((w) => w.text);
  for (const a of optionValues(args, '-a')) names.push(a.text);
  for (const name of names) kit.assign(name, stdinSources(inv));
  return EMPTY_PIPE;
};

// ------------------------------------------------------------------ git

const GIT_CODE_KEYS =
  /^(core\.(pager|editor|sshcommand|fsmonitor|askpass|hookspath)|sequence\.editor|diff\.external|pager\..*|alias\..*|credential\.helper|gpg\.program|gpg\..*\.program|uploadpack\.packobjectshook|merge\..*\.driver|filter\..*\.(clean|smudge|process)|diff\..*\.(textconv|command)|remote\..*\.(uploadpack|receivepack)|protocol\..*|include\.path|includeif\..*)$/i;

function gitConfig(kit: Toolkit, key: string, value: Word): void {
  if (!GIT_CODE_KEYS.test(key)) return;
  const k = key.toLowerCase();
  if (k.startsWith('alias.') || k === 'credential.helper') {
    if (value.text.startsWith('!')) kit.nested(value.text.slice(1), 'bash', value.span, 'git');
    return;
  }
  if (k === 'core.hookspath' || k === 'include.path' || k.startsWith('includeif.')) {
    kit.read(value, 'git');
    return;
  }
  if (k.startsWith('protocol.')) return;
  kit.nested(value.text, 'bash', value.span, 'git');
}

const git: ProgramHandler = (inv, kit) => {
  const argv = inv.argv;
  let i = 1;
  for (; i < argv.length; i++) {
    const t = argv[i]!.text;
    if (t === '-c' && argv[i + 1] !== undefined) {
      const kv = argv[++i]!;
      const eq = kv.text.indexOf('=');
      if (eq > 0) gitConfig(kit, kv.text.slice(0, eq), sub(kv, kv.text.slice(eq + 1)));
    } else if (
      t === '-C' ||
      t === '--git-dir' ||
      t === '--work-tree' ||
      t === '--namespace' ||
      t === '--config-env'
    )
      i++;
    else if (!t.startsWith('-')) break;
  }
  const subcommand = argv[i]?.text;
  const rest = argv.slice(i + 1);
  for (let j = 0; j < rest.length; j++) {
    const w = rest[j]!;
    const t = w.text;
    const m =
      /^--(upload-pack|receive-pack|exec|tree-filter|index-filter|msg-filter|env-filter|commit-filter|parent-filter|tag-name-filter)=(.*)$/s.exec(
        t,
      );
    if (m !== null) kit.nested(m[2]!, 'bash', w.span, 'git');
    else if (
      /^--(upload-pack|receive-pack|exec|tree-filter|index-filter|msg-filter|env-filter|commit-filter|parent-filter|tag-name-filter)$/.test(
        t,
      ) ||
      ((t === '-u' || t === '-x') &&
        subcommand !== 'add' &&
        subcommand !== 'commit' &&
        subcommand !== 'status')
    ) {
      const v = rest[++j];
      if (
        v !== undefined &&
        (t !== '-u' ||
          subcommand === 'clone' ||
          subcommand === 'fetch' ||
          subcommand === 'ls-remote' ||
          subcommand === 'pull')
      ) {
        if (t !== '-x' || subcommand === 'rebase') kit.nested(v.text, 'bash', v.span, 'git');
      }
    } else if (t.startsWith('ext::')) kit.nested(t.slice(5).replace(/% /g, ' '), 'bash', w.span, 'git');
  }
  if (subcommand === 'config') {
    const kv = rest.filter((w) => !w.text.startsWith('-'));
    if (kv.length >= 2) gitConfig(kit, kv[0]!.text, kv[1]!);
  } else if (subcommand === 'bisect' && rest[0]?.text === 'run' && rest.length > 1) {
    kit.run(rest.slice(1), inv.span, inv.stdin, 'git');
  } else if (subcommand === 'submodule' && rest.some((w) => w.text === 'foreach')) {
    const idx = rest.findIndex((w) => w.text === 'foreach');
    const code = rest.slice(idx + 1).filter((w) => !w.text.startsWith('--'));
    if (code.length > 0) kit.nested(code.map((w) => w.text).join(' '), 'bash', code[0]!.span, 'git');
  }
  kit.genericArgs(inv, rest);
  return undefined;
};

// ------------------------------------------------------------------ foreign code scanning

interface CodeLiteral {
  readonly start: number;
  readonly end: number;
  readonly quote: string;
  readonly text: string;
}

/** String literals of foreign code, with their escapes resolved (at most 64). */
function literalsOf(text: string): CodeLiteral[] {
  const out: CodeLiteral[] = [];
  let i = 0;
  while (i < text.length && out.length < 64) {
    const q = text[i]!;
    if (q !== '"' && q !== "'" && q !== '`') {
      i++;
      continue;
    }
    let j = i + 1;
    let lit = '';
    while (j < text.length && text[j] !== q) {
      if (text[j] === '\\' && j + 1 < text.length && q !== "'") {
        const n = text[j + 1]!;
        lit += n === 'n' ? '\n' : n === 't' ? '\t' : n;
        j += 2;
        continue;
      }
      lit += text[j];
      j++;
    }
    out.push({ start: i, end: Math.min(j + 1, text.length), quote: q, text: lit });
    i = j + 1;
  }
  return out;
}

/** Operators that join two literals into one string: perl `.`, lua `..`, `+`, awk juxtaposition. */
const CONCAT_GAP = /^\s*(?:\.\.?|\+)?\s*$/;

/**
 * Constant folding for foreign code: adjacent literals joined by a concatenation operator become
 * one (`"cu"."rl"`, `"cu" "rl"`), and so do the items of a literal list that is joined
 * (`["cu","rl x"].join`), so a command split across literals is read whole.
 */
function foldLiterals(text: string, lits: readonly CodeLiteral[]): CodeLiteral[] {
  const out: CodeLiteral[] = [];
  let k = 0;
  while (k < lits.length) {
    let run = [lits[k]!];
    let commas = false;
    while (k + 1 < lits.length && lits[k]!.quote !== '`' && lits[k + 1]!.quote !== '`') {
      const gap = text.slice(lits[k]!.end, lits[k + 1]!.start);
      if (CONCAT_GAP.test(gap)) run.push(lits[++k]!);
      else if (/^\s*,\s*$/.test(gap)) {
        commas = true;
        run.push(lits[++k]!);
      } else break;
    }
    k++;
    const last = run[run.length - 1]!;
    if (commas && !/^\s*\]\s*\.\s*join\b/.test(text.slice(last.end, last.end + 24))) {
      // A plain argument list: keep the items apart, folding only their concatenations.
      const parts: CodeLiteral[][] = [[run[0]!]];
      for (let r = 1; r < run.length; r++) {
        const gap = text.slice(run[r - 1]!.end, run[r]!.start);
        if (gap.includes(',')) parts.push([run[r]!]);
        else parts[parts.length - 1]!.push(run[r]!);
      }
      for (const p of parts) out.push(merge(p));
      continue;
    }
    out.push(merge(run));
    run = [];
  }
  return out;
}

function merge(run: readonly CodeLiteral[]): CodeLiteral {
  if (run.length === 1) return run[0]!;
  return {
    start: run[0]!.start,
    end: run[run.length - 1]!.end,
    quote: run[0]!.quote,
    text: run.map((l) => l.text).join(''),
  };
}

const CALL_BEFORE =
  /(shell script|system|exec|execl|execlp|execv|execvp|popen|spawn|spawnSync|passthru|shell_exec|proc_open|pcntl_exec|execute|run|call|check_output|getoutput|Popen|open3|capture2|capture3|capture2e|open|callCommand|callProcess|rawSystem|shell-command|async-shell-command|call-process|start-process|term|ansi-term)\s*[({]?\s*\[?\s*$/;
const SHELL_LITERAL =
  /^(\/usr)?(\/bin\/)?(sh|bash|zsh|dash|ksh|ash|busybox\s+sh|cmd(\.exe)?|powershell|pwsh)(\s+-[a-z]+)*\s*$/i;
/** awk `print "TEXT" | "sh"`: TEXT is a command line the shell runs. */
const PIPED_TO_SHELL = /^\s*\|\s*["'](?:\/usr)?(?:\/bin\/)?(?:ba|z|da|k|a)?sh["' ]/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}(:\d+)?$/;

/** Calls that run a string as a command or as code, in perl, ruby, php, lua, awk and tcl. */
const DYNAMIC_SINK =
  /(?:\b(?:system|exec|popen|passthru|shell_exec|proc_open|pcntl_exec|spawn|eval|assert|create_function|instance_eval|class_eval|loadstring|execute|qx)|`)\s*\(?\s*(?![\s"'`){])(\$?[A-Za-z_][\w:.]*|\[|\$)/g;
/** Code that decodes or unpacks data at run time. */
const DECODES =
  /\b(?:decode_base64|decode64|b64decode|base64_decode|base64\.decode|unpack1?|pack\s*\(\s*["']H|hex2bin|from_hex|fromhex|unhexlify|chr|str_rot13|gzinflate|gzuncompress|gzdecode|uudecode|strrev|fromCharCode|atob|inflate)\b|\.reverse\b/;
/** Code (or the command lines it holds) that fetches data from the network. */
const FETCHES =
  /\b(?:LWP|HTTP::Tiny|Net::HTTP|Net::FTP|open-uri|URI\.open|IO::Socket|TCPSocket|UDPSocket|fsockopen|stream_socket_client|curl_exec|curl_init|http\.request|socket\.http|curl|wget|fetch|nc|ncat|getprotobyname)\b|https?:\/\/|ftp:\/\/|\/inet\/(?:tcp|udp)\//;

/**
 * A command line whose standard input is a pipe from the interpreter (awk `print | "cmd"`, perl
 * `open(F, "| cmd")`): what it runs does not read the terminal, so a bare `sh` there is not an
 * interactive shell. The same wrapper the python/node extractors use (code/effects.ts).
 */
function fromPipe(command: string): string {
  return `{ ${command}\n} </dev/null`;
}

/**
 * Code in a language the engine does not parse (perl, ruby, php, lua, awk, vim script): its
 * string literals, folded where they are concatenated, are read for shell commands (in
 * system()/exec()/backticks/pipes), shells, hosts and paths; a variable bound to such a literal
 * and passed to system() is that command. A string built at run time from decoded or downloaded
 * data and passed to system/exec/eval is remote code execution (issue 21).
 */
export function scanCode(
  kit: Toolkit,
  inv: Invocation,
  code: Word,
  input?: readonly DataSource[],
  preset?: ReadonlyMap<string, string>,
): void {
  const text = code.text;
  const at = code.span;
  const literals = foldLiterals(text, literalsOf(text));
  const bound = new Map<string, string>(preset);
  for (const l of literals) {
    const before = text.slice(Math.max(0, l.start - 40), l.start);
    const after = text.slice(l.end, l.end + 24);
    const assigned = /(?:^|[^\w$@%])[$@%]?([A-Za-z_]\w*)\s*=\s*$/.exec(before);
    if (assigned !== null) bound.set(assigned[1]!, l.text);
    const trimmed = l.text.trim();
    if (trimmed === '') continue;
    const isCommand =
      l.quote === '`' ||
      CALL_BEFORE.test(before) ||
      /\|\s*$/.test(before) ||
      /^\s*\|\s*getline/.test(after) ||
      PIPED_TO_SHELL.test(after) ||
      /(qx|%x)\s*$/.test(before);
    if (/^\|/.test(trimmed) || /\|$/.test(trimmed)) {
      // perl open(F, "cmd |") / open(F, "| cmd"); in the second the command reads the interpreter's pipe
      const command = trimmed.replace(/^\|\s*|\s*\|$/g, '');
      kit.nested(trimmed.startsWith('|') ? fromPipe(command) : command, 'bash', at, inv.program);
    } else if (isCommand || SHELL_LITERAL.test(trimmed)) {
      // awk `print ... | "sh"`: the command's standard input is awk's pipe, not the terminal
      const piped = /(?:^|[^|])\|\s*$/.test(before);
      kit.nested(piped ? fromPipe(trimmed) : trimmed, 'bash', at, inv.program);
    } else if (/(?:^|[^>=<!])>>?\s*$/.test(before) && (trimmed.startsWith('/') || trimmed.startsWith('~'))) {
      // awk `print ... > "/path"` (and `>>`): the file is written.
      kit.write(sub(code, trimmed), inv.program, /> *>\s*$/.test(before) ? 'append' : 'write', NO_SOURCES);
    } else if (trimmed.startsWith('>')) {
      const path = trimmed.replace(/^>+\s*/, '');
      if (path.startsWith('/') || path.startsWith('~'))
        kit.write(sub(code, path), inv.program, 'write', NO_SOURCES);
    } else if (IPV4.test(trimmed) || /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
      const addr = parseNetAddress(trimmed);
      if (addr !== null)
        kit.sink.net({
          host: addr.host,
          port: addr.port,
          url: trimmed.includes('://') ? trimmed : undefined,
          scheme: addr.scheme,
          sends: false,
          actor: inv.program,
          span: at,
        });
    } else if ((trimmed.startsWith('/') || trimmed.startsWith('~/')) && !trimmed.includes(' ')) {
      if (/^\/(usr\/)?(s?bin)\//.test(trimmed)) kit.nested(trimmed, 'bash', at, inv.program);
      else kit.read(sub(code, trimmed), inv.program);
    }
  }
  // awk `print ... > VAR` with VAR set by -v: the file it names is written.
  for (const m of text.matchAll(/[^>=<!]>>?\s*([A-Za-z_]\w*)\b/g)) {
    const path = bound.get(m[1]!);
    if (path !== undefined && (path.startsWith('/') || path.startsWith('~')))
      kit.write(sub(code, path), inv.program, 'write', NO_SOURCES);
  }
  if (
    /\b(?:system|exec|popen|passthru|shell_exec|proc_open|pcntl_exec|spawn|eval|assert|execute|qx)\b|`/.test(
      text,
    )
  )
    dynamicSinks(
      kit,
      inv,
      code,
      literals,
      bound,
      input ?? (inv.stdin.interactive ? NO_SOURCES : inv.stdin.sources),
    );
  // fork in a loop (perl -e 'fork while 1'): a fork bomb in any language.
  if (/\bfork\b/.test(text) && /\b(while|until|loop|for\s*\(\s*;\s*;)/.test(text)) {
    kit.sink.loop(at, true, /\bsleep\b/.test(text), /\b(exit|last|break|die)\b/.test(text), true);
  }
  // Bare shell escapes without quotes: perl `exec sh`, vim `:!sh`.
  if (/\bexec\s+(\/bin\/)?(sh|bash)\b/.test(text) && literals.length === 0)
    kit.nested('sh', 'bash', at, inv.program);
}

/**
 * system(X) / eval(X) where X is not a literal: a variable bound to a literal runs that literal;
 * anything else is a string built at run time, which is remote code execution when the code
 * decodes or downloads data.
 */
function dynamicSinks(
  kit: Toolkit,
  inv: Invocation,
  code: Word,
  literals: readonly CodeLiteral[],
  bound: ReadonlyMap<string, string>,
  input: readonly DataSource[],
): void {
  const text = code.text;
  let unknown = false;
  for (const m of text.matchAll(DYNAMIC_SINK)) {
    const arg = m[1]!;
    const name = /^\$?([A-Za-z_]\w*)$/.exec(arg)?.[1];
    const value = name === undefined ? undefined : bound.get(name);
    if (
      value !== undefined &&
      !/^(?:eval|assert|create_function|instance_eval|class_eval|loadstring)/.test(m[0])
    )
      kit.nested(value, 'bash', code.span, inv.program);
    else if (m[0].startsWith('`') && !/[$@]/.test(arg)) continue;
    else unknown = true;
  }
  if (!unknown) return;
  const folded = literals.map((l) => l.text).join('\n');
  const sources: DataSource[] = [];
  if (DECODES.test(text)) sources.push({ kind: 'decoded' });
  if (FETCHES.test(text) || FETCHES.test(folded)) {
    const host = /(?:[a-z]+:\/\/)?((?:[a-z0-9-]+\.)+[a-z]{2,}|\d{1,3}(?:\.\d{1,3}){3})/i.exec(folded);
    sources.push({ kind: 'net', host: host?.[1]?.toLowerCase() ?? 'unknown' });
  }
  // The data the program reads (`curl ... | awk '{system($0)}'`, `perl -ne 'system $_'`) may be what runs.
  if (sources.length > 0 || input.length > 0)
    kit.flow(mergeSources(sources, input), { kind: 'exec', program: inv.program }, code.span);
}

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
  python: interpreter({ runtime: 'python', code: ['-c'], values: ['-m', '-W', '-X', '-Q'] }, pythonModules),
  node: interpreter({
    runtime: 'node',
    code: ['-e', '--eval', '-p', '--print'],
    values: ['-r', '--require', '--import', '--loader', '--input-type'],
  }),
  perl: interpreter({ runtime: null, code: ['-e', '-E'], values: ['-I', '-M', '-m', '-x'] }),
  ruby: interpreter({ runtime: null, code: ['-e'], values: ['-r', '-I', '-C'] }),
  lua: interpreter({ runtime: null, code: ['-e'], values: ['-l'] }),
  Rscript: interpreter({ runtime: null, code: ['-e'], values: [] }),
  osascript: interpreter({ runtime: null, code: ['-e'], values: ['-l'] }),
  expect: interpreter({ runtime: null, code: ['-c'], values: ['-f'] }),
  tclsh: interpreter({ runtime: null, code: [], values: [] }),
  pwsh: interpreter({ runtime: null, code: ['-c', '-Command', '-command'], values: ['-File', '-f'] }),
  php,
  awk,
  vim,
  less: pager,
  more: pager,
  man: pager,
  docker,
  echo,
  printf,
  cat,
  base64: decoder('base64', ['-d', '--decode', '-D']),
  base32: decoder('base32', ['-d', '--decode']),
  xxd: decoder('hex', ['-r', '-revert']),
  openssl,
  rev,
  printenv,
  set: setBuiltin,
  read,
  git,
};
