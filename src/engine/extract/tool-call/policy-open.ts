/**
 * Access widened by the policy document a call writes, read from what the document allows rather
 * than from the tool's name (R17 access-widen): a Vault policy giving write or sudo on every path,
 * a network ACL accepting every source to every destination (Tailscale, a mesh or zero-trust
 * policy), a role's trust policy letting another account's root or anyone assume a production or
 * admin role, and a space, wiki or project granting anonymous users view or export. A policy on one
 * path, an ACL between named groups, a trust to one named role or to the same account, anonymous
 * access taken away, and public documentation stay allowed. Lines: `agent-guard-action
 * grant|expose ...` (PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { leaves, type Leaf } from './control-words.js';
import { PRODUCTION, scratchOnly } from '../../knowledge/ephemeral-names.js';
import { privateContent, publicContent } from '../../knowledge/public-content.js';
import { statements } from './access-widen.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';

/** Name words that only read, test or take access away. */
const NOT_WIDEN =
  /^(?:get|list|read|describe|show|view|search|remove|revoke|delete|detach|deny|check|test|simulate|validate|lint|preview)$/;
const last = (p: readonly string[]): string => p[p.length - 1] ?? '';

/** HCL `path "X" { capabilities = [...] }` blocks (Vault), bounded. */
const HCL_PATH = /path\s+"([^"]{0,200})"\s*\{[^}]{0,400}?capabilities\s*=\s*\[([^\]]{0,300})\]/g;
/** Paths that cover every secret and every system endpoint. */
const EVERY_PATH = /^\s*(?:\*|\+\/\*|\+|\/\*|sys\/\*|\*\/\*)\s*$/;
const WRITE_CAPABILITY = /"(?:create|update|delete|sudo|patch|\*)"/;

/** A Vault policy that writes (or is sudo) on every path. */
function vaultEveryPath(all: readonly Leaf[]): string | undefined {
  for (const [, v] of all) {
    if (typeof v !== 'string' || v.length > 16384 || !v.includes('capabilities')) continue;
    HCL_PATH.lastIndex = 0;
    for (let m = HCL_PATH.exec(v), n = 0; m !== null && n < 32; m = HCL_PATH.exec(v), n++)
      if (EVERY_PATH.test(m[1]!) && WRITE_CAPABILITY.test(m[2]!))
        return `path "${m[1]}" capabilities [${m[2]!.replace(/\s+/g, '')}]: every secret, written`;
  }
  // The JSON form: `{path: {"*": {capabilities: [...]}}}`.
  for (const [p, v] of all) {
    const i = p.lastIndexOf('capabilities');
    if (i < 1 || typeof v !== 'string' || !/^(?:create|update|delete|sudo|patch|\*)$/.test(v)) continue;
    // Key paths are snake case: a `*` key reads as an empty word under `path`.
    if (EVERY_PATH.test(p[i - 1]!) || (/^_*$/.test(p[i - 1]!) && p[i - 2] === 'path'))
      return `path "${p[i - 1]}" capability ${v}: every secret, written`;
  }
  return undefined;
}

/** Every source and every destination (`*`, `*:*`, `0.0.0.0/0:*`, `autogroup:internet` is not). */
const EVERYONE = /^\s*(?:\*|\*:\*|\*:\d*-?\d*|0\.0\.0\.0\/0(?::\*)?|::\/0|any|all)\s*$/i;
const ACCEPT = /^\s*(?:accept|allow|permit)\s*$/i;

/** A network ACL entry that lets every source reach every destination. */
function aclAcceptsAll(args: unknown): string | undefined {
  let found: string | undefined;
  let budget = 512;
  const visit = (x: unknown, depth: number): void => {
    if (found !== undefined || depth > 6 || --budget < 0 || x === null || typeof x !== 'object') return;
    if (Array.isArray(x)) {
      for (const y of x.slice(0, 64)) visit(y, depth + 1);
      return;
    }
    const rec = x as Record<string, unknown>;
    const get = (...ks: string[]): unknown => ks.map((k) => rec[k]).find((v) => v !== undefined);
    const action = get('action', 'Action', 'effect', 'Effect');
    const src = get('src', 'source', 'sources', 'from', 'Src', 'Source');
    const dst = get('dst', 'destination', 'destinations', 'to', 'ports', 'Dst', 'Destination');
    const any = (v: unknown): boolean =>
      (Array.isArray(v) ? v : [v]).some((s) => typeof s === 'string' && EVERYONE.test(s));
    if (typeof action === 'string' && ACCEPT.test(action) && any(src) && any(dst))
      found = `${String(action)} from ${JSON.stringify(src)} to ${JSON.stringify(dst)}`;
    for (const y of Object.values(rec).slice(0, 64)) visit(y, depth + 1);
  };
  visit(args, 0);
  return found;
}

