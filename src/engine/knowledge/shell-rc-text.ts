/**
 * Lines of a shell start-up file (bash, zsh, sh, fish) that run nothing new (R11 twin-config): plain
 * variables, PATH entries that cannot put /tmp in front of system programs, shell options and key
 * bindings, aliases of ordinary commands, sourcing a file already on disk that the user or a package
 * owns, and the `eval "$(tool init zsh)"` line a shell integration asks for. A download, a
 * substitution, inline code, a world-writable path or an interpreter keeps the file's path rule deciding.
 */

/** Variables a shell, loader or interpreter runs code from: never plain settings. */
export const RUNS_CODE =
  /^(?:LD_\w*|DYLD_\w*|PROMPT_COMMAND|BASH_ENV|ENV|PS[0-4]|SHELLOPTS|BASHOPTS|IFS|\w*_OPTIONS|\w*OPTS|PYTHONSTARTUP|PYTHONPATH|PERL5LIB|RUBYOPT|NODE_PATH|GIT_\w+|SSH_\w+|fish_function_path|fish_complete_path|ZDOTDIR|HISTFILE|precmd_functions|preexec_functions|chpwd_functions)$/;

/** `$HOME/x`, `${HOME}/x`, `~/x` (no `..`): the user's own files, as `~/x`. */
function homePath(word: string): string | undefined {
  const m = /^(?:\$HOME|\$\{HOME\}|~)(\/[\w.@+-]+)*\/?$/.exec(word);
  if (m === null || /(?:^|\/)\.\.(?:\/|$)/.test(word)) return undefined;
  return `~${word.replace(/^(?:\$HOME|\$\{HOME\}|~)/, '')}`;
}

/** Directories only root or a package manager writes: an entry there adds installed programs. */
const SYSTEM_DIR = /^\/(?:usr|opt|snap|bin|sbin|nix|Applications|Library)(?:\/[\w.@+-]+)*\/?$/;

/** A PATH entry that puts no world-writable or relative directory on PATH. */
function pathEntry(entry: string, local: (path: string) => boolean): boolean {
  if (/^\$\{?(?:PATH|fish_user_paths|path)\}?$/.test(entry)) return true;
  if (homePath(entry) !== undefined) return true;
  if (/(?:^|\/)\.\.(?:\/|$)/.test(entry)) return false;
  return SYSTEM_DIR.test(entry) || (entry.startsWith('/') && local(entry));
}

/** A file `source`d or `.`ed: one on disk the user or a package owns (not /tmp, not a download). */
function sourceable(word: string, local: (path: string) => boolean): boolean {
  return pathEntry(word, local) && !/^\$/.test(word.replace(/^\$\{?HOME\}?/, '~'));
}

