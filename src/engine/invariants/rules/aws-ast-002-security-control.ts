/**
 * AWS-AST-002: aws CLI runs that switch off or get around the account's safeguards: granting
 * administrator policies, scheduling KMS key deletion or disabling keys (the data encrypted with
 * them is lost), stopping or deleting CloudTrail, stopping AWS Config, removing S3 public-access
 * blocks, opening any port but an internet-facing service's (web, mail, DNS, VPN) to the whole
 * internet, sharing a snapshot or image with another account, and pointing a domain away (Route 53).
 */
import { defineRule } from '../define-rule.js';
import { madeInInput, variableIds } from '../aws-own-run.js';
import { asksHelp, execHits, hasOption } from '../command-line.js';
import { awsCommandWords } from '../aws-cli.js';
import { settingOpensAccess } from '../aws-settings.js';
import { dnsRedirect } from '../aws-dns.js';
import { controlOff } from '../aws-controls.js';
import { onlyPublicPorts } from '../world-open.js';
import { meantForPublic } from '../../knowledge/public-by-name.js';

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

/** Name words of a machine identity: a CI pipeline's, a deployer's, a bot's or a service's. */
const MACHINE_WORD =
  /^(?:ci|cd|cicd|deploy|deployer|deployment|deploys|bot|robot|svc|service|automation|pipeline|runner|actions|github|gitlab|jenkins|circleci|buildkite|terraform|build|builder|sync|exporter|uploader)$/;
/** Words that say the identity holds more than one job's access. */
const POWER_WORD =
  /^(?:admin|administrator|root|owner|superuser|breakglass|break|glass|security|audit|iam|master|god)$/;

/**
 * A user named as a machine identity (`ci-deployer`, `github-actions-deployer`, R13 twin-edge): keys
 * for it are how a pipeline is given its access. A person's user or an admin-named one is not.
 */
function machineUser(name: string): boolean {
  const words = name.toLowerCase().split(/[-_.@+=,\s]+/);
  return words.some((x) => MACHINE_WORD.test(x)) && !words.some((x) => POWER_WORD.test(x));
}

/**
 * A bucket named for the public (`acme-public-downloads`, a static site's) whose policy only reads
 * objects: serving them to anyone is its job (knowledge/public-by-name.ts).
 */
function publicSiteBucket(bucket: string | undefined, policy: string | undefined): boolean {
  if (bucket === undefined || policy === undefined) return false;
  let doc: unknown;
  try {
    doc = JSON.parse(policy);
  } catch {
    return false;
  }
  const raw = (doc as { Statement?: unknown } | null)?.Statement;
  const actions = (Array.isArray(raw) ? raw : [raw]).map((st) =>
    st !== null && typeof st === 'object' ? ((st as { Action?: unknown }).Action ?? '*') : '*',
  );
  return meantForPublic([
    ['bucket', bucket],
    ['actions', actions.flat()],
  ]);
}

const WORLD_CIDR = new Set(['0.0.0.0/0', '::/0']);

/**
 * A range as wide as the internet for a rule's purpose: 0.0.0.0/0, ::/0, or any public IPv4 block of
 * /8 or wider (`0.0.0.0/1` + `128.0.0.0/1` together are everyone; no company's own range is that wide).
 */
function worldCidr(c: unknown): boolean {
  if (typeof c !== 'string') return false;
  if (WORLD_CIDR.has(c)) return true;
  const m = /^(\d{1,3})\.\d{1,3}\.\d{1,3}\.\d{1,3}\/(\d{1,2})$/.exec(c);
  if (m === null || Number(m[2]) > 8) return /^[0-9a-f:]+\/(?:[0-9]|1[0-5])$/i.test(c);
  const first = Number(m[1]);
  // 10.0.0.0/8 and the other private or local blocks are the company's own network.
  return !(Number(m[2]) === 8 && (first === 10 || first === 127 || first === 100));
}

/** A permission or rule object open to everyone: its own CidrIp/CidrIpv4/CidrIpv6, or one in its ranges. */
function worldRule(r: Record<string, unknown>): boolean {
  const own = [r.CidrIp, r.CidrIpv4, r.CidrIpv6];
  const ranges = [r.IpRanges, r.Ipv6Ranges].flatMap((x) => (Array.isArray(x) ? (x as unknown[]) : []));
  for (const x of ranges)
    if (x !== null && typeof x === 'object') {
      const o = x as Record<string, unknown>;
      own.push(o.CidrIp, o.CidrIpv6, o.CidrIpv4);
    }
  return own.some(worldCidr);
}

