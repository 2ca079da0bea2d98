/** GIT-AST-007: git reflog expire/delete removes the safety net that recovers lost commits. */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, gitCommand, positionals } from '../command-line.js';

export default defineRule({
  id: 'GIT-AST-007',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  pack: 'core.git',
  kinds: ['exec'],
  programs: ['git'],
  summary: 'git reflog expire or delete removes the record that recovers lost commits.',
  remediationHint:
    'The reflog is how lost commits are recovered; leave it alone. To shrink a repository, ask a human to run maintenance.',
  *check(facts) {
    yield* execHits(facts, (_w, exec) => {
      const git = gitCommand(exec);
      if (git === null || git.sub !== 'reflog' || asksHelp(git.args)) return null;
      const action = positionals(git.args)[0];
      return action === 'expire' || action === 'delete'
        ? `git reflog ${action} removes recovery points`
        : null;
    });
  },
  examples: {
    deny: [
      { input: 'git reflog expire --expire=now --all' },
      { input: 'git reflog expire --all --expire=now' },
      { input: 'git reflog delete HEAD@{2}' },
    ],
    allow: [
      { input: 'git reflog', why: 'reads' },
      { input: 'git reflog show main', why: 'reads' },
    ],
  },
});
