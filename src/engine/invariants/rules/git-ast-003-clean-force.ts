/** GIT-AST-003: git clean -f deletes untracked (and with -x ignored) files, which git never had. */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, gitCommand, hasOption } from '../command-line.js';

/** Directories a build or test run writes and rebuilds (r5 false positive: git clean -fdX build dist). */
const GENERATED =
  /^(?:\.\/)?(?:build|dist|out|target|coverage|htmlcov|node_modules|\.cache|\.pytest_cache|\.mypy_cache|\.tox|\.nox|__pycache__|[\w.-]+\.egg-info|\.next|\.nuxt|\.turbo|\.parcel-cache)\/?$/;

/** Every pathspec names a generated directory (and there is one): the clean stays inside build output. */
function onlyGenerated(args: readonly string[]): boolean {
  const paths: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-e' || a === '--exclude') i++;
    else if (a !== '--' && !a.startsWith('-')) paths.push(a);
  }
  return paths.length > 0 && paths.every((p) => GENERATED.test(p));
}

export default defineRule({
  id: 'GIT-AST-003',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  pack: 'core.git',
  kinds: ['exec'],
  programs: ['git'],
  summary: 'git clean -f deletes untracked files (with -x also ignored ones such as .env).',
  remediationHint:
    'Untracked files are not in git and cannot be restored. List what would go first with git clean -n (-nd, -ndx), then delete the named build directories yourself (rm -rf ./dist).',
  *check(facts) {
    yield* execHits(facts, (_w, exec) => {
      const git = gitCommand(exec);
      if (git === null || git.sub !== 'clean' || asksHelp(git.args)) return null;
      if (hasOption(git.args, 'n', '--dry-run')) return null;
      if (!hasOption(git.args, 'f', '--force')) return null;
      return onlyGenerated(git.args) ? null : 'git clean --force deletes untracked files';
    });
  },
  examples: {
    deny: [
      { input: 'git clean -f' },
      { input: 'git clean -fd' },
      { input: 'git clean -fdx' },
      { input: 'git clean -xfd' },
      { input: 'git clean --force -d' },
      { input: 'git clean -d -f -x' },
      { input: 'cd repo && git clean -ffdx' },
    ],
    allow: [
      { input: 'git clean -n', why: 'dry run lists files' },
      { input: 'git clean -nfd', why: 'dry run wins over force' },
      { input: 'git clean --dry-run -fdx', why: 'dry run' },
    ],
  },
});
