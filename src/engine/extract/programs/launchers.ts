/**
 * Programs that start other programs from an option value, a subcommand or a directory: browsers
 * with launcher prefixes, terminal multiplexers and emulators, run-parts, and less common process
 * wrappers (GTFOBins "shell" entries: rlwrap, cpulimit, setarch, capsh, start-stop-daemon ...).
 */
import type { Invocation, Word } from '../bash/model.js';
import type { ProgramHandler } from './types.js';
import { hasOption, optionValues, parseArgs } from './util.js';
import { runCode } from './wrappers.js';

function word(inv: Invocation, text: string): Word {
  return { ...inv.argv[0]!, text, dynamic: false, span: inv.span, sources: [] };
}

function joined(words: readonly Word[]): Word {
  return {
    ...words[0]!,
    text: words.map((w) => w.text).join(' '),
    span: { start: words[0]!.span.start, end: words[words.length - 1]!.span.end },
    sources: words.flatMap((w) => w.sources),
  };
}

/** Chromium and Electron option names whose value is a command line run before each child process. */
const BROWSER_COMMAND_OPTION = /^--(?:[a-z-]*-launcher|[a-z-]*-cmd-prefix|browser-subprocess-path)$/;

/** chromium --gpu-launcher='sh -c ...', --renderer-cmd-prefix=...: the value is a command line. */
const browser: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, {});
  for (const o of args.options)
    if (o.value !== undefined && BROWSER_COMMAND_OPTION.test(o.name)) runCode(kit, inv, o.value, 'bash');
  kit.genericArgs(inv, args.positionals);
  return undefined;
};

/** A wrapper whose command starts after its options (rlwrap, cpulimit, ssh-agent, valgrind). */
function after(short: string, long: readonly string[] = [], noRun: readonly string[] = []): ProgramHandler {
  return (inv, kit) => {
    const args = parseArgs(inv.argv, { short, long, stopAtPositional: true });
    if (noRun.length > 0 && hasOption(args, ...noRun)) return undefined;
    const inner = inv.argv.slice(args.rest);
    return inner.length === 0 ? undefined : kit.run(inner, inv.span, inv.stdin, inv.program);
  };
}

/** `setarch ARCH [-R ...] [PROGRAM ARGS]` (and linux32, linux64): no program means a shell. */
const setarch: ProgramHandler = (inv, kit) => {
  let i = inv.program === 'setarch' ? 2 : 1;
  while (i < inv.argv.length && inv.argv[i]!.text.startsWith('-')) i++;
  const inner = inv.argv.slice(i);
  return kit.run(inner.length === 0 ? [word(inv, 'sh')] : inner, inv.span, inv.stdin, inv.program);
};

/** `capsh [opts] -- ARGS`: ARGS go to /bin/bash (`capsh --` is a shell, `-- -c CMD` runs CMD). */
const capsh: ProgramHandler = (inv, kit) => {
  const dash = inv.argv.findIndex((w) => w.text === '--');
  if (dash === -1) return undefined;
  const shell = inv.argv
    .slice(1, dash)
    .find((w) => w.text.startsWith('--shell='))
    ?.text.slice(8);
  return kit.run([word(inv, shell ?? 'bash'), ...inv.argv.slice(dash + 1)], inv.span, inv.stdin, 'capsh');
};

/** `start-stop-daemon -S -x PROG [-- ARGS]`: runs PROG (--startas overrides the path). */
const startStopDaemon: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, {
    short: 'xanpuUgrcNkdRCOs',
    long: ['--exec', '--startas', '--name', '--pidfile', '--user', '--chuid', '--chdir', '--signal'],
  });
  if (!hasOption(args, '-S', '--start')) return undefined;
  const prog = optionValues(args, '-a', '--startas')[0] ?? optionValues(args, '-x', '--exec')[0];
  if (prog === undefined) return undefined;
  const dash = inv.argv.findIndex((w) => w.text === '--');
  const rest = dash === -1 ? [] : inv.argv.slice(dash + 1);
  return kit.run([prog, ...rest], inv.span, inv.stdin, inv.program);
};

/** Shell names a run-parts `--regex` may select in a binaries directory. */
const SHELL_NAMES = ['sh', 'bash', 'dash', 'zsh', 'ksh', 'busybox'];

