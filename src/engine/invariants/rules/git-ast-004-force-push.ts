/**
 * GIT-AST-004: git push that rewrites or deletes remote history: --force, -f, a `+ref` refspec,
 * --mirror, --delete, a `:ref` deletion, --prune. --force-with-lease (alone) is the safe form and
 * stays allowed: it refuses when the remote moved since the last fetch.
 */
import { defineRule } from '../define-rule.js';
import {
  asksHelp,
  beforeDashDash,
  execHits,
  gitCommand,
  hasOption,
  positionals,
  type ExecVerdict,
} from '../command-line.js';

function rewrites(args: readonly string[]): ExecVerdict | null {
  if (hasOption(args, 'n', '--dry-run')) return null;
  if (hasOption(args, 'f', '--force')) {
    const reason = 'git push --force overwrites remote history';
    // The same push with a lease: it refuses when someone else pushed since the last fetch.
    const spelled = beforeDashDash(args).find((a) => a === '--force' || a === '-f');
    return spelled === undefined
      ? reason
      : { reason, rewrite: { find: ` ${spelled}`, with: ' --force-with-lease' } };
  }
  if (hasOption(args, '', '--mirror')) return 'git push --mirror overwrites and deletes remote refs';
  if (hasOption(args, 'd', '--delete')) return 'git push --delete deletes remote branches or tags';
  if (hasOption(args, '', '--prune')) return 'git push --prune deletes remote branches missing locally';
  // The first positional is the remote; refspecs follow.
  const refspecs = positionals(beforeDashDash(args)).slice(1);
  if (refspecs.some((r) => r.startsWith('+') && r.length > 1)) return 'a +refspec force-pushes that ref';
  if (refspecs.some((r) => r.startsWith(':') && r.length > 1)) return 'a :refspec deletes the remote ref';
  return null;
}

export default defineRule({
  id: 'GIT-AST-004',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  pack: 'core.git',
  kinds: ['exec'],
  programs: ['git'],
  summary: 'git push --force/-f/+ref/--mirror/--delete/:ref rewrites or deletes remote history.',
  remediationHint:
    'Do not overwrite or delete shared history. Push to a new branch (git push origin HEAD:refs/heads/<new-branch>) or, if you must replace your own branch, use git push --force-with-lease.',
  *check(facts) {
    yield* execHits(facts, (_w, exec) => {
      const git = gitCommand(exec);
      return git === null || git.sub !== 'push' || asksHelp(git.args) ? null : rewrites(git.args);
    });
  },
  examples: {
    deny: [
      { input: 'git push --force' },
      { input: 'git push -f origin main' },
      { input: 'git push origin main --force' },
      { input: 'git push -uf origin feature' },
      { input: 'git push origin +main' },
      { input: 'git push origin +HEAD:refs/heads/main' },
      { input: 'git push --mirror' },
      { input: 'git push origin --delete feature' },
      { input: 'git push origin :feature' },
      { input: 'git push --force-with-lease --force origin main' },
      { input: "bash -c 'command /usr/bin/git push -f origin main'" },
      { input: 'sudo env git-push --force' },
    ],
    allow: [
      { input: 'git push', why: 'a fast-forward push' },
      { input: 'git push -u origin feature', why: 'sets upstream' },
      { input: 'git push --force-with-lease origin feature', why: 'refuses when the remote moved' },
      { input: 'git push --force-if-includes --force-with-lease', why: 'lease-protected' },
      { input: 'git push --dry-run --force', why: 'dry run' },
      { input: 'git push origin v1.2.0', why: 'pushes a tag' },
    ],
  },
});
