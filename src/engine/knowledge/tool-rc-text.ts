/**
 * Settings of terminal tools whose rc file FS-AST-021 names because it can run a program (R11
 * twin-config): tmux (`run-shell`, `#(cmd)`), readline's ~/.inputrc, wget's and curl's rc files
 * (a proxy, an output file, TLS checks off) and IPython's startup scripts. Text read as plain
 * options, key bindings and imports runs nothing; anything else keeps the path rule deciding.
 */

/** tmux commands that run a shell command or load another file's commands. */
const TMUX_RUNS =
  /^(?:run-shell|run|if-shell|if|pipe-pane|pipep|confirm-before|command-prompt|display-popup|popup)$/;
/** tmux commands that start a shell command given as their last word (`split-window 'curl ...'`). */
const TMUX_SPAWNS =
  /^(?:new-window|neww|split-window|splitw|new-session|new|respawn-pane|respawnp|respawn-window|respawnw)$/;
/**
 * Flags of those commands that take a value (`-c dir`, `-t target`); a switch read as one would skip
 * the shell command after it, so only flags that take a value in every one of them are here.
 */
const TMUX_VALUE_FLAG = /^-[celtFnpsxy]$/;
/** Options whose value is a command tmux runs, or a shell it starts. */
const TMUX_RUN_OPTION = /^(?:default-command|default-shell|@plugin|update-environment)$/;

function tmuxWords(line: string): string[] | undefined {
  const words = line.match(/"[^"]*"|'[^']*'|\S+/g) ?? [];
  if (words.some((w) => w.includes('#(') || /[`$]\(/.test(w))) return undefined;
  return words.map((w) => w.replace(/^(["'])(.*)\1$/, '$2'));
}

/** One tmux command with its words: no shell command run, started or sourced from outside home. */
function tmuxCommand(words: readonly string[]): boolean {
  const [cmd, ...rest] = words as [string, ...string[]];
  if (TMUX_RUNS.test(cmd)) return false;
  if (/^(?:set|set-option|setw|set-window-option)$/.test(cmd)) {
    const option = rest.find((w) => !w.startsWith('-'));
    return option !== undefined && !TMUX_RUN_OPTION.test(option);
  }
  // `set-hook -g after-new-window 'cmd'`: the hooked command is judged as a line of its own.
  if (cmd === 'set-hook') {
    const operands = rest.filter((w) => !w.startsWith('-'));
    return operands.length <= 1 || tmuxLine(operands.slice(1).join(' '));
  }
  if (/^(?:source-file|source)$/.test(cmd))
    return rest.every((w) => w.startsWith('-') || /^(?:~|\$HOME)\/[\w./-]+$/.test(w));
  if (/^(?:bind|bind-key|unbind|unbind-key)$/.test(cmd)) {
    // `bind [-nr] [-T table] KEY COMMAND ...`: the bound command is judged as a line of its own.
    let i = 0;
    while (i < rest.length && rest[i]!.startsWith('-') && rest[i]!.length > 1)
      i += /^-[A-Za-z]*[TN]$/.test(rest[i]!) ? 2 : 1;
    const bound = rest.slice(i + 1);
    return bound.length === 0 || tmuxLine(bound.join(' ').replace(/\\;/g, ';'));
  }
  if (TMUX_SPAWNS.test(cmd)) {
    // Only switches and flag values: a trailing word is a shell command to run.
    for (let i = 0; i < rest.length; i++) {
      if (!rest[i]!.startsWith('-')) return false;
      if (TMUX_VALUE_FLAG.test(rest[i]!)) i++;
    }
    return true;
  }
  // Other commands with single words (`send-prefix`, `select-pane -L`); a phrase may hold a command
  // to run (`display-menu`, `choose-tree` templates).
  return /^[a-z][a-z-]*$/.test(cmd) && rest.every((w) => !/\s/.test(w));
}

/** A tmux.conf line: `;`-separated commands, each plain. */
function tmuxLine(line: string): boolean {
  const t = line.trim();
  if (t === '' || t.startsWith('#')) return true;
  return t.split(/\s+;\s+|\s*\\;\s*/).every((part) => {
    const words = tmuxWords(part);
    return words !== undefined && words.length > 0 && tmuxCommand(words);
  });
}

export const tmuxInert = (content: string): boolean => content.split('\n').every(tmuxLine);

/**
 * ~/.inputrc: `set var value`, a key sequence bound to a readline function, `$if`/`$endif` and an
 * `$include` of the system file. A key bound to a quoted string types that text (a macro): not plain.
 */
export function inputrcInert(content: string): boolean {
  return content.split('\n').every((raw) => {
    const t = raw.trim();
    if (t === '' || t.startsWith('#')) return true;
    if (/^\$(?:if\s+[\w=-]+|else|endif)$/.test(t) || t === '$include /etc/inputrc') return true;
    if (/^set\s+[\w-]+\s+[\w-]+$/.test(t)) return true;
    return /^(?:"(?:[^"\\]|\\.)+"|[\w-]+):\s*[a-z][\w-]*$/i.test(t);
  });
}

/** wgetrc commands that only tune retries, timeouts and output format. */
const WGET_PLAIN =
  /^(?:timeout|dns_?timeout|connect_?timeout|read_?timeout|tries|wait|wait_?retry|random_?wait|retry_?connrefused|continue|timestamping|verbose|quiet|progress|show_?progress|limit_?rate|dirstruct|robots|max_?redirect|https_?only|inet4_?only|inet6_?only|content_?disposition|adjust_?extension|server_?response|user_?agent|compression|no_?clobber|iri|local_?encoding|remote_?encoding|cache|dot_?style|recursive|reclevel|noparent|no_?parent|span_?hosts|convert_?links|page_?requisites|mirror)$/i;

export function wgetrcInert(content: string): boolean {
  return content.split('\n').every((raw) => {
    const t = raw.trim();
    if (t === '' || t.startsWith('#')) return true;
    const m = /^([\w-]+)\s*=\s*([\w .,/:;()+-]*)$/.exec(t);
    return m !== null && WGET_PLAIN.test(m[1]!);
  });
}

/** curl options that only tune retries, timeouts, redirects and output format. */
const CURL_PLAIN =
  /^(?:connect-timeout|max-time|m|retry|retry-delay|retry-max-time|retry-connrefused|retry-all-errors|location|L|silent|s|show-error|S|compressed|fail|f|fail-with-body|user-agent|A|http1\.1|http2|http2-prior-knowledge|progress-bar|ipv4|4|ipv6|6|max-redirs|no-progress-meter|remote-time|R|globoff|g|speed-limit|speed-time|limit-rate|tcp-nodelay|tcp-fastopen|keepalive-time|styled-output|no-styled-output|verbose|v|create-dirs|remote-name-all|sS|sSL|fsSL)$/;

export function curlrcInert(content: string): boolean {
  return content.split('\n').every((raw) => {
    const t = raw.trim();
    if (t === '' || t.startsWith('#')) return true;
    const m = /^-{0,2}([\w.-]+)(?:\s*[=:]?\s*(?:"[^"$`]*"|[\w.:/ -]*))?$/.exec(t);
    return m !== null && CURL_PLAIN.test(m[1]!);
  });
}

