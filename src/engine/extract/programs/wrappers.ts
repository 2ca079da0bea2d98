/**
 * Programs that run another program: the wrapped command gets its own ExecFact with `via` set and
 * its own handler (sudo rm -rf /, timeout 5 curl ..., xargs rm, env X=1 sh -c ...).
 */
import { shellQuote } from '../../shell-quote.js';
import type { Runtime } from '../../types.js';
import { EMPTY_PIPE, TERMINAL, type Invocation, type Stream, type Word } from '../bash/model.js';
import type { ProgramHandler, Toolkit } from './types.js';
import { hasOption, optionValues, parseArgs, type OptionSpec } from './util.js';

interface WrapperSpec extends OptionSpec {
  /** Positionals the wrapper itself takes before the command (timeout DURATION, chroot DIR). */
  readonly operands?: number;
  /** With no command, the wrapper starts an interactive shell (sudo -s, su, chroot, nsenter). */
  readonly shellWhenEmpty?: boolean;
  /** Options that mean "no command is run" (command -v, sudo -l). */
  readonly noRun?: readonly string[];
  /** Option whose value is shell code (su -c, script -c, flock -c). */
  readonly codeOption?: readonly string[];
}

function shellWord(inv: Invocation): Word {
  return { ...inv.argv[0]!, text: 'sh', dynamic: false, span: inv.span };
}

function wrapper(spec: WrapperSpec): ProgramHandler {
  return (inv, kit) => {
    const args = parseArgs(inv.argv, { ...spec, stopAtPositional: true });
    if (spec.noRun !== undefined && hasOption(args, ...spec.noRun)) return undefined;
    if (spec.codeOption !== undefined) {
      const code = optionValues(args, ...spec.codeOption);
      for (const c of code) runCode(kit, inv, c, 'bash');
      if (code.length > 0) return undefined;
    }
    const inner = inv.argv.slice(args.rest + (spec.operands ?? 0));
    if (inner.length === 0) {
      if (spec.shellWhenEmpty) return kit.run([shellWord(inv)], inv.span, inv.stdin, inv.program);
      return undefined;
    }
    return kit.run(inner, inv.span, inv.stdin, inv.program);
  };
}

/** Code in a word: nested analysis, and a flow when the code is built from data (bash -c "$(curl ..)"). */
export function runCode(
  kit: Toolkit,
  inv: Invocation,
  code: Word,
  runtime: Runtime,
  via = inv.program,
): void {
  // Code that is one unresolved substitution (`eval "$(curl ...)"`) was analysed where it stands.
  if (!(code.dynamic && /^(\$\(.*\)|`.*`)$/s.test(code.text))) kit.nested(code.text, runtime, code.span, via);
  if (code.sources.length > 0) kit.flow(code.sources, { kind: 'exec', program: inv.program }, code.span);
}

const sudo = wrapper({
  short: 'ugCDhpRrtTU',
  long: [
    '--user',
    '--group',
    '--close-from',
    '--chdir',
    '--host',
    '--prompt',
    '--role',
    '--type',
    '--command-timeout',
    '--other-user',
  ],
  shellWhenEmpty: true,
  noRun: ['-l', '--list', '-v', '--validate', '-k', '-K', '-V', '-h', '-e', '--edit'],
});

const sudoHandler: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 'ugCDhpRrtTU', stopAtPositional: true });
  if (hasOption(args, '-e', '--edit')) {
    for (const f of inv.argv.slice(args.rest)) kit.write(f, 'sudoedit', 'write', []);
    return undefined;
  }
  const inner = inv.argv.slice(args.rest);
  if (inner.length === 0 && !hasOption(args, '-s', '-i', '--shell', '--login')) return undefined;
  return sudo(inv, kit);
};