/**
 * Ports a permission list (`--ip-permissions`, `--security-group-rules`, any nesting) opens to
 * 0.0.0.0/0 or ::/0 other than internet-facing services (world-open.ts): every port, SSH, a
 * database or cache, an admin console. Null when none.
 */
function openPermission(perms: string): string | null {
  let doc: unknown;
  try {
    doc = JSON.parse(perms);
  } catch {
    // Shorthand (IpProtocol=tcp,FromPort=5432,ToPort=5432,IpRanges=[{CidrIp=0.0.0.0/0}]): read by its words.
    if (!/0\.0\.0\.0\/0|::\/0/.test(perms)) return null;
    const from = /FromPort["']?\s*[=:]\s*(-?\d+)/.exec(perms)?.[1];
    const to = /ToPort["']?\s*[=:]\s*(-?\d+)/.exec(perms)?.[1];
    if (/IpProtocol["']?\s*[=:]\s*["']?icmp/i.test(perms)) return null;
    return from !== undefined && onlyPublicPorts(Number(from), Number(to ?? from))
      ? null
      : `ports ${from ?? ''}${to !== undefined && to !== from ? `-${to}` : ''}`.trim();
  }
  const stack: unknown[] = [doc];
  for (let n = 0; stack.length > 0 && n < 256; n++) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      stack.push(...(v as unknown[]));
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    const r = v as Record<string, unknown>;
    if (!worldRule(r)) {
      stack.push(...Object.values(r));
      continue;
    }
    const wide = openPorts(r.IpProtocol, r.FromPort, r.ToPort);
    if (wide !== null) return wide;
  }
  return null;
}

/** ICMP (ping, path MTU): no service listens behind it. */
const ICMP = /^(?:icmp|icmpv6|1|58)$/i;

/** What a world-open rule of this protocol and range opens, unless only internet-facing services. */
function openPorts(protocol: unknown, fromPort: unknown, toPort: unknown): string | null {
  const proto = typeof protocol === 'string' || typeof protocol === 'number' ? String(protocol) : '-1';
  if (ICMP.test(proto)) return null;
  const from = typeof fromPort === 'number' ? fromPort : Number(fromPort ?? NaN);
  const to = toPort === undefined ? from : typeof toPort === 'number' ? toPort : Number(toPort);
  if (proto === '-1' || proto === 'all' || !Number.isInteger(from) || !Number.isInteger(to))
    return 'every port';
  if (onlyPublicPorts(from, to)) return null;
  return from === to ? `port ${from}` : `ports ${from}-${to}`;
}

function weakens(
  words: readonly string[],
  auditPrefixes: readonly string[] = [],
  ownKey = false,
): string | null {
  if (words[0] !== 'aws' && words[0] !== 'awslocal') return null;
  const args = words.slice(1);
  if (asksHelp(args) || hasOption(args, '', '--dry-run')) return null;
  const [service, op] = awsCommandWords(args);
  if (service === undefined || op === undefined) return null;
  const all = args.join(' ');
  const opened =
    settingOpensAccess(service, op, args) ??
    dnsRedirect(service, op, args) ??
    controlOff(service, op, args, auditPrefixes);
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
      if (
        op === 'create-access-key' &&
        hasOption(args, '', '--user-name') &&
        !machineUser(value(args, '--user-name') ?? '')
      )
        return 'aws iam create-access-key mints long-lived keys for another user';
      if (op === 'create-login-profile' || op === 'update-login-profile')
        return `aws iam ${op} sets a console password for a user`;
      if (op === 'add-user-to-group' && /--group-name[= ]\S*admin/i.test(all))
        return 'aws iam add-user-to-group puts a user in an administrators group';
      return null;
    case 'kms':
      // The key the program has just created (a CI test's): its own (aws-own-run.ts).
      if (ownKey && variableIds([value(args, '--key-id') ?? ''])) return null;
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
      if (
        op === 'put-bucket-policy' &&
        publicPolicy(value(args, '--policy') ?? all) &&
        !publicSiteBucket(value(args, '--bucket'), value(args, '--policy'))
      )
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
      if (op === 'authorize-security-group-ingress' || op === 'modify-security-group-rules') {
        const perms = value(args, '--ip-permissions') ?? value(args, '--security-group-rules');
        if (perms !== undefined) {
          const wide = openPermission(perms);
          if (wide !== null) return `aws ec2 ${op} opens ${wide} to the whole internet`;
        }
        // --cidr with --protocol/--port (the CLI), or --cidr-ip with --ip-protocol/--from-port/--to-port (boto3's keywords).
        const cidr = value(args, '--cidr') ?? value(args, '--cidr-ip') ?? value(args, '--cidr-ipv6');
        if (cidr === undefined || !worldCidr(cidr)) return null;
        const port = value(args, '--port');
        const protocol = value(args, '--protocol') ?? value(args, '--ip-protocol');
        const from = port?.split('-')[0] ?? value(args, '--from-port');
        const to = port?.split('-')[1] ?? value(args, '--to-port');
        const wide = openPorts(protocol ?? 'tcp', from, to ?? from);
        if (wide !== null) return `aws ec2 ${op} opens ${wide} to the whole internet`;
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
    'aws iam grants of administrator access or keys/passwords for another user, KMS key deletion, CloudTrail/Config/GuardDuty/Security Hub shut-off or narrowed by the value set (detector not enabled, no management events, a recorder recording nothing, audit logs kept under 90 days), service control policies detached or the organization left, public S3 buckets, SSH, a database or any port but web/mail/DNS/VPN open to 0.0.0.0/0, snapshots or images shared with another account or all, a domain’s address record pointed at a public IP or its MX/NS replaced, role trust opened to another account, resource policies for everyone, databases made publicly accessible.',
  remediationHint:
    'Changing the account’s safeguards needs a human. Describe what you need (aws iam simulate-principal-policy, aws kms describe-key, aws cloudtrail get-trail-status) and ask.',
  *check(facts) {
    // Log-group prefixes the input lists, for retention set on a group the walk left open (aws-controls.ts).
    const prefixes: string[] = [];
    for (const e of facts.of('exec'))
      if (e.program === 'aws' && e.argv.includes('describe-log-groups'))
        prefixes.push(value(e.argv, '--log-group-name-prefix') ?? '');
    const ownKey = madeInInput(facts.of('exec'), 'kms');
    yield* execHits(facts, (words, exec) =>
      weakens(words, prefixes, ownKey && (exec.via === 'python' || exec.via === 'node')),
    );
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
      { input: 'aws guardduty update-detector --detector-id d --no-enable' },
      { input: 'aws organizations leave-organization' },
      { input: 'aws logs put-retention-policy --log-group-name /aws/cloudtrail/org --retention-in-days 1' },
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
          'aws ec2 authorize-security-group-ingress --group-id sg-1 --protocol tcp --port 5432 --cidr 0.0.0.0/0',
      },
      {
        input:
          'aws ec2 modify-snapshot-attribute --snapshot-id snap-1 --attribute createVolumePermission --operation-type add --user-ids 999988887777',
      },
      {
        input:
          'aws route53 change-resource-record-sets --hosted-zone-id Z1 --change-batch \'{"Changes":[{"Action":"UPSERT","ResourceRecordSet":{"Name":"login.acme.com","Type":"A","TTL":60,"ResourceRecords":[{"Value":"45.9.148.3"}]}}]}\'',
      },
      {
        input:
          'aws iam update-assume-role-policy --role-name r --policy-document \'{"Statement":[{"Effect":"Allow","Principal":{"AWS":"arn:aws:iam::999999999999:root"},"Action":"sts:AssumeRole"}]}\'',
      },
    ],
    allow: [
      { input: 'aws iam list-attached-user-policies --user-name me', why: 'reads' },
      {
        input:
          'aws guardduty update-detector --detector-id d --enable --finding-publishing-frequency SIX_HOURS',
        why: 'the detector stays on',
      },
      {
        input: 'aws logs put-retention-policy --log-group-name /aws/lambda/dev-fn --retention-in-days 7',
        why: "a dev function's logs, not an audit trail",
      },
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
      { input: 'aws iam create-access-key --user-name ci-deployer', why: "a CI pipeline's machine user" },
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
          'aws rds modify-db-snapshot-attribute --db-snapshot-identifier s --attribute-name restore --values-to-remove 123456789012',
        why: 'a share taken back',
      },
      {
        input:
          'aws ec2 authorize-security-group-ingress --group-id sg-1 --protocol tcp --port 5432 --cidr 10.20.0.0/16',
        why: 'the database opened to the VPC only',
      },
      {
        input:
          'aws route53 change-resource-record-sets --hosted-zone-id Z1 --change-batch \'{"Changes":[{"Action":"UPSERT","ResourceRecordSet":{"Name":"docs.acme.com","Type":"CNAME","TTL":300,"ResourceRecords":[{"Value":"acme-docs.s3-website-us-east-1.amazonaws.com"}]}}]}\'',
        why: 'a name pointed at a hosting provider',
      },
    ],
  },
});
