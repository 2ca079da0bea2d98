/** FS-AST-002: a recursive delete of the whole workspace (`rm -rf .`, `rm -rf *`, `rm -rf .*`). */
import { isWorkspaceRootOrAll, resolvePath } from '../../paths.js';
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'FS-AST-002',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  summary: 'Recursive delete of the workspace root itself or everything in it (., *, .*).',
  remediationHint:
    'Do not wipe the whole workspace. Name the generated directories you mean to remove (for example ./dist ./build) so source files and .git survive.',
  *check(facts, policy) {
    for (const f of facts.of('file')) {
      if (f.op !== 'delete' || !f.recursive) continue;
      if (!isWorkspaceRootOrAll(resolvePath(f.path, policy), policy)) continue;
      yield {
        span: f.span,
        reason: `${f.actor} recursively deletes ${f.path}: the entire workspace`,
        suggestedAlternative: 'rm -rf ./dist ./build',
      };
    }
  },
  examples: {
    deny: [{ input: 'rm -rf *' }, { input: 'rm -rf .' }, { input: 'rm -rf ./*' }, { input: 'rm -rf .*' }],
    allow: [
      { input: 'rm -rf ./dist/*', why: 'a generated sub-directory, not the workspace root' },
      { input: 'rm -f *.o', why: 'a glob over object files is not recursive' },
    ],
  },
});
