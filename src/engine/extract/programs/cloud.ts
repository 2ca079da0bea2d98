/**
 * Cloud CLIs that run code elsewhere (issue 22 r7): `aws ssm send-command` hands shell commands to
 * running instances (AWS-RunShellScript, AWS-RunPowerShellScript). The commands are analysed as the
 * shell lines they are, so a download piped to sh on a fleet is judged as it would be here; boto3
 * and the v3 SDK reach the same line through code/sdk.ts.
 */
import type { Invocation, Word } from '../bash/model.js';
import { bucketOf, namedOutside } from '../../knowledge/bucket-owners.js';
import type { ProgramHandler, Toolkit } from './types.js';

/** The value of `--name value` or `--name=value`. */
function optionWord(argv: readonly Word[], name: string): Word | undefined {
  for (let i = 1; i < argv.length; i++) {
    const t = argv[i]!.text;
    if (t === name) return argv[i + 1];
    if (t.startsWith(`${name}=`)) return { ...argv[i]!, text: t.slice(name.length + 1) };
  }
  return undefined;
}

/** The `commands` of SSM parameters, as JSON (`{"commands": [...]}`) or shorthand (`commands=[...]`, `commands=x`). */
export function ssmCommands(parameters: string): string[] {
  try {
    const doc = JSON.parse(parameters) as { commands?: unknown };
    const list = Array.isArray(doc.commands) ? doc.commands : [doc.commands];
    return list.filter((c): c is string => typeof c === 'string');
  } catch {
    const m = /(?:^|,)\s*commands\s*=\s*(.*)$/s.exec(parameters);
    if (m === null) return [];
    const value = m[1]!.trim();
    if (value.startsWith('[')) {
      try {
        const list = JSON.parse(value) as unknown;
        if (Array.isArray(list)) return list.filter((c): c is string => typeof c === 'string');
      } catch {
        return [value.slice(1, value.endsWith(']') ? -1 : undefined).replace(/^["']|["']$/g, '')];
      }
    }
    return [value.replace(/^["']|["']$/g, '')];
  }
}

/** The copy verbs of the storage CLIs (`aws s3 cp`, `gsutil cp`). */
const COPY = /^(?:cp|mv|sync|rsync)$/;

/**
 * `aws s3 cp LOCAL s3://B`, `gsutil cp LOCAL gs://B`: a local file uploaded into a bucket named as a
 * drop or the public's, or written with no signature (`--no-sign-request`: only a stranger's open
 * bucket takes that) sends its content to that bucket (R20: exported credentials copied out). The
 * words it handled, for genericArgs to skip; none when the copy stays in the owner's buckets.
 */
function upload(inv: Invocation, kit: Toolkit): ReadonlySet<Word> {
  const argv = inv.argv;
  const at = argv.findIndex((w, i) => i > 0 && i <= 3 && COPY.test(w.text));
  if (at < 0) return new Set();
  const ends = argv.slice(at + 1).filter((w) => !w.text.startsWith('-'));
  const dest = ends[ends.length - 1];
  const bucket = dest === undefined ? undefined : bucketOf(dest.text);
  const anonymous = argv.some((w) => w.text === '--no-sign-request');
  if (dest === undefined || bucket === undefined || (!anonymous && !namedOutside(bucket))) return new Set();
  const local = ends.slice(0, -1).filter((w) => bucketOf(w.text) === undefined && !w.text.includes('://'));
  if (local.length === 0) return new Set();
  const sent = local.flatMap((w) => kit.read(w, inv.program));
  const url = dest.text;
  kit.sink.net({
    host: bucket,
    url,
    scheme: url.slice(0, 2),
    sends: true,
    actor: inv.program,
    span: dest.span,
  });
  kit.flow(sent, { kind: 'net', host: bucket, url }, inv.span);
  return new Set([dest, ...local]);
}

/** `aws ssm send-command --parameters '{"commands": [...]}'`: each command as a shell line on the instances. */
const aws: ProgramHandler = (inv: Invocation, kit) => {
  const handled = upload(inv, kit);
  const words = inv.argv.map((w) => w.text);
  const at = words.indexOf('send-command');
  if (at > 0 && words.slice(1, at).includes('ssm')) {
    const params = optionWord(inv.argv, '--parameters');
    if (params !== undefined)
      for (const cmd of ssmCommands(params.text))
        kit.nested(cmd, 'bash', params.span, 'aws ssm send-command');
  }
  kit.genericArgs(
    inv,
    inv.argv.slice(1).filter((w) => !handled.has(w)),
  );
  return undefined;
};

/** `gsutil cp LOCAL gs://B`: the same upload reading as `aws s3 cp`. */
const gsutil: ProgramHandler = (inv: Invocation, kit) => {
  const handled = upload(inv, kit);
  kit.genericArgs(
    inv,
    inv.argv.slice(1).filter((w) => !handled.has(w)),
  );
  return undefined;
};

export const CLOUD_HANDLERS: Readonly<Record<string, ProgramHandler>> = { aws, awslocal: aws, gsutil };
