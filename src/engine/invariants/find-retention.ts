/**
 * A find that deletes old files of one kind (`find /srv/backups -name '*.tar.gz' -mtime +30
 * -delete`): a retention job. It picks files by name and by age, so the newest ones and every
 * other kind stay; `-exec rm {} \;` over the same selection is an ordinary per-file rm already.
 */
import type { ExecFact, FileOpFact } from '../facts.js';

/** Age tests that select files older than a bound: `-mtime +30`, `-mmin +1440`. */
const OLDER_THAN = /^-(?:m|c|a)(time|min)$/;
/** Name tests whose pattern picks one kind of file. */
const NAME_TEST = /^-(?:i?name|i?path|i?wholename|i?regex)$/;
/** Operators that widen or invert a selection: with them, the age or the name no longer bounds it. */
const WIDENING = /^(?:-o|-or|,|!|-not|\(|\)|-prune)$/;
/** The fewest days of files a retention job keeps. */
const MIN_DAYS = 7;

/** A pattern that names a kind (`*.tar.gz`, `app-*.log`, `backup_*`), not every file (`*`, `.*`, `*.*`). */
const picksKind = (pattern: string): boolean =>
  /[\w-]{2,}/.test(pattern.replace(/^['"]|['"]$/g, '')) && !/^\.?\*(?:\.\*)?$/.test(pattern);

/** The find's expression selects files of one kind by name, older than a week, as a plain conjunction. */
export function retentionFind(argv: readonly string[]): boolean {
  let aged = false;
  let named = false;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (WIDENING.test(a)) return false;
    const age = OLDER_THAN.exec(a);
    if (age !== null) {
      const n = /^\+(\d+)$/.exec(argv[i + 1] ?? '');
      if (n === null) return false;
      const days = age[1] === 'time' ? Number(n[1]) + 1 : Number(n[1]) / 1440;
      if (days < MIN_DAYS) return false;
      aged = true;
    } else if (NAME_TEST.test(a)) {
      if (!picksKind(argv[i + 1] ?? '')) return false;
      named = true;
    }
  }
  return aged && named;
}

/** The find run that reported this delete, when it is a retention job. */
export function retentionDelete(f: FileOpFact, execs: readonly ExecFact[]): boolean {
  if (f.actor !== 'find') return false;
  const run = execs.find(
    (e) =>
      e.program === 'find' && e.depth === f.depth && e.span.start <= f.span.start && e.span.end >= f.span.end,
  );
  return run !== undefined && retentionFind(run.argv);
}
