/**
 * GCP-AST-001: gcloud `... delete` of any resource, gsutil rm -r / rb, gcloud storage rm -r, a
 * bucket-wide wildcard removed (`gs://b/**`), BigQuery `bq rm` of a dataset, table or model.
 */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, hasOption, positionals } from '../command-line.js';
import { oneDisposable } from '../../knowledge/ephemeral-names.js';
import { disposableFolder } from '../aws-s3-scope.js';

/** Every object of a bucket: `gs://b/*`, `gs://b/**`. */
const BUCKET_WIDE = /^gs:\/\/[^/]+\/\*{1,2}$/;

/** gcloud flags that say where, not what (`--zone us-central1-a`): the next word is their value. */
const GCLOUD_WHERE = /^--(?:zone|region|project|location|format|account|configuration|cluster|platform)$/;

/** The words after `delete` that name resources (values of where-flags skipped; any other word counts). */
function gcloudOperands(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = args.indexOf('delete') + 1; i > 0 && i < args.length; i++) {
    const a = args[i]!;
    if (GCLOUD_WHERE.test(a)) i++;
    else if (!a.startsWith('-')) out.push(a);
  }
  return out;
}

/** Every target is one run's folder or a disposable bucket's (`gs://acme-ci-tmp/run-88123/`), as for S3. */
function disposableTargets(targets: readonly string[]): boolean {
  if (targets.length === 0) return false;
  return targets.every((t) => {
    const m = /^gs:\/\/([^/]+)\/(.+)$/.exec(t);
    return m !== null && disposableFolder(m[1]!, m[2]!.endsWith('/') ? m[2]! : `${m[2]!}/`);
  });
}

function deletes(words: readonly string[]): string | null {
  const args = words.slice(1);
  if (asksHelp(args)) return null;
  const verbs = positionals(args);
  if (
    words[0] === 'gcloud' &&
    verbs[0] === 'storage' &&
    verbs[1] === 'rm' &&
    disposableTargets(verbs.slice(2))
  )
    return null;
  if (words[0] === 'gsutil' && verbs[0] === 'rm' && disposableTargets(verbs.slice(1))) return null;
  if (words[0] === 'gcloud') {
    if (verbs[0] === 'storage' && verbs[1] === 'rm' && hasOption(args, 'r', '--recursive'))
      return 'gcloud storage rm --recursive deletes every object under the prefix';
    if (verbs[0] === 'storage' && verbs[1] === 'rm' && verbs.slice(2).some((v) => BUCKET_WIDE.test(v)))
      return 'gcloud storage rm of a bucket-wide wildcard deletes every object';
    if (verbs[0] === 'storage' && verbs[1] === 'buckets' && verbs[2] === 'delete')
      return 'gcloud storage buckets delete removes a bucket';
    const at = verbs.findIndex((v) => v === 'delete' || v === 'remove-iam-policy-binding');
    // One resource named for a run or a preview (`gcloud run services delete pr-1432-preview`); a
    // project or folder is never one run's.
    if (
      verbs[at] === 'delete' &&
      !/^(?:projects|organizations|folders)$/.test(verbs[0] ?? '') &&
      oneDisposable(gcloudOperands(args), args)
    )
      return null;
    return at > 0 && at <= 4 ? `gcloud ${verbs.slice(0, at + 1).join(' ')} deletes cloud resources` : null;
  }
  if (words[0] === 'gsutil') {
    if (verbs[0] === 'rm' && hasOption(args, 'r'))
      return 'gsutil rm -r deletes every object under the prefix';
    if (verbs[0] === 'rm' && hasOption(args, 'R'))
      return 'gsutil rm -R deletes every object under the prefix';
    if (verbs[0] === 'rb') return 'gsutil rb removes a bucket';
    if (verbs[0] === 'rm' && verbs.slice(1).some((v) => BUCKET_WIDE.test(v)))
      return 'gsutil rm of a bucket-wide wildcard deletes every object';
    if (verbs[0] === 'rsync' && hasOption(args, 'd'))
      return 'gsutil rsync -d deletes objects missing from the source';
  }
  // bq rm drops a dataset (-d, with -r its tables), a table (-t) or a model (-m): DROP for BigQuery.
  // A CI run's or a test's own dataset (`bq rm -r -f -d acme:ci_tmp_run_4821`) is its teardown.
  if (words[0] === 'bq' && verbs[0] === 'rm' && oneDisposable(verbs.slice(1), args)) return null;
  if (words[0] === 'bq' && verbs[0] === 'rm' && !hasOption(args, 'j', '--job'))
    return `bq rm deletes the BigQuery ${hasOption(args, 'd', '--dataset') ? 'dataset' : 'object'} ${verbs[1] ?? ''}`.trimEnd();
  return null;
}

export default defineRule({
  id: 'GCP-AST-001',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  pack: 'cloud.gcp',
  kinds: ['exec'],
  programs: ['gcloud', 'gsutil', 'bq'],
  summary:
    'gcloud ... delete, gsutil rm -r / rb / rsync -d / rm gs://b/**, gcloud storage rm -r, bq rm delete cloud resources.',
  remediationHint:
    'Deleting cloud resources needs a human. List them first (gcloud ... list, gsutil ls) and ask.',
  *check(facts) {
    yield* execHits(facts, (words) => deletes(words));
  },
  examples: {
    deny: [
      { input: 'gcloud compute instances delete vm-1 --zone us-central1-a' },
      { input: 'gcloud projects delete my-project' },
      { input: 'gcloud sql instances delete db --quiet' },
      { input: 'gsutil rm -r gs://bucket/logs' },
      { input: 'gsutil -m rm -r gs://bucket' },
      { input: 'gsutil rb gs://bucket' },
      { input: 'gcloud storage rm --recursive gs://bucket/x' },
      { input: "gsutil -m rm 'gs://bucket/**'" },
      { input: 'bq rm -r -f -d project:analytics' },
      { input: 'bq rm -f -t project:analytics.events' },
      { input: 'bq rm -r -f -d acme-prod:ci_tmp_run_4821' },
      { input: 'gcloud projects delete ci-tmp-4821' },
    ],
    allow: [
      { input: 'gcloud compute instances list', why: 'reads' },
      { input: 'gsutil ls gs://bucket', why: 'reads' },
      { input: 'gsutil cp gs://bucket/file .', why: 'downloads' },
      { input: 'gcloud config set project p', why: 'local setting' },
      { input: 'gsutil rm gs://bucket/reports/2024-01.csv', why: 'one object' },
      {
        input: 'gsutil -m rm -r gs://acme-ci-tmp/run-88123/',
        why: "one CI run's folder in a scratch bucket",
      },
      { input: 'bq ls project:analytics', why: 'reads' },
      { input: 'bq rm -r -f -d acme:ci_tmp_run_4821', why: "one CI run's own dataset" },
      {
        input: 'gcloud run services delete pr-1432-preview --region=us-central1 --quiet',
        why: "a pull request's preview service",
      },
    ],
  },
});
