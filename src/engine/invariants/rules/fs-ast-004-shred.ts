/** FS-AST-004: shredding or securely wiping files outside the workspace (unrecoverable by design). */
import { isBlockDevice, isInsideWorkspace, resolvePath } from '../../paths.js';
import { defineRule } from '../define-rule.js';
import { operands } from '../helpers.js';

const WIPERS = new Set(['shred', 'srm', 'wipe', 'scrub', 'sfill', 'sdmem', 'sswap']);

export default defineRule({
  id: 'FS-AST-004',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  summary: 'shred/srm/wipe of files or devices outside the workspace.',
  remediationHint:
    'Secure-wiping destroys data irrecoverably. Only shred files you created inside the workspace; never system files, home files or devices.',
  *check(facts, policy) {
    for (const e of facts.of('exec')) {
      if (!WIPERS.has(e.program)) continue;
      const targets = operands(e.argv).filter((t) => {
        const abs = resolvePath(t, policy);
        return isBlockDevice(abs) || !isInsideWorkspace(abs, policy);
      });
      if (targets.length === 0 && !(e.program === 'sfill' || e.program === 'sdmem' || e.program === 'sswap'))
        continue;
      yield {
        span: e.span,
        reason: `${e.program} irrecoverably wipes ${targets.join(', ') || 'system storage'}`,
      };
    }
  },
  examples: {
    deny: [
      { input: 'shred -uvz /var/log/auth.log' },
      { input: 'shred -n 3 -z /dev/sda' },
      { input: 'shred ~/.bash_history' },
    ],
    allow: [{ input: 'shred -u ./tmp-key.pem', why: 'a file inside the workspace' }],
  },
});
