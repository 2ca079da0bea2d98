/**
 * AWS-AST-002: aws CLI runs that switch off or get around the account's safeguards: granting
 * administrator policies, scheduling KMS key deletion or disabling keys (the data encrypted with
 * them is lost), stopping or deleting CloudTrail, stopping AWS Config, removing S3 public-access
 * blocks, and opening SSH/RDP or every port to the whole internet.
 */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, hasOption } from '../command-line.js';
import { awsCommandWords } from '../aws-cli.js';
import { settingOpensAccess } from '../aws-settings.js';

/** Managed policies that hand over the account (or the means to take it). */
const ADMIN_POLICY =
  /:policy\/(?:AdministratorAccess|PowerUserAccess|IAMFullAccess|AWSOrganizationsFullAccess)\b/;

/** The value of `--name value` or `--name=value`. */
function value(args: readonly string[], name: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === name) return args[i + 1];
    if (args[i]!.startsWith(`${name}=`)) return args[i]!.slice(name.length + 1);
  }
  return undefined;
}

/**
 * A bucket policy that allows everyone (`"Principal": "*"` or `{"AWS": "*"}`) without a condition
 * narrowing who (a source VPC, IP range or account): the bucket is public.
 */
function publicPolicy(policy: string): boolean {
  let doc: unknown;
  try {
    doc = JSON.parse(policy);
  } catch {
    return (
      /"Principal"\s*:\s*(?:"\*"|\{\s*"AWS"\s*:\s*\[?\s*"\*")/.test(policy) && !/"Condition"/.test(policy)
    );
  }
  const raw = (doc as { Statement?: unknown } | null)?.Statement;
  const statements = Array.isArray(raw) ? raw : [raw];
  return statements.some((st) => {
    if (st === null || typeof st !== 'object') return false;
    const { Effect, Principal, Condition } = st as Record<string, unknown>;
    if (Effect !== 'Allow' || Condition !== undefined) return false;
    const aws =
      Principal !== null && typeof Principal === 'object' ? (Principal as { AWS?: unknown }).AWS : undefined;
    return Principal === '*' || aws === '*' || (Array.isArray(aws) && aws.includes('*'));
  });
}

/** Ports an `--ip-permissions` JSON list opens to 0.0.0.0/0 or ::/0 that matter: all, SSH, RDP, wide ranges. */
function openPermission(perms: string): string | null {
  let list: unknown;
  try {
    list = JSON.parse(perms);
  } catch {
    return /0\.0\.0\.0\/0|::\/0/.test(perms) ? 'ports' : null;
  }
  for (const p of Array.isArray(list) ? list : [list]) {
    if (p === null || typeof p !== 'object') continue;
    const r = p as Record<string, unknown>;
    const ranges: unknown[] = [
      ...(Array.isArray(r.IpRanges) ? (r.IpRanges as unknown[]) : []),
      ...(Array.isArray(r.Ipv6Ranges) ? (r.Ipv6Ranges as unknown[]) : []),
    ];
    const world = ranges.some((x) => {
      const cidr =
        (x as { CidrIp?: unknown; CidrIpv6?: unknown } | null)?.CidrIp ??
        (x as { CidrIpv6?: unknown } | null)?.CidrIpv6;
      return cidr === '0.0.0.0/0' || cidr === '::/0';
    });
    if (!world) continue;
    const proto =
      typeof r.IpProtocol === 'string' || typeof r.IpProtocol === 'number' ? String(r.IpProtocol) : '-1';
    const from = typeof r.FromPort === 'number' ? r.FromPort : undefined;
    const to = typeof r.ToPort === 'number' ? r.ToPort : from;
    if (proto === '-1' || proto === 'all' || from === undefined || to === undefined) return 'every port';
    if ((from <= 22 && to >= 22) || (from <= 3389 && to >= 3389) || to - from >= 1000)
      return `ports ${from}-${to}`;
  }
  return null;
}

function weakens(words: readonly string[]): string | null {
  if (words[0] !== 'aws' && words[0] !== 'awslocal') return null;
  const args = words.slice(1);
  if (asksHelp(args) || hasOption(args, '', '--dry-run')) return null;
  const [service, op] = awsCommandWords(args);
  if (service === undefined || op === undefined) return null;
  const all = args.join(' ');
  const opened = settingOpensAccess(service, op, args);
  if (opened !== null) return opened;
  switch (service) {
    case 'iam':
      if (/^(?:attach|put)-(?:user|group|role)-policy$/.test(op)) {
        if (ADMIN_POLICY.test(all)) return `aws iam ${op} grants an administrator policy`;
        if (/"Action"\s*:\s*"\*"|"Action"\s*:\s*\[\s*"\*"/.test(all))
          return `aws iam ${op} grants every action`;
      }
      if (op === 'update-assume-role-policy' && /"AWS"\s*:\s*"\*"/.test(all))
        return 'aws iam update-assume-role-policy lets any AWS account assume the role';
      // Keys or a console password minted for a named user hand its access to whoever reads the output.
      if (op === 'create-access-key' && hasOption(args, '', '--user-name'))
        return 'aws iam create-access-key mints long-lived keys for another user';
      if (op === 'create-login-profile' || op === 'update-login-profile')
        return `aws iam ${op} sets a console password for a user`;
      if (op === 'add-user-to-group' && /--group-name[= ]\S*admin/i.test(all))
        return 'aws iam add-user-to-group puts a user in an administrators group';
      return null;
    case 'kms':
      if (op === 'schedule-key-deletion' || op === 'disable-key')
        return `aws kms ${op} makes everything encrypted with the key unreadable`;
      return null;
    case 'cloudtrail':
      if (op === 'stop-logging' || op === 'delete-trail')
        return `aws cloudtrail ${op} turns off the audit trail`;
      return null;
    case 'configservice':
      return op === 'stop-configuration-recorder' || op === 'delete-configuration-recorder'
        ? `aws configservice ${op} stops recording configuration changes`
        : null;
    case 'guardduty':
      return op === 'delete-detector' || op === 'disassociate-from-master-account'
        ? `aws guardduty ${op} turns off threat detection`
        : null;
    case 's3api':
      if (op === 'delete-public-access-block')
        return 'aws s3api delete-public-access-block allows public buckets';
      if (op === 'put-bucket-acl' && /public-read|AllUsers/.test(all))
        return 'aws s3api put-bucket-acl makes the bucket public';
      if (op === 'put-bucket-policy' && publicPolicy(value(args, '--policy') ?? all))
        return 'aws s3api put-bucket-policy lets anyone on the internet in';
      return null;
    case 'rds':
      // A database given a public address answers the whole internet (R8 cloud-sdk-exposure).
      if (
        /^(?:modify|create|restore)-db-(?:instance|cluster)/.test(op) &&
        words.includes('--publicly-accessible')
      )
        return `aws rds ${op} --publicly-accessible puts the database on the internet`;
      return null;
    case 'ec2':
      if (op === 'authorize-security-group-ingress') {
        const cidr = value(args, '--cidr') ?? /0\.0\.0\.0\/0|::\/0/.exec(all)?.[0] ?? undefined;
        if (cidr !== '0.0.0.0/0' && cidr !== '::/0') return null;
        const perms = value(args, '--ip-permissions');
        if (perms !== undefined && value(args, '--cidr') === undefined) {
          const wide = openPermission(perms);
          return wide === null ? null : `aws ec2 ${op} opens ${wide} to the whole internet`;
        }
        const port = value(args, '--port');
        const protocol = value(args, '--protocol');
        if (
          protocol === '-1' ||
          protocol === 'all' ||
          port === undefined ||
          /^(?:22|3389|0-65535)$/.test(port)
        )
          return `aws ec2 ${op} opens ${port === undefined ? 'ports' : `port ${port}`} to the whole internet`;
      }
      return null;
    default:
      return null;
  }
}

export default defineRule({
  id: 'AWS-AST-002',
  invariant: 'NO_PRIVILEGE_ESCALATION',
  pack: 'cloud.aws',
  kinds: ['exec'],
  programs: ['aws', 'awslocal'],
  summary:
    'aws iam grants of administrator access or keys/passwords for another user, KMS key deletion, CloudTrail/Config/GuardDuty shut-off, public S3 buckets, SSH/RDP open to 0.0.0.0/0, snapshots or images shared with all, role trust opened to another account, resource policies for everyone, databases made publicly accessible.',
  remediationHint:
    'Changing the account’s safeguards needs a human. Describe what you need (aws iam simulate-principal-policy, aws kms describe-key, aws cloudtrail get-trail-status) and ask.',
  *check(facts) {
    yield* execHits(facts, (words) => weakens(words));
  },
  examples: {
    deny: [
      {
        input:
          'aws rds modify-db-instance --db-instance-identifier prod-db --publicly-accessible --apply-immediately',
      },
      {
        input:
          'aws iam attach-user-policy --user-name me --policy-arn arn:aws:iam::aws:policy/AdministratorAccess',
      },
      { input: 'aws kms schedule-key-deletion --key-id k --pending-window-in-days 7' },
      { input: 'aws cloudtrail stop-logging --name t' },
      { input: 'aws --region eu-west-1 cloudtrail delete-trail --name t' },
      { input: 'aws s3api delete-public-access-block --bucket b' },
      {
        input:
          'aws ec2 authorize-security-group-ingress --group-id sg-1 --protocol tcp --port 22 --cidr 0.0.0.0/0',
      },
      { input: 'aws guardduty delete-detector --detector-id d' },
      { input: 'aws iam create-access-key --user-name admin' },
      { input: 'aws iam create-login-profile --user-name ops --password x' },
      {
        input:
          'aws s3api put-bucket-policy --bucket b --policy \'{"Statement": [{"Effect": "Allow", "Principal": "*", "Action": "s3:GetObject", "Resource": "arn:aws:s3:::b/*"}]}\'',
      },
      {
        input:
          'aws ec2 authorize-security-group-ingress --group-id sg-1 --ip-permissions \'[{"IpProtocol": "-1", "IpRanges": [{"CidrIp": "0.0.0.0/0"}]}]\'',
      },
      {
        input:
          'aws rds modify-db-snapshot-attribute --db-snapshot-identifier s --attribute-name restore --values-to-add all',
      },
      {
        input:
          'aws iam update-assume-role-policy --role-name r --policy-document \'{"Statement":[{"Effect":"Allow","Principal":{"AWS":"arn:aws:iam::999999999999:root"},"Action":"sts:AssumeRole"}]}\'',
      },
    ],
    allow: [
      { input: 'aws iam list-attached-user-policies --user-name me', why: 'reads' },
      {
        input: 'aws rds modify-db-instance --db-instance-identifier prod-db --no-publicly-accessible',
        why: 'takes the database off the internet',
      },
      {
        input: 'aws iam attach-role-policy --role-name r --policy-arn arn:aws:iam::aws:policy/ReadOnlyAccess',
        why: 'a read-only policy',
      },
      { input: 'aws kms describe-key --key-id k', why: 'reads' },
      { input: 'aws iam create-access-key', why: 'a key for the caller itself' },
      { input: 'aws cloudtrail start-logging --name t', why: 'turns logging on' },
      {
        input:
          'aws ec2 authorize-security-group-ingress --group-id sg-1 --protocol tcp --port 443 --cidr 0.0.0.0/0',
        why: 'HTTPS open to the internet is a public website',
      },
      {
        input:
          'aws ec2 authorize-security-group-ingress --group-id sg-1 --ip-permissions \'[{"IpProtocol": "tcp", "FromPort": 443, "ToPort": 443, "IpRanges": [{"CidrIp": "0.0.0.0/0"}]}]\'',
        why: 'HTTPS only, as a JSON permission list',
      },
      {
        input:
          'aws s3api put-bucket-policy --bucket b --policy \'{"Statement": [{"Effect": "Allow", "Principal": "*", "Action": "s3:GetObject", "Resource": "arn:aws:s3:::b/*", "Condition": {"StringEquals": {"aws:SourceVpce": "vpce-1"}}}]}\'',
        why: 'only requests from one VPC endpoint',
      },
      {
        input:
          'aws rds modify-db-snapshot-attribute --db-snapshot-identifier s --attribute-name restore --values-to-add 123456789012',
        why: 'shared with one named account',
      },
    ],
  },
});