/** Python literal: a string, number, bool or None. */
const PY_SCALAR = String.raw`(?:[rRbBuU]?'[^'\\\n]*'|[rRbBuU]?"[^"\\\n]*"|-?\d+(?:\.\d+)?|True|False|None)`;
const PY_ARG = String.raw`(?:[A-Za-z_]\w*\s*=\s*)?${PY_SCALAR}`;
/** Calls that only set a library's display, warning, logging or random-seed options. */
const PY_CONFIG_CALL = new RegExp(
  String.raw`^[A-Za-z_]\w*(?:\.\w+)*\.(?:set_option|set_printoptions|filterwarnings|simplefilter|set_style|set_theme|set_context|set_palette|seed|use|basicConfig|setLevel|precision|set_matplotlib_formats)\(\s*(?:${PY_ARG}\s*(?:,\s*${PY_ARG}\s*)*,?)?\)$`,
);
/** `DEBUG = False`, `plt.rcParams['figure.dpi'] = 120`: a literal given to a name or a plotting default. */
const PY_ASSIGN = new RegExp(String.raw`^[A-Za-z_]\w*(?:\.rcParams\[${PY_SCALAR}\])?\s*=\s*${PY_SCALAR}$`);
const PY_IMPORT =
  /^(?:import\s+[\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*|from\s+[\w.]+\s+import\s+(?:\*|\(?\s*\w+(?:\s+as\s+\w+)?(?:\s*,\s*\w+(?:\s+as\s+\w+)?)*\s*,?\s*\)?))$/;
/** Modules whose import runs a program, opens a browser or starts a server. */
const PY_IMPORT_RUNS =
  /\b(?:os|subprocess|pty|socket|urllib|requests|httpx|http|ctypes|antigravity|webbrowser|code|runpy|importlib|builtins|base64|marshal|pickle|shutil)\b/;

/**
 * An IPython startup script that only imports installed libraries and sets their options (`import
 * pandas as pd`, `pd.set_option(...)`): what runs is the library the user installed.
 */
export function pythonStartupInert(content: string): boolean {
  return content.split('\n').every((raw) => {
    const t = raw.replace(/\s+#.*$/, '').trim();
    if (t === '' || t.startsWith('#')) return true;
    if (PY_IMPORT.test(t)) return !PY_IMPORT_RUNS.test(t);
    if (PY_ASSIGN.test(t)) return true;
    return PY_CONFIG_CALL.test(t);
  });
}
