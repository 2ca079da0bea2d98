/**
 * git: configuration keys and options whose values are commands (`-c core.sshCommand=`, aliases
 * with `!`, filters, `--upload-pack`, `ext::`), `bisect run`, `submodule foreach`.
 */
import { NO_SOURCES, type Word } from '../bash/model.js';
import type { ProgramHandler, Toolkit } from './types.js';
import { parseNetAddress } from './util.js';
import { repositoryPrinterLabel } from '../../knowledge/repository-printers.js';

function sub(w: Word, text: string): Word {
  return { ...w, text };
}

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

/** Subcommands whose URL arguments git connects to (now, or on the next fetch/push for `remote`). */
const REMOTE_SUBCOMMANDS = new Set(['push', 'fetch', 'pull', 'clone', 'ls-remote', 'remote', 'submodule']);

/**
 * A remote URL built from data (`https://x:${GITHUB_TOKEN}@host/r.git`) sends that data to the host
 * in the connection's credentials, as curl with the same URL does; SEC-AST-010 judges the host.
 */
const INTERNAL_HOST =
  /^(?:[\w-]+|localhost|127\.[\d.]+|10\.[\d.]+|192\.168\.[\d.]+|172\.(?:1[6-9]|2\d|3[01])\.[\d.]+|[\w.-]+\.(?:internal|corp|local|lan|intranet|localdomain))$/i;

function remoteUrls(kit: Toolkit, words: readonly Word[]): void {
  for (const w of words) {
    if (w.sources.length === 0 || !/^[a-z][\w+.-]*:\/\//i.test(w.text)) continue;
    const addr = parseNetAddress(w.text);
    // A host named by a variable (CI's `${CI_SERVER_HOST}`) or an internal name is the organisation's own server.
    if (addr === null || addr.host === '' || /[$`]/.test(addr.host) || INTERNAL_HOST.test(addr.host))
      continue;
    kit.flow(w.sources, { kind: 'net', host: addr.host, url: w.text }, w.span);
  }
}

/**
 * The file a whole-repository printer writes (`git bundle create F --all`, `git archive -o F HEAD`):
 * it holds what the printer prints, so sending the file sends the repository (R15: a pre-push hook
 * uploading `git bundle create /tmp/.b --all` to 0x0.st), as SEC-AST-010 judges the printed stream.
 */
function repositoryFile(
  kit: Toolkit,
  argv: readonly Word[],
  subcommand: string | undefined,
  rest: readonly Word[],
): void {
  // An output option's value is not a tree-ish (`git archive -o F HEAD` prints HEAD whole).
  const texts = argv.map((w) => w.text).filter((_, j, a) => a[j - 1] !== '-o' && a[j - 1] !== '--output');
  const label = repositoryPrinterLabel(texts);
  if (label === null) return;
  let file: Word | undefined;
  if (subcommand === 'bundle') file = rest.filter((w) => !w.text.startsWith('-'))[1];
  else if (subcommand === 'archive')
    for (let j = 0; j < rest.length; j++) {
      const t = rest[j]!.text;
      if (t === '-o' || t === '--output') file = rest[j + 1];
      else if (t.startsWith('--output=')) file = sub(rest[j]!, t.slice(9));
    }
  if (file !== undefined && file.text !== '-')
    kit.flow([{ kind: 'output', program: label }], { kind: 'file', path: file.text }, file.span);
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
      /^--(upload-pack|receive-pack|exec|extcmd|tree-filter|index-filter|msg-filter|env-filter|commit-filter|parent-filter|tag-name-filter)=(.*)$/s.exec(
        t,
      );
    if (m !== null) kit.nested(m[2]!, 'bash', w.span, 'git');
    else if (
      /^--(upload-pack|receive-pack|exec|extcmd|tree-filter|index-filter|msg-filter|env-filter|commit-filter|parent-filter|tag-name-filter)$/.test(
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
        if (t !== '-x' || subcommand === 'rebase' || subcommand === 'difftool')
          kit.nested(v.text, 'bash', v.span, 'git');
      }
    } else if (t.startsWith('ext::')) kit.nested(t.slice(5).replace(/% /g, ' '), 'bash', w.span, 'git');
  }
  if (subcommand === 'config') {
    // `--file PATH`/`-f PATH`/`--blob B` take a value: it is neither the key nor the value.
    const kv: Word[] = [];
    let file: Word | undefined;
    for (let j = 0; j < rest.length; j++) {
      const t = rest[j]!.text;
      if (t === '-f' || t === '--file' || t === '--blob') {
        if (t !== '--blob') file = rest[j + 1];
        j++;
      } else if (t.startsWith('--file=')) file = sub(rest[j]!, t.slice(7));
      else if (!t.startsWith('-')) kv.push(rest[j]!);
    }
    if (kv.length >= 2) {
      gitConfig(kit, kv[0]!.text, kv[1]!);
      // core.hooksPath outside the repository: every git command now runs hooks from there, so the
      // config file it lands in is written like a hook would be (FS-AST-021).
      if (kv[0]!.text.toLowerCase() === 'core.hookspath' && /^(?:[/~$]|\.\.)/.test(kv[1]!.text)) {
        const scope = rest.some((w) => w.text === '--global')
          ? '~/.gitconfig'
          : rest.some((w) => w.text === '--system')
            ? '/etc/gitconfig'
            : (file?.text ?? '.git/config');
        kit.write(sub(kv[1]!, scope), 'git', 'write', NO_SOURCES);
      }
    }
  } else if (subcommand === 'bisect' && rest[0]?.text === 'run' && rest.length > 1) {
    kit.run(rest.slice(1), inv.span, inv.stdin, 'git');
  } else if (subcommand === 'submodule' && rest.some((w) => w.text === 'foreach')) {
    const idx = rest.findIndex((w) => w.text === 'foreach');
    const code = rest.slice(idx + 1).filter((w) => !w.text.startsWith('--'));
    if (code.length > 0) kit.nested(code.map((w) => w.text).join(' '), 'bash', code[0]!.span, 'git');
  }
  repositoryFile(kit, argv, subcommand, rest);
  kit.genericArgs(inv, rest);
  if (subcommand !== undefined && REMOTE_SUBCOMMANDS.has(subcommand)) remoteUrls(kit, rest);
  // `git credential fill`: prints the stored username and password for the host asked about.
  if (subcommand === 'credential' && rest[0]?.text === 'fill')
    return {
      sources: [{ kind: 'file', path: '~/.git-credentials' }],
      text: null,
      interactive: false,
      literals: [],
    };
  return undefined;
};

export const GIT_HANDLERS: Readonly<Record<string, ProgramHandler>> = { git };
