/**
 * GIT-AST-002: git checkout/restore/switch that overwrite working-tree files with the committed
 * version (checkout -- <paths>, checkout ., checkout -f, restore <paths> without --staged only,
 * switch --discard-changes): local edits are lost without a trace.
 */
import { defineRule } from '../define-rule.js';
import {
  afterDashDash,
  asksHelp,
  beforeDashDash,
  execHits,
  gitCommand,
  hasOption,
  positionals,
} from '../command-line.js';

/** Operands that name the whole tree (or a pathspec magic) rather than a branch. */
const WHOLE_TREE = /^(?:\.|\.\/|\*|:\/|:\/:?.*|:\(.*\).*)$/;

/**
 * Every path names one file (a name with an extension or a dotfile, no glob, no directory):
 * discarding the edits of a file one chose is everyday work (docs/policy.md); a directory, a
 * pattern or the whole tree throws away edits one may not have looked at.
 */
function namedFiles(paths: readonly string[]): boolean {
  return (
    paths.length > 0 &&
    paths.every(
      (p) => !WHOLE_TREE.test(p) && !p.endsWith('/') && !/[*?[$`]/.test(p) && /(?:^|\/)[^/]*\.[^/]+$/.test(p),
    )
  );
}

const bare = (p: string): string => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/**
 * Paths the input put into the index before this run (`git add P`, `git read-tree --prefix=P`):
 * the index then holds the working-tree edits or the tree just read, so checking those paths out
 * of the index loses nothing (git-subtree's `read-tree --prefix="$dir"; checkout -- "$dir"`).
 */
function noteStaged(sub: string, args: readonly string[], staged: Set<string>): void {
  if (sub === 'read-tree') for (const a of args) if (a.startsWith('--prefix=')) staged.add(bare(a.slice(9)));
  if (sub === 'add' && !hasOption(args, 'n', '--dry-run', '--intent-to-add') && !hasOption(args, 'N'))
    for (const p of [...positionals(beforeDashDash(args)), ...afterDashDash(args)]) staged.add(bare(p));
}

/** Every path is one the input staged itself, and the run restores from the index (no tree-ish). */
const fromOwnIndex = (paths: readonly string[], staged: ReadonlySet<string>): boolean =>
  paths.length > 0 && paths.every((p) => staged.has(bare(p)));

function discards(sub: string, args: readonly string[], indexed: ReadonlySet<string>): string | null {
  switch (sub) {
    case 'checkout': {
      if (hasOption(args, 'b', '--orphan') || hasOption(args, 'B')) return null;
      if (hasOption(args, 'f', '--force')) return 'git checkout --force overwrites local changes';
      if (positionals(beforeDashDash(args)).length === 0 && fromOwnIndex(afterDashDash(args), indexed))
        return null;
      if (args.includes('--') && afterDashDash(args).length > 0 && !namedFiles(afterDashDash(args)))
        return `git checkout -- ${afterDashDash(args).join(' ')} overwrites local changes to those paths`;
      if (positionals(args).some((a) => WHOLE_TREE.test(a)))
        return 'git checkout . overwrites every local change in the working tree';
      return null;
    }
    case 'restore': {
      const staged = hasOption(args, 'S', '--staged');
      const worktree = hasOption(args, 'W', '--worktree');
      if (staged && !worktree) return null;
      const paths = [...positionals(beforeDashDash(args)), ...afterDashDash(args)];
      if (!staged && !hasOption(args, 's', '--source') && fromOwnIndex(paths, indexed)) return null;
      return (paths.length > 0 && !namedFiles(paths)) || hasOption(args, '', '--pathspec-from-file')
        ? `git restore ${paths.join(' ')} overwrites local changes in the working tree`
        : null;
    }
    case 'rm':
      // Without --force git refuses to remove a file with local changes; --cached keeps the file.
      return hasOption(args, 'f', '--force') && !hasOption(args, '', '--cached')
        ? 'git rm --force deletes files even when they have uncommitted changes'
        : null;
    case 'switch':
      return hasOption(args, 'f', '--force', '--discard-changes')
        ? 'git switch --discard-changes throws away local changes'
        : null;
    default:
      return null;
  }
}

export default defineRule({
  id: 'GIT-AST-002',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  pack: 'core.git',
  kinds: ['exec'],
  programs: ['git'],
  summary:
    'git checkout -- <dirs or patterns>, checkout ., checkout -f, restore of working-tree directories or the tree, switch --discard-changes, rm -f overwrite or delete uncommitted edits.',
  remediationHint:
    'These commands overwrite uncommitted edits with no way back. Keep a copy first (git stash push -- <paths>, or git diff > ./changes.patch), or unstage only with git restore --staged <paths>.',
  *check(facts) {
    const staged = new Set<string>();
    yield* execHits(facts, (_w, exec) => {
      const git = gitCommand(exec);
      if (git === null || asksHelp(git.args)) return null;
      const verdict = discards(git.sub, git.args, staged);
      noteStaged(git.sub, git.args, staged);
      return verdict;
    });
  },
  examples: {
    deny: [
      { input: 'git checkout -- src/' },
      { input: 'git checkout -- "*.ts"' },
      { input: 'git checkout HEAD -- .' },
      { input: 'git checkout .' },
      { input: 'git checkout -f main' },
      { input: 'git restore .' },
      { input: 'git restore src/lib' },
      { input: 'git restore --worktree --staged .' },
      { input: 'git restore --source=HEAD~2 lib/' },
      { input: 'git switch --discard-changes main' },
      { input: 'git rm -f src/main.rs' },
      { input: "sudo -u dev git checkout -- '*.py'" },
      { input: 'git add src/\ngit checkout HEAD -- src/', why: 'HEAD, not the index just staged' },
      { input: 'git read-tree --prefix=vendor/lib "$rev"\ngit checkout -- src/' },
    ],
    allow: [
      {
        input: 'git checkout main',
        why: 'switching branches keeps local edits (git refuses to overwrite them)',
      },
      { input: 'git checkout -b feature/x', why: 'creates a branch' },
      { input: 'git checkout feature/login', why: 'a branch name with a slash, not a path' },
      { input: 'git restore --staged .', why: 'only unstages; the working tree is kept' },
      { input: 'git restore -S src/app.ts', why: 'only unstages' },
      { input: 'git switch -c feature', why: 'creates a branch' },
      { input: 'git rm README.md', why: 'git refuses when the file has local changes' },
      { input: 'git rm -r -f --cached build/', why: 'untracks; the files stay' },
      { input: 'git status && git diff', why: 'reads' },
      { input: 'git checkout -- src/index.ts', why: 'discards the edits of one named file' },
      { input: 'git restore .gitignore src/main.rs', why: 'named files' },
      {
        input: 'git read-tree --prefix="$dir" "$rev" || exit $?\ngit checkout -- "$dir" || exit $?',
        why: 'checks out of the index the tree the script just read there (git-subtree add)',
      },
      { input: 'git add src/\ngit checkout -- src/', why: 'the index holds the edits just staged' },
    ],
  },
});
