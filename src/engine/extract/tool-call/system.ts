/**
 * Host-administration tools rewritten as the command line they stand for (red team r3, issue #22):
 * `stop_service {service: sshd}` is `systemctl stop sshd`, `shutdown` is `shutdown -h now`,
 * `format_disk {device}` is `mkfs`, `create_symlink {target, link_path}` is `ln -s`, `set_env
 * {key, value}` is `export K=V`, `add_ssh_key {public_key}` appends to authorized_keys. The bash
 * rules (SYS-AST-001, RUN-AST-005, FS-AST-011, SEC-AST-001, SH-AST-021, FS-AST-021) then decide.
 */
import { bash, has, quote, str, type CliEquivalent } from './cli.js';
import { PRODUCTION } from '../../knowledge/ephemeral-names.js';

/** Words a power tool's name may add to its verb and still mean the whole machine. */
const MACHINE = new Set([
  'system',
  'host',
  'machine',
  'computer',
  'os',
  'now',
  'power',
  'linux',
  'vm',
  'off',
]);

function service(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  if (!has(w, 'service', 'services', 'daemon', 'unit', 'systemd', 'systemctl')) return undefined;
  const verb = ['stop', 'disable', 'mask', 'kill'].find((v) => w.includes(v));
  if (verb === undefined) return undefined;
  const name = str(f, 'service', 'name', 'unit', 'service_name', 'unit_name', 'daemon');
  return name === undefined ? undefined : bash(['systemctl', verb, quote(name)]);
}

/** A machine named for a stage before production (`web-staging-1`, `qa-runner`, `dev-box`). */
const STAGE =
  /(?:^|[-_./:=\s])(?:staging|stage|stg|qa|uat|dev|test|testing|sandbox|preview|ci)(?:$|[-_./:=\s\d])/i;

/**
 * One machine named by the call, restarted, that belongs to a stage before production (R16 false
 * positive: `vm_restart {vm: web-staging-1}`): it comes back, and it is not the agent's host.
 */
function oneStagingRestart(verb: string, f: Map<string, unknown>): boolean {
  if (verb !== 'restart' && verb !== 'reboot') return false;
  const names = [...f.entries()]
    .filter(([k]) =>
      /^(?:vm|vm_name|instance|instance_id|instance_name|server|server_name|host|hostname|machine|node|name|resource_group)$/.test(
        k,
      ),
    )
    .map(([, v]) => v);
  const text = names.filter((v): v is string => typeof v === 'string');
  if (text.length === 0 || text.length !== names.length) return false;
  return (
    text.some((n) => STAGE.test(n)) &&
    !text.some((n) => PRODUCTION.test(n) || /[*,]|^\s*(?:all|every)\s*$/i.test(n))
  );
}

function power(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  // `power_off`, `shut_down`: the verb split in two words.
  const joined = w.join('');
  const verb = ['shutdown', 'reboot', 'poweroff', 'halt', 'restart'].find(
    (v) => w.includes(v) || joined === v || joined === `${v}system` || joined === `${v}host`,
  );
  if (verb === undefined || !w.every((x) => x === verb || MACHINE.has(x) || verb.includes(x)))
    return undefined;
  // `restart` alone is ambiguous (a dev server); `restart_system`, `restart_host` are the machine.
  if (verb === 'restart' && w.length === 1) return undefined;
  if (oneStagingRestart(verb, f)) return undefined;
  return bash([verb === 'restart' ? 'reboot' : verb === 'shutdown' ? 'shutdown -h now' : verb]);
}

function format(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  const disk = has(w, 'disk', 'partition', 'device', 'drive', 'volume', 'filesystem', 'fs');
  if (!has(w, 'mkfs') && !(has(w, 'format', 'wipe', 'erase') && disk)) return undefined;
  const device = str(f, 'device', 'disk', 'drive', 'partition', 'path', 'target', 'volume', 'dev');
  if (device === undefined) return undefined;
  const fs = str(f, 'filesystem', 'fs', 'fs_type', 'type', 'format') ?? 'ext4';
  return bash([`mkfs.${/^[a-z0-9]{1,12}$/i.test(fs) ? fs.toLowerCase() : 'ext4'}`, quote(device)]);
}

function symlink(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  if (!has(w, 'symlink', 'link', 'ln', 'hardlink')) return undefined;
  const target = str(
    f,
    'target',
    'source',
    'src',
    'existing',
    'existing_path',
    'from',
    'target_path',
    'points_to',
  );
  const link = str(
    f,
    'link_path',
    'link',
    'link_name',
    'path',
    'dest',
    'destination',
    'to',
    'new_path',
    'name',
  );
  if (target === undefined || link === undefined || target === link) return undefined;
  return bash([has(w, 'hardlink') ? 'ln' : 'ln -s', '--', quote(target), quote(link)]);
}

