/**
 * AWS-AST-001: aws CLI runs that delete data or resources: s3 rm --recursive, s3 rb, s3 sync
 * --delete, and any `delete-*`, `terminate-*`, `purge-*`, `deregister-*` operation
 * (ec2 terminate-instances, rds delete-db-instance, cloudformation delete-stack, ...).
 */
import type { ExecFact } from '../../facts.js';
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, hasOption } from '../command-line.js';
import { awsCommandWords } from '../aws-cli.js';
import { settingLosesData } from '../aws-settings.js';
import { ephemeralOnly } from '../../knowledge/ephemeral-names.js';
import { recoverableChange } from '../aws-recoverable.js';
import { runTaggedListing, variableIds } from '../aws-own-run.js';
import { awsOptionValue, disposableFolder, listedDisposableFolder } from '../aws-s3-scope.js';

/** The operands after the operation word (options and their values skipped). */
function positionalsAfter(args: readonly string[], operation: string): string[] {
  const at = args.indexOf(operation);
  const out: string[] = [];
  for (let i = at + 1; i < args.length; i++) {
    const a = args[i]!;
    if (a.startsWith('--')) {
      if (
        !a.includes('=') &&
        S3_FLAGS.has(a) === false &&
        i + 1 < args.length &&
        !args[i + 1]!.startsWith('-')
      )
        i++;
    } else out.push(a);
  }
  return out;
}

/** s3 options that take no value (the rest take one: --exclude x, --acl y). */
const S3_FLAGS = new Set([
  '--delete',
  '--dryrun',
  '--exact-timestamps',
  '--size-only',
  '--no-progress',
  '--quiet',
  '--follow-symlinks',
  '--no-follow-symlinks',
  '--only-show-errors',
  '--no-guess-mime-type',
  '--recursive',
]);

