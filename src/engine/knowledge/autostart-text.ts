/**
 * A user-scope autostart entry whose every command starts a visible local program (R13 twin-persist:
 * a systemd --user unit for the project's dev server or cloud-sql-proxy, a Syncthing .desktop
 * entry, a launchd agent running node on a workspace file). What it runs is an installed program
 * (a bare name on PATH, a system directory, a home bin directory) or a file of the workspace, with
 * plain arguments. A shell or interpreter given inline code, a fetcher, a tunnel, a program in /tmp,
 * /dev/shm or a hidden home directory, a preload variable, or text this reader does not know keeps
 * FS-AST-021 denying: persistence that runs downloaded or hidden code is what the rule is for.
 */
import { RUNS_CODE } from './shell-rc-text.js';

/** Programs that fetch, open a shell or tunnel to another host, or run text as code. */
const NOT_AUTOSTART =
  /^(?:curl|wget|fetch|aria2c|nc|ncat|netcat|socat|telnet|ssh|autossh|sshpass|scp|sftp|ftp|tftp|rsync|ngrok|chisel|frpc|bore|cloudflared|tailscale|pwsh|powershell|eval|exec|xargs|sudo|doas|su|pkexec|base64|openssl|xxd|gpg|dd|crontab|at|systemctl|launchctl|nohup|setsid|osascript|awk|gawk|mawk|nawk|expect|busybox|script|tclsh|wish)$/;
/** Shells: allowed only running a local script or a `-c` line made of allowed commands. */
const SHELL = /^(?:ba|z|da|k|c|tc|fi|mk)?sh$/;
/** Interpreters: allowed only running a local script or (python) `-m module`. */
const INTERPRETER =
  /^(?:python[\d.]*|pypy[\d.]*|node|nodejs|perl|ruby|php[\d.]*|lua[\d.]*|deno|bun|Rscript|julia)$/;
/** Interpreter options that take code or load a module before the script. */
const INLINE =
  /^(?:-[ce]|-[a-zA-Z]*[ce]$|--eval|--print|-p|-r|--require|--import|--loader|--experimental-loader|-I|-M)/;
/** Directories anyone may write: a program or file there may be anyone's (and hidden names hide it). */
const WORLD_WRITABLE = /^\/(?:tmp|var\/tmp|dev\/shm|run\/user\/\d+\/|private\/tmp)(?:\/|$)/;
/** Directories only root or a package manager writes. */
const SYSTEM_DIR = /^\/(?:usr|opt|snap|bin|sbin|nix|Applications|Library|home\/linuxbrew)\//;

/** systemd and desktop-entry specifiers and `$HOME` read as `~` (`%h/.local/bin/x`). */
function homeForm(word: string): string {
  return word.replace(/^(?:%h|\$HOME|\$\{HOME\}|~)(?=\/|$)/, '~');
}

/**
 * Where a program file may be: the workspace or a plain home folder (`local`), a system directory,
 * or a home bin directory an installer fills (~/bin, ~/.local/bin, ~/.cargo/bin, ~/.bun/bin).
 */
function programPlace(word: string, local: (path: string) => boolean): boolean {
  const p = homeForm(word);
  if (/(?:^|\/)\.\.(?:\/|$)/.test(p) || WORLD_WRITABLE.test(p)) return false;
  if (SYSTEM_DIR.test(p)) return true;
  if (/^~\/(?:\.[\w-]+\/(?:[\w.-]+\/)*)?bin\/[\w.+-]+$/.test(p)) return true;
  return local(p);
}

