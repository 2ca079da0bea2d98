/** GIT-AST-008: git filter-branch / filter-repo rewrite every commit of the repository. */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, gitCommand } from '../command-line.js';

export default defineRule({
  id: 'GIT-AST-008',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  pack: 'core.git',
  kinds: ['exec'],
  programs: ['git', 'git-filter-repo'],
  summary: 'git filter-branch or filter-repo rewrites the whole history.',
  remediationHint:
    'Rewriting all history is a human decision. Make the change in a new commit instead (git rm --cached <file>; git commit).',
  *check(facts) {
    yield* execHits(facts, (words, exec) => {
      if (words[0] === 'git-filter-repo') return 'git filter-repo rewrites the whole history';
      const git = gitCommand(exec);
      if (git === null || asksHelp(git.args)) return null;
      return git.sub === 'filter-branch' || git.sub === 'filter-repo'
        ? `git ${git.sub} rewrites the whole history`
        : null;
    });
  },
  examples: {
    deny: [
      { input: "git filter-branch --tree-filter 'rm -f secrets.txt' HEAD" },
      { input: 'git filter-branch -f --index-filter "git rm --cached -r ." -- --all' },
      { input: 'git filter-repo --path secrets --invert-paths' },
    ],
    allow: [{ input: 'git log --all -- secrets.txt', why: 'reads' }],
  },
});
