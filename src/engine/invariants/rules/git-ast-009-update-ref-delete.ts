/** GIT-AST-009: git update-ref -d / symbolic-ref -d deletes a ref directly (plumbing for branch -D). */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, gitCommand, hasOption } from '../command-line.js';

export default defineRule({
  id: 'GIT-AST-009',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  pack: 'core.git',
  kinds: ['exec'],
  programs: ['git'],
  summary: 'git update-ref -d (or symbolic-ref -d) deletes a ref without any merge check.',
  remediationHint: 'Delete only merged branches, with git branch -d <name>.',
  *check(facts) {
    yield* execHits(facts, (_w, exec) => {
      const git = gitCommand(exec);
      if (git === null || asksHelp(git.args)) return null;
      if ((git.sub === 'update-ref' || git.sub === 'symbolic-ref') && hasOption(git.args, 'd', '--delete'))
        return `git ${git.sub} -d deletes a ref`;
      return null;
    });
  },
  examples: {
    deny: [{ input: 'git update-ref -d refs/heads/main' }, { input: 'git symbolic-ref -d HEAD' }],
    allow: [{ input: 'git update-ref refs/heads/tmp HEAD', why: 'creates a ref' }],
  },
});