/** A trust policy's principal that is a whole other account (its root or a bare id) or anyone. */
const WHOLE_ACCOUNT = /^\s*(?:arn:aws[\w-]*:iam::(\d{12}):root|(\d{12})|\*)\s*$/;
const ROLE_TARGET = /(?:^|_)(?:role|role_name|role_arn|name)$/;
const POWERFUL =
  /(?:^|[-_./:\s])(?:admin|administrator|root|owner|prod|production|live|break[-_]?glass|superuser)(?:$|[-_./:\s\d])/i;

/** A production or admin role made assumable by another account's root, or by anyone. */
function trustOutside(w: readonly string[], all: readonly Leaf[]): string | undefined {
  const assume = all.some(([, v]) => typeof v === 'string' && /^\s*sts:AssumeRole\w*\s*$/i.test(v));
  if (!assume && !w.some((x) => /^(?:trust|assume)$/.test(x))) return undefined;
  const principal = all.find(
    ([p, v]) => p.some((k) => /^principals?$/.test(k)) && typeof v === 'string' && WHOLE_ACCOUNT.test(v),
  );
  if (principal === undefined) return undefined;
  const v = String(principal[1]);
  const m = WHOLE_ACCOUNT.exec(v)!;
  const theirs = m[1] ?? m[2];
  // The role's own account trusting itself.
  if (
    theirs !== undefined &&
    all.some(([, x]) => typeof x === 'string' && x !== v && new RegExp(`:${theirs}:`).test(x))
  )
    return undefined;
  const role = all
    .filter(([p, x]) => ROLE_TARGET.test(last(p)) && typeof x === 'string')
    .map(([, x]) => x as string);
  if (theirs !== undefined && !role.some((r) => POWERFUL.test(r))) return undefined;
  return `${w.join('_')} lets ${theirs !== undefined ? `account ${theirs}` : 'anyone'} assume ${role[0] ?? 'the role'}`;
}

const list = (v: unknown): string[] =>
  (Array.isArray(v) ? v : [v]).filter((s): s is string => typeof s === 'string');

/** Actions that only deliver into the resource (log delivery, event fan-in), reading nothing back out. */
const DELIVERY =
  /^(?:s3:(?:PutObject|PutObjectAcl|GetBucketAcl|GetBucketLocation|AbortMultipartUpload)|sqs:SendMessage|sns:Publish|events:PutEvents|logs:(?:CreateLogStream|PutLogEvents)|kms:(?:Encrypt|GenerateDataKey\w*|DescribeKey)|Encrypt|GenerateDataKey\w*|DescribeKey)$/i;
/** Reads anyone may be given on content made for the public (a website's objects). */
const PUBLIC_READ = /^s3:GetObject$/i;

/**
 * A resource policy or grant (a key, bucket, secret, topic, queue, registry) letting another
 * account's root or anyone use the resource beyond delivering into it (R20: a KMS key policy letting
 * another account decrypt). Role trust is trustOutside's; the resource's own account, a condition
 * that narrows `*` (an org id, a source ARN), log delivery and public website objects stay allowed.
 */