/** A relative folder of the workspace (./dist, build/site), not `.`, `..`, ~ or an absolute path. */
function isWorkspaceFolder(path: string | undefined): boolean {
  if (path === undefined) return false;
  const p = path.replace(/^\.\//, '').replace(/\/+$/, '');
  return p !== '' && p !== '.' && !/^(?:\/|~|\$|\.\.(?:\/|$)|s3:)/.test(p) && !p.split('/').includes('..');
}

/** Operations that delete one record by its key, the way an application does every day. */
const ROW_DELETES = new Set([
  'dynamodb delete-item',
  // boto3's Table(name).delete_item(Key=...), named by its resource.
  'dynamodb delete-item-table',
  'sqs delete-message',
  'sqs delete-message-batch',
  // One object by key, as `aws s3 rm s3://b/key` (no --recursive) already is.
  's3api delete-object',
]);

/** Operations that delete one backup point and take exactly one id. */
const ONE_POINT = /^(?:ec2 (?:delete-snapshot|deregister-image)|rds delete-db(?:-cluster)?-snapshot)$/;

/** Listing options that select some snapshots or images (a tag filter, one database, given ids). */
const NARROWS =
  /^--(?:filters|db-instance-identifier|db-cluster-identifier|snapshot-ids|image-ids|db-snapshot-identifier)$/;

/**
 * Code (python, node) whose every snapshot or image listing is narrowed: its per-item deletes
 * sweep a selection. A listing the extractor did not write as a line (a paginator) counts as none.
 */
function narrowedSweep(execs: readonly ExecFact[]): boolean {
  const lists = execs.filter(
    (e) =>
      e.program === 'aws' &&
      /^describe-(?:db-(?:cluster-)?snapshots|snapshots|images)$/.test(e.argv[2] ?? ''),
  );
  return (
    lists.length > 0 &&
    lists.every(
      (e) => (e.via === 'python' || e.via === 'node') && e.argv.some((a) => NARROWS.test(a.split('=')[0]!)),
    )
  );
}

function deletes(
  words: readonly string[],
  sweep = false,
  inactive = false,
  ownRun = false,
  s3Folder: (bucket: string) => boolean = () => false,
): string | null {
  if (words[0] !== 'aws' && words[0] !== 'awslocal') return null;
  const args = words.slice(1);
  if (asksHelp(args) || hasOption(args, '', '--dryrun', '--dry-run')) return null;
  const [service, operation] = awsCommandWords(args);
  if (service === undefined || operation === undefined) return null;
  if (service === 's3') {
    // A scratch or test bucket emptied or removed (`aws s3 rb s3://acme-dev-scratch-jo --force`).
    const [where] = positionalsAfter(args, operation);
    const at = /^s3:\/\/([\w.-]+)\/?(.*)$/s.exec(where ?? '');
    const bucket = at?.[1];
    if (
      (operation === 'rm' || operation === 'rb') &&
      bucket !== undefined &&
      ephemeralOnly([bucket]) &&
      ephemeralOnly([bucket, ...args])
    )
      return null;
    // One run's folder emptied (`s3://acme-previews/previews/pr-77/`), in a bucket not named production.
    if (operation === 'rm' && bucket !== undefined && disposableFolder(bucket, at![2]!, args)) return null;
    if (operation === 'rm' && hasOption(args, '', '--recursive'))
      return 'aws s3 rm --recursive deletes every object under the prefix';
    if (operation === 'rb') return 'aws s3 rb removes a bucket';
    if ((operation === 'sync' || operation === 'mv') && hasOption(args, '', '--delete')) {
      // Publishing a workspace build (aws s3 sync ./dist s3://site --delete) is a deploy: the
      // bucket ends up holding exactly that folder (docs/policy.md). A bucket-to-bucket or an
      // absolute/home source mirror can empty a bucket by mistake.
      const [src, dest] = positionalsAfter(args, operation);
      if (operation === 'sync' && isWorkspaceFolder(src) && dest?.startsWith('s3://') === true) return null;
      return `aws s3 ${operation} --delete deletes objects missing from the source`;
    }
    return null;
  }
  // A change that can be undone (staging scaled to 0, a secret kept for its recovery window).
  if (recoverableChange(service, operation, args, inactive)) return null;
  const lost = settingLosesData(service, operation, args);
  if (lost !== null) return lost;
  // Detaching a policy or a tag edits configuration; it destroys nothing.
  if (/-(?:policy|tags?)$/.test(operation)) return null;
  // Objects of a disposable bucket, or those a listing of one run's folder returned (aws-s3-scope.ts).
  if (service === 's3api' && /^delete-objects?$/.test(operation)) {
    const bucket = awsOptionValue(args, '--bucket');
    if (bucket !== undefined && (disposableFolder(bucket, '', args) || s3Folder(bucket))) return null;
  }
  // One item or message by key is a row delete (a session expired, a message acknowledged), not a resource.
  if (ROW_DELETES.has(`${service} ${operation}`)) return null;
  if (!/^(?:delete|terminate|purge|deregister|remove)-/.test(operation)) return null;
  // One instance named by its exact id (`i-0a1b2c3d4e5f6a7b8`) is that machine retired, the way
  // `kubectl delete pod <name>` is; a listing, a filter or several ids can take a fleet.
  if (service === 'ec2' && operation === 'terminate-instances') {
    const ids = targetNames(args);
    if (ids.length === 1 && /^i-[0-9a-z]{8,20}$/.test(ids[0]!)) return null;
    // The instances a listing narrowed to one test run's tag returned: the run's own (aws-own-run.ts).
    if (ownRun && variableIds(ids)) return null;
  }
  // One backup point (a snapshot, an image) by its id is a retention step: a literal id, or one item
  // of a loop in code over a listing narrowed by a filter or an owner resource (snapshots of one
  // tag, of one database); an unnarrowed listing swept item by item is the wipe it is.
  if (ONE_POINT.test(`${service} ${operation}`)) {
    const ids = targetNames(args);
    if (ids.length === 1 && (/^[\w:./-]+$/.test(ids[0]!) || (sweep && /^\$\w+$/.test(ids[0]!)))) return null;
  }
  // One resource named as disposable (`--stack-name pr-1432-preview`): a preview's or test's teardown.
  if (oneEphemeral(args)) return null;
  return `aws ${service} ${operation} deletes cloud resources`;
}

/** Options that name the resource an operation acts on (`--stack-name`, `--table-name`, `--instance-ids`). */
const TARGET_OPTION = /^--[\w-]*(?:name|names|id|ids|identifier|arn|url)$/;

/** The values of the options that name the resources an operation acts on. */
function targetNames(args: readonly string[]): string[] {
  const names: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const eq = /^(--[\w-]+)=(.*)$/s.exec(a);
    if (eq !== null && TARGET_OPTION.test(eq[1]!)) names.push(eq[2]!);
    else if (TARGET_OPTION.test(a)) {
      for (let j = i + 1; j < args.length && !args[j]!.startsWith('-'); j++) names.push(args[j]!);
    }
  }
  return names;
}

/**
 * A name with variables only inside a literal frame (`pr-$PR_NUMBER-preview`): whatever fills them,
 * the name keeps that frame, so the frame with a number filled in is what it names; else the name.
 */
function framedName(name: string): string | null {
  if (!name.includes('$')) return name;
  const hole = /\$\{?\w+\}?/g;
  const parts = name.split(hole);
  if (parts[0] === '' || parts[parts.length - 1] === '') return null;
  return name.replace(hole, '1');
}

