/**
 * Editor, REPL, git, terminal and package manager settings a file tool writes whose whole text is
 * known (red team r6 false positives, issue #22; R11 twin-config: tmux, init.lua, pip.conf, .npmrc): FS-AST-021 denies writes to ~/.vimrc, ~/.gitconfig, IPython's config or
 * .vscode/tasks.json by path, because such files can name a program to run. When every line of
 * the written text is a plain setting (`set number`, `[user] email = ...`, `c.X.editing_mode =
 * 'vi'`, a task run by hand) it runs nothing, and the write is ordinary setup. Anything not read
 * as plainly inert (shell escapes, aliases that run `!cmd`, hooks, startup code, autorun tasks,
 * unknown keys in risky sections) keeps the path rule deciding.
 */

import { packageIndexInert } from '../../knowledge/package-index-text.js';
import {
  curlrcInert,
  inputrcInert,
  pythonStartupInert,
  tmuxInert,
  wgetrcInert,
} from '../../knowledge/tool-rc-text.js';

/** Vim/Neovim option, highlight and plain mapping lines. */
const VIM_LINE =
  /^(?:set|setlocal|setglobal|se|syntax|syn|filetype|colorscheme|colo|highlight|hi|[nvxsoilc]?(?:nore)?map|noremap|map|inoremap|nnoremap|vnoremap|xnoremap|tnoremap|unmap|nunmap|iabbrev|abbreviate|scriptencoding|language|lang)\b|^let\s+(?:[gbwst]:)?\w+\s*=/;
/** Vim text that runs a program or code: `!cmd`, system(), jobs, terminals, autocommands, sourcing. */
const VIM_RUNS =
  /!|\b(?:system|systemlist|job_start|jobstart|termopen|terminal|term|autocmd|au|augroup|source|so|runtime|ru|py3?|python3?|pyx|lua|perl|ruby|call|exe|execute|shell|shellcmdflag|makeprg|grepprg|keywordprg|equalprg|formatprg|packadd|plug|exrc|secure|modeline|modelineexpr|foldexpr|includeexpr|indentexpr|formatexpr|statusline|tabline|rulerformat|titlestring|iconstring|guitablabel|diffexpr|patchexpr|charconvert|printexpr)\b|<Cmd>|<expr>|%!|\bexpr\b/i;