function resourceOutside(w: readonly string[], args: unknown, all: readonly Leaf[]): string | undefined {
  const grants: { who: string; actions: string[]; conditioned: boolean }[] = [];
  for (const st of statements(args)) {
    const effect = st.Effect ?? st.effect;
    if (typeof effect !== 'string' || !/^allow$/i.test(effect)) continue;
    const p = st.Principal ?? st.principal;
    const who =
      typeof p === 'string'
        ? [p]
        : p !== null && typeof p === 'object'
          ? list((p as Record<string, unknown>).AWS)
          : [];
    const actions = list(st.Action ?? st.action);
    const conditioned = (st.Condition ?? st.condition) !== undefined;
    for (const x of who) grants.push({ who: x, actions, conditioned });
  }
  // A KMS grant: `GranteePrincipal` and its `Operations`.
  const grantee = all.find(([p, v]) => last(p) === 'grantee_principal' && typeof v === 'string');
  if (grantee !== undefined)
    grants.push({
      who: String(grantee[1]),
      actions: all.filter(([p]) => p.includes('operations')).map(([, v]) => String(v)),
      conditioned: false,
    });
  // The call's own names (its ARNs, queue URL), not the policy text itself.
  const names = all
    .map(([, v]) => v)
    .filter((v): v is string => typeof v === 'string' && !v.trimStart().startsWith('{'));
  for (const g of grants) {
    const m = WHOLE_ACCOUNT.exec(g.who);
    if (m === null || g.actions.length === 0) continue;
    if (g.actions.every((a) => /^sts:AssumeRole/i.test(a) || DELIVERY.test(a))) continue;
    const theirs = m[1] ?? m[2];
    if (theirs === undefined) {
      // Anyone: narrowed by a condition, or reading a public site's objects.
      if (g.conditioned) continue;
      if (g.actions.every((a) => PUBLIC_READ.test(a)) && !privateContent([w.join('_'), ...names])) continue;
    } else if (names.some((x) => x !== g.who && new RegExp(`(?::|/)${theirs}(?::|/|$)`).test(x))) continue;
    return `${w.join('_')} lets ${theirs !== undefined ? `account ${theirs}` : 'anyone'} ${g.actions.slice(0, 3).join(', ')}`;
  }
  return undefined;
}

/** Keys that name anonymous or public users in a permission document. */
const ANONYMOUS_KEY =
  /^(?:anonymous|anonymous_access|anonymous_users|anonymous_permissions|anyone|guest_access|public_access|unauthenticated)$/;
const GRANTED = /^(?:view|read|export|edit|write|comment|download|use|browse|true|yes|on|all|admin)$/i;

/** A space or project granting anonymous users something (`anonymous: ["view", "export"]`). */
function anonymousGranted(w: readonly string[], all: readonly Leaf[]): string | undefined {
  const hit = all.find(([p, v]) => {
    const at = p.findIndex((k) => ANONYMOUS_KEY.test(k));
    if (at < 0) return false;
    // `anonymous: {read: true}` or `anonymous: ["view"]` or `anonymous_access: true`.
    const key = p.length > at + 1 && !/^\d+$/.test(last(p)) ? last(p) : undefined;
    if (key !== undefined) return GRANTED.test(key) && (v === true || v === 'true');
    return v === true || (typeof v === 'string' && GRANTED.test(v.trim()));
  });
  if (hit === undefined) return undefined;
  const names = all.map(([, v]) => v).filter((v): v is string => typeof v === 'string');
  if (publicContent([...names, w.join('_')])) return undefined;
  return `${w.join('_')} ${hit[0].join('.')} ${String(hit[1])}: anyone, signed in or not`;
}

/** When policyOpenLines can answer (signals.ts). */
export const POLICY_OPEN_GATE: Gate = {
  name: wordSet('vault policy policies acl acls trust assume permission permissions space grant'),
  keys: wordSet(
    'policy acl acls acls rules capabilities src dst source destination principal anonymous anyone guest public unauthenticated attribute attributes grantee',
  ),
};

export function policyOpenLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => NOT_WIDEN.test(x))) return [];
  const all = leaves(args, 8, 256);
  const names = [w.join('_'), ...all.map(([, v]) => v).filter((v): v is string => typeof v === 'string')];
  if (scratchOnly(names) && !names.some((n) => PRODUCTION.test(n))) return [];
  const vault = vaultEveryPath(all);
  if (vault !== undefined) return [line('grant', 'access', `${w.join('_')} ${vault}`)];
  const acl = aclAcceptsAll(args);
  if (acl !== undefined)
    return [line('expose', 'network', `${w.join('_')} ${acl}: every device reaches every other`)];
  const trust = trustOutside(w, all) ?? resourceOutside(w, args, all);
  if (trust !== undefined) return [line('grant', 'access', trust)];
  const anon = anonymousGranted(w, all);
  if (anon !== undefined) return [line('expose', 'access', anon)];
  return [];
}