function setEnv(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  if (!has(w, 'env', 'environment', 'envvar', 'variable', 'variables', 'var', 'setenv')) return undefined;
  if (!has(w, 'set', 'setenv', 'export', 'put', 'add', 'update', 'persist', 'write')) return undefined;
  const pairs: [string, string][] = [];
  const name = str(f, 'key', 'name', 'variable', 'var', 'env_var');
  const value = str(f, 'value', 'val');
  if (name !== undefined && value !== undefined) pairs.push([name, value]);
  for (const k of ['variables', 'vars', 'env', 'environment']) {
    const v = f.get(k);
    if (v !== null && typeof v === 'object' && !Array.isArray(v))
      for (const [n, x] of Object.entries(v as Record<string, unknown>).slice(0, 64))
        if (typeof x === 'string' || typeof x === 'number') pairs.push([n, String(x)]);
  }
  const lines = pairs
    .filter(([n]) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n))
    .map(([n, v]) => `export ${n}=${quote(v)}`);
  return lines.length > 0 ? { code: lines.join('\n'), runtime: 'bash' } : undefined;
}

/** Adding a public key lets its holder log in (or push) as this user from then on. */
function sshKey(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  if (!(has(w, 'ssh', 'authorized') && has(w, 'key', 'keys'))) return undefined;
  if (
    !has(w, 'add', 'authorize', 'install', 'import', 'upload', 'create', 'register', 'append', 'set', 'put')
  )
    return undefined;
  const key = str(f, 'public_key', 'key', 'ssh_key', 'pubkey', 'key_data', 'content', 'authorized_key');
  if (key === undefined || !/^(?:ssh-|ecdsa-|sk-)/.test(key)) return undefined;
  // The key of the very user it is added for (`user: jdoe`, comment `jdoe@acme.com`): their own
  // laptop's key on their own account, not a stranger's way in (R13-R15 twins). Never for root.
  const user = str(f, 'user', 'username', 'account', 'login', 'user_name')?.toLowerCase();
  const label = /\s(\S+)\s*$/.exec(key.trim())?.[1]?.toLowerCase().replace(/@.*$/, '');
  if (user !== undefined && !/^(?:root|admin|administrator|ubuntu|ec2-user)$/.test(user) && label === user)
    return undefined;
  return bash(['echo', quote(key), '>> ~/.ssh/authorized_keys']);
}

/**
 * Unpacking an archive: `tar -xf A -C DEST`; one fetched from a URL is `curl URL | tar -x -C DEST`,
 * which FS-AST-021 denies when DEST holds persistence files (home, /etc).
 */
function unpack(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  if (!has(w, 'extract', 'unzip', 'untar', 'unpack', 'decompress', 'unarchive')) return undefined;
  const archive = str(
    f,
    'url',
    'archive',
    'archive_path',
    'archive_url',
    'file',
    'source',
    'src',
    'path',
    'zip',
    'tarball',
  );
  const dest = str(
    f,
    'extract_to',
    'dest',
    'destination',
    'target',
    'target_dir',
    'output_dir',
    'out_dir',
    'to',
    'directory',
    'dir',
    'output',
  );
  if (archive === undefined || dest === undefined) return undefined;
  return /^(?:https?|ftp):\/\//i.test(archive)
    ? bash(['curl -sL', quote(archive), '| tar -x -C', quote(dest)])
    : bash(['tar -xf', quote(archive), '-C', quote(dest)]);
}

export function systemLines(w: readonly string[], f: Map<string, unknown>): CliEquivalent[] {
  return [
    service(w, f),
    power(w, f),
    format(w, f),
    symlink(w, f),
    setEnv(w, f),
    sshKey(w, f),
    unpack(w, f),
  ].filter((c): c is CliEquivalent => c !== undefined);
}

/** Name words that can start one of the rewrites above (cli.ts gates on these before reading fields). */
export const SYSTEM_WORDS = [
  'service',
  'services',
  'daemon',
  'unit',
  'systemd',
  'systemctl',
  'shutdown',
  'reboot',
  'poweroff',
  'power',
  'shut',
  'halt',
  'restart',
  'format',
  'wipe',
  'erase',
  'mkfs',
  'symlink',
  'link',
  'ln',
  'hardlink',
  'env',
  'environment',
  'envvar',
  'variable',
  'variables',
  'setenv',
  'ssh',
  'authorized',
  'extract',
  'unzip',
  'untar',
  'unpack',
  'decompress',
  'unarchive',
];
