/**
 * FS-AST-025: destroying the host's recovery points: Windows shadow copies deleted or shrunk away
 * (vssadmin, wmic shadowcopy), backup catalogs and backups deleted (wbadmin), boot recovery turned
 * off (bcdedit), event logs cleared (wevtutil cl). Ransomware runs these before it encrypts, so
 * nothing can be restored (red team r2 and r20: the commands handed to subprocess as strings).
 */
import { defineRule } from '../define-rule.js';

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
  ],
  summary:
    'Recovery-point destruction: Windows shadow copies or backups deleted, boot recovery off, event logs cleared.',
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
    ],
    allow: [
      { input: 'vssadmin list shadows', why: 'listing the shadow copies' },
      { input: 'wbadmin get versions', why: 'listing the backups' },
      { input: 'bcdedit /enum', why: 'reading the boot configuration' },
      { input: 'wevtutil qe System /c:20 /f:text', why: 'reading an event log' },
    ],
  },
});
