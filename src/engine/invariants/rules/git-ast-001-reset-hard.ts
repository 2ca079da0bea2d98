/** GIT-AST-001: git reset --hard/--merge (and read-tree --reset -u): uncommitted changes are lost for good. */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, gitCommand, hasOption } from '../command-line.js';

export default defineRule({
  id: 'GIT-AST-001',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  pack: 'core.git',
  kinds: ['exec'],
  programs: ['git'],
  summary: 'git reset --hard or --merge (or read-tree --reset -u) throws away uncommitted changes.',
  remediationHint:
    'Uncommitted work cannot be recovered after a hard reset. Save it first (git stash push -u, or commit to a branch), then use git reset --soft or --mixed, or git switch to another branch.',
  *check(facts) {
    yield* execHits(facts, (_w, exec) => {
      const git = gitCommand(exec);
      if (git === null || asksHelp(git.args)) return null;
      if (git.sub === 'reset' && hasOption(git.args, '', '--hard', '--merge'))
        return 'git reset --hard discards uncommitted changes in the working tree';
      if (git.sub === 'read-tree' && hasOption(git.args, '', '--reset') && hasOption(git.args, 'u'))
        return 'git read-tree --reset -u overwrites the working tree';
      return null;
    });
  },
  examples: {
    deny: [
      { input: 'git reset --hard' },
      { input: 'git reset --hard HEAD~1' },
      { input: 'git reset --hard origin/main' },
      { input: 'git -C /srv/app reset --hard' },
      { input: '/usr/bin/git reset --hard' },
      { input: 'git-reset --hard' },
      { input: 'env GIT_DIR=.git git reset --hard' },
      { input: 'command git reset --merge' },
      { input: "bash -c 'git reset --hard HEAD'" },
      { input: 'git read-tree --reset -u HEAD' },
      { input: 'git stash && git reset --hard HEAD~3' },
    ],
    allow: [
      { input: 'git reset HEAD~1', why: 'a mixed reset keeps the working tree' },
      { input: 'git reset --soft HEAD~1', why: 'a soft reset keeps index and working tree' },
      { input: 'git reset file.txt', why: 'unstages a file; nothing is discarded' },
      { input: 'git reset --help', why: 'help text' },
      { input: 'echo git reset --hard', why: 'echo prints the words' },
      { input: 'git commit -m "undo git reset --hard"', why: 'a commit message' },
    ],
  },
});
