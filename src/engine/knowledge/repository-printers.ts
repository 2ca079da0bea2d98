/**
 * git command lines that print a repository whole: every commit's patch (`git log -p --all`), the
 * tree as an archive (`git archive HEAD`), the history as a bundle or as patches from the root.
 * Their output is labelled `git <what>` so SEC-AST-010 judges it, sent outside, as it judges the
 * workspace archived and sent (r13: `git log -p --all` posted to transfer.sh).
 */

/** Options of git log that bound how much history it prints (a count, a date, a range is positional). */
const BOUNDED =
  /^(?:-\d+|-n\d*|--max-count(?:=.*)?|--since(?:=.*)?|--after(?:=.*)?|--until(?:=.*)?|--before(?:=.*)?|--author(?:=.*)?|--grep(?:=.*)?|-S.*|-G.*|-L.*|--follow)$/;

/** The label of a git line that prints the whole repository, or null. */
export function repositoryPrinterLabel(argv: readonly string[]): string | null {
  if ((argv[0] ?? '').replace(/^.*\//, '') !== 'git') return null;
  // Global options before the subcommand (`git -C /work/ws log`): skip them and their values.
  let i = 1;
  while (i < argv.length && argv[i]!.startsWith('-')) i += /^-[Cc]$/.test(argv[i]!) ? 2 : 1;
  const sub = argv[i];
  const rest = argv.slice(i + 1);
  const operands = rest.filter((w) => !w.startsWith('-'));
  switch (sub) {
    case 'log':
    case 'whatchanged': {
      if (!rest.some((w) => /^(?:-p|-u|--patch|--patch-with-stat|--full-diff)$/.test(w))) return null;
      if (rest.includes('--all') || rest.includes('--branches')) return `git ${sub} -p --all`;
      // A range, a path or a bound picks part of the history.
      return operands.length === 0 && !rest.some((w) => BOUNDED.test(w)) ? `git ${sub} -p` : null;
    }
    case 'archive':
      // The tree-ish alone: every file of that commit (`git archive HEAD docs/` picks a directory).
      return operands.length <= 1 && !rest.includes('--remote') ? 'git archive' : null;
    case 'bundle':
      return operands[0] === 'create' ? 'git bundle' : null;
    case 'format-patch':
      return rest.includes('--root') || rest.includes('--all') ? 'git format-patch --root' : null;
    default:
      return null;
  }
}

/** The label names such a command (as repositoryPrinterLabel writes it). */
export function isRepositoryPrinterLabel(label: string): boolean {
  return /^git (?:log -p(?: --all)?|whatchanged -p(?: --all)?|archive|bundle|format-patch --root)$/.test(
    label,
  );
}