/** `run-parts DIR`: every executable in DIR runs (`--regex '^sh$' /bin` picks a shell). */
const runParts: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 'ua', long: ['--regex', '--arg', '--umask'] });
  if (hasOption(args, '--test', '--list')) return undefined;
  const regex = optionValues(args, '--regex')[0]?.text;
  for (const dir of args.positionals) {
    const base = dir.text.endsWith('/') ? dir.text.slice(0, -1) : dir.text;
    let picked: RegExp | null = null;
    try {
      picked = regex === undefined ? null : new RegExp(regex);
    } catch {
      picked = null;
    }
    const shell = picked === null ? undefined : SHELL_NAMES.find((n) => picked.test(n));
    if (shell !== undefined && /\/s?bin$/.test(base)) {
      kit.run([{ ...dir, text: base + '/' + shell }], inv.span, inv.stdin, 'run-parts');
    } else kit.fileOp({ ...dir, text: base + '/*' }, 'run-parts', 'execute', false);
  }
  return undefined;
};

/** tmux commands whose trailing arguments are a shell command. */
const TMUX_RUNS = new Set([
  'new',
  'new-session',
  'new-window',
  'neww',
  'split-window',
  'splitw',
  'respawn-pane',
  'respawnp',
  'respawn-window',
  'respawnw',
  'run-shell',
  'run',
  'display-popup',
  'popup',
  'if-shell',
  'if',
  'pipe-pane',
  'pipep',
]);

/** `tmux [-c CMD] new-session -d 'CMD'`: the command runs in a new pane (detached panes too). */
const tmux: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 'cfLSTO', stopAtPositional: true });
  for (const c of optionValues(args, '-c')) runCode(kit, inv, c, 'bash');
  const argv = inv.argv;
  let i = args.rest;
  while (i < argv.length) {
    const sub = argv[i]!.text;
    let j = i + 1;
    const words: Word[] = [];
    for (; j < argv.length && argv[j]!.text !== ';' && argv[j]!.text !== '\\;'; j++) {
      const t = argv[j]!.text;
      if (words.length === 0 && /^-[a-zA-Z]+$/.test(t)) {
        // Options with a value: -t target, -s/-n names, -c dir, -e env, -F format, -x/-y/-l/-p sizes.
        if (/[tsncefFxylpwhbdSTE]$/.test(t) && !/^-[dPADEXhvkbZ]+$/.test(t)) j++;
        continue;
      }
      words.push(argv[j]!);
    }
    if (TMUX_RUNS.has(sub) && words.length > 0) runCode(kit, inv, joined(words), 'bash');
    i = j + 1;
  }
  return undefined;
};

/** `screen -dm CMD ARGS` runs CMD; `screen -X stuff 'TEXT'` types TEXT into a session's shell. */
const screen: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 'SceEhpTtX', stopAtPositional: true });
  const x = optionValues(args, '-X')[0];
  if (x !== undefined) {
    if (x.text === 'stuff' && inv.argv[args.rest] !== undefined) {
      const text = inv.argv[args.rest]!;
      runCode(kit, inv, { ...text, text: text.text.replace(/(\\n|\\r|\^M|\n)+$/g, '') }, 'bash');
    }
    return undefined;
  }
  if (hasOption(args, '-r', '-R', '-x', '-ls', '-list', '-l', '-v')) return undefined;
  const inner = inv.argv.slice(args.rest);
  return inner.length === 0 ? undefined : kit.run(inner, inv.span, inv.stdin, 'screen');
};

/** Terminal emulators: `xterm -e CMD ARGS`, `gnome-terminal -- CMD ARGS`. */
const terminal: ProgramHandler = (inv, kit) => {
  const e = inv.argv.findIndex((w) => w.text === '-e' || w.text === '-x' || w.text === '--');
  if (e === -1 || e + 1 >= inv.argv.length) return undefined;
  const inner = inv.argv.slice(e + 1);
  // `-e 'cmd args'` in one word is a command line (xterm passes it to a shell).
  if (inner.length === 1) runCode(kit, inv, inner[0]!, 'bash');
  else kit.run(inner, inv.span, inv.stdin, inv.program);
  return undefined;
};

