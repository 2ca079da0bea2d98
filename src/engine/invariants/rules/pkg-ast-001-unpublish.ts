/**
 * PKG-AST-001: removing published packages from a registry: npm/pnpm/yarn unpublish, cargo yank,
 * gem yank. Everyone who depends on the version breaks (npm forbids republishing the version).
 */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, hasOption, positionals } from '../command-line.js';

function removes(words: readonly string[]): string | null {
  const prog = words[0]!;
  const args = words.slice(1);
  if (asksHelp(args) || hasOption(args, '', '--dry-run')) return null;
  const [verb, second] = positionals(args);
  switch (prog) {
    case 'npm':
    case 'pnpm':
    case 'bun':
      return verb === 'unpublish' ? `${prog} unpublish removes a published package` : null;
    case 'yarn':
      return verb === 'unpublish' || (verb === 'npm' && second === 'unpublish')
        ? 'yarn unpublish removes a published package'
        : null;
    case 'cargo':
      return verb === 'yank' && !hasOption(args, '', '--undo')
        ? 'cargo yank withdraws a published crate version'
        : null;
    case 'gem':
      return verb === 'yank' ? 'gem yank removes a published gem version' : null;
    default:
      return null;
  }
}

export default defineRule({
  id: 'PKG-AST-001',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  pack: 'packages',
  kinds: ['exec'],
  programs: ['npm', 'pnpm', 'bun', 'yarn', 'cargo', 'gem'],
  summary:
    'npm/pnpm/yarn unpublish, cargo yank, gem yank remove published package versions others depend on.',
  remediationHint:
    'Do not remove published versions. Publish a fixed version, or mark the bad one (npm deprecate <pkg>@<version> "<why>").',
  *check(facts) {
    yield* execHits(facts, (words) => removes(words));
  },
  examples: {
    deny: [
      { input: 'npm unpublish' },
      { input: 'npm unpublish my-package@1.0.0' },
      { input: 'pnpm unpublish my-package --force' },
      { input: 'echo yes | npm unpublish my-package' },
      { input: 'cargo yank --version 1.0.1 mycrate' },
      { input: 'gem yank mygem -v 1.0.0' },
    ],
    allow: [
      { input: 'npm publish', why: 'adds a version' },
      { input: 'npm deprecate pkg@1.0.0 "use 1.0.1"', why: 'marks a version, keeps it' },
      { input: 'cargo yank --undo --version 1.0.1 mycrate', why: 'restores a version' },
      { input: 'npm unpublish --dry-run', why: 'dry run' },
    ],
  },
});
