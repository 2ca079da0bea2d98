/**
 * SH-AST-001: an interactive shell spawned from another program (find -exec sh, vim :!sh, awk
 * system("/bin/sh"), python pty.spawn, script, env/nice/nohup sh...): the GTFOBins escape family.
 */
import type { ExecFact } from '../../facts.js';
import { defineRule } from '../define-rule.js';
import { hasShortFlag, INTERPRETERS, operands, SHELLS } from '../helpers.js';

/** Container and remote front-ends whose shells run elsewhere (their own rules judge them). */
const REMOTE_VIA = new Set([
  'docker',
  'docker build',
  'podman',
  'nerdctl',
  'kubectl',
  'oc',
  'lxc',
  'ssh',
  'vagrant',
]);

/** Programs that can run a shell from their arguments (editors, pagers, debuggers, wrappers). */
const LAUNCHERS = new Set([
  ...INTERPRETERS,
  'vim',
  'vi',
  'nvim',
  'ex',
  'view',
  'less',
  'more',
  'man',
  'awk',
  'gawk',
  'mawk',
  'nawk',
  'find',
  'gdb',
  'expect',
  'tar',
  'zip',
  'rsync',
  'git',
  'ftp',
  'ed',
  'emacs',
  'nmap',
  'xargs',
  'env',
  'nice',
  'ionice',
  'stdbuf',
  'strace',
  'ltrace',
  'taskset',
  'setarch',
  'flock',
  'watch',
  'timeout',
  'nohup',
  'time',
  'socat',
]);

