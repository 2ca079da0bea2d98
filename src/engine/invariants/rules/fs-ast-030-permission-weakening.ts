/** FS-AST-030: world-writable modes or recursive mode changes on system, home or credential paths. */
import {
  credentialStore,
  isCriticalTree,
  isInsideWorkspace,
  isSystemPath,
  resolvePath,
} from '../../paths.js';
import { defineRule } from '../define-rule.js';

/** Others (or all) gain write permission: 777, 0666, o+w, a+rwx, o=rwx. */
export function grantsWorldWrite(mode: string): boolean {
  if (/^[0-7]{1,4}$/.test(mode)) return (Number(mode[mode.length - 1]) & 2) !== 0;
  return mode.split(',').some((clause) => {
    const m = /^([ugoa]*)([-+=])([rwxXst]*)$/.exec(clause);
    if (!m) return false;
    const who = m[1] ?? '';
    return (who.includes('o') || who.includes('a')) && m[2] !== '-' && (m[3] ?? '').includes('w');
  });
}

/** Group or others gain read permission: 644, 0755, o+r, a+r, go+r. */
export function grantsOthersRead(mode: string): boolean {
  if (/^[0-7]{1,4}$/.test(mode)) {
    const d = mode.padStart(3, '0');
    return (Number(d[d.length - 1]) & 4) !== 0 || (Number(d[d.length - 2]) & 4) !== 0;
  }
  return mode.split(',').some((clause) => {
    const m = /^([ugoa]*)([-+=])([rwxXst]*)$/.exec(clause);
    if (!m) return false;
    const who = m[1] ?? '';
    return /[goa]/.test(who) && m[2] !== '-' && (m[3] ?? '').includes('r');
  });
}

export default defineRule({
  id: 'FS-AST-030',
  invariant: 'NO_PERMISSION_WEAKENING',
  kinds: ['exec', 'file'],
  programs: ['chmod'],
  summary:
    'chmod 777/o+w outside the workspace, chmod -R on system or home trees, credential files opened to others.',
  remediationHint:
    'Keep permissions narrow: change modes only on workspace files and only as far as needed (chmod u+x ./script.sh, chmod 644 ./file). Never open system, home or credential paths to other users.',
  *check(facts, policy) {
    for (const f of facts.of('file')) {
      if (f.op !== 'chmod' || f.actor === 'umask') continue;
      const mode = f.mode ?? '';
      const abs = resolvePath(f.path, policy);
      const inside = isInsideWorkspace(abs, policy);
      let reason: string | null = null;
      if (grantsWorldWrite(mode) && !inside) reason = `chmod ${mode} makes ${abs} writable by every user`;
      else if (f.recursive && !inside && (isSystemPath(abs) || isCriticalTree(abs, policy)))
        reason = `chmod -R changes modes across ${abs}, a system or home tree`;
      else if (credentialStore(abs, policy) !== null && grantsOthersRead(mode))
        reason = `chmod ${mode} lets other users read the credential store ${abs}`;
      if (reason === null) continue;
      yield { span: f.span, reason, suggestedAlternative: inside ? null : 'chmod u+x ./script.sh' };
    }
    // chmod -R / with the mode missing still walks the whole tree (no file fact is produced).
    for (const e of facts.of('exec')) {
      if (e.program !== 'chmod') continue;
      if (facts.of('file').some((f) => f.op === 'chmod' && f.span.start === e.span.start)) continue;
      if (!e.argv.some((a) => a === '--recursive' || /^-[a-zA-Z]*R/.test(a))) continue;
      const target = e.argv
        .slice(1)
        .filter((a) => !a.startsWith('-'))
        .at(-1);
      if (target === undefined) continue;
      const abs = resolvePath(target, policy);
      if (!isInsideWorkspace(abs, policy) && isCriticalTree(abs, policy)) {
        yield {
          span: e.span,
          reason: `chmod -R walks ${abs}, a system or home tree`,
          suggestedAlternative: null,
        };
      }
    }
  },
  examples: {
    deny: [
      { input: 'chmod -R 777 /' },
      { input: 'chmod --recursive /' },
      { input: 'chmod 777 /etc/passwd' },
      { input: 'chmod -R 755 /usr' },
      { input: 'chmod -R a+rwx ~' },
      { input: 'chmod o+w /var/www/html' },
      { input: 'chmod 644 ~/.ssh/id_rsa' },
    ],
    allow: [
      { input: 'chmod +x ./scripts/build.sh', why: 'a workspace file, execute bit only' },
      { input: 'chmod 777 tmpfile', why: 'a relative path in the workspace' },
      { input: 'chmod 600 ~/.ssh/id_ed25519', why: 'tightening a private key is the safe direction' },
      { input: 'chmod -R u+rwX ./data', why: 'recursive inside the workspace' },
    ],
  },
});
