/**
 * Known text given to a start-up file (FS-AST-021's persistence files) that runs nothing new: plain
 * shell and fish settings (shell-rc-text.ts), Host entries in ~/.ssh/config, inert editor and
 * git settings (extract/tool-call/settings.ts), and git hooks or cron lines that only run the
 * project's own tooling (tests, linters, a workspace script). One judgment for the text a file tool
 * writes and the text python or node code writes (R10 twins: `~/.bashrc` PATH appends, test hooks).
 * Unknown text, downloads, substitutions, inline code and programs outside the project stay denied.
 */
import { inertSettings } from '../extract/tool-call/settings.js';
import { pathsOnlyPth, visibleAutostart } from './autostart-text.js';
import { expandKnownDirs, plainFishLine, plainShellLine, RUNS_CODE } from './shell-rc-text.js';

/** ssh_config keywords that only name where and as whom to connect (no ProxyCommand, LocalCommand, Match exec). */
const SSH_PLAIN =
  /^(?:Host|HostName|User|Port|IdentityFile|IdentitiesOnly|ServerAliveInterval|ServerAliveCountMax|AddKeysToAgent|PreferredAuthentications|ConnectTimeout|Compression|ForwardAgent|StrictHostKeyChecking|UserKnownHostsFile)\b[\s=]+[\w@%+:,.*?~/-]+(?:\s+[\w@%+:,.*?~/-]+)*$/i;

function plainSshLine(line: string): boolean {
  const t = line.trim();
  // Agent forwarding and host-key checks off hand the agent or trust to the other end: not plain.
  if (/^(?:ForwardAgent\s*=?\s*yes|StrictHostKeyChecking\s*=?\s*no)\b/i.test(t)) return false;
  return t === '' || t.startsWith('#') || SSH_PLAIN.test(t);
}

/**
 * Programs a hook or a scheduled job may run that work on the project's own files: test runners,
 * linters, formatters, build tools and package managers' script runners (what they run is the
 * project's, in the repository for review). No network client, shell or interpreter is here.
 */
const PROJECT_TOOLS: ReadonlySet<string> = new Set([
  'npm',
  'npx',
  'pnpm',
  'yarn',
  'bun',
  'bunx',
  'pytest',
  'py.test',
  'ruff',
  'black',
  'isort',
  'flake8',
  'pylint',
  'mypy',
  'pyright',
  'tox',
  'nox',
  'pre-commit',
  'uv',
  'poetry',
  'pipenv',
  'hatch',
  'pdm',
  'eslint',
  'prettier',
  'tsc',
  'jest',
  'vitest',
  'mocha',
  'lint-staged',
  'commitlint',
  'go',
  'gofmt',
  'golangci-lint',
  'cargo',
  'rustfmt',
  'make',
  'ctest',
  'mvn',
  'gradle',
  'dotnet',
  'rspec',
  'rubocop',
  'bundle',
  'rake',
  'composer',
  'phpunit',
  'shellcheck',
  'shfmt',
  'clang-format',
  'swift',
  'mix',
  'echo',
  'printf',
  'true',
  'false',
  'exit',
  'set',
  'test',
  'cd',
  'git',
]);
/** Git subcommands a hook runs on the repository itself (no push, no remote, no config). */
const GIT_LOCAL =
  /^(?:diff|diff-index|diff-files|add|status|rev-parse|ls-files|log|show|update-index|stash)$/;
/** Interpreters that take a project file (`python manage.py test`, `python -m pytest`) but not inline code. */
const INTERPRETER = /^(?:python[\d.]*|node|ruby|perl|php|bash|sh|zsh|dash)$/;
/** Runner words after which the next word is the program run (`uv run pytest`, `bundle exec rspec`). */
const RUNNER = /^(?:run|exec)$/;
/** A word with nothing a shell expands or runs (the hook's own arguments, `"$1"` `"$@"`, are read as a word). */
const PLAIN_WORD = /^[\w@%+=:,./~-]+$/;

/**
 * One `&&` / `||` / `;` part of a hook or job line: optional plain assignments, then a project
 * tool, an interpreter given a local file or `-m module`, or a local script; every path it names local.
 */
