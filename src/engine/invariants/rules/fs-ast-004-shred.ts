/** FS-AST-004: shredding or securely wiping files, devices or free space (unrecoverable by design). */
import { isBlockDevice, isInsideWorkspace, resolvePath } from '../../paths.js';
import { defineRule } from '../define-rule.js';
import { operands } from '../helpers.js';

const WIPERS = new Set(['shred', 'srm', 'wipe', 'scrub', 'sfill', 'sdmem', 'sswap']);

export default defineRule({
  id: 'FS-AST-004',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  kinds: ['exec'],
  programs: [...WIPERS],
  summary: 'shred/srm/wipe: irrecoverable wiping of files, devices or free space.',
  remediationHint:
    'Secure wiping destroys data irrecoverably and is never needed for agent work. Remove a workspace file you created with rm ./file; never wipe system files, home files or devices.',
  *check(facts, policy) {
    for (const e of facts.of('exec')) {
      if (!WIPERS.has(e.program) || e.argv.some((a) => a === '--help' || a === '--version')) continue;
      const targets = operands(e.argv);
      const outside = targets.filter((t) => {
        const abs = resolvePath(t, policy);
        return isBlockDevice(abs) || !isInsideWorkspace(abs, policy);
      });
      // A file of the workspace is the project's to remove, shredded or not (docs/policy.md);
      // the free-space and memory wipers (sfill, sdmem, sswap) name no file.
      // shred -u removes the file afterwards (a secure delete); plain shred leaves the file there
      // with its content destroyed, which is no clean-up.
      const removes = e.program === 'srm' || e.argv.some((a) => /^-[a-zA-Z]*u|^--remove(?:=|$)/.test(a));
      if (outside.length === 0 && targets.length > 0 && removes) continue;
      yield {
        span: e.span,
        reason: `${e.program} irrecoverably wipes ${targets.join(', ') || 'free space or memory'}`,
        suggestedAlternative: null,
      };
    }
  },
  examples: {
    deny: [
      { input: 'shred -uvz /var/log/auth.log' },
      { input: 'shred -n 3 -z /dev/sda' },
      { input: 'shred ~/.bash_history' },
      { input: 'shred -u ../other/secret.txt' },
      { input: 'sfill -v /' },
      { input: 'shred -vfz secret.txt' },
    ],
    allow: [
      { input: 'shred --help', why: 'prints usage' },
      { input: 'echo shred', why: 'printed, not run' },
      {
        input: 'shred -u secrets.txt',
        why: 'a secure delete of a workspace file: the project may remove it',
      },
    ],
  },
});
