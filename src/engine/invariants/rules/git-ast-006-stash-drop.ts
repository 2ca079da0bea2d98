/** GIT-AST-006: git stash drop/clear deletes stashed work. */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, gitCommand, positionals } from '../command-line.js';

export default defineRule({
  id: 'GIT-AST-006',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  pack: 'core.git',
  kinds: ['exec'],
  programs: ['git'],
  summary: 'git stash drop or git stash clear deletes stashed work.',
  remediationHint:
    'Stashes are often the only copy of set-aside work. Apply it (git stash apply) or turn it into a branch (git stash branch <name>) instead of dropping it.',
  *check(facts) {
    yield* execHits(facts, (_w, exec) => {
      const git = gitCommand(exec);
      if (git === null || git.sub !== 'stash' || asksHelp(git.args)) return null;
      const action = positionals(git.args)[0];
      return action === 'drop' || action === 'clear' ? `git stash ${action} deletes stashed work` : null;
    });
  },
  examples: {
    deny: [{ input: 'git stash drop' }, { input: 'git stash drop stash@{0}' }, { input: 'git stash clear' }],
    allow: [
      { input: 'git stash', why: 'saves work' },
      { input: 'git stash pop', why: 'restores work' },
      { input: 'git stash list', why: 'reads' },
      { input: 'git stash apply stash@{1}', why: 'restores work' },
    ],
  },
});