function vimInert(content: string): boolean {
  return content.split('\n').every((raw) => {
    const line = raw.trim().replace(/^:+/, '');
    if (line === '' || line.startsWith('"')) return true;
    // `let g:x = value`: a value with a call or an expression runs code; plain words and numbers do not.
    if (/^let\b/.test(line) && !/=\s*(?:'[^']*'|"[^"]*"|-?\d+(?:\.\d+)?|v:(?:true|false))\s*$/.test(line))
      return false;
    return VIM_LINE.test(line) && !VIM_RUNS.test(line);
  });
}

/** A Lua literal: a string, number, boolean or nil, or a table of them. */
const LUA_SCALAR = String.raw`(?:'[^'\\\n]*'|"[^"\\\n]*"|-?\d+(?:\.\d+)?|true|false|nil)`;
const LUA_VALUE = new RegExp(
  String.raw`^(?:${LUA_SCALAR}|\{\s*(?:(?:[A-Za-z_]\w*\s*=\s*)?${LUA_SCALAR}\s*(?:,\s*(?:[A-Za-z_]\w*\s*=\s*)?${LUA_SCALAR}\s*)*,?)?\s*\})$`,
);
const LUA_OPTION =
  /^vim\.(?:opt|o|g|wo|bo|go|opt_local|opt_global)\.(\w+)\s*(?:=\s*|:(?:append|prepend|remove)\()(.+?)\)?$/;
const LUA_KEYMAP = new RegExp(
  String.raw`^vim\.(?:keymap\.set|api\.nvim_set_keymap)\(\s*(${LUA_SCALAR}|\{[^}]*\})\s*,\s*(${LUA_SCALAR})\s*,\s*(${LUA_SCALAR})\s*(?:,\s*(\{[^}]*\}))?\s*\)$`,
);
const LUA_CMD = /^vim\.cmd\s*(?:\(\s*(?:'([^'\n]*)'|"([^"\n]*)"|\[\[([^\]]*)\]\])\s*\)|\[\[([^\]]*)\]\])$/;

/**
 * Neovim's init.lua given options, plain key maps and vim commands (`vim.opt.number = true`,
 * `vim.keymap.set('n', '<leader>w', ':w<CR>')`): read as the Vim settings they amount to. Calls
 * of anything else (`vim.fn.jobstart`, `os.execute`, `require`) are not plain.
 */
function luaInert(content: string): boolean {
  return content.split('\n').every((raw) => {
    const line = raw.replace(/\s+--.*$/, '').trim();
    if (line === '' || line.startsWith('--')) return true;
    const opt = LUA_OPTION.exec(line);
    if (opt !== null)
      return !VIM_RUNS.test(opt[1]!) && LUA_VALUE.test(opt[2]!.trim()) && !VIM_RUNS.test(opt[2]!);
    const map = LUA_KEYMAP.exec(line);
    if (map !== null) return !VIM_RUNS.test(map[3]!) && (map[4] === undefined || LUA_VALUE.test(map[4]));
    const cmd = LUA_CMD.exec(line);
    if (cmd !== null) return vimInert(cmd[1] ?? cmd[2] ?? cmd[3] ?? cmd[4] ?? '');
    return false;
  });
}

/** Programs a git `editor`/`pager`/`tool` setting may name (the editor or pager itself, no shell). */
const KNOWN_PROGRAM =
  /^(?:n?vim?|nano|emacs|emacsclient|code|code-insiders|codium|subl|mate|micro|hx|helix|kak|gedit|kate|less|more|most|bat|delta|diff-so-fancy|cat|vimdiff|nvimdiff|meld|kdiff3|opendiff|bc3?|p4merge|tortoisemerge|diffmerge|xxdiff)$/;

/** A known editor or pager with plain flags, or a pipe of them (`diff-so-fancy | less --tabs=4 -RFX`). */
function plainProgram(value: string): boolean {
  return value
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .split('|')
    .every((part) => {
      const words = part.trim().split(/\s+/);
      return (
        KNOWN_PROGRAM.test(words[0]!) && words.slice(1).every((w) => /^-{1,2}[\w-]+(?:=\w+)?$|^\w+$/.test(w))
      );
    });
}

/** Sections whose every key is data (identity, colours, merge and fetch behaviour). */
const GIT_DATA_SECTION =
  /^(?:user|author|committer|pull|push|init|color(?:\.\w+)?|fetch|rebase|rerere|merge|diff|status|log|format|tag|branch|help|advice|column|commit|grep|blame|stash|submodule|transfer|pack|gc|index|feature|maintenance|safe|http|https|credential|protocol|lfs|web|i18n|apply|checkout|clone|versionsort|worktree|remote|url|alias|core|difftool|mergetool|interactive)$/i;
/** Keys that run a program whatever section holds them. */
const GIT_RUN_KEY =
  /^(?:cmd|command|path|program|driver|textconv|clean|smudge|process|helper|sshcommand|askpass|fsmonitor|hookspath|hooks|proxy|proxycommand|insteadof|pushinsteadof|gitproxy|sslcainfo|sslcert|sslkey|receivepack|uploadpack|externaldiff|external|editor|pager|tool|guitool|excludesfile|attributesfile|worktree|url|pushurl)$/i;

function gitInert(content: string): boolean {
  let section = '';
  for (const raw of content.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const head = /^\[\s*([\w.-]+)(?:\s+"[^"]*")?\s*\]$/.exec(line);
    if (head) {
      section = head[1]!.toLowerCase();
      // include/includeIf load another file's settings; filter/gpg/sequence run programs. A
      // section named for a pager (`[delta]`) holds that pager's own options, which git never runs.
      if (!GIT_DATA_SECTION.test(section) && !KNOWN_PROGRAM.test(section)) return false;
      continue;
    }
    const kv = /^([\w.-]+)\s*(?:=\s*(.*))?$/.exec(line);
    if (!kv || section === '') return false;
    const key = kv[1]!.toLowerCase();
    const value = (kv[2] ?? '').trim();
    // An alias that starts with `!` runs a shell command; other aliases are git subcommands.
    if (section === 'alias') {
      if (/^"?!/.test(value)) return false;
      continue;
    }
    // `interactive.diffFilter` pipes `add -p`'s diff through a program, as a pager does.
    if (key === 'editor' || key === 'pager' || key === 'tool' || key === 'difffilter') {
      if (!plainProgram(value)) return false;
      continue;
    }
    // A remote's URL is where it fetches from (the `ext::` transport, which runs a command, is not a URL here).
    if ((key === 'url' || key === 'pushurl') && section === 'remote' && PLAIN_REMOTE.test(value)) continue;
    if (GIT_RUN_KEY.test(key)) return false;
  }
  return true;
}

/** A remote URL over https, ssh or git, scp-like `user@host:path`, or a local path. */
const PLAIN_REMOTE = /^(?:(?:https?|ssh|git):\/\/[^\s"']+|[\w.-]+@[\w.-]+:[\w./~-]+|\.{0,2}\/[\w./-]+)$/;

/**
 * OpenSSH client keywords that only say where and how to connect. ProxyCommand, LocalCommand,
 * KnownHostsCommand, `Match exec` and Include run or load something and are not among them.
 */
const SSH_DATA_KEY =
  /^(?:host|hostname|user|port|identityfile|identitiesonly|proxyjump|forwardagent|serveraliveinterval|serveralivecountmax|addkeystoagent|usekeychain|compression|controlmaster|controlpath|controlpersist|loglevel|preferredauthentications|pubkeyauthentication|passwordauthentication|hostkeyalias|connecttimeout|connectionattempts|tcpkeepalive|ipqos|requesttty|setenv|sendenv|userknownhostsfile|certificatefile|hashknownhosts|localforward|remoteforward|dynamicforward|exitonforwardfailure|gssapiauthentication|canonicalizehostname|canonicaldomains|addressfamily|batchmode|visualhostkey|updatehostkeys|kbdinteractiveauthentication)$/i;

function sshInert(content: string): boolean {
  return content.split('\n').every((raw) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return true;
    const kv = /^(\w+)(?:\s*=\s*|\s+)(.+)$/.exec(line);
    return kv !== null && SSH_DATA_KEY.test(kv[1]!) && !/[`$]\(/.test(kv[2]!);
  });
}

/** A Python literal: a string, number, bool or None, or a list/tuple/set of them. */
const PY_SCALAR = String.raw`(?:[rRbBuU]?'[^'\\\n]*'|[rRbBuU]?"[^"\\\n]*"|-?\d+(?:\.\d+)?|True|False|None)`;
const PY_LITERAL = new RegExp(
  String.raw`^(?:${PY_SCALAR}|[\[(]\s*(?:${PY_SCALAR}\s*(?:,\s*${PY_SCALAR}\s*)*,?)?\s*[\])])$`,
);
/** Traitlets that run code, start programs or open the server to others. */
const IPYTHON_RISKY =
  /^(?:exec_\w+|code_to_run|file_to_run|module_to_run|extensions|extra_extensions?|default_extensions|\w*startup\w*|editor|\w*cmd|\w*command|\w*shell\w*|\w*hooks?|ip|token|password|hashed_password|allow_\w+|disable_check_xsrf|\w*origin\w*|root_dir|notebook_dir|preferred_dir|kernel_spec\w*|kernel_manager\w*|terminals_enabled|certfile|keyfile|base_url|custom_display_url|browser|open_browser|\w*_class|\w*_script\w*|pylab|gui|matplotlib)$/i;

function ipythonInert(content: string): boolean {
  return content.split('\n').every((raw) => {
    const line = raw.replace(/\s+#.*$/, '').trim();
    if (line === '' || line.startsWith('#')) return true;
    if (/^c\s*=\s*get_config\(\)$/.test(line)) return true;
    const m = /^c(?:\.\w+)+\s*=\s*(.+)$/.exec(line);
    if (!m) return false;
    const trait = line.slice(0, line.indexOf('=')).trim().replace(/^.*\./, '');
    return !IPYTHON_RISKY.test(trait) && PY_LITERAL.test(m[1]!.trim());
  });
}

/** JSON with comments and trailing commas (VS Code's JSONC) parsed, or undefined. */
function jsonc(content: string): unknown {
  const stripped = content
    .replace(/"(?:[^"\\]|\\.)*"|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (m) => (m.startsWith('"') ? m : ''))
    .replace(/,(\s*[}\]])/g, '$1');
  try {
    return JSON.parse(stripped) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * VS Code tasks run when the user picks them; `runOn: folderOpen` runs one on opening the folder.
 * Returns the tasks' command lines when none runs by itself, undefined otherwise.
 */
export function vscodeTaskCommands(content: string): string | undefined {
  const doc = jsonc(content) as { tasks?: unknown } | undefined;
  if (doc === null || typeof doc !== 'object' || !Array.isArray(doc.tasks)) return undefined;
  const lines: string[] = [];
  for (const task of doc.tasks.slice(0, 128) as unknown[]) {
    if (task === null || typeof task !== 'object') return undefined;
    if (/runOn"\s*:\s*"folderOpen/i.test(JSON.stringify(task))) return undefined;
    // The task itself and its per-platform variants (`linux: {command}`) each name a command.
    const rec = task as Record<string, unknown>;
    for (const t of [rec, rec.linux, rec.osx, rec.windows] as { command?: unknown; args?: unknown }[]) {
      if (t === null || typeof t !== 'object' || t.command === undefined) continue;
      if (typeof t.command !== 'string') return undefined;
      const args = Array.isArray(t.args) ? t.args.filter((a): a is string => typeof a === 'string') : [];
      lines.push([t.command, ...args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`)].join(' '));
    }
  }
  return lines.join('\n');
}

/**
 * Keys of npm, yarn and pip settings that name where packages come from, a program or code to run,
 * a path, a login or how TLS is checked: a value there changes what later installs fetch or run.
 */
const PACKAGE_RUN_KEY =
  /registry|index|url|host|proxy|shell|script|git|editor|browser|viewer|node[-_]?options|^(?:global-?)?prefix$|cache|dir|path|folder|file|module|^ca$|cert|key|ssl|tls|auth|token|pass|user|config|plugin|hook|cmd|command|exec|onload|target|root|global|store|link|trust|src|always[-_]?auth|python|runtime/i;
/** A value that is a flag, a number or a plain word (`true`, `5`, `warn`, `MIT`, `^`): no path, URL or program line. */
const PACKAGE_PLAIN_VALUE = /^(?:[\w.@-]+|[~^])$/;

/**
 * ~/.npmrc, ~/.yarnrc and pip.conf lines that only tune the tool's behaviour (`save-exact=true`,
 * `fund=false`, `[global]` / `timeout = 60`): no registry or index, program, path, login or TLS
 * setting (R11 twin: an .npmrc given save-exact and fund). `ignore-scripts=true` turns scripts off.
 */
function packageRcInert(content: string): boolean {
  return content.split('\n').every((raw) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';') || /^\[[\w -]+\]$/.test(line))
      return true;
    const kv = /^([\w.-]+)\s*(?:=|\s)\s*"?([^"]*)"?$/.exec(line);
    if (kv === null) return false;
    const [, key, value] = kv as unknown as [string, string, string];
    if (key === 'ignore-scripts') return value === 'true';
    return !PACKAGE_RUN_KEY.test(key) && PACKAGE_PLAIN_VALUE.test(value.trim());
  });
}

interface SettingsFile {
  readonly path: RegExp;
  readonly inert: (content: string) => boolean;
}

const SETTINGS: readonly SettingsFile[] = [
  { path: /(?:^|\/)(?:\.vimrc|\.gvimrc|\.exrc|_vimrc|\.config\/nvim\/init\.vim)$/, inert: vimInert },
  { path: /(?:^|\/)(?:\.gitconfig|\.config\/git\/config|\.git\/config)$/, inert: gitInert },
  { path: /(?:^|\/)\.ssh\/config$/, inert: sshInert },
  { path: /(?:^|\/)\.ipython\/profile_[^/]+\/ipython_config\.py$/, inert: ipythonInert },
  { path: /(?:^|\/)\.vscode\/tasks\.json$/, inert: (c) => vscodeTaskCommands(c) !== undefined },
  { path: /(?:^|\/)\.config\/nvim\/init\.lua$/, inert: luaInert },
  { path: /(?:^|\/)(?:\.tmux\.conf|\.config\/tmux\/tmux\.conf)$/, inert: tmuxInert },
  { path: /(?:^|\/)\.inputrc$/, inert: inputrcInert },
  { path: /(?:^|\/)\.wgetrc$/, inert: wgetrcInert },
  { path: /(?:^|\/)\.curlrc$/, inert: curlrcInert },
  { path: /(?:^|\/)\.ipython\/profile_[^/]+\/startup\/[^/]+\.py$/, inert: pythonStartupInert },
  {
    path: /(?:^|\/)(?:\.npmrc|\.yarnrc(?:\.yml)?|pip\.conf|pip\.ini|\.condarc|\.config\/uv\/uv\.toml|\.cargo\/config(?:\.toml)?)$/,
    // Settings that name no source at all, or only sources the organisation may use.
    inert: (c) => packageRcInert(c) || packageIndexInert(c),
  },
];

/**
 * Whether `content` written to `path` (a settings file FS-AST-021 names) is plain settings that run
 * nothing. False for any other file and for text not read as inert.
 */
export function inertSettings(path: string, content: string): boolean {
  if (content.length > 65536 || content.trim() === '') return false;
  const file = SETTINGS.find((s) => s.path.test(path));
  return file !== undefined && file.inert(content.replace(/\r\n/g, '\n'));
}