/** A code or option string that runs a shell with no command of its own. */
const SPAWN_SHELL =
  /(?:system|exec[a-z]*|spawn|popen|call|run|os\.execute|shell|!|exec=)\s*\(?\s*\[?\s*['"]?(?:\/(?:usr\/)?(?:local\/)?bin\/)?(?:ba|z|da|k|c|tc|fi|a|r)?sh(?:\s+-[ilps]+)*\s*(?:['"\])]|$|;|\\;)/;

/**
 * A line that is an escape typed into the interactive program of the line before it (`less f` then
 * `!/bin/sh`, vim's `:shell` or `:!sh`, ed/ftp/gdb `!sh`): as shell text it is a command whose name
 * starts with `!` or `:`.
 */
const ESCAPE_LINE =
  /^(?::?!\s*(?:\/(?:usr\/)?(?:local\/)?bin\/)?(?:ba|z|da|k|c|tc|fi|a|r)?sh|:(?:sh|she|shel|shell|terminal|term))$/;

/** The shell reads commands from a terminal: no -c, no script operand, or -i. */
/** A PowerShell parameter written as any prefix of its name (-c, -Comm, -Command; case-insensitive). */
function psParam(arg: string, name: string, shortest: number): boolean {
  const w = /^-(\w+)$/.exec(arg)?.[1]?.toLowerCase();
  return w !== undefined && w.length >= shortest && name.startsWith(w);
}

/**
 * PowerShell takes whole-word parameters (-NoProfile, -NonInteractive, -ExecutionPolicy), not
 * bundles of letters: it stays open with -NoExit, or with neither a command, a file nor a script.
 */
function powerShellInteractive(e: ExecFact): boolean {
  const args = e.argv.slice(1);
  if (args.some((a) => psParam(a, 'noexit', 3))) return true;
  const runs = (a: string): boolean =>
    psParam(a, 'command', 1) || psParam(a, 'file', 1) || psParam(a, 'encodedcommand', 1) || /^-ec$/i.test(a);
  if (args.some(runs)) return false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!/^-\w/.test(a)) return false; // a script path: pwsh runs it and exits
    if (PS_VALUE_PARAMS.some(([name, shortest]) => psParam(a, name, shortest))) i++;
  }
  return e.stdinInteractive !== false;
}

/** PowerShell parameters that take the next word as their value (so it is not a script). */
const PS_VALUE_PARAMS: readonly (readonly [string, number])[] = [
  ['executionpolicy', 2],
  ['workingdirectory', 2],
  ['windowstyle', 2],
  ['outputformat', 2],
  ['inputformat', 2],
  ['configurationname', 4],
  ['settingsfile', 2],
  ['version', 1],
  ['psconsolefile', 2],
  ['custompipename', 2],
];

function isInteractiveShell(e: ExecFact): boolean {
  if (!SHELLS.has(e.program)) return false;
  if (e.program === 'busybox' && !SHELLS.has(e.argv[1] ?? '')) return false;
  if (e.program === 'pwsh' || e.program === 'powershell') return powerShellInteractive(e);
  if (hasShortFlag(e.argv, 'i')) return true;
  if (hasShortFlag(e.argv, 'c') || e.argv.some((a) => a === '-Command' || a === '-File')) return false;
  const scripts = operands(e.argv).filter((a) => !(e.program === 'busybox' && a === e.argv[1]));
  return scripts.length === 0 && e.stdinInteractive !== false;
}

export default defineRule({
  id: 'SH-AST-001',
  invariant: 'NO_SHELL_BREAKOUT',
  kinds: ['exec'],
  summary:
    'Interactive shell spawned from another program (find -exec sh, vim :!sh, awk system("sh"), pty.spawn, script, env sh).',
  remediationHint:
    'Do not open interactive shells from other programs; they escape the command being reviewed and hang the agent. Run the specific command you need directly, e.g. find . -name "*.log" -print.',
  *check(facts) {
    for (const e of facts.of('exec')) {
      if (e.via !== undefined && !REMOTE_VIA.has(e.via) && isInteractiveShell(e)) {
        yield { span: e.span, reason: `${e.via} starts an interactive ${e.program} shell` };
        continue;
      }
      if (ESCAPE_LINE.test(e.argv[0] ?? '') && e.argv.length === 1) {
        yield { span: e.span, reason: `${e.argv[0]!} is a shell escape typed into an interactive program` };
        continue;
      }
      // script -q /dev/null (util-linux) opens a shell on a new pty: the classic tty upgrade.
      const scriptShell =
        e.program === 'script' &&
        e.argv[0] === 'script' &&
        operands(e.argv).join(' ') === '/dev/null' &&
        !e.argv.some((a) => a === '-c' || a.startsWith('--command'));
      if (scriptShell) {
        yield { span: e.span, reason: 'script starts an interactive shell on a new terminal' };
        continue;
      }
      if (e.program === 'sqlite3' && e.argv.slice(1).some((a) => /^\s*\.(?:shell|system)\b/.test(a))) {
        yield { span: e.span, reason: 'sqlite3 .shell runs shell commands' };
        continue;
      }
      if (!LAUNCHERS.has(e.program) || SHELLS.has(e.program)) continue;
      const arg = e.argv.slice(1).find((a) => SPAWN_SHELL.test(a));
      if (arg !== undefined)
        yield { span: e.span, reason: `${e.program} is told to spawn an interactive shell` };
    }
  },
  examples: {
    deny: [
      { input: 'find . -exec /bin/sh \\; -quit' },
      { input: 'awk \'BEGIN {system("/bin/sh")}\'' },
      { input: "vim -c ':!/bin/sh'" },
      { input: 'python3 -c \'import pty; pty.spawn("/bin/bash")\'' },
      { input: 'perl -e \'exec "/bin/sh";\'' },
      { input: 'env /bin/sh' },
      { input: 'nice /bin/bash -i' },
      { input: 'script -q /dev/null' },
      { input: "sqlite3 /dev/null '.shell /bin/sh -i'" },
      { input: 'tar -cf /dev/null /dev/null --checkpoint=1 --checkpoint-action=exec=/bin/sh' },
      { input: 'less /etc/profile\n!/bin/sh' },
      { input: 'vi\n:set shell=/bin/sh\n:shell' },
      { input: "ssh -o ProxyCommand=';sh 0<&2 1>&2' x" },
      { input: 'xargs -a /dev/null sh' },
      { input: "gdb -nx -ex '!sh' -ex quit" },
      { input: "psql -c '\\! /bin/sh'" },
    ],
    allow: [
      {
        input:
          "python3 -c \"import subprocess; subprocess.run(['pwsh', '-NoProfile', '-Command', 'Get-Date'])\"",
        why: 'PowerShell runs one command (-NoProfile is a whole word, not -i bundled with other letters)',
      },
      {
        input: 'find . -name "*.sh" -exec bash {} \\;',
        why: 'each found script is run, not an interactive shell',
      },
      { input: "bash -c 'npm test'", why: 'a shell given a command' },
      { input: './configure && make', why: 'no shell spawned from another program' },
      {
        input: 'docker exec -it web bash',
        why: 'a shell inside a container (judged by the container rules)',
      },
      { input: 'xargs -n1 sh -c \'echo "$0"\'', why: 'sh -c with a command' },
      {
        input: 'awk \'{ print "mkdir -p out/" $1 | "sh" }\' dirs.txt',
        why: 'the shell reads the commands awk prints, not a terminal',
      },
      { input: "script -q -c 'make test' build.log", why: 'script records one given command' },
      { input: "ssh -o ProxyCommand='ssh -W %h:%p bastion' host", why: 'the proxy command is ssh' },
      { input: 'less README.md\nq', why: 'a pager and its quit key' },
      {
        input: 'python3 -c \'import subprocess; subprocess.run(["ls", "-la"])\'',
        why: 'runs ls, not a shell',
      },
    ],
  },
});
