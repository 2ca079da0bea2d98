/**
 * What an S3 delete reaches, read as the folder it empties (R15: a CI script deleting the objects
 * its listing of one pull request's prefix returned). A bucket named as disposable (a test's, a
 * CI cache) may be emptied whatever the prefix; in any other bucket, a whole folder named for one
 * run (`previews/pr-77/`, `tmp/`, `runs/8812/test/`) may be, and nothing else: a bare `logs`, a
 * prefix that only starts a word (`test` also matches `testimonials/`) or anything named
 * production stays the delete of every object under it.
 */
import type { ExecFact } from '../facts.js';
import { ephemeralOnly } from '../knowledge/ephemeral-names.js';

/** Whether deleting every object under `prefix` of `bucket` empties only a disposable folder or bucket. */
export function disposableFolder(bucket: string, prefix: string, rest: readonly string[] = []): boolean {
  if (/[*?$`{}]/.test(bucket) || /[*?`{}]|(?:^|\/)\.\.?(?:\/|$)/.test(prefix)) return false;
  if (ephemeralOnly([bucket]) && ephemeralOnly([bucket, prefix, ...rest])) return true;
  // The folder is named for one run: the word stands before its own '/' (a variable only fills a run number).
  const folder = prefix.replace(/\$\{?\w+\}?/g, '1');
  return (
    folder.endsWith('/') &&
    !folder.startsWith('/') &&
    ephemeralOnly([folder.slice(0, -1)]) &&
    ephemeralOnly([folder, bucket, ...rest])
  );
}

/** The value of `--name` in an aws argv (`--name v` or `--name=v`). */
function optionValue(argv: readonly string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === name) return argv[i + 1];
    if (a.startsWith(`${name}=`)) return a.slice(name.length + 1);
  }
  return undefined;
}

/**
 * Code (python, node) whose every object listing of `bucket` is narrowed to a disposable folder:
 * a delete-objects of what it listed empties that folder, as `aws s3 rm s3://b/folder --recursive`.
 */
export function listedDisposableFolder(execs: Iterable<ExecFact>, bucket: string): boolean {
  let listed = false;
  for (const e of execs) {
    if (e.program !== 'aws' || e.argv[1] !== 's3api' || !/^list-objects/.test(e.argv[2] ?? '')) continue;
    if (optionValue(e.argv, '--bucket') !== bucket) continue;
    const prefix = optionValue(e.argv, '--prefix');
    if ((e.via !== 'python' && e.via !== 'node') || prefix === undefined) return false;
    if (!disposableFolder(bucket, prefix)) return false;
    listed = true;
  }
  return listed;
}

export { optionValue as awsOptionValue };
