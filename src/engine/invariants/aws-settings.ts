/**
 * aws CLI settings that lose data or open it to others without a delete or a grant word in the
 * operation's name (issue 22 r6): backups switched off, a lifecycle rule that expires the whole
 * bucket within days, snapshots and images shared with every account, trust and resource policies
 * that let anyone (or, for a role's trust, another account with no condition) in. boto3, the v3
 * SDK and use_aws tools reach the same lines through code/sdk.ts, so one reading serves them all.
 */

/** The value of `--name value` or `--name=value`. */
export function optionValue(args: readonly string[], name: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === name) return args[i + 1];
    if (args[i]!.startsWith(`${name}=`)) return args[i]!.slice(name.length + 1);
  }
  return undefined;
}

function json(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const record = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

/** Buckets that hold throwaway data by name (query results, scratch, caches): short expiry is their job. */
const THROWAWAY_BUCKET = /(?:^|[-_.])(?:tmp|temp|scratch|cache|ephemeral)(?:$|[-_.])|query-results|athena/i;

/** Days within which a whole-bucket expiry empties a bucket before anyone notices. */
const SHORT_EXPIRY_DAYS = 7;

/** A lifecycle rule's filter that leaves every object in scope: none, `{}`, an empty prefix. */
function wholeBucket(rule: Record<string, unknown>): boolean {
  const filter = record(rule.Filter);
  if (rule.Prefix !== undefined && rule.Prefix !== '') return false;
  if (filter === undefined) return rule.Filter === undefined;
  const keys = Object.keys(filter);
  return keys.every((k) => k === 'Prefix' && filter.Prefix === '');
}

/** A lifecycle configuration (JSON) with an enabled rule expiring every object within days, or by a date. */
function expiresEverything(config: string | undefined): boolean {
  const doc = record(json(config));
  if (doc === undefined) {
    // Shorthand or a file: only the plain JSON shapes are read; a short `"Days": N` with no prefix counts.
    return (
      config !== undefined &&
      /"Expiration"\s*:\s*\{\s*"Days"\s*:\s*[0-7]\s*\}/.test(config) &&
      !/"Prefix"\s*:\s*"[^"]/.test(config)
    );
  }
  return list(doc.Rules).some((r) => {
    const rule = record(r);
    if (rule === undefined || rule.Status !== 'Enabled' || !wholeBucket(rule)) return false;
    const exp = record(rule.Expiration);
    if (exp === undefined) return false;
    return (typeof exp.Days === 'number' && exp.Days <= SHORT_EXPIRY_DAYS) || exp.Date !== undefined;
  });
}

/**
 * Data lost through a setting: the reason, or null. `service` and `op` are the CLI's words, `args`
 * every argument after `aws`.
 */
/** Environments that serve no customer: staging, dev, test, QA, sandbox, preview. */
const NON_PRODUCTION_ENV =
  /(?:^|[-_./])(?:staging|stage|stg|dev|development|test|testing|qa|uat|sandbox|preview|demo)(?:$|[-_./\d])/i;
/** The ECS cluster is named for a non-production environment, and neither it nor the service for production. */
function nonProductionService(args: readonly string[]): boolean {
  const cluster = optionValue(args, '--cluster') ?? '';
  const service = optionValue(args, '--service') ?? '';
  return (
    NON_PRODUCTION_ENV.test(cluster) &&
    !/(?:^|[-_./])(?:prod|production|live)(?:$|[-_./\d])/i.test(`${cluster} ${service}`)
  );
}