/** Exactly one resource is named, by one option with one value, and its name marks it disposable. */
function oneEphemeral(args: readonly string[]): boolean {
  const names = targetNames(args);
  const name = names.length === 1 ? framedName(names[0]!) : null;
  return (
    name !== null &&
    !/[*?$`]/.test(name) &&
    ephemeralOnly([name]) &&
    ephemeralOnly([name, ...args.filter((a) => a !== names[0])])
  );
}

export default defineRule({
  id: 'AWS-AST-001',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  pack: 'cloud.aws',
  kinds: ['exec', 'literal'],
  programs: ['aws', 'awslocal'],
  summary:
    'aws s3 rm --recursive, s3 rb, sync --delete, a delete-/terminate-/purge- operation, or a setting that deletes data (backup retention 0, a whole-bucket lifecycle expiry within days, point-in-time recovery off).',
  remediationHint:
    'Deleting cloud resources needs a human. Read first (aws s3 ls, aws ec2 describe-instances), and ask; for S3, copy what you need into the workspace instead.',
  *check(facts) {
    const sweep = narrowedSweep(facts.of('exec'));
    // Code that tests a key's status against 'Inactive' deletes only the keys no one uses.
    const inactive = facts.of('literal').some((l) => l.text === 'Inactive');
    const ownRun = runTaggedListing(facts.of('exec'), 'ec2');
    yield* execHits(facts, (words, exec) => {
      const code = exec.via === 'python' || exec.via === 'node';
      const folder = (bucket: string): boolean => code && listedDisposableFolder(facts.of('exec'), bucket);
      return deletes(words, sweep && code, inactive && code, ownRun && code, folder);
    });
  },
  examples: {
    deny: [
      { input: 'aws s3 rm s3://bucket/logs --recursive' },
      { input: 'aws s3 rb s3://bucket --force' },
      { input: 'aws --profile prod s3 sync s3://a s3://bucket --delete' },
      { input: 'aws s3 sync ~ s3://bucket --delete' },
      { input: 'aws s3 sync . s3://bucket --delete' },
      { input: 'aws ec2 terminate-instances --instance-ids i-0a1b2c3d4e5f6a7b8 i-0f9e8d7c6b5a4f3e2' },
      {
        input:
          'aws ec2 terminate-instances --instance-ids $(aws ec2 describe-instances --query x --output text)',
      },
      { input: 'aws rds delete-db-instance --db-instance-identifier db1 --skip-final-snapshot' },
      { input: 'aws cloudformation delete-stack --stack-name app' },
      { input: 'aws cloudformation delete-stack --stack-name "$STACK-preview"' },
      { input: 'aws --region us-east-1 dynamodb delete-table --table-name t' },
      { input: 'aws dynamodb delete-backup --backup-arn arn:aws:dynamodb:us-east-1:1:table/t/backup/1' },
      { input: 'aws sqs delete-queue --queue-url https://sqs.us-east-1.amazonaws.com/1/q' },
      { input: 'aws rds modify-db-instance --db-instance-identifier prod --backup-retention-period 0' },
      { input: 'aws ecs update-service --cluster prod --service api --desired-count 0' },
      { input: 'aws secretsmanager delete-secret --secret-id staging/k --force-delete-without-recovery' },
      {
        input:
          'aws s3api put-bucket-lifecycle-configuration --bucket prod --lifecycle-configuration \'{"Rules":[{"Status":"Enabled","Filter":{},"Expiration":{"Days":1}}]}\'',
      },
    ],
    allow: [
      { input: 'aws s3 ls s3://bucket', why: 'reads' },
      { input: 'aws s3 sync ./dist s3://my-site-bucket --delete', why: 'publishes a workspace build' },
      {
        input: 'aws s3 sync build/site s3://my-site --delete --exclude "*.map"',
        why: 'publishes a workspace build',
      },
      { input: 'aws s3 rm s3://bucket/one-file.txt', why: 'one object' },
      { input: 'aws s3 cp s3://bucket/file ./file', why: 'downloads' },
      { input: 'aws ec2 describe-instances', why: 'reads' },
      {
        input: 'aws cloudformation delete-stack --stack-name "pr-$PR_NUMBER-preview"',
        why: "a pull request's preview stack, whatever its number",
      },
      {
        input: 'aws ec2 terminate-instances --instance-ids i-0a1b2c3d4e5f6a7b8',
        why: 'one instance named by its exact id',
      },
      { input: 'aws iam delete-role-policy --role-name r --policy-name p', why: 'detaches an inline policy' },
      { input: 'aws s3 rm s3://bucket/logs --recursive --dryrun', why: 'dry run' },
      {
        input: 'aws dynamodb delete-item --table-name sessions-dev --key \'{"id":{"S":"abc"}}\'',
        why: 'one item by key',
      },
      {
        input: 'aws sqs delete-message --queue-url https://q --receipt-handle h',
        why: 'a message acknowledged',
      },
      {
        input: 'aws ecs update-service --cluster prod --service api --desired-count 3',
        why: 'scaled, not stopped',
      },
      {
        input: 'aws ecs update-service --cluster staging --service api --desired-count 0',
        why: 'a staging service stopped, kept to scale back up',
      },
      {
        input:
          'aws secretsmanager delete-secret --secret-id staging/old-sendgrid-key --recovery-window-in-days 30',
        why: 'restorable for 30 days',
      },
      {
        input: 'aws rds modify-db-instance --db-instance-identifier prod --backup-retention-period 14',
        why: 'backups kept',
      },
      {
        input:
          'aws s3api put-bucket-lifecycle-configuration --bucket logs --lifecycle-configuration \'{"Rules":[{"Status":"Enabled","Filter":{},"Expiration":{"Days":90}}]}\'',
        why: 'old logs expire after months',
      },
    ],
  },
});