/** An argument that names no world-writable place and holds nothing a shell would run. */
function plainArgument(word: string): boolean {
  if (/[`|;&<>]|\$\(/.test(word)) return false;
  const value = homeForm(word.slice(word.indexOf('=') + 1));
  return !WORLD_WRITABLE.test(value) && !/(?:^|[\s:=])\/(?:tmp|dev\/shm|var\/tmp)\//.test(word);
}

/** Splits a command line into words, honouring single and double quotes (systemd and .desktop both do). */
export function splitWords(line: string): string[] | null {
  const out: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  let m: RegExpExecArray | null;
  let cur = '';
  let last = -1;
  while ((m = re.exec(line)) !== null) {
    const piece = m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : (m[2] ?? m[3]!);
    // Adjacent pieces (`--x="a b"`) make one word.
    if (last === m.index) cur += piece;
    else {
      if (last !== -1) out.push(cur);
      cur = piece;
    }
    last = re.lastIndex;
  }
  if (last !== -1) out.push(cur);
  return out.length > 64 ? null : out;
}

/** One command (argv) an autostart entry runs: a visible local program with plain arguments. */
export function visibleCommand(
  argv: readonly string[],
  local: (path: string) => boolean,
  depth = 0,
): boolean {
  let i = 0;
  // `/usr/bin/env [NAME=value]... program`: env finds the program on PATH.
  if (argv[0] !== undefined && /^(?:\/usr)?\/bin\/env$|^env$/.test(argv[0])) {
    i = 1;
    while (i < argv.length && /^[A-Za-z_]\w*=/.test(argv[i]!)) {
      if (RUNS_CODE.test(argv[i]!.slice(0, argv[i]!.indexOf('='))) || !plainArgument(argv[i]!)) return false;
      i++;
    }
  }
  const program = argv[i];
  if (program === undefined || program === '') return false;
  const rest = argv.slice(i + 1);
  const name = program.slice(program.lastIndexOf('/') + 1);
  if (program.includes('/') ? !programPlace(program, local) : !/^[A-Za-z0-9][\w.+-]*$/.test(program))
    return false;
  if (NOT_AUTOSTART.test(name)) return false;
  if (SHELL.test(name)) {
    // `sh -c 'cd /work/ws && npm run dev'`: each part of the line is judged the same way, once.
    if (rest[0] === '-c') return depth === 0 && rest.length === 2 && visibleLine(rest[1]!, local, depth + 1);
    const script = rest.find((w) => !w.startsWith('-'));
    return (
      script !== undefined &&
      rest.every((w) => !/^-\w*c/.test(w) && plainArgument(w)) &&
      programPlace(script, local)
    );
  }
  if (!rest.every(plainArgument)) return false;
  if (INTERPRETER.test(name)) {
    if (rest.some((w) => INLINE.test(w))) return false;
    const m = rest.indexOf('-m');
    if (m !== -1) return /^python|^pypy/.test(name) && /^[\w.]+$/.test(rest[m + 1] ?? '');
    // `deno run` / `bun run` take the script after the subcommand.
    const words = /^(?:deno|bun)$/.test(name) && rest[0] === 'run' ? rest.slice(1) : rest;
    const script = words.find((w) => !w.startsWith('-'));
    return script !== undefined && programPlace(script, local);
  }
  return true;
}

/** A `-c` line of `&&` / `||` / `;` parts (`cd /work/ws && npm run dev`), each a visible command. */
function visibleLine(line: string, local: (path: string) => boolean, depth: number): boolean {
  if (/[`|<>]|\$\(/.test(line.replace(/&&|\|\|/g, ';'))) return false;
  return line.split(/&&|\|\||;/).every((part) => {
    const words = splitWords(part.trim());
    if (words === null) return false;
    if (words.length === 0) return true;
    if (words[0] === 'cd') return words.length === 2 && programPlace(words[1]!, local);
    if (words[0] === 'exec') words.shift();
    return visibleCommand(words, local, depth);
  });
}

/** systemd's prefixes on Exec lines (`-` ignore failure, `@` argv0, `+`/`!` privileges, `:` no expansion). */
function execArgv(value: string): string[] | null {
  const words = splitWords(value.replace(/^[-@+!:]+/, '').replace(/%[fFuUick]\b/g, ''));
  return words === null || words.length === 0 ? null : words;
}

/** An `Environment=` value: `NAME=value` pairs, none a variable a loader runs code from. */
function plainEnvironment(value: string): boolean {
  const pairs = splitWords(value);
  return (
    pairs !== null &&
    pairs.every((p) => {
      const eq = p.indexOf('=');
      return eq > 0 && !RUNS_CODE.test(p.slice(0, eq)) && p.slice(0, eq) !== 'PATH' && plainArgument(p);
    })
  );
}

/** systemd units (.service .timer .path .socket .target) and XDG .desktop entries: INI lines. */
function iniEntry(text: string, local: (path: string) => boolean): boolean {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  if (lines.length > 256) return false;
  let execs = 0;
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '' || /^[#;]/.test(line) || /^\[[\w .-]+\]$/.test(line)) continue;
    const m = /^([A-Za-z][\w-]*(?:\[[\w@.-]+\])?)\s*=\s*(.*)$/.exec(line);
    if (m === null || line.endsWith('\\')) return false;
    const [, key, value] = m as unknown as [string, string, string];
    if (/^(?:Exec\w*|TryExec)$/.test(key)) {
      if (value === '') continue;
      const argv = execArgv(value);
      if (argv === null || !visibleCommand(argv, local)) return false;
      execs++;
    } else if (key === 'Environment') {
      if (!plainEnvironment(value)) return false;
    } else if (/^(?:EnvironmentFile|WorkingDirectory|RootDirectory|BindPaths|ExecSearchPath)$/.test(key)) {
      if (!plainArgument(value.replace(/^-/, ''))) return false;
    } else if (/^(?:LD_|DYLD_)/.test(value) || /[`]|\$\(/.test(value)) return false;
  }
  return execs <= 16;
}

/** A launchd agent: ProgramArguments (or Program) with no injected libraries. */
function launchAgent(text: string, local: (path: string) => boolean): boolean {
  if (/DYLD_|LD_PRELOAD/.test(text) || text.length > 65536) return false;
  const strings = (block: string): string[] =>
    [...block.matchAll(/<string>([^<]*)<\/string>/g)].map((s) =>
      s[1]!
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&'),
    );
  const args = /<key>ProgramArguments<\/key>\s*<array>([\s\S]*?)<\/array>/.exec(text);
  const program = /<key>Program<\/key>\s*<string>([^<]*)<\/string>/.exec(text);
  if (args === null && program === null) return false;
  // Only one ProgramArguments and one Program: a second one would be what launchd reads.
  if ((text.match(/<key>Program(?:Arguments)?<\/key>/g) ?? []).length > (args && program ? 2 : 1))
    return false;
  if (program !== null && !visibleCommand([program[1]!], local)) return false;
  return args === null || visibleCommand(strings(args[1]!), local);
}

/**
 * Whether `text`, the whole text written to the autostart file `label` (`~/.config/systemd/user/x`,
 * `~/.config/autostart/x.desktop`, `~/Library/LaunchAgents/x.plist`), starts only visible local programs.
 */
export function visibleAutostart(label: string, text: string, local: (path: string) => boolean): boolean {
  if (text.length > 65536 || text.trim() === '') return false;
  if (
    /^~\/(?:\.config\/systemd\/user|\.local\/share\/systemd\/user)\/[\w@.:-]+\.(?:service|timer|path|socket|target)$/.test(
      label,
    )
  )
    return iniEntry(text, local);
  if (/^~\/\.config\/autostart\/[\w@.-]+\.desktop$/.test(label))
    return /^\s*\[Desktop Entry\]/.test(text) && iniEntry(text, local);
  if (/^~\/Library\/LaunchAgents\/[\w@.-]+\.plist$/.test(label)) return launchAgent(text, local);
  return false;
}

/**
 * A .pth file of path lines only (`/work/ws/src`): site adds them to sys.path; an `import` line
 * would run at every start. Each path must be the workspace's or the user's own.
 */
export function pathsOnlyPth(label: string, text: string, local: (path: string) => boolean): boolean {
  if (!label.endsWith('.pth') || text.length > 8192) return false;
  const lines = text
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((l) => l.trim());
  return lines.every(
    (l) =>
      l === '' ||
      l.startsWith('#') ||
      (/^[/~][\w@%+=:,./~-]*$/.test(l) && !/^import\b/.test(l) && local(homeForm(l))),
  );
}
