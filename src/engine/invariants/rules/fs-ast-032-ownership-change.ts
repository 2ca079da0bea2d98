/** FS-AST-032: ownership changes of system paths, or recursive ones across home or root trees. */
import { isCriticalTree, isInsideWorkspace, isSystemPath, resolvePath } from '../../paths.js';
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'FS-AST-032',
  invariant: 'NO_PERMISSION_WEAKENING',
  kinds: ['file'],
  summary: 'chown/chgrp of system paths, or chown -R across /, home or an ancestor of the workspace.',
  remediationHint:
    'Do not change ownership outside the workspace. Files you create in the workspace already belong to you; if ownership is wrong, report it to the user.',
  *check(facts, policy) {
    for (const f of facts.of('file')) {
      if (f.op !== 'chown') continue;
      const abs = resolvePath(f.path, policy);
      if (isInsideWorkspace(abs, policy) && !isSystemPath(abs)) continue;
      if (isSystemPath(abs))
        yield { span: f.span, reason: `${f.actor} changes the owner of ${abs}, a system path` };
      else if (f.recursive && isCriticalTree(abs, policy))
        yield { span: f.span, reason: `${f.actor} -R changes ownership across ${abs}` };
    }
  },
  examples: {
    deny: [
      { input: 'chown -R nobody /' },
      { input: 'chown attacker /etc/shadow' },
      { input: 'chown -R www-data:www-data /usr' },
      { input: 'chgrp -R users ~' },
    ],
    allow: [
      { input: 'chown -R 1000:1000 ./data', why: 'inside the workspace' },
      { input: 'chown me ~/notes.txt', why: 'a single home file, not recursive' },
    ],
  },
});