const envHandler: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, {
    short: 'uCS',
    long: ['--unset', '--chdir', '--split-string'],
    stopAtPositional: true,
  });
  const split = optionValues(args, '-S', '--split-string')[0];
  let i = args.rest;
  const assignments: Word[] = [];
  while (i < inv.argv.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(inv.argv[i]!.text)) {
    const a = inv.argv[i++]!;
    const next = inv.argv[i];
    // `X=<(cmd)`: the grammar splits the substitution off as a word of its own; it is X's value.
    if (a.text.endsWith('=') && next?.proc !== undefined && next.span.start === a.span.end) {
      assignments.push({
        ...next,
        text: a.text + next.text,
        span: { start: a.span.start, end: next.span.end },
      });
      i++;
    } else assignments.push(a);
  }
  // `env BASH_ENV=<(...) bash`, `env PS4='$(cmd)' bash -x`: variables that run code in the program.
  const actor = inv.argv[i]?.text.replace(/^.*\//, '') ?? 'env';
  for (const a of assignments) kit.codeInEnvironment(a, actor);
  if (split !== undefined) {
    runCode(
      kit,
      inv,
      { ...split, text: [split.text, ...inv.argv.slice(i).map((w) => w.text)].join(' ') },
      'bash',
    );
    return undefined;
  }
  if (i >= inv.argv.length) {
    // `env` alone prints the environment.
    return { sources: [{ kind: 'env' }], text: null, interactive: false, literals: [] };
  }
  return kit.run(inv.argv.slice(i), inv.span, inv.stdin, 'env');
};

const commandHandler: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { stopAtPositional: true });
  if (hasOption(args, '-v', '-V')) return undefined;
  return kit.run(inv.argv.slice(args.rest), inv.span, inv.stdin, inv.program);
};

/** `watch CMD ARGS`: joined with spaces and run by `sh -c` unless -x. */
const watch: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, {
    short: 'nqd',
    long: ['--interval', '--differences', '--equexit'],
    stopAtPositional: true,
  });
  const inner = inv.argv.slice(args.rest);
  if (inner.length === 0) return undefined;
  if (hasOption(args, '-x', '--exec')) return kit.run(inner, inv.span, inv.stdin, 'watch');
  const code = inner.map((w) => w.text).join(' ');
  runCode(
    kit,
    inv,
    {
      ...inner[0]!,
      text: code,
      span: { start: inner[0]!.span.start, end: inner[inner.length - 1]!.span.end },
    },
    'bash',
  );
  return undefined;
};

const su: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, {
    short: 'cgGsw',
    long: ['--command', '--group', '--shell', '--session-command', '--whitelist-environment'],
  });
  const code = optionValues(args, '-c', '--command', '--session-command');
  for (const c of code) runCode(kit, inv, c, 'bash');
  if (code.length === 0) kit.run([shellWord(inv)], inv.span, inv.stdin, 'su');
  return undefined;
};

const script: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, {
    short: 'cEIOBTm',
    long: ['--command', '--echo', '--log-in', '--log-out', '--log-io', '--log-timing'],
  });
  const code = optionValues(args, '-c', '--command');
  for (const c of code) runCode(kit, inv, c, 'bash');
  const [file, ...command] = args.positionals;
  if (file !== undefined) kit.write(file, 'script', 'write', []);
  // BSD/macOS `script [-q] FILE COMMAND ARGS` records COMMAND instead of a shell.
  if (command.length > 0) kit.run(command, inv.span, inv.stdin, 'script');
  else if (code.length === 0) kit.run([shellWord(inv)], inv.span, inv.stdin, 'script');
  return undefined;
};