/** `systemd-run [opts] CMD ARGS` starts CMD as a transient unit. */
const systemdRun = after('upEMpt', [
  '--unit',
  '--property',
  '--setenv',
  '--uid',
  '--gid',
  '--machine',
  '--working-directory',
  '--on-calendar',
  '--on-active',
  '--description',
  '--slice',
  '--nice',
]);

/** `sg GROUP -c CMD` / `sg GROUP CMD`. */
const sg: ProgramHandler = (inv, kit) => {
  const c = inv.argv.findIndex((w) => w.text === '-c');
  if (c !== -1 && inv.argv[c + 1] !== undefined) {
    runCode(kit, inv, inv.argv[c + 1]!, 'bash');
    return undefined;
  }
  const inner = inv.argv.slice(2).filter((w) => w.text !== '-');
  if (inner.length > 0) runCode(kit, inv, joined(inner), 'bash');
  return undefined;
};

/** `WRAPPER [opts] FILE CMD ARGS`: one operand before the command (logsave, setlock). */
function withOperand(short: string): ProgramHandler {
  return (inv, kit) => {
    const args = parseArgs(inv.argv, { short, stopAtPositional: true });
    const inner = inv.argv.slice(args.rest + 1);
    return inner.length === 0 ? undefined : kit.run(inner, inv.span, inv.stdin, inv.program);
  };
}

/** `perf stat|record|trace [opts] [--] CMD`: the profiled command runs. */
const perf: ProgramHandler = (inv, kit) => {
  const sub = inv.argv[1]?.text;
  if (sub !== 'stat' && sub !== 'record' && sub !== 'trace' && sub !== 'mem' && sub !== 'c2c')
    return undefined;
  const args = parseArgs(inv.argv, { short: 'eoptGCcFmrdIjM', stopAtPositional: true }, 2);
  const inner = inv.argv.slice(args.rest);
  return inner.length === 0 ? undefined : kit.run(inner, inv.span, inv.stdin, 'perf');
};

/** `xdotool exec [--sync] CMD ARGS`. */
const xdotool: ProgramHandler = (inv, kit) => {
  const i = inv.argv.findIndex((w) => w.text === 'exec');
  if (i === -1) return undefined;
  let j = i + 1;
  while (j < inv.argv.length && inv.argv[j]!.text.startsWith('--')) j++;
  const inner = inv.argv.slice(j);
  return inner.length === 0 ? undefined : kit.run(inner, inv.span, inv.stdin, 'xdotool');
};

/** The dynamic loader run directly: `ld.so [--library-path P] PROGRAM ARGS`. */
const loader: ProgramHandler = (inv, kit) => {
  let i = 1;
  while (i < inv.argv.length && inv.argv[i]!.text.startsWith('--')) {
    const t = inv.argv[i]!.text;
    i += /^--(?:library-path|preload|audit|argv0|inhibit-rpath)$/.test(t) ? 2 : 1;
  }
  const inner = inv.argv.slice(i);
  return inner.length === 0 ? undefined : kit.run(inner, inv.span, inv.stdin, inv.program);
};

/** `check_by_ssh -o 'ProxyCommand ...' -H HOST -C CMD` (Nagios): ssh options run locally. */
const checkBySsh: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 'oHCplitOsnS', stopAtPositional: false });
  for (const o of args.options) {
    if (o.name !== '-o' || o.value === undefined) continue;
    const m = /^(ProxyCommand|LocalCommand)\s*[= ]\s*(.*)$/is.exec(o.value.text);
    if (m !== null && m[2]!.trim() !== '')
      kit.nested('exec ' + m[2]!, 'bash', o.value.span, `check_by_ssh ${m[1]!}`);
  }
  return undefined;
};

/** fd options that take a value (the search pattern and paths are the other words). */
const FD_VALUES = new Set([
  '-t',
  '--type',
  '-e',
  '--extension',
  '-E',
  '--exclude',
  '-d',
  '--max-depth',
  '--min-depth',
  '--exact-depth',
  '-j',
  '--threads',
  '-S',
  '--size',
  '--changed-within',
  '--changed-before',
  '-c',
  '--color',
  '-o',
  '--owner',
  '--base-directory',
  '--search-path',
  '--format',
  '--max-results',
  '--ignore-file',
  '--path-separator',
  '--batch-size',
]);

