/**
 * FS-AST-025: destroying the host's recovery points: Windows shadow copies deleted or shrunk away
 * (vssadmin, wmic shadowcopy), backup catalogs and backups deleted (wbadmin), boot recovery turned
 * off (bcdedit), event logs cleared (wevtutil cl). Ransomware runs these before it encrypts, so
 * nothing can be restored (red team r2 and r20: the commands handed to subprocess as strings). Also
 * the backup tools' own ways to drop every snapshot of a repository (restic, borg, kopia, tarsnap).
 */
import { defineRule } from '../define-rule.js';

/** restic options whose value is the next word (so it is no snapshot ID). */
const RESTIC_VALUE =
  /^(?:-r|--repo|--repository-file|-p|--password-file|--password-command|--host|--tag|--path|--group-by|--cache-dir|-o|--option|--keep-[a-z-]+)$/;

/**
 * `restic forget` that keeps nothing: `--unsafe-allow-remove-all`, or every keep policy given is 0
 * and no snapshot is named (`forget --keep-last 0 --prune`). Forgetting named snapshots, or
 * keeping some, is routine pruning.
 */
function resticForgetsAll(a: readonly string[]): boolean {
  const at = a.indexOf('forget');
  if (at < 0) return false;
  if (a.includes('--unsafe-allow-remove-all')) return true;
  const keeps: string[] = [];
  let named = false;
  for (let i = at + 1; i < a.length; i++) {
    const [name, inline] = a[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    if (name.startsWith('--keep-')) keeps.push(inline ?? a[++i] ?? '');
    else if (RESTIC_VALUE.test(name) && inline === undefined) i++;
    else if (!name.startsWith('-')) named = true;
  }
  return !named && keeps.length > 0 && keeps.every((k) => /^0+[a-z]?$/.test(k));
}

/** borg options whose value is the next word. */
const BORG_VALUE =
  /^(?:-r|--repo|-a|--glob-archives|--match-archives|--rsh|--remote-path|--lock-wait|-p|--prefix)$/;

/**
 * `borg delete REPO` (no `::archive`): the whole repository; `-a '*'`/`--glob-archives '*'`: every
 * archive; borg 2's `rdelete`/`repo-delete`. One archive (`REPO::name`) is routine.
 */
function borgDeletesAll(a: readonly string[]): boolean {
  const verb = a.findIndex((x) => /^(?:delete|rdelete|repo-delete)$/.test(x));
  if (verb < 0) return false;
  if (a[verb] !== 'delete') return true;
  let target: string | undefined;
  for (let i = verb + 1; i < a.length; i++) {
    const [name, inline] = a[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    if (
      /^(?:-a|--glob-archives|--match-archives)$/.test(name) &&
      /^(?:sh:|re:)?[*.]*\*?$/.test(inline ?? a[i + 1] ?? '')
    )
      return true;
    if (BORG_VALUE.test(name) && inline === undefined) i++;
    else if (!name.startsWith('-')) target ??= a[i];
  }
  // Borg 2 names the repository with -r and archives as positionals; borg 1 names `REPO::ARCHIVE`.
  return target !== undefined && !target.includes('::') && !a.some((x) => x === '-r' || x === '--repo')
    ? true
    : target === undefined && a.some((x) => x === '-r' || x === '--repo');
}

/** What one of the recovery tools does to the host's recovery points, or null. */
function destroys(program: string, args: readonly string[]): string | null {
  const a = args.map((x) => x.toLowerCase());
  const has = (w: string): boolean => a.includes(w);
  switch (program.toLowerCase().replace(/\.exe$/, '')) {
    case 'vssadmin':
      if (has('delete') && has('shadows')) return 'vssadmin deletes the volume shadow copies';
      // Shrinking the storage to its minimum drops every copy that no longer fits.
      if (has('resize') && has('shadowstorage')) return 'vssadmin shrinks the shadow storage away';
      return null;
    case 'wmic':
      return has('shadowcopy') && has('delete') ? 'wmic deletes the volume shadow copies' : null;
    case 'wbadmin':
      return has('delete') && a.some((x) => /^(?:catalog|backup|systemstatebackup)$/.test(x))
        ? 'wbadmin deletes the backup catalog or backups'
        : null;
    case 'bcdedit':
      return a.some((x, i) => x === 'recoveryenabled' && a[i + 1] === 'no') ||
        a.some((x, i) => x === 'bootstatuspolicy' && a[i + 1] === 'ignoreallfailures')
        ? 'bcdedit turns boot recovery off'
        : null;
    case 'wevtutil':
      return has('cl') || has('clear-log') ? 'wevtutil clears an event log' : null;
    case 'restic':
      return resticForgetsAll(a) ? 'restic forget keeps no snapshot of the repository' : null;
    case 'borg':
    case 'borg2':
      return borgDeletesAll(a) ? 'borg deletes the whole repository or every archive in it' : null;
    case 'kopia':
      return has('snapshot') && (has('delete') || has('rm')) && has('--all-snapshots-for-source')
        ? 'kopia deletes every snapshot of the source'
        : null;
    case 'tarsnap':
      return has('--nuke') ? 'tarsnap --nuke deletes every archive' : null;
    default:
      return null;
  }
}

export default defineRule({
  id: 'FS-AST-025',
  invariant: 'NO_SYSTEM_PATH_WRITE',
  kinds: ['exec'],
  programs: [
    'vssadmin',
    'vssadmin.exe',
    'wmic',
    'wmic.exe',
    'wbadmin',
    'wbadmin.exe',
    'bcdedit',
    'bcdedit.exe',
    'wevtutil',
    'wevtutil.exe',
    'restic',
    'borg',
    'borg2',
    'kopia',
    'tarsnap',
  ],
  summary:
    'Recovery-point destruction: Windows shadow copies or backups deleted, boot recovery off, event logs cleared, every snapshot of a restic/borg/kopia/tarsnap repository dropped.',
  remediationHint:
    'Leave shadow copies, backups and event logs alone: they are how the host is restored and audited. Ask the user before any cleanup of them.',
  *check(facts) {
    for (const e of facts.of('exec')) {
      const reason = destroys(e.program, e.argv.slice(1));
      if (reason !== null) yield { span: e.span, reason, suggestedAlternative: null };
    }
  },
  examples: {
    deny: [
      { input: 'vssadmin delete shadows /all /quiet' },
      { input: 'vssadmin.exe resize shadowstorage /for=C: /on=C: /maxsize=401MB' },
      { input: 'wmic shadowcopy delete' },
      { input: 'wbadmin delete catalog -quiet' },
      { input: 'bcdedit /set {default} recoveryenabled No' },
      { input: 'wevtutil cl Security' },
      { input: 'restic -r s3:s3.amazonaws.com/acme-backups-prod forget --keep-last 0 --prune' },
      { input: 'restic forget --unsafe-allow-remove-all --prune' },
      { input: 'borg delete --force /srv/borg/prod-repo' },
      { input: "borg delete --glob-archives '*' /srv/borg/repo" },
      { input: 'kopia snapshot delete --all-snapshots-for-source /srv --delete' },
    ],
    allow: [
      { input: 'vssadmin list shadows', why: 'listing the shadow copies' },
      { input: 'wbadmin get versions', why: 'listing the backups' },
      { input: 'bcdedit /enum', why: 'reading the boot configuration' },
      { input: 'wevtutil qe System /c:20 /f:text', why: 'reading an event log' },
      {
        input: 'restic -r s3:s3.amazonaws.com/acme-backups forget --keep-daily 7 --keep-weekly 4 --prune',
        why: 'routine pruning that keeps recent snapshots',
      },
      { input: 'restic forget 4bba301e', why: 'one named snapshot' },
      { input: 'borg delete /srv/borg/repo::host-2026-10-01', why: 'one archive' },
      { input: 'kopia snapshot delete k1a2b3c4 --delete', why: 'one snapshot' },
    ],
  },
});
