/** GIT-AST-008: git filter-branch / filter-repo rewrite every commit of the repository. */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, gitCommand } from '../command-line.js';

/** filter-repo options of a file removal or redaction: nothing else of the history is touched. */
const REMOVAL_OPTIONS = /^--(?:path|invert-paths|force|replace-text|sensitive-data-removal|quiet)$/;

/**
 * `git filter-repo --path secrets.env --invert-paths [--force]` or `--replace-text expr.txt`: a
 * committed secret taken out of the local history, filter-repo's documented use (R19 FP). The
 * remote keeps its history until a force-push (GIT-AST-004). Keeping only some paths (no
 * --invert-paths), a whole-tree or glob path, or any other filter stays denied.
 */
function removesNamedFiles(args: readonly string[]): boolean {
  let paths = 0;
  let replaces = false;
  for (let i = 0; i < args.length; i++) {
    const [name, inline] = args[i]!.includes('=') ? args[i]!.split(/=(.*)/s) : [args[i]!, undefined];
    if (!REMOVAL_OPTIONS.test(name)) return false;
    if (name === '--path' || name === '--replace-text') {
      const value = inline ?? args[++i];
      if (value === undefined || value === '' || /[*?[\]]/.test(value)) return false;
      if (name === '--path' && /^(?:\.{1,2}|\/)?\/?$/.test(value)) return false;
      if (name === '--path') paths++;
      else replaces = true;
    }
  }
  return paths > 0 ? args.includes('--invert-paths') : replaces;
}

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
      if (words[0] === 'git-filter-repo')
        return removesNamedFiles(words.slice(1)) ? null : 'git filter-repo rewrites the whole history';
      const git = gitCommand(exec);
      if (git === null || asksHelp(git.args)) return null;
      if (git.sub === 'filter-repo' && removesNamedFiles(git.args)) return null;
      return git.sub === 'filter-branch' || git.sub === 'filter-repo'
        ? `git ${git.sub} rewrites the whole history`
        : null;
    });
  },
  examples: {
    deny: [
      { input: "git filter-branch --tree-filter 'rm -f secrets.txt' HEAD" },
      { input: 'git filter-branch -f --index-filter "git rm --cached -r ." -- --all' },
      { input: 'git filter-repo --path src/ --force' },
      { input: 'git filter-repo --path . --invert-paths --force' },
    ],
    allow: [
      { input: 'git log --all -- secrets.txt', why: 'reads' },
      {
        input: 'git filter-repo --path secrets.env --invert-paths --force',
        why: 'one committed secrets file taken out of the local history; the remote changes only on a force-push',
      },
    ],
  },
});