const unquote = (w: string): string => /^(["'])(.*)\1$/.exec(w)?.[2] ?? w;

/** Words with nothing a shell expands or runs. */
const PLAIN_WORD = /^[\w@%+=:,./~^-]+$/;

/** Programs that fetch, interpret or re-run text: an alias or integration line must not start them. */
const NOT_PLAIN_PROGRAM =
  /^(?:curl|wget|fetch|nc|ncat|netcat|socat|telnet|ssh|scp|sftp|rsync|ftp|tftp|python[\d.]*|node|nodejs|deno|bun|perl|ruby|php|lua|tclsh|osascript|(?:ba|z|da|k|c|tc|fi)?sh|pwsh|eval|exec|source|\.|env|xargs|sudo|doas|su|base64|openssl|xxd|gpg|dd|crontab|at|systemctl|launchctl|nohup|setsid|disown|trap|command|builtin)$/;

/** Programs that destroy or take over what they touch: an alias may only add flags to them (`rm -i`). */
const DESTRUCTIVE =
  /^(?:rm|rmdir|mv|dd|mkfs(?:\.\w+)?|shred|wipefs|truncate|chmod|chown|chattr|kill|killall|pkill|shutdown|reboot|halt|poweroff|init)$/;
/** Programs that prompt for a password or hold sign-in: an alias of one that runs another captures it. */
const PROMPTS = /^(?:sudo|su|doas|ssh|passwd|login|gpg|pass|kinit|op|vault|aws|gcloud|az|git|kubectl)$/;

/**
 * The command an alias or abbreviation `name` stands for: bare programs with plain words, none of
 * them a fetcher or interpreter, a destructive program only as itself with flags, and a program that
 * asks for a password only as itself (`alias sudo='sudo-wrapper'` captures what is typed).
 */
function plainCommand(text: string, name: string): boolean {
  const parts = text.split(/\s*(?:\|\||&&|\||;)\s*/);
  return parts.every((part, i) => {
    const words = part.trim().split(/\s+/);
    // `alias apt='sudo apt'`: sudo in front of a plain program.
    const start = words[0] === 'sudo' && words.length > 1 ? 1 : 0;
    const program = words[start]!;
    if (i === 0 && PROMPTS.test(name) && words[0] !== name) return false;
    return (
      words.every((w) => PLAIN_WORD.test(unquote(w))) &&
      /^[A-Za-z_][\w.+-]*$/.test(program) &&
      !NOT_PLAIN_PROGRAM.test(program) &&
      (!DESTRUCTIVE.test(program) || program === name)
    );
  });
}

/** Subcommands a shell integration prints its init code with (`starship init zsh`, `brew shellenv`). */
const INTEGRATION_SUBCOMMAND =
  /^(?:init|hook|activate|shellenv|env|completion|completions|shell-init|setup|integration|shell\.(?:bash|zsh|fish|posix))$/;

/** `tool init zsh`: an installed program printing its shell integration, with plain words. */
function integration(command: string): boolean {
  const words = command.trim().split(/\s+/);
  return (
    words.length >= 2 &&
    words.length <= 6 &&
    /^[A-Za-z][\w.-]*$/.test(words[0]!) &&
    !NOT_PLAIN_PROGRAM.test(words[0]!) &&
    words.slice(1).some((w) => INTEGRATION_SUBCOMMAND.test(w)) &&
    words.every((w) => PLAIN_WORD.test(w))
  );
}

/** A variable's value: a plain word, a quoted plain phrase, or a home path. */
function plainValue(raw: string): boolean {
  const quoted = /^(["'])(.*)\1$/.exec(raw);
  const value = quoted?.[2] ?? raw;
  if (homePath(value) !== undefined) return true;
  return quoted ? /^[\w@%+=:,./ ~*#-]*$/.test(value) : /^[\w@%+=:,./~-]*$/.test(value);
}

/** `[ -f FILE ]` / `[[ -s FILE ]]` / `test -d FILE`: a test of a file that runs nothing. */
function fileTest(text: string, local: (path: string) => boolean): boolean {
  const m = /^(?:\[\[?|test)\s+!?\s*-[a-z]\s+("?)([^\s"]+)\1\s*(?:\]\]?)?$/.exec(text.trim());
  return m !== null && sourceable(m[2]!, local);
}

/** Option, key-binding and terminal built-ins of bash and zsh, with plain words. */
const SHELL_OPTION =
  /^(?:setopt|unsetopt|shopt\s+-[su]|set\s+[-+]o|bindkey(?:\s+-[ev])?|autoload(?:\s+-[A-Za-z]+)?|compinit|bashcompinit|promptinit|umask|ulimit(?:\s+-[A-Za-z])?|stty|clear|tabs|zmodload)(?:\s+[\w@%+=:,.'"^~*\\[\]-]+)*$/;

/**
 * Lines with `$NAME` of a directory variable set earlier in the same text to a home path or a
 * system directory replaced by that value (`export PNPM_HOME="$HOME/.local/share/pnpm"` then
 * `export PATH="$PNPM_HOME:$PATH"`, as pnpm, bun, cargo and nvm installers write them); and the
 * `case ":$PATH:" in` guard installers put around a PATH line read as the line it guards.
 */
export function expandKnownDirs(lines: readonly string[], local: (path: string) => boolean): string[] {
  const dirs = new Map<string, string>();
  const out: string[] = [];
  for (const raw of lines) {
    let line = raw.replace(/\$\{?([A-Za-z_]\w*)\}?/g, (all, name: string) => dirs.get(name) ?? all);
    const t = line.trim();
    // `case ":$PATH:" in`, `*":$PNPM_HOME:"*) ;;` (already there: nothing), `*) export PATH=... ;;`.
    if (/^case\s+"?:\$\{?PATH\}?:"?\s+in$/.test(t) || /^\*"?:[^"\s]*:"?\*\)\s*;;$/.test(t)) line = '';
    else {
      const arm = /^\*\)\s*(.+?)\s*;;$/.exec(t);
      if (arm !== null) line = arm[1]!;
    }
    const m = /^(?:export\s+)?([A-Za-z_]\w*)=(["']?)([^"'\s]*)\2$/.exec(line.trim());
    if (m !== null && !RUNS_CODE.test(m[1]!) && !/^(?:PATH|path)$/.test(m[1]!)) {
      const value = m[3]!;
      if (homePath(value) !== undefined || SYSTEM_DIR.test(value) || (value.startsWith('/') && local(value)))
        dirs.set(m[1]!, value);
      else dirs.delete(m[1]!);
    }
    out.push(line);
  }
  return out;
}

/** One line of a bash/zsh start-up file that runs nothing new. */
export function plainShellLine(line: string, local: (path: string) => boolean): boolean {
  const t = line.trim().replace(/\s+#.*$/, '');
  if (t === '' || t.startsWith('#') || /^(?:then|else|fi|\}|esac)$/.test(t)) return true;
  // `[ -f ~/.fzf.bash ] && source ~/.fzf.bash`, `if [ -f ~/.bashrc ]; then`.
  const cond = /^(?:if\s+)?(.+?)\s*(?:&&\s*(.+)|;\s*then(?:\s+(.+?))?(?:;\s*fi)?)$/.exec(t);
  if (cond !== null && fileTest(cond[1]!, local))
    return cond[2] === undefined && cond[3] === undefined ? true : plainShellLine(cond[2] ?? cond[3]!, local);
  const src = /^(?:source|\\?\.)\s+(\S+)$/.exec(t);
  if (src !== null) return sourceable(unquote(src[1]!), local);
  // `eval "$(starship init zsh)"`, `source <(kubectl completion zsh)`.
  const integ = /^(?:eval\s+"\$\((.+)\)"|(?:source|\.)\s+<\((.+)\))$/.exec(t);
  if (integ !== null) return integration(integ[1] ?? integ[2]!);
  const alias = /^alias\s+([\w.@+-]+)=(.+)$/.exec(t);
  if (alias !== null) return plainCommand(unquote(alias[2]!.trim()), alias[1]!);
  if (SHELL_OPTION.test(t)) return !/[`$]/.test(t);
  const m = /^(?:export\s+|typeset\s+-x\s+|declare\s+-x\s+)?([A-Za-z_]\w*)(?:=(.*))?$/.exec(t);
  if (m === null) return false;
  const [, name, raw] = m as unknown as [string, string, string | undefined];
  if (raw === undefined) return /^(?:export|typeset|declare)\s/.test(t) && !RUNS_CODE.test(name);
  if (RUNS_CODE.test(name)) return false;
  const value = unquote(raw);
  if (name === 'PATH' || name === 'path') return value.split(':').every((e) => pathEntry(e, local));
  // zsh arrays of words (`plugins=(git docker)`).
  if (/^\([\w .-]*\)$/.test(raw)) return true;
  return plainValue(raw);
}

/** fish's `if status is-interactive` guards and block ends. */
const FISH_BLOCK = /^(?:if\s+status\s+(?:--)?is-(?:interactive|login)|else|end)$/;

/** One line of a fish start-up file (config.fish, conf.d) that runs nothing new. */
export function plainFishLine(line: string, local: (path: string) => boolean): boolean {
  const t = line.trim().replace(/\s+#.*$/, '');
  if (t === '' || t.startsWith('#') || FISH_BLOCK.test(t)) return true;
  const words = t.split(/\s+/);
  const cmd = words[0]!;
  const args = words.slice(1);
  const operands = args.filter((w) => !w.startsWith('-'));
  switch (cmd) {
    case 'set': {
      const [name, ...values] = operands;
      if (name === undefined || RUNS_CODE.test(name)) return false;
      if (/^(?:PATH|fish_user_paths)$/.test(name)) return values.every((v) => pathEntry(unquote(v), local));
      return values.every((v) => plainValue(v));
    }
    case 'fish_add_path':
      return operands.length > 0 && operands.every((v) => pathEntry(unquote(v), local));
    case 'source':
      return operands.length === 1 && sourceable(unquote(operands[0]!), local);
    case 'alias': {
      const rest = t.slice(5).trim();
      const m = /^([\w.@+-]+)(?:=|\s+)(.+)$/.exec(rest);
      return m !== null && plainCommand(unquote(m[2]!.trim()), m[1]!);
    }
    case 'abbr':
      return operands.length >= 2 && plainCommand(operands.slice(1).map(unquote).join(' '), operands[0]!);
    case 'fish_vi_key_bindings':
    case 'fish_default_key_bindings':
    case 'clear':
    case 'umask':
      return args.every((w) => PLAIN_WORD.test(w));
    default: {
      // `starship init fish | source`: a shell integration's init code.
      const integ = /^(.+?)\s*\|\s*source$/.exec(t);
      return integ !== null && integration(integ[1]!);
    }
  }
}
