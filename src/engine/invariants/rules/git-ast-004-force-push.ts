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

/**
 * Branches a team shares or ships from, and release tags: deleting one on the remote is an
 * outage or lost history. Other branches (feature/x, fix-123) are deleted after every merge.
 */
const SHARED_REF =
  /^(?:main|master|trunk|develop|devel|dev|default|stable|staging|stage|prod|production|live|release|releases|hotfix|gh-pages|HEAD)(?:$|[/_.-])|^(?:release|prod|production|stable|hotfix)|^v?\d+(?:\.\d+)+|^refs\/(?!heads\/)/i;

/** Options of git push that take a value in the next word (that word is not the remote). */
const VALUE_OPTION = /^(?:-o|--push-option|--repo|--receive-pack|--exec)$/;

/**
 * `git push origin --delete feature/x` or `:feature/x`: every deleted ref is named, literal and
 * not a shared branch or release tag (a merged topic branch is cleaned up, everyday work).
 */
function deletesTopicBranches(refs: readonly string[], args: readonly string[], dynamic: boolean): boolean {
  if (dynamic || refs.length === 0 || beforeDashDash(args).some((a) => VALUE_OPTION.test(a))) return false;
  return refs.every((r) => {
    const name = r.replace(/^refs\/heads\//, '');
    return /^[\w][\w./-]*$/.test(name) && !name.includes('..') && !SHARED_REF.test(name);
  });
}

function rewrites(args: readonly string[], dynamic = false): ExecVerdict | null {
  if (hasOption(args, 'n', '--dry-run')) return null;
  if (hasOption(args, 'f', '--force')) {
    const reason = 'git push --force overwrites remote history';
    // The same push with a lease: it refuses when someone else pushed since the last fetch.
    const spelled = beforeDashDash(args).find((a) => a === '--force' || a === '-f');
    return spelled === undefined
      ? reason
      : { reason, rewrite: { find: ` ${spelled}`, with: ' --force-with-lease' } };
  }
  // `--force-with-lease origin HEAD~20:main`: the lease guards others' pushes, not the commits this
  // push itself drops from a shared branch by sending an ancestor (red team r7).
  if (hasOption(args, '', '--force-with-lease') || args.some((a) => a.startsWith('--force-with-lease=')))
    for (const r of positionals(beforeDashDash(args)).slice(1)) {
      const [src, dst] = r.replace(/^\+/, '').split(':');
      if (
        dst !== undefined &&
        /[~^]\d*$/.test(src ?? '') &&
        SHARED_REF.test(dst.replace(/^refs\/heads\//, ''))
      )
        return `git push ${r} rewinds the shared branch ${dst}, dropping its published commits`;
    }
  if (hasOption(args, '', '--mirror')) return 'git push --mirror overwrites and deletes remote refs';
  if (hasOption(args, '', '--prune')) return 'git push --prune deletes remote branches missing locally';
  // The first positional is the remote; refspecs follow.
  const refspecs = positionals(beforeDashDash(args)).slice(1);
  if (hasOption(args, 'd', '--delete'))
    return deletesTopicBranches(refspecs, args, dynamic)
      ? null
      : 'git push --delete deletes shared remote branches or tags';
  if (refspecs.some((r) => r.startsWith('+') && r.length > 1)) return 'a +refspec force-pushes that ref';
  const deleted = refspecs.filter((r) => r.startsWith(':') && r.length > 1);
  if (
    deleted.length > 0 &&
    !deletesTopicBranches(
      deleted.map((r) => r.slice(1)),
      args,
      dynamic,
    )
  )
    return 'a :refspec deletes a shared remote branch or tag';
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
      return git === null || git.sub !== 'push' || asksHelp(git.args)
        ? null
        : rewrites(git.args, exec.dynamic);
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
      { input: 'git push origin --delete main' },
      { input: 'git push origin :release/2.4' },
      { input: 'git push origin --delete v1.2.0' },
      { input: 'git push origin --delete feature/x master' },
      { input: 'git push origin --delete $(git branch -r --format=%(refname:lstrip=3))' },
      { input: 'git push --force-with-lease --force origin main' },
      { input: 'git push --force-with-lease origin HEAD~20:main' },
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
      { input: 'git push origin --delete feature/login-form', why: 'a merged topic branch cleaned up' },
      { input: 'git push origin :fix-123', why: 'a topic branch deleted' },
    ],
  },
});