function projectCommand(part: string, local: (path: string) => boolean): boolean {
  const words = part
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '')
    .map((w) => (/^"?\$[@*1-9]"?$/.test(w) ? 'ARGS' : w.replace(/^(["'])(.*)\1$/, '$2')));
  // Output sent to nowhere (`>/dev/null 2>&1`) or to the user's own log file (`>> ~/backup.log`).
  const kept: string[] = [];
  for (let j = 0; j < words.length; j++) {
    const w = words[j]!;
    if (/^(?:2>&1|1>&2|>&2)$/.test(w)) continue;
    const r = /^[12&]?>>?(.*)$/.exec(w);
    if (r === null) {
      kept.push(w);
      continue;
    }
    const to = r[1] !== '' ? r[1] : words[++j];
    // A relative log (`>> logs/backup.log`) lands in the job's own directory; no dot segment
    // (`>> .bashrc` from a cron job's home would be a start-up file).
    const relative = to !== undefined && /^[\w@%+=:,-][\w@%+=:,./-]*$/.test(to) && !/(?:^|\/)\./.test(to);
    if (
      to !== '/dev/null' &&
      !relative &&
      !(to !== undefined && /^[/~][\w@%+=:,./~-]*$/.test(to) && !to.includes('..') && local(to))
    )
      return false;
  }
  if (kept.length === 0 || !kept.every((w) => PLAIN_WORD.test(w))) return false;
  // `exec ruff check .`: the hook's shell is replaced by the program, which runs as it would alone.
  let i = kept[0] === 'exec' ? 1 : 0;
  while (i < kept.length && /^[A-Za-z_]\w*=/.test(kept[i]!)) {
    if (RUNS_CODE.test(kept[i]!.slice(0, kept[i]!.indexOf('=')))) return false;
    i++;
  }
  const args = kept.slice(i);
  if (args.length === 0) return true;
  // Every path named must be the project's or the user's own (no /tmp, no system binary swapped in).
  if (args.some((w) => /(?:^|\/)\.\.(?:\/|$)/.test(w))) return false;
  // `--prefix=/tmp/x` names a path too.
  const paths = args
    .map((w) => w.slice(w.indexOf('=') + 1))
    .filter((p, k) => /^[/~]/.test(p) && !(k === 0 && installedName(p) !== undefined));
  if (!paths.every(local)) return false;
  return programOk(args, local);
}

/** An installed program named by its path (`/usr/bin/python3`, `/usr/local/bin/node`): its name decides. */
const INSTALLED = /^\/(?:usr\/(?:local\/)?|opt\/homebrew\/)?bin\/([\w.+-]+)$/;

/** The name of an interpreter or project tool named by its installed path, or undefined. */
function installedName(path: string): string | undefined {
  const name = INSTALLED.exec(path)?.[1];
  return name !== undefined && (INTERPRETER.test(name) || PROJECT_TOOLS.has(name)) ? name : undefined;
}

function programOk(args: readonly string[], local: (path: string) => boolean): boolean {
  const [written, ...rest] = args as [string, ...string[]];
  const program = installedName(written) ?? written;
  if (program.includes('/')) return local(program);
  if (INTERPRETER.test(program)) {
    const first = rest[0];
    if (first === '-m') return rest[1] !== undefined;
    return first !== undefined && !first.startsWith('-') && local(first);
  }
  if (!PROJECT_TOOLS.has(program)) return false;
  if (program === 'git') return rest[0] !== undefined && GIT_LOCAL.test(rest[0]);
  if (program === 'go' && rest[0] === 'run') return rest.length > 1 && rest[1]!.startsWith('./');
  // `uv run X`, `poetry run X`, `bundle exec X`, `npm exec X`: X is the program that runs
  // (`npm run X` names a package.json script, the project's own).
  const runs = /^(?:uv|poetry|pipenv|hatch|pdm|bundle)$/.test(program)
    ? RUNNER.test(rest[0] ?? '')
    : /^(?:npm|pnpm|yarn)$/.test(program) && rest[0] === 'exec';
  if (runs) return rest.length > 1 && (rest[1]!.startsWith('-') || programOk(rest.slice(1), local));
  return true;
}

/** A hook or job line: its `&&` / `||` / `;` parts each run the project's own tooling. */
function projectLine(line: string, local: (path: string) => boolean): boolean {
  const t = line.trim();
  if (t === '' || t.startsWith('#')) return true;
  return t.split(/&&|\|\||;/).every((p) => p.trim() === '' || projectCommand(p, local));
}

/** Git and husky hooks (any file under .git/hooks, .githooks or .husky, but husky's helper dir). */
const HOOK = /(?:^|\/)(?:\.git\/hooks|\.githooks|\.husky)\/(?!_\/)[^/]+$/;
const SHELL_RC =
  /^~\/\.(?:bash_profile|bashrc|bash_login|bash_logout|bash_aliases|profile|zshrc|zshenv|zprofile|zlogin|zlogout|logout|kshrc|mkshrc|(?:bashrc|zshrc|profile)\.d\/[^/]+)$/;
const FISH_RC = /^~\/\.config\/fish\/(?:config\.fish|conf\.d\/[^/]+\.fish)$/;

/**
 * Whether `text`, the whole known text written to the start-up file FS-AST-021 labels `label`,
 * runs nothing new. `local` says whether a path is the project's or the user's own (not /tmp).
 */
export function harmlessStartupText(label: string, text: string, local: (path: string) => boolean): boolean {
  if (text.length > 65536 || text.trim() === '') return false;
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  if (SHELL_RC.test(label))
    return lines.length <= 128 && expandKnownDirs(lines, local).every((l) => plainShellLine(l, local));
  if (FISH_RC.test(label)) return lines.length <= 128 && lines.every((l) => plainFishLine(l, local));
  if (label === '~/.ssh/config') return lines.length <= 256 && lines.every(plainSshLine);
  if (HOOK.test(label)) {
    const body = /^#!\s*(?:\/usr)?\/bin\/(?:env\s+)?(?:ba|z|da)?sh\s*$/.test(lines[0]!)
      ? lines.slice(1)
      : lines;
    return body.length <= 64 && body.every((l) => projectLine(l, local));
  }
  if (/^\/var\/spool\/cron\//.test(label)) {
    const body = lines.filter((l) => l.trim() !== '');
    return body.length > 0 && body.length <= 64 && body.every((l) => projectCronLine(l, local));
  }
  // User-scope autostart entries and .pth path lines (R13 twin-persist): what they start is judged.
  if (
    /^~\/(?:\.config\/(?:systemd\/user|autostart)|\.local\/share\/systemd\/user|Library\/LaunchAgents)\//.test(
      label,
    )
  )
    return visibleAutostart(label, text, local);
  if (label.endsWith('.pth')) return pathsOnlyPth(label, text, local);
  return inertSettings(label, text);
}

/** A cron table's `NAME=value` line: a plain value; SHELL a system shell; PATH installed or own directories. */
function cronSetting(name: string, value: string, local: (path: string) => boolean): boolean {
  if (RUNS_CODE.test(name)) return false;
  if (name === 'SHELL') return /^\/(?:usr\/)?bin\/(?:ba|z|da)?sh$/.test(value);
  if (name === 'PATH')
    return value
      .split(':')
      .every((d) => /^\/(?:usr\/)?(?:local\/)?s?bin$/.test(d) || (/^[/~]/.test(d) && local(d)));
  return /^[\w@%+=:,./~-]*$/.test(value);
}

/** A cron line (`m h dom mon dow command` or `@daily command`) whose command runs the project's own tooling. */
export function projectCronLine(line: string, local: (path: string) => boolean): boolean {
  const t = line.trim();
  if (t === '' || t.startsWith('#')) return true;
  // `MAILTO=""`, `CRON_TZ=UTC`: settings of the table; SHELL and PATH choose what runs, so stay plain.
  const env = /^([A-Za-z_]\w*)\s*=\s*(.*)$/.exec(t);
  if (env !== null) return cronSetting(env[1]!, env[2]!.replace(/^(["'])(.*)\1$/, '$2'), local);
  const m =
    /^(?:@(?:reboot|yearly|annually|monthly|weekly|daily|midnight|hourly)|(?:[\d*/,-]+\s+){4}[\d*/,A-Za-z-]+)\s+(.+)$/.exec(
      t,
    );
  // @reboot is boot persistence, not a periodic job.
  return m !== null && !t.startsWith('@reboot') && projectLine(m[1]!, local);
}
