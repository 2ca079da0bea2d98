/** GIT-AST-005: git branch -D (or -d --force, -M, -C) deletes or overwrites a branch that may hold unmerged commits. */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, gitCommand, hasOption } from '../command-line.js';

function forced(args: readonly string[]): string | null {
  if (hasOption(args, 'D')) return 'git branch -D deletes a branch even when it is not merged';
  if (hasOption(args, 'd', '--delete') && hasOption(args, 'f', '--force'))
    return 'git branch --delete --force deletes a branch even when it is not merged';
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
  summary: 'git branch -D (or --delete --force, -M, -C) drops a branch that may hold unmerged commits.',
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
      { input: 'git branch -D feature' },
      { input: 'git branch -d -f feature' },
      { input: 'git branch --delete --force old' },
      { input: 'git branch -M main' },
      { input: 'git branch -C old existing' },
    ],
    allow: [
      { input: 'git branch -d merged-branch', why: 'git refuses to delete an unmerged branch' },
      { input: 'git branch -a', why: 'lists branches' },
      { input: 'git branch feature', why: 'creates a branch' },
      { input: 'git branch -m old new', why: 'renames without overwriting' },
    ],
  },
});