/**
 * fd / fdfind `[PATTERN] [PATH...] -x|-X CMD...`: CMD runs with the entries found, which stand for
 * the paths under each PATH the pattern can match (`fd . ~ -x rm -rf` removes `~/*`).
 */
const fd: ProgramHandler = (inv, kit) => {
  const plain: Word[] = [];
  const exts: string[] = [];
  let command: Word[] | null = null;
  for (let i = 1; i < inv.argv.length; i++) {
    const w = inv.argv[i]!;
    const t = w.text;
    if (t === '-x' || t === '--exec' || t === '-X' || t === '--exec-batch') {
      const rest = inv.argv.slice(i + 1);
      const end = rest.findIndex((r) => r.text === ';' || r.text === '\\;');
      command = end === -1 ? rest : rest.slice(0, end);
      i += end === -1 ? rest.length : end + 1;
      continue;
    }
    if (t === '-e' || t === '--extension') exts.push(inv.argv[i + 1]?.text ?? '');
    if (FD_VALUES.has(t)) i++;
    else if (t === '--search-path' || t.startsWith('-')) continue;
    else plain.push(w);
  }
  const searchPaths = optionValuesAfter(inv.argv, '--search-path');
  const dirs = [...plain.slice(1), ...searchPaths];
  if (dirs.length === 0) dirs.push(word(inv, '.'));
  const pattern = plain[0]?.text ?? '';
  const any = pattern === '' || pattern === '.' || pattern === '^' || pattern === '.*';
  const name = exts.length > 0 ? `*.${exts[0]!}` : any || !/^[\w.-]+$/.test(pattern) ? '*' : `*${pattern}*`;
  for (const d of dirs) kit.read(d, inv.program);
  if (command === null || command.length === 0) return undefined;
  for (const d of dirs.slice(0, 4)) {
    const found: Word = { ...d, text: d.text.replace(/\/+$/, '') + '/' + name, dynamic: true };
    const filled = command.some((c) => c.text.includes('{'));
    const run = filled
      ? command.map((c) =>
          /\{[/.//]*\}/.test(c.text)
            ? { ...c, text: c.text.replace(/\{[/.//]*\}/g, found.text), dynamic: true }
            : c,
        )
      : [...command, found];
    kit.run(run, inv.span, inv.stdin, inv.program);
  }
  return undefined;
};

function optionValuesAfter(argv: readonly Word[], name: string): Word[] {
  const out: Word[] = [];
  for (let i = 1; i < argv.length - 1; i++) if (argv[i]!.text === name) out.push(argv[i + 1]!);
  return out;
}

export const LAUNCHER_HANDLERS: Readonly<Record<string, ProgramHandler>> = {
  fd,
  fdfind: fd,
  logsave: withOperand(''),
  setlock: withOperand(''),
  multitime: after('n'),
  softlimit: after('mdsflaortcp'),
  sshpass: after('pfdP'),
  torify: after(''),
  grc: after('c'),
  perf,
  xdotool,
  'ld.so': loader,
  'ld-linux.so.2': loader,
  'ld-linux-x86-64.so.2': loader,
  'ld-linux-aarch64.so.1': loader,
  check_by_ssh: checkBySsh,
  tmate: tmux,
  chromium: browser,
  'chromium-browser': browser,
  chrome: browser,
  'google-chrome': browser,
  'google-chrome-stable': browser,
  'google-chrome-beta': browser,
  'brave-browser': browser,
  'microsoft-edge': browser,
  electron: browser,
  rlwrap: after('bCDefgHlMOpPqsStwz'),
  cpulimit: after('lpe', ['--limit', '--pid', '--exe'], ['-p', '--pid', '-e', '--exe']),
  'ssh-agent': after('aEPt', [], ['-k', '-l']),
  valgrind: after(''),
  chronic: after(''),
  'systemd-run': systemdRun,
  setarch,
  linux32: setarch,
  linux64: setarch,
  capsh,
  'start-stop-daemon': startStopDaemon,
  'run-parts': runParts,
  tmux,
  screen,
  xterm: terminal,
  'x-terminal-emulator': terminal,
  'gnome-terminal': terminal,
  konsole: terminal,
  urxvt: terminal,
  alacritty: terminal,
  sg,
};
