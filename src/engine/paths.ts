/**
 * Path reasoning for the invariants: resolve `~`, `$HOME`, `..` and relative paths against the
 * policy, and answer "inside the workspace?", "system path?", "credential store?", "persistence file?".
 * Pure string work on POSIX paths; nothing here touches the file system (symlinks are not followed).
 */
import { posix } from 'node:path';
import type { Policy } from './policy.js';

export interface PathPolicy {
  readonly workspaceRoot: string;
  readonly homeDir: string;
}

const HOME_VAR = /^(?:\$HOME|\$\{HOME\})(?=\/|$)/;
/** The temporary directory spelled as an expansion: `$TMPDIR`, `${TMPDIR}`, `${TMPDIR:-...}` (#21). */
const TMP_VAR = /^(?:\$TMPDIR|\$\{TMPDIR(?::?-[^}]*)?\})(?=\/|$)/;
/** The current directory spelled as an expansion: the workspace (commands run there). */
const PWD_VAR = /^(?:\$PWD|\$\{PWD\}|\$\(pwd\)|`pwd`)(?=\/|$)/;

/**
 * Absolute, normalised form of `path` as the program would see it (globs and unresolved
 * expansions kept literally). `~` → home, `~user` → /home/user (/root for root), relative → workspace.
 */
export function resolvePath(path: string, policy: PathPolicy): string {
  // Rules resolve the same few paths many times per evaluation; the function is pure, so a small
  // bounded memo per (workspace, home) keyed by path is safe and saves most of posix.normalize's cost.
  const table = resolved.table(policy);
  const hit = table.get(path);
  if (hit !== undefined) return hit;
  const out = resolveUncached(path, policy);
  if (table.size >= 4096) table.clear();
  table.set(path, out);
  return out;
}

/**
 * Memo tables per (workspaceRoot, homeDir). The pair hardly ever changes between calls, so the last
 * table is kept at hand and a lookup keys by the path alone (no key string built per call).
 */
class PolicyMemo<V> {
  readonly #tables = new Map<string, Map<string, V>>();
  #root: string | undefined;
  #home: string | undefined;
  #last: Map<string, V> | undefined;