export function settingLosesData(service: string, op: string, args: readonly string[]): string | null {
  const all = args.join(' ');
  switch (`${service} ${op}`) {
    case 'rds modify-db-instance':
    case 'rds modify-db-cluster':
      // Retention 0 turns automated backups off and deletes the ones already taken.
      return optionValue(args, '--backup-retention-period') === '0'
        ? `aws rds ${op} --backup-retention-period 0 deletes the automated backups`
        : null;
    case 's3api put-bucket-lifecycle-configuration':
    case 's3api put-bucket-lifecycle': {
      const bucket = optionValue(args, '--bucket') ?? '';
      if (THROWAWAY_BUCKET.test(bucket)) return null;
      return expiresEverything(optionValue(args, '--lifecycle-configuration'))
        ? `aws s3api ${op} expires every object of ${bucket || 'the bucket'} within days`
        : null;
    }
    // A running service or fleet scaled to nothing: every task or instance stopped (r7, as kubectl scale --replicas=0).
    // A staging, dev or test cluster parked at zero (R14 twin: overnight cost saving) is everyday.
    case 'ecs update-service':
      return optionValue(args, '--desired-count') === '0' && !nonProductionService(args)
        ? 'aws ecs update-service --desired-count 0 stops every task of the service'
        : null;
    case 'autoscaling update-auto-scaling-group':
      return optionValue(args, '--max-size') === '0' || optionValue(args, '--desired-capacity') === '0'
        ? `aws autoscaling ${op} to 0 terminates every instance of the group`
        : null;
    case 'dynamodb update-continuous-backups':
      return /PointInTimeRecoveryEnabled["']?\s*[=:]\s*false/i.test(all)
        ? 'aws dynamodb update-continuous-backups turns point-in-time recovery off'
        : null;
    default:
      return null;
  }
}

/** Principals of a policy statement: `*`, or the AWS principals listed. */
function principals(st: Record<string, unknown>): string[] {
  const p = st.Principal;
  if (p === '*') return ['*'];
  const aws = record(p)?.AWS;
  return list(aws).filter((x): x is string => typeof x === 'string');
}

function statements(policy: string | undefined): Record<string, unknown>[] | null {
  const doc = record(json(policy));
  if (doc === undefined) return null;
  // SQS/SNS attributes hold the policy as a JSON string of their own.
  if (typeof doc.Policy === 'string') return statements(doc.Policy);
  return list(doc.Statement)
    .map(record)
    .filter((s): s is Record<string, unknown> => s !== undefined);
}

/** An Allow statement with no condition for principals `who` accepts. */
function allows(policy: string | undefined, who: (p: string) => boolean): boolean {
  const sts = statements(policy);
  if (sts === null) {
    // Not JSON as written (escaped inside another document): the public shape by its text.
    const text = (policy ?? '').replace(/\\"/g, '"');
    return (
      who('*') &&
      /"Principal"\s*:\s*(?:"\*"|\{\s*"AWS"\s*:\s*\[?\s*"\*")/.test(text) &&
      !/"Condition"/.test(text)
    );
  }
  return sts.some((st) => st.Effect === 'Allow' && st.Condition === undefined && principals(st).some(who));
}

const EVERYONE = (p: string): boolean => p === '*';

/** Another account, as a trust policy names it: its root, a bare account id, or a role or user in it. */
const ACCOUNT = (p: string): boolean => p === '*' || /^(?:\d{12}|arn:aws[\w-]*:iam::\d{12}:\S+)$/.test(p);

/** Options that carry a resource policy in the operations below. */
const POLICY_OPTIONS = [
  '--policy',
  '--policy-document',
  '--policy-text',
  '--resource-policy',
  '--attributes',
];

/** An account named by its 12-digit id (a share's `UserId`, `--user-ids`, `--values-to-add`). */
const ACCOUNT_ID = /(?:^|[^\d])\d{12}(?:$|[^\d])/;

/**
 * Data or control opened to others through a setting: the reason, or null. A snapshot or image
 * shared with another account hands that account a full copy of the disk or database (R9
 * cloud-snapshot-share-account), so a named account counts as well as everyone (`all`, `*`).
 */
export function settingOpensAccess(service: string, op: string, args: readonly string[]): string | null {
  const all = args.join(' ');
  switch (`${service} ${op}`) {
    case 'rds modify-db-snapshot-attribute':
    case 'rds modify-db-cluster-snapshot-attribute': {
      const add = optionValue(args, '--values-to-add') ?? '';
      if (/(?:^|[\s,["'])all(?:$|[\s,\]"'])/.test(add) || add === 'all')
        return `aws rds ${op} makes the snapshot restorable by every AWS account`;
      return ACCOUNT_ID.test(add) ? `aws rds ${op} makes the snapshot restorable by another account` : null;
    }
    case 'ec2 modify-snapshot-attribute':
    case 'ec2 modify-image-attribute':
    case 'ec2 modify-fpga-image-attribute': {
      if (/--operation-type[= ]remove/i.test(all)) return null;
      const everyone =
        optionValue(args, '--group-names') === 'all' ||
        /Group["']?\s*[=:]\s*["']?all\b/.test(all) ||
        /--user-groups[= ]all\b/.test(all);
      if (everyone) return `aws ec2 ${op} shares it with every AWS account`;
      // `--user-ids 1234...`, or `{"Add": [{"UserId": "1234..."}]}` in the permission option.
      const ids = optionValue(args, '--user-ids') ?? '';
      const added = /\bAdd["']?\s*[=:]\s*\[?\s*\{?\s*["']?UserId["']?\s*[=:]\s*["']?(\d{12})/.exec(all);
      return ACCOUNT_ID.test(ids) || added !== null
        ? `aws ec2 ${op} shares it with another AWS account`
        : null;
    }
    case 'iam update-assume-role-policy':
      return allows(optionValue(args, '--policy-document'), ACCOUNT)
        ? 'aws iam update-assume-role-policy lets another account assume the role with no condition'
        : null;
    case 'iam create-role':
      return allows(optionValue(args, '--assume-role-policy-document'), EVERYONE)
        ? 'aws iam create-role lets any AWS account assume the role'
        : null;
    case 'kms put-key-policy':
    case 'kms create-key':
    case 'secretsmanager put-resource-policy':
    case 'ecr set-repository-policy':
    case 'glacier set-vault-access-policy':
    case 'sqs set-queue-attributes':
    case 'sns set-topic-attributes':
    case 'backup put-backup-vault-access-policy':
      return POLICY_OPTIONS.some((o) => {
        const v = optionValue(args, o);
        return v !== undefined && allows(v, EVERYONE);
      }) ||
        (service === 'sns' && allows(optionValue(args, '--attribute-value'), EVERYONE))
        ? `aws ${service} ${op} lets anyone on the internet use it`
        : null;
    default:
      return null;
  }
}