/** xargs: runs its command with arguments read from stdin (appended, unknown here). */
const xargs: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, {
    short: 'IdEeLlnPsa',
    long: [
      '--replace',
      '--delimiter',
      '--eof',
      '--max-lines',
      '--max-args',
      '--max-procs',
      '--max-chars',
      '--arg-file',
      '--process-slot-var',
    ],
    stopAtPositional: true,
  });
  const argFiles = optionValues(args, '-a', '--arg-file');
  for (const f of argFiles) kit.read(f, 'xargs');
  // `xargs -a /dev/null sh`: no arguments are read, the command runs bare (GTFOBins).
  const noInput = argFiles.some((f) => f.text === '/dev/null');
  const inner = inv.argv.slice(args.rest);
  const input: Word = {
    ...inv.argv[0]!,
    text: '{}',
    dynamic: true,
    span: inv.span,
    sources: inv.stdin.interactive ? [] : inv.stdin.sources,
  };
  const argv = inner.length === 0 ? [{ ...inv.argv[0]!, text: 'echo', span: inv.span }] : inner;
  const replace =
    optionValues(args, '-I', '--replace')[0]?.text ?? (hasOption(args, '-i') ? '{}' : undefined);
  const tty = hasOption(args, '-o', '--open-tty') || (noInput && inv.stdin.interactive);
  // Input known statically (`echo ~ | xargs rm -rf`): the command runs with those words.
  const nul = hasOption(args, '-0', '--null');
  // Files found by name (`find / -name '*.sql' | xargs rm`) are judged where they are deleted (R17).
  const stdin =
    inv.stdin.listingNamed === true && !DELETES.test(inner[0]?.text ?? '')
      ? { ...inv.stdin, listing: undefined }
      : inv.stdin;
  const known = noInput || argFiles.length > 0 ? null : staticInput(stdin, replace !== undefined, nul);
  if (known !== null && known.length > 0) {
    // Listed paths (`ls ~ | xargs rm`) are globs over the directory, not names written out.
    const listed = stdin.text === null && stdin.listing !== undefined;
    const word = (text: string): Word => ({ ...input, text, dynamic: listed });
    const runs =
      replace !== undefined
        ? known.map((line) =>
            argv.map((w) => (w.text.includes(replace) ? word(w.text.split(replace).join(line)) : w)),
          )
        : [[...argv, ...known.map(word)]];
    for (const run of runs) kit.run(run, inv.span, tty ? TERMINAL : EMPTY_PIPE, 'xargs');
    return undefined;
  }
  const full = noInput
    ? argv
    : replace !== undefined
      ? argv.map((w) => (w.text.includes(replace) ? { ...w, dynamic: true, sources: input.sources } : w))
      : [...argv, input];
  // -o / --open-tty: the command reads the terminal; otherwise its stdin is /dev/null (or the -a list).
  kit.run(full, inv.span, tty ? TERMINAL : EMPTY_PIPE, 'xargs');
  return undefined;
};

/** Programs that delete the files they are given. */
const DELETES = /^(?:\S*\/)?(?:rm|unlink|shred|srm|wipe)$/;