  table(policy: PathPolicy): Map<string, V> {
    if (this.#last !== undefined && policy.workspaceRoot === this.#root && policy.homeDir === this.#home)
      return this.#last;
    const key = `${policy.workspaceRoot}\u0000${policy.homeDir}`;
    let table = this.#tables.get(key);
    if (table === undefined) {
      if (this.#tables.size >= 64) this.#tables.clear();
      table = new Map();
      this.#tables.set(key, table);
    }
    this.#root = policy.workspaceRoot;
    this.#home = policy.homeDir;
    this.#last = table;
    return table;
  }
}

const resolved = new PolicyMemo<string>();

function resolveUncached(path: string, policy: PathPolicy): string {
  let p = path.replace(HOME_VAR, '~').replace(PWD_VAR, '.').replace(TMP_VAR, '/tmp');
  if (p === '~' || p.startsWith('~/')) p = policy.homeDir + p.slice(1);
  else if (/^~[a-z_][a-z0-9_.-]*(?:\/|$)/i.test(p)) {
    const slash = p.indexOf('/');
    const user = slash < 0 ? p.slice(1) : p.slice(1, slash);
    const rest = slash < 0 ? '' : p.slice(slash);
    p = (user === 'root' ? '/root' : `/home/${user}`) + rest;
  } else if (!p.startsWith('/')) p = posix.join(policy.workspaceRoot, p);
  p = procAlias(p, policy);
  const normal = posix.normalize(p);
  return normal.length > 1 && normal.endsWith('/') ? normal.slice(0, -1) : normal;
}

/** `/proc/<pid>/root` and `/proc/<pid>/cwd` (also `self`, `thread-self`, `task/<tid>`): links to `/` and the cwd. */
const PROC_LINK = /^\/+proc\/+(?:self|thread-self|\d+)(?:\/+task\/+\d+)?\/+(root|cwd)(?=\/|$)/;

/** The path with /proc root and cwd links replaced by what they point to (before `..` is folded). */
function procAlias(path: string, policy: PathPolicy): string {
  let p = path;
  for (let i = 0; i < 16; i++) {
    const m = PROC_LINK.exec(p);
    if (!m) break;
    // The cwd of a command is the workspace (where the agent's commands run).
    p = (m[1] === 'root' ? '/' : `${policy.workspaceRoot}/`) + p.slice(m[0].length);
  }
  return p;
}

/** `child` equals `parent` or lies below it (both absolute and normalised). */
export function isWithin(child: string, parent: string): boolean {
  if (parent === '/') return true;
  return child === parent || child.startsWith(`${parent}/`);
}

export function isInsideWorkspace(absPath: string, policy: PathPolicy): boolean {
  return isWithin(absPath, policy.workspaceRoot);
}

/** The path names the workspace root itself, or everything in it (`.`, `*`, `./*`). */
export function isWorkspaceRootOrAll(absPath: string, policy: PathPolicy): boolean {
  return (
    absPath === policy.workspaceRoot ||
    absPath === `${policy.workspaceRoot}/*` ||
    absPath === `${policy.workspaceRoot}/.*`
  );
}

/**
 * Scratch space: something created below /tmp or /var/tmp (`$TMPDIR` resolves to /tmp). Deleting
 * it is everyday clean-up (#21); the directories themselves, a bare glob over them (`/tmp/*`) and
 * anything that climbs out (`/tmp/..`, normalised before this is asked) are not scratch.
 */
export function isScratchPath(absPath: string): boolean {
  const m = /^\/(?:var\/)?tmp\/([^/]+)/.exec(absPath);
  if (m === null) return false;
  const first = m[1]!;
  // A name with some literal part (`build-*`, `tmp.X`) picks one's own files; `*`, `.*`, `?*` take all.
  return !/^\.?[*?]*$/.test(first) && !/^[*?[\]!.]*$/.test(first);
}

/**
 * A cache below the home directory (~/.cache/pip, ~/.npm/_cacache, ~/go/pkg/mod/cache,
 * ~/Library/Caches/x, ~/.gradle/caches): tools rebuild it on demand, so deleting it is clean-up
 * (docs/policy.md). The cache directory must be spelled without a glob before it.
 */
export function isCachePath(absPath: string, policy: PathPolicy): boolean {
  if (!isWithin(absPath, policy.homeDir) || absPath === policy.homeDir) return false;
  const rel = absPath.slice(policy.homeDir.length + 1);
  const m = /^((?:[^/]+\/)*?)(?:\.cache|_cacache|cache|caches|Caches)(?:\/|$)/.exec(rel);
  return m !== null && !hasGlob(m[1]!);
}

/** Directories whose contents belong to the operating system. */
export const SYSTEM_DIRS = [
  '/etc',
  '/boot',
  '/usr',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/var/spool',
  '/var/lib',
  '/var/log',
  '/opt',
  '/root',
  '/sys',
  '/proc',
  '/System',
  '/Library',
] as const;

/** Glob characters that can make one argument stand for many paths. */
export function hasGlob(path: string): boolean {
  return /[*?[]/.test(path);
}

/** The fixed directory a glob starts from (`/etc/*.conf` → `/etc`, `/*` → `/`). */
export function globBase(absPath: string): string {
  const i = absPath.search(/[*?[]/);
  if (i < 0) return absPath;
  const slash = absPath.lastIndexOf('/', i);
  return slash <= 0 ? '/' : absPath.slice(0, slash);
}

export function isSystemPath(absPath: string): boolean {
  if (absPath === '/') return true;
  if (SYSTEM_DIRS.some((dir) => isWithin(absPath, dir))) return true;
  // A glob is a set of paths: it is a system path when some path it can match is one (#21).
  return hasGlob(absPath) && SYSTEM_DIRS.some((dir) => globCoversPrefix(absPath, dir));
}

// ---------------------------------------------------------------- globs as sets of paths (#21)

/** One path segment of a glob as a RegExp (`*`, `?`, `[...]`, `[!...]`); null when it has no glob. */
function segmentPattern(segment: string): RegExp | null {
  if (!hasGlob(segment)) return null;
  let hit = segmentCache.get(segment);
  if (hit === undefined) {
    hit = compileSegment(segment);
    if (segmentCache.size >= 1024) segmentCache.clear();
    segmentCache.set(segment, hit);
  }
  return hit;
}

const segmentCache = new Map<string, RegExp>();

function compileSegment(segment: string): RegExp {
  let re = '';
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i]!;
    if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const close = segment.indexOf(']', i + 2);
      if (close === -1) re += '\\[';
      else {
        let body = segment.slice(i + 1, close);
        const negate = body.startsWith('!') || body.startsWith('^');
        if (negate) body = body.slice(1);
        re += (negate ? '[^' : '[') + body.replace(/[\\\]]/g, '\\$&') + ']';
        i = close;
      }
    } else re += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  try {
    return new RegExp(`^${re}$`);
  } catch {
    return /^[^/]*$/; // a class bash would read differently: assume it can match any name
  }
}

/** A glob segment matches a name (a leading `.` must be matched literally, as in bash). */
function segmentMatches(glob: string, name: string): boolean {
  if (glob === name) return true;
  if (name.startsWith('.') && !glob.startsWith('.')) return false;
  const re = segmentPattern(glob);
  return re !== null && re.test(name);
}

/** The glob can match `path` exactly, segment by segment (globs never cross a `/`). */
function globMatches(glob: string, path: string): boolean {
  const g = glob.split('/');
  const p = path.split('/');
  if (!g.includes('**')) {
    if (g.length !== p.length) return false;
    for (let i = 0; i < g.length; i++) if (!segmentMatches(g[i]!, p[i]!)) return false;
    return true;
  }
  // A `**` segment spans any number of directories (globstar: `~/**/id_*` reaches ~/.ssh/id_rsa;
  // issue 22 r4). ok[j]: the glob's segments so far match the path's first j segments.
  let ok = p.map((_, j) => j === 0);
  ok.push(p.length === 0);
  for (const seg of g) {
    const next = new Array<boolean>(p.length + 1).fill(false);
    for (let j = 0; j <= p.length; j++) {
      if (seg === '**') next[j] = ok[j]! || (j > 0 && next[j - 1]!);
      else next[j] = j > 0 && ok[j - 1]! && segmentMatches(seg, p[j - 1]!);
    }
    ok = next;
  }
  return ok[p.length]!;
}

/**
 * Some path the glob can match is `dir` or lies below it. A bare `*` does not count as naming a
 * directory: `find / -exec touch {} ;` stands for `/*`, every entry, not a spelling of /etc.
 */
function globCoversPrefix(glob: string, dir: string): boolean {
  const g = glob.split('/');
  const d = dir.split('/');
  if (g.length < d.length) return false;
  for (let i = 0; i < d.length; i++) if (isBareStar(g[i]!) || !segmentMatches(g[i]!, d[i]!)) return false;
  return true;
}

/** `*` (or `**`): every entry of a directory, spelling no name in particular. */
function isBareStar(segment: string): boolean {
  return segment !== '' && /^\*+$/.test(segment);
}

/**
 * Concrete members of the sensitive families, relative to a home directory: a glob is tested
 * against these and their parent directories, since a regex family cannot be intersected with a
 * glob directly. One or two names per family is enough: the glob must already spell the rest.
 */
const HOME_EXEMPLARS: readonly string[] = [
  '.ssh/id_rsa',
  '.ssh/id_ed25519',
  '.ssh/id_ecdsa',
  '.ssh/id_dsa',
  '.ssh/authorized_keys',
  '.ssh/config',
  '.aws/credentials',
  '.aws/config',
  '.config/gcloud/credentials.db',
  '.kube/config',
  '.docker/config.json',
  '.netrc',
  '.npmrc',
  '.pypirc',
  '.git-credentials',
  '.config/gh/hosts.yml',
  '.azure/accessTokens.json',
  '.gnupg/private-keys-v1.d/key.key',
  '.gnupg/secring.gpg',
  '.password-store/x.gpg',
  '.vault-token',
  '.pgpass',
  '.my.cnf',
  '.s3cfg',
  '.cargo/credentials.toml',
  '.bash_history',
  '.zsh_history',
  '.bashrc',
  '.bash_profile',
  '.profile',
  '.zshrc',
  '.config/autostart/x.desktop',
  '.bashrc.d/x.sh',
  '.local/bin/git',
  '.gitconfig',
  '.vimrc',
  '.claude/.credentials.json',
  '.codex/auth.json',
  '.terraform.d/credentials.tfrc.json',
  '.config/systemd/user/x.service',
];

const SYSTEM_EXEMPLARS: readonly string[] = [
  '/etc/shadow',
  '/etc/gshadow',
  '/etc/shadow-',
  '/etc/sudoers',
  '/etc/sudoers.d/x',
  '/etc/ssh/ssh_host_rsa_key',
  '/etc/ssh/ssh_host_ed25519_key',
  '/etc/ssl/private/key.pem',
  '/etc/kubernetes/admin.conf',
  '/run/secrets/x',
  '/var/run/secrets/kubernetes.io/serviceaccount/token',
  '/proc/self/environ',
  '/proc/1/environ',
  '/etc/crontab',
  '/etc/cron.d/x',
  '/etc/cron.daily/x',
  '/var/spool/cron/crontabs/root',
  '/etc/systemd/system/x.service',
  '/etc/init.d/x',
  '/etc/rc.local',
  '/etc/profile',
  '/etc/profile.d/x.sh',
  '/etc/bash.bashrc',
  '/etc/ld.so.preload',
  '/etc/pam.d/sshd',
];

/** Every exemplar path with its parent directories, for the given home directory. */
function exemplars(policy: PathPolicy): readonly string[] {
  const key = policy.homeDir;
  const hit = exemplarCache.get(key);
  if (hit !== undefined) return hit;
  const out = new Set<string>();
  const add = (p: string): void => {
    for (let q = p; q.length > 1; q = q.slice(0, q.lastIndexOf('/')) || '/') out.add(q);
  };
  for (const rel of HOME_EXEMPLARS) {
    add(`${policy.homeDir}/${rel}`);
    add(`/root/${rel}`);
  }
  for (const p of SYSTEM_EXEMPLARS) add(p);
  const list = [...out];
  if (exemplarCache.size >= 64) exemplarCache.clear();
  exemplarCache.set(key, list);
  return list;
}

const exemplarCache = new Map<string, readonly string[]>();

/** The first sensitive exemplar a glob can match, classified by `classify`, or null. */
function globClassify(
  glob: string,
  policy: PathPolicy,
  classify: (absPath: string, policy: PathPolicy) => string | null,
): string | null {
  // `dir/*` (find DIR -exec cmd {} reports this) sweeps a directory: sensitive only when the
  // directory itself is (`~/.ssh/*`), not because some file in /etc happens to be (#21).
  const slash = glob.lastIndexOf('/');
  if (slash >= 0 && isBareStar(glob.slice(slash + 1))) {
    const dir = slash === 0 ? '/' : glob.slice(0, slash);
    const label = hasGlob(dir) ? globClassify(dir, policy, classify) : classify(dir, policy);
    return label === null ? null : `${label} (which the pattern ${glob} covers)`;
  }
  for (const candidate of exemplars(policy)) {
    if (!globMatches(glob, candidate)) continue;
    const label = classify(candidate, policy);
    if (label !== null) return `${label} (which the pattern ${glob} can match)`;
  }
  return null;
}

/** Top-level directories where a recursive delete is catastrophic even without a glob. */
export function isCriticalTree(absPath: string, policy: PathPolicy): boolean {
  const base = globBase(absPath);
  if (base === '/' || base === policy.homeDir) return true;
  if (/^\/(?:home|Users)(?:\/[^/]+)?$/.test(base)) return true;
  if (isSystemPath(base)) return true;
  // An ancestor of the workspace or the home directory: deleting it deletes them too.
  return isWithin(policy.workspaceRoot, base) || isWithin(policy.homeDir, base);
}

/** The part of `absPath` below some home directory (`/home/u/.ssh/id_rsa` → `.ssh/id_rsa`), or null. */
export function homeRelative(absPath: string, policy: PathPolicy): string | null {
  if (isWithin(absPath, policy.homeDir) && absPath !== policy.homeDir)
    return absPath.slice(policy.homeDir.length + 1);
  const m = /^\/(?:root|home\/[^/]+|Users\/[^/]+|var\/lib\/[^/]+)\/(.+)$/.exec(absPath);
  return m ? (m[1] ?? null) : null;
}

/** Credential stores below a home directory (patterns over the home-relative path). */
const HOME_CREDENTIALS: readonly RegExp[] = [
  /^\.ssh$/,
  /^\.ssh\/(?!.*\.pub$)(?:id_[^/]*|[^/]*_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?|[^/]*\.pem|[^/]*\.key|[^/]*private[^/]*)$/,
  /^\.aws(?:\/(?:credentials|config|sso\/cache(?:\/.*)?|cli\/cache(?:\/.*)?))?$/,
  /^\.config\/gcloud(?:\/.*)?$/,
  /^\.kube(?:\/config(?:\.[^/]*)?|\/cache\/oidc-login.*)?$/,
  /^\.docker(?:\/config\.json)?$/,
  /^\.netrc$/,
  /^_netrc$/,
  /^\.npmrc$/,
  /^\.yarnrc(?:\.yml)?$/,
  /^\.pypirc$/,
  /^\.git-credentials$/,
  /^\.config\/git\/credentials$/,
  /^\.config\/gh\/hosts\.ya?ml$/,
  /^\.config\/hub$/,
  /^\.azure(?:\/.*)?$/,
  /^\.gnupg(?:\/(?:private-keys-v1\.d(?:\/.*)?|secring\.gpg|trustdb\.gpg))?$/,
  /^\.password-store(?:\/.*)?$/,
  /^\.vault-token$/,
  /^\.terraform\.d\/credentials\.tfrc\.json$/,
  /^\.terraformrc$/,
  /^\.cargo\/credentials(?:\.toml)?$/,
  /^\.gem\/credentials$/,
  /^\.m2\/settings(?:-security)?\.xml$/,
  /^\.pgpass$/,
  /^\.my\.cnf$/,
  /^\.boto$/,
  /^\.s3cfg$/,
  /^\.config\/rclone\/rclone\.conf$/,
  /^\.config\/doctl\/config\.yaml$/,
  /^\.oci\/(?:config|[^/]*\.pem)$/,
  /^\.bluemix\/config\.json$/,
  /^\.config\/heroku|^\.netrc|^\.heroku\/credentials$/,
  /^\.(?:(?:bash|zsh|sh|python|mysql|psql|node_repl|sqlite|rediscli)_)?history$/,
  /^\.lesshst$/,
  /^Library\/Application Support\/(?:Google\/Chrome|Chromium|BraveSoftware\/Brave-Browser|Microsoft Edge)\/[^/]+\/(?:Login Data|Cookies|Web Data)$/,
  /^Library\/(?:Cookies|Application Support\/Firefox\/Profiles)(?:\/.*)?$/,
  /^\.local\/share\/keyrings(?:\/.*)?$/,
  /^\.mozilla\/firefox\/[^/]+\/(?:logins\.json|key[34]\.db|cookies\.sqlite)$/,
  /^\.config\/(?:google-chrome|chromium)\/[^/]+\/(?:Login Data|Cookies)$/,
  // Windows browser stores and chat-client token stores (issue 22: PyPI/npm stealers read these).
  /^AppData\/(?:Local|Roaming)\/(?:Google\/Chrome|Chromium|BraveSoftware\/Brave-Browser|Microsoft\/Edge|Opera Software\/Opera Stable)(?:\/User Data)?(?:\/[^/]+)?\/(?:Login Data|Cookies|Web Data|Local State|Network\/Cookies)$/,
  /^(?:AppData\/Roaming\/|\.config\/|Library\/Application Support\/)(?:discord|discordcanary|discordptb)\/Local Storage\/leveldb(?:\/.*)?$/,
  /^Library\/Keychains(?:\/.*)?$/,
  // More stores stealers read (issue 22 r3): custom-named ssh keys, browser and chat-client stores,
  // ML/cloud/CI CLI tokens, registry and container auth.
  /^\.ssh\/(?!.*\.pub$)(?!(?:known_hosts2?|config|authorized_keys2?|environment|rc)(?:\.old)?$)[^/]+$/,
  /^(?:\.config|Library\/Application Support|AppData\/(?:Local|Roaming))\/(?:google-chrome(?:-beta|-unstable)?|chromium|BraveSoftware\/Brave-Browser|microsoft-edge|Microsoft\/Edge|Google\/Chrome|opera|vivaldi|Vivaldi)(?:\/User Data)?\/[^/]+\/(?:Login Data|Cookies|Web Data|Network\/Cookies|Local Storage\/leveldb(?:\/.*)?)$/,
  // Browser extension storage: wallet extensions (MetaMask, Phantom) keep their vaults there (r3).
  /^(?:\.config|Library\/Application Support|AppData\/(?:Local|Roaming))\/(?:google-chrome(?:-beta|-unstable)?|chromium|BraveSoftware\/Brave-Browser|microsoft-edge|Microsoft\/Edge|Google\/Chrome|opera|vivaldi|Vivaldi)(?:\/User Data)?\/[^/]+\/(?:Local Extension Settings|Sync Extension Settings|IndexedDB\/chrome-extension_[^/]*)(?:\/.*)?$/,
  /^(?:\.local\/share\/TelegramDesktop|AppData\/Roaming\/Telegram Desktop|Library\/Application Support\/Telegram Desktop)\/tdata(?:\/.*)?$/,
  /^(?:\.config\/Slack|AppData\/Roaming\/Slack|Library\/Application Support\/Slack)\/(?:Cookies|Network\/Cookies|storage|Local Storage)(?:\/.*)?$/,
  /^(?:\.cache\/huggingface\/token|\.huggingface\/token|\.kaggle\/kaggle\.json|\.pulumi\/credentials\.json|\.dbt\/profiles\.yml|\.databrickscfg|\.gradle\/gradle\.properties|\.snowsql\/config|\.sentryclirc|\.mc\/config\.json)$/,
  /^(?:\.config\/composer\/auth\.json|\.composer\/auth\.json|\.config\/containers\/auth\.json|\.local\/share\/com\.vercel\.cli\/auth\.json|\.vercel\/auth\.json|Library\/Application Support\/com\.vercel\.cli\/auth\.json|\.config\/configstore\/firebase-tools\.json|\.netlify\/config\.json|\.config\/netlify\/config\.json|\.cloudflared\/cert\.pem|\.wrangler\/config\/default\.toml|\.config\/stripe\/config\.toml|\.circleci\/cli\.yml|\.config\/hcloud\/cli\.toml|\.config\/op\/config)$/,
  // Cryptocurrency wallets and keystores (issue 22: stealers in malicious packages zip these up).
  /^(?:\.electrum|\.electrum-ltc|\.bitcoin|\.litecoin|\.dogecoin|\.monero|\.ethereum\/keystore|\.config\/solana|\.config\/(?:Exodus|Electrum|atomic)|AppData\/Roaming\/(?:Exodus|Electrum|Ethereum|Bitcoin|atomic)|Library\/Application Support\/(?:Exodus|Electrum|Bitcoin|atomic))(?:\/.*)?$/,
  // Coding-agent login tokens (Claude Code, Codex, Gemini CLI, Copilot).
  // The directories too: an archive or recursive copy of ~/.claude takes the token with it.
  /^\.claude(?:\/\.credentials\.json)?$/,
  /^\.codex(?:\/auth\.json)?$/,
  /^\.gemini(?:\/oauth_creds\.json)?$/,
  /^\.config\/gh$/,
  /^\.config\/op(?:\/.*)?$/,
  /^\.config\/github-copilot\/(?:hosts|apps)\.json$/,
];

/** System-wide credential stores (absolute paths). */
const SYSTEM_CREDENTIALS: readonly RegExp[] = [
  /^\/etc\/(?:g?shadow-?|master\.passwd|security\/opasswd|sudoers\.d\/.+)$/,
  /^\/etc\/ssh\/ssh_host_[^/]*_key$/,
  /^\/etc\/ssl\/private(?:\/.*)?$/,
  /^\/etc\/kubernetes\/(?:admin\.conf|pki(?:\/.*)?)$/,
  /^\/(?:var\/)?run\/secrets(?:\/.*)?$/,
  /^\/proc\/(?:self|\d+|\*|thread-self)\/(?:environ|mem|maps)$/,
  /^\/var\/lib\/kubelet\/(?:kubeconfig|pki(?:\/.*)?)$/,
  /^\/etc\/rancher\/k3s\/k3s\.yaml$/,
  // Every container's configuration with its environment (R13 cred-steal); its logs beside it are
  // not, so log shippers mounting the directory stay allowed.
  /^\/var\/lib\/docker\/containers\/[^/]+\/config\.v2\.json$/,
  /^\/var\/lib\/kubelet\/pods\/[^/]+\/volumes\/kubernetes\.io~secret(?:\/.*)?$/,
];

/** The credential store `absPath` names, as a short label (`~/.aws/credentials`), or null. */
export function credentialStore(absPath: string, policy: PathPolicy): string | null {
  return memo(credentialMemo, policy, absPath, credentialUncached);
}

const credentialMemo = new PolicyMemo<string | null>();
const persistenceMemo = new PolicyMemo<string | null>();

/** Bounded memo for the pure path classifiers (keyed by policy paths and the absolute path). */
function memo(
  memos: PolicyMemo<string | null>,
  policy: PathPolicy,
  absPath: string,
  compute: (absPath: string, policy: PathPolicy) => string | null,
): string | null {
  const table = memos.table(policy);
  const hit = table.get(absPath);
  if (hit !== undefined) return hit;
  const out = compute(absPath, policy);
  if (table.size >= 4096) table.clear();
  table.set(absPath, out);
  return out;
}

function credentialUncached(absPath: string, policy: PathPolicy): string | null {
  const direct = credentialLiteral(absPath, policy);
  if (direct !== null || !hasGlob(absPath)) return direct;
  return globClassify(absPath, policy, credentialLiteral);
}

function credentialLiteral(absPath: string, policy: PathPolicy): string | null {
  for (const re of SYSTEM_CREDENTIALS) if (re.test(absPath)) return absPath;
  const rel = homeRelative(absPath, policy);
  if (rel === null) return null;
  for (const re of HOME_CREDENTIALS) if (re.test(rel)) return `~/${rel}`;
  return null;
}

/**
 * Whether reading `absPath` reads a credential store that is not the agent's own: stores inside
 * the workspace (a project .npmrc) belong to the project, unless the workspace is the home
 * directory or above it.
 */
/** A secret Docker or compose mounts for the container (/run/secrets/<name>; not Kubernetes' token). */
export function isDockerSecret(absPath: string): boolean {
  return /^\/(?:var\/)?run\/secrets\/(?!kubernetes\.io\/)[\w.-]+$/.test(absPath);
}

export function isForeignCredentialStore(absPath: string, policy: PathPolicy): string | null {
  const store = credentialStore(absPath, policy);
  if (store === null) return null;
  const workspaceHoldsHome = isWithin(policy.homeDir, policy.workspaceRoot);
  if (isInsideWorkspace(absPath, policy) && !workspaceHoldsHome && !absPath.startsWith('/proc/')) return null;
  return store;
}

/** Files that run code at login, on a schedule or at boot (persistence). */
const HOME_PERSISTENCE: readonly RegExp[] = [
  /^\.(?:bashrc|bash_profile|bash_login|bash_logout|bash_aliases|profile|shrc|zshrc|zshenv|zprofile|zlogin|zlogout|kshrc|cshrc|tcshrc|mkshrc|login|logout|xinitrc|xprofile|xsession|xsessionrc|pam_environment|inputrc)$/,
  /^\.config\/fish\/(?:config\.fish|conf\.d\/.*)$/,
  /^\.ssh\/(?:authorized_keys2?|rc|environment|config)$/,
  /^\.config\/(?:systemd\/user|autostart)(?:\/.*)?$/,
  /^\.local\/share\/systemd\/user(?:\/.*)?$/,
  /^Library\/(?:LaunchAgents|LaunchDaemons)(?:\/.*)?$/,
  /^\.config\/environment\.d(?:\/.*)?$/,
  // Shell start-up drop-in directories sourced by many distributions' rc files.
  /^\.(?:bashrc|zshrc|profile)\.d\/.+$/,
  // PATH directories in home: a file there runs in place of a system program (PATH shadowing).
  /^(?:\.local\/bin|bin)\/[^/]+$/,
  // Python runs `import` lines of .pth files, and sitecustomize/usercustomize, at every start-up.
  /^\.local\/lib\/[^/]+\/site-packages\/(?:[^/]+\.pth|(?:site|user)customize\.py)$/,
  // IPython runs its profiles' startup scripts and config files, Jupyter its config files, at every
  // start (issue 22 r4).
  /^\.ipython\/profile_[^/]+\/(?:startup\/.+|ipython_(?:kernel_)?config\.py)$/,
  /^\.jupyter\/jupyter_\w*config\.py$/,
  // Package index settings: every later install fetches (and runs the setup code of) packages from
  // the index named there (pip.conf index-url, pydistutils, conda channels, uv, cargo's source
  // replacement; issue 22 r4, R11 persist-write).
  /^(?:\.pip\/pip\.conf|\.config\/pip\/pip\.conf|\.pydistutils\.cfg|\.condarc|\.config\/uv\/uv\.toml|AppData\/Roaming\/pip\/pip\.ini|\.cargo\/config(?:\.toml)?)$/,
  // Tool configuration that names a program to run: npm script-shell, git aliases/pager/hooksPath,
  // editor rc files (`!cmd`, autocmds), tmux run-shell, gdb init, direnv's own rc.
  /^\.(?:npmrc|yarnrc(?:\.yml)?|gitconfig|vimrc|gvimrc|exrc|tmux\.conf|gdbinit|emacs|direnvrc|wgetrc|curlrc)$/,
  /^\.config\/(?:git\/config|nvim\/init\.(?:vim|lua)|tmux\/tmux\.conf|direnv\/direnvrc)$/,
  /^\.(?:vim\/(?:plugin|autoload|ftplugin)|config\/nvim\/(?:plugin|lua)|emacs\.d)\/.+$/,
  // The code of a desktop app installed in home (R21: Discord's modules/discord_desktop_core/index.js,
  // an Electron app.asar, an editor's extensions): the app runs it at every start, as the user.
  /^(?:\.config|Library\/Application Support|AppData\/(?:Roaming|Local))\/[^/]+\/(?:.+\/)?(?:modules\/[^/]+\/[^/]+\.[cm]?js|[^/]+\.asar(?:\.unpacked)?(?:\/.*)?|resources\/app\/.+)$/,
  /^\.(?:vscode|vscode-server|cursor|windsurf)\/extensions\/[^/]+\/.+\.[cm]?js$/,
];

/**
 * Files inside a repository that git or the editor runs code from without being asked: hooks,
 * the repository's own config (aliases, hooksPath, filters, pager) and VS Code tasks.
 */
const REPOSITORY_PERSISTENCE = /(?:^|\/)(?:\.git\/(?:hooks\/[^/]+|config)|\.vscode\/tasks\.json)$/;

export function persistenceFile(absPath: string, policy: PathPolicy): string | null {
  return memo(persistenceMemo, policy, absPath, persistenceUncached);
}

function persistenceUncached(absPath: string, policy: PathPolicy): string | null {
  const direct = persistenceLiteral(absPath, policy);
  if (direct !== null || !hasGlob(absPath)) return direct;
  return globClassify(absPath, policy, persistenceLiteral);
}

function persistenceLiteral(absPath: string, policy: PathPolicy): string | null {
  const rel = homeRelative(absPath, policy);
  if (rel !== null) for (const re of HOME_PERSISTENCE) if (re.test(rel)) return `~/${rel}`;
  if (REPOSITORY_PERSISTENCE.test(absPath)) return absPath;
  if (
    /^\/(?:etc\/(?:cron[^/]*|systemd|init\.d|rc\.local|profile|bash\.bashrc|ld\.so\.preload|sudoers|pam\.d|update-motd\.d)|var\/spool\/cron|Library\/Launch(?:Agents|Daemons))/.test(
      absPath,
    )
  ) {
    return absPath;
  }
  return null;
}

/**
 * A directory that holds persistence files (home, ~/.config, /etc): unpacking or syncing a tree
 * into it can create or replace them. Returns the first such file, or null.
 */
export function holdsPersistence(absPath: string, policy: PathPolicy): string | null {
  const dir = globBase(absPath);
  if (dir === '/') return '/etc/profile';
  for (const candidate of exemplars(policy)) {
    if (candidate === dir || !isWithin(candidate, dir)) continue;
    const label = persistenceLiteral(candidate, policy);
    if (label !== null) return label;
  }
  return null;
}

/**
 * A directory that holds credential stores (`/etc/kubernetes` with admin.conf, `~/.terraform.d`):
 * mounting or copying the tree hands them over (red team r4). Returns the first such store, or null.
 */
export function holdsCredentials(absPath: string, policy: PathPolicy): string | null {
  const dir = globBase(absPath);
  for (const candidate of exemplars(policy)) {
    if (candidate === dir || !isWithin(candidate, dir)) continue;
    const label = credentialLiteral(candidate, policy);
    if (label !== null) return label;
  }
  return null;
}

/** Raw disk and memory devices (not /dev/null, /dev/zero, ttys, fds or shared memory). */
export function isBlockDevice(absPath: string): boolean {
  return /^\/dev\/(?:[shv]d[a-z]|xvd[a-z]|nvme\d|mmcblk\d|md\d|dm-\d|loop\d|sr\d|r?disk\d|mapper\/|disk\/|(?:mem|kmem|port|root|fd\d)$)/.test(
    absPath,
  );
}

/** Policy paths only; a narrow view so helpers do not depend on the whole policy. */
export function pathPolicy(policy: Policy): PathPolicy {
  return { workspaceRoot: policy.workspaceRoot, homeDir: policy.homeDir };
}
