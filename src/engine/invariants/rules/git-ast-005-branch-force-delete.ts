/** GIT-AST-005: git branch -D (or -d --force, -M, -C) deletes or overwrites a branch that may hold unmerged commits. */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, gitCommand, hasOption, positionals } from '../command-line.js';

/** Long-lived branches that others build on: losing one is not tidying up. */
const SHARED_BRANCH =
  /^(?:(?:origin|upstream)\/)?(?:main|master|trunk|develop|dev|staging|stage|prod|production|release(?:[/-].*)?|hotfix(?:[/-].*)?|gh-pages)$/;

/**
 * Force-deleting a named topic branch is everyday clean-up: its commits stay in the reflog
 * (git reflog, 90 days) and on any remote it was pushed to (docs/policy.md). A shared branch,
 * a pattern or a remote-tracking deletion (-r) is not.
 */
function forcedDelete(args: readonly string[]): boolean {
  const names = positionals(args);
  return (
    hasOption(args, 'r', '--remotes') ||
    names.length === 0 ||
    names.some((n) => SHARED_BRANCH.test(n) || /[*?[]/.test(n) || n.startsWith('$') || n.startsWith('`'))
  );
}

function forced(args: readonly string[]): string | null {
  const force = hasOption(args, 'D') || (hasOption(args, 'd', '--delete') && hasOption(args, 'f', '--force'));
  if (force && forcedDelete(args))
    return 'git branch -D deletes a shared branch (or several by pattern) even when it is not merged';
  if (hasOption(args, 'M')) return 'git branch -M overwrites an existing branch';
  if (hasOption(args, 'C')) return 'git branch -C overwrites an existing branch';
  return null;
}

export default defineRule({
  id: 'GIT-AST-005',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  pack: 'core.git',
  kinds: ['exec'],
  programs: ['git'],
  summary:
    'git branch -D (or --delete --force) of a shared branch (main, develop, release/*) or a remote-tracking one; -M, -C overwrite a branch.',
  remediationHint:
    'Delete only merged branches with git branch -d <name> (git refuses when commits would be lost). Rename without overwriting using git branch -m.',
  *check(facts) {
    yield* execHits(facts, (_w, exec) => {
      const git = gitCommand(exec);
      return git === null || git.sub !== 'branch' || asksHelp(git.args) ? null : forced(git.args);
    });
  },
  examples: {
    deny: [
      { input: 'git branch -D main' },
      { input: 'git branch -d -f develop' },
      { input: 'git branch --delete --force release/1.2' },
      { input: 'git branch -D -r origin/feature' },
      { input: 'git branch -M main' },
      { input: 'git branch -C old existing' },
    ],
    allow: [
      { input: 'git branch -d merged-branch', why: 'git refuses to delete an unmerged branch' },
      { input: 'git branch -a', why: 'lists branches' },
      { input: 'git branch feature', why: 'creates a branch' },
      { input: 'git branch -m old new', why: 'renames without overwriting' },
      { input: 'git branch -D feature/old', why: 'a topic branch: its commits stay in the reflog' },
    ],
  },
});