/** GNU parallel: `parallel CMD ::: args` (or args on stdin). */
const parallel: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 'jSIaX', stopAtPositional: true });
  const rest = inv.argv.slice(args.rest);
  const sep = rest.findIndex((w) => w.text === ':::' || w.text === '::::');
  const cmd = sep === -1 ? rest : rest.slice(0, sep);
  // No command, or one that is only the input placeholder: each input line is a command line.
  if (cmd.length === 0 || (cmd.length === 1 && /^\{[.#/%]*\}$/.test(cmd[0]!.text))) {
    if (sep === -1) codeOnStdin(kit, inv);
    else runCode(kit, inv, joined(rest.slice(sep + 1)), 'bash');
    return undefined;
  }
  if (cmd.length === 1) runCode(kit, inv, cmd[0]!, 'bash');
  else {
    // `parallel rm -rf ::: ~`, `echo ~ | parallel rm -rf`: each input is an argument (or fills `{}`).
    const inputs =
      sep !== -1 && rest[sep]!.text === ':::'
        ? rest.slice(sep + 1, sep + 1 + MAX_STATIC_INPUTS).filter((w) => !w.text.startsWith(':::'))
        : sep === -1
          ? (staticInput(inv.stdin, true, false) ?? []).map((text): Word => ({
              ...cmd[0]!,
              text,
              span: inv.span,
            }))
          : [];
    if (inputs.length === 0) kit.run(cmd, inv.span, EMPTY_PIPE, 'parallel');
    for (const a of inputs) {
      const filled = cmd.some((w) => w.text.includes('{}'));
      const run = filled
        ? cmd.map((w) =>
            w.text.includes('{}') ? { ...w, text: w.text.split('{}').join(a.text), dynamic: a.dynamic } : w,
          )
        : [...cmd, a];
      kit.run(run, inv.span, EMPTY_PIPE, 'parallel');
    }
  }
  return undefined;
};

/** How many statically known input items are followed one by one. */
const MAX_STATIC_INPUTS = 16;

/**
 * The items xargs/parallel read from a statically known stream: lines (`-I`), NUL-separated
 * fields (`-0`) or blank-separated words; null when unknown or quoted (xargs' own quoting).
 */
function staticInput(stdin: Stream, lines: boolean, nul: boolean): string[] | null {
  if (stdin.interactive) return null;
  if (stdin.text === null)
    return stdin.listing === undefined ? null : stdin.listing.slice(0, MAX_STATIC_INPUTS);
  const text = stdin.text;
  let items: string[];
  if (nul) items = text.split('\0');
  else if (lines) items = text.split('\n');
  else if (/['"\\]/.test(text)) return null;
  else items = text.split(/\s+/);
  items = items.filter((t) => t.trim() !== '');
  return items.length > MAX_STATIC_INPUTS ? items.slice(0, MAX_STATIC_INPUTS) : items;
}

/** Input lines run as shell commands: a flow of what the stream carries, and its text when known. */
function codeOnStdin(kit: Toolkit, inv: Invocation): void {
  if (inv.stdin.interactive) return;
  kit.flow(inv.stdin.sources, { kind: 'exec', program: inv.program }, inv.span);
  if (inv.stdin.text !== null && inv.stdin.text.trim() !== '')
    kit.nested(inv.stdin.text, 'bash', inv.stdin.textSpan ?? inv.span, inv.program);
}

function joined(words: readonly Word[]): Word {
  return {
    ...words[0]!,
    text: words.map((w) => w.text).join('\n'),
    span: { start: words[0]!.span.start, end: words[words.length - 1]!.span.end },
  };
}

/** `flock [opts] LOCK (-c CMD | CMD ARGS)`: options may also follow the lock file. */
const flock: ProgramHandler = (inv, kit) => {
  const spec = { short: 'cwE', long: ['--command', '--timeout', '--conflict-exit-code'] };
  const head = parseArgs(inv.argv, { ...spec, stopAtPositional: true });
  const lock = head.rest;
  if (lock >= inv.argv.length) return undefined;
  const tail = parseArgs(inv.argv, { ...spec, stopAtPositional: true }, lock + 1);
  const code = [...optionValues(head, '-c', '--command'), ...optionValues(tail, '-c', '--command')];
  for (const c of code) runCode(kit, inv, c, 'bash');
  if (code.length > 0) return undefined;
  const inner = inv.argv.slice(tail.rest);
  return inner.length === 0 ? undefined : kit.run(inner, inv.span, inv.stdin, 'flock');
};

/** strace/ltrace: `-o '|CMD'` pipes the trace to CMD; the traced command runs. */
function tracer(short: string): ProgramHandler {
  const run = wrapper({ short });
  return (inv, kit) => {
    const args = parseArgs(inv.argv, { short, stopAtPositional: true });
    for (const o of optionValues(args, '-o')) {
      const t = o.text.trim();
      if (t.startsWith('|') || t.startsWith('!')) runCode(kit, inv, { ...o, text: t.slice(1) }, 'bash');
      else kit.write(o, inv.program, 'write', []);
    }
    return run(inv, kit);
  };
}

const busybox: ProgramHandler = (inv, kit) => kit.run(inv.argv.slice(1), inv.span, inv.stdin, 'busybox');

/** kubectl exec POD -- CMD: the command runs in the container. */
const kubectl: ProgramHandler = (inv, kit): Stream | undefined => {
  const sub = inv.argv[1]?.text;
  if (sub !== 'exec' && sub !== 'debug' && sub !== 'run') return undefined;
  // `kubectl run` starts a pod: the docker extractor reads its image, flags and overrides.
  if (sub === 'run')
    kit.nested(
      inv.argv.map((w, i) => (i === 0 ? 'kubectl' : w.dynamic ? w.text : shellQuote(w.text))).join(' '),
      'docker',
      inv.span,
      'kubectl',
    );
  const dash = inv.argv.findIndex((w) => w.text === '--');
  if (dash === -1 || dash + 1 >= inv.argv.length) return undefined;
  kit.run(inv.argv.slice(dash + 1), inv.span, inv.stdin, 'kubectl');
  // What the command prints comes from the cluster, not from this machine.
  return {
    sources: [{ kind: 'net', host: 'kubernetes', url: `kubernetes://${inv.argv[2]?.text ?? ''}` }],
    text: null,
    interactive: false,
    literals: [],
  };
};

/** cmd.exe's options of `start` (`/D dir`, `/NODE n` and `/AFFINITY mask` take a value). */
const START_OPTION =
  /^\/(?:b|i|min|max|wait|low|normal|high|realtime|abovenormal|belownormal|separate|shared|unix)$/i;
const START_VALUE = /^\/(?:d|node|affinity)$/i;

/** Windows `start [/B] [/MIN] [/D dir] PROGRAM ARGS` (a python `os.system` on Windows): PROGRAM runs. */
const start: ProgramHandler = (inv, kit) => {
  let i = 1;
  while (i < inv.argv.length) {
    const t = inv.argv[i]!.text;
    if (START_VALUE.test(t)) i += 2;
    else if (START_OPTION.test(t) || /^\/d\S/i.test(t)) i += 1;
    else break;
  }
  const inner = inv.argv.slice(i);
  return inner.length === 0 ? undefined : kit.run(inner, inv.span, inv.stdin, inv.program);
};

export const WRAPPER_HANDLERS: Readonly<Record<string, ProgramHandler>> = {
  start,
  sudo: sudoHandler,
  doas: wrapper({ short: 'uC', shellWhenEmpty: false }),
  pkexec: wrapper({ long: ['--user'], shellWhenEmpty: true }),
  // systemd's sudo (v256+): run0 [-u USER] [CMD...], a root shell with no command.
  run0: wrapper({
    short: 'ugD',
    long: ['--user', '--group', '--chdir', '--unit', '--property', '--description', '--setenv'],
    shellWhenEmpty: true,
  }),
  runuser: wrapper({
    short: 'ugGcs',
    long: ['--user', '--group', '--command', '--shell'],
    codeOption: ['-c', '--command'],
    shellWhenEmpty: true,
  }),
  su,
  env: envHandler,
  timeout: wrapper({ short: 'ks', long: ['--kill-after', '--signal'], operands: 1 }),
  nohup: wrapper({}),
  nice: wrapper({ short: 'n', long: ['--adjustment'] }),
  ionice: wrapper({ short: 'cnpPu', long: ['--class', '--classdata', '--pid', '--pgid', '--uid'] }),
  stdbuf: wrapper({ short: 'ioe', long: ['--input', '--output', '--error'] }),
  command: commandHandler,
  builtin: wrapper({}),
  exec: wrapper({ short: 'a' }),
  time: wrapper({ short: 'fo', long: ['--format', '--output'] }),
  watch,
  script,
  chroot: wrapper({ long: ['--userspec', '--groups'], operands: 1, shellWhenEmpty: true }),
  nsenter: wrapper({ short: 'tSGwrn', long: ['--target', '--setuid', '--setgid'], shellWhenEmpty: true }),
  unshare: wrapper({
    long: ['--map-user', '--map-group', '--setuid', '--setgid', '--propagation'],
    shellWhenEmpty: true,
  }),
  setsid: wrapper({}),
  setpriv: wrapper({
    long: [
      '--reuid',
      '--regid',
      '--groups',
      '--inh-caps',
      '--ambient-caps',
      '--bounding-set',
      '--securebits',
    ],
  }),
  strace: tracer('eoOpPsSuEIbXaU'),
  ltrace: tracer('eoOpPsSuEIbXaUnAD'),
  taskset: wrapper({ operands: 1 }),
  chrt: wrapper({ operands: 1 }),
  flock,
  caffeinate: wrapper({ short: 'tw' }),
  unbuffer: wrapper({}),
  'xvfb-run': wrapper({ short: 'nsefp' }),
  firejail: wrapper({ singleDashLong: true }),
  torsocks: wrapper({}),
  proxychains: wrapper({ short: 'f' }),
  proxychains4: wrapper({ short: 'f' }),
  fakeroot: wrapper({}),
  xargs,
  parallel,
  busybox,
  toybox: busybox,
  kubectl,
};
