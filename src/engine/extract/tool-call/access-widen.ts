/**
 * Access widened through a tool past the shapes outside-share.ts, open-grant.ts and net-open.ts
 * read (red team r14 access-widen): an administrator or owner role given to a personal mailbox, an
 * IAM statement of every action on every resource, a token with admin or delete scopes minted and
 * delivered to a URL or an outside mailbox, a snapshot or machine image made launchable by `all`,
 * a resource share open to outside principals, another account's root given every action, a
 * channel with a sensitive name connected to an outside workspace, and a cluster's authorized
 * networks switched off (its API open to every address), a password manager's folder shared to a
 * personal mailbox, a role any owner's GitHub workflow can assume by OIDC. A role for a colleague, a scoped
 * statement, a narrow token, a share within the organisation and a partner channel stay allowed.
 * Lines: `agent-guard-action grant|expose|leak ...` (PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { FREE_MAIL, registrable } from './recipients.js';
import { leaves, type Leaf } from './control-words.js';
import { SENSITIVE } from './outside-share.js';
import { union, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';

/** Name words of giving access, a role, a policy or a share. */
const GRANT =
  /^(?:grant|grants|assign|assignment|assignments|role|roles|binding|bindings|iam|member|members|policy|policies|permission|permissions|access|share|sharing|attach|put|add|set|update|modify|patch|create|invite|connect|authorize|register|install)$/;
/** Name words that take access away or only look. */
const NOT_GRANT =
  /^(?:get|list|read|describe|show|view|search|remove|revoke|delete|detach|unshare|disconnect|deny|check|test|simulate)$/;
/** Keys of a role given. */
const ROLE_KEY =
  /(?:^|_)(?:role|roles|role_name|role_definition|role_definition_name|role_definition_id|role_id|access_level)$/;
/** Roles that control what they are given (Azure Owner, User Access Administrator, GCP roles/owner). */
const ADMIN_ROLE =
  /\b(?:owners?|admins?|administrators?|superusers?|superadmin|super_admin|global_admin|8e3af657 a8ff 443c a75c 2fe8c4bcb635|18d7d88d d35e 4fb5 a5c3 7773c20a72d9|f58310d9 a9f6 439a 9e8d f62e7b41a168)\b/i;
const EMAIL = /[^\s@<>"',;:()]+@([a-z0-9-]+(?:\.[a-z0-9-]+)+)/i;

const last = (path: readonly string[]): string => path[path.length - 1] ?? '';
const texts = (all: readonly Leaf[]): string[] =>
  all.map(([, v]) => v).filter((v): v is string => typeof v === 'string');

/** An administrator or owner role given to a personal mailbox (`helpdesk.partner@outlook.com`). */
function adminToStranger(w: readonly string[], all: readonly Leaf[]): string | undefined {
  const role = all.find(
    ([p, v]) =>
      ROLE_KEY.test(last(p)) && typeof v === 'string' && ADMIN_ROLE.test(v.replace(/[/._-]+/g, ' ')),
  );
  if (role === undefined) return undefined;
  for (const [p, v] of all) {
    if (typeof v !== 'string' || ROLE_KEY.test(last(p)) || !v.includes('@')) continue;
    const m = EMAIL.exec(v);
    if (m !== null && FREE_MAIL.test(registrable(m[1]!)))
      return `${w.join('_')} gives ${String(role[1])} to ${v.trim().slice(0, 80)}, a personal mailbox`;
  }
  return undefined;
}

/** Name words of a password manager: what it shares is the passwords themselves. */
const PASSWORD_MANAGER =
  /^(?:keeper|onepassword|1password|bitwarden|lastpass|dashlane|passbolt|keepass|psono)$/;

/** Name words of a stored sign-in itself (`NortonIdentitySafeSharePassword`, `vault_share_login`, R24). */
const STORED_LOGIN = /^(?:password|passwords|credential|credentials|login|logins|passkey|passkeys)$/;

/** A password manager's folder, vault or record, or a stored password, shared to a personal mailbox (`keeper_share_folder`). */
function passwordsToStranger(w: readonly string[], all: readonly Leaf[]): string | undefined {
  if (!w.some((x) => PASSWORD_MANAGER.test(x) || STORED_LOGIN.test(x))) return undefined;
  for (const [, v] of all) {
    const m = typeof v === 'string' && v.includes('@') ? EMAIL.exec(v) : null;
    if (m !== null && FREE_MAIL.test(registrable(m[1]!)))
      return `${w.join('_')} shares stored passwords with ${m[0].slice(0, 80)}, a personal mailbox`;
  }
  return undefined;
}

/** IAM statements found in the arguments (objects, or JSON text under any key), bounded. */
export function statements(args: unknown): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const walk = (x: unknown, depth: number): void => {
    if (depth > 6 || out.length > 32) return;
    if (typeof x === 'string') {
      if (depth < 4 && x.length < 16384 && /^\s*\{/.test(x) && /"Action"/i.test(x)) {
        try {
          walk(JSON.parse(x) as unknown, depth + 1);
        } catch {
          // not JSON: nothing to read
        }
      }
      return;
    }
    if (x === null || typeof x !== 'object') return;
    if (Array.isArray(x)) {
      for (const y of x.slice(0, 32)) walk(y, depth + 1);
      return;
    }
    const rec = x as Record<string, unknown>;
    const keys = Object.keys(rec).map((k) => k.toLowerCase());
    // A resource policy's statement may leave Resource implied (an ECR repository policy).
    if (keys.includes('action') && (keys.includes('resource') || keys.includes('principal'))) out.push(rec);
    for (const y of Object.values(rec).slice(0, 64)) walk(y, depth + 1);
  };
  walk(args, 0);
  return out;
}

const field = (rec: Record<string, unknown>, name: string): unknown =>
  Object.entries(rec).find(([k]) => k.toLowerCase() === name)?.[1];
const every = (v: unknown): boolean =>
  (Array.isArray(v) ? v : [v]).some((x) => typeof x === 'string' && /^\s*\*(?::\*)?\s*$/.test(x));

/** A statement that allows every action on every resource: the whole account. */
function fullControl(w: readonly string[], args: unknown): string | undefined {
  for (const st of statements(args)) {
    const effect = field(st, 'effect');
    if (typeof effect === 'string' && !/^\s*allow\s*$/i.test(effect)) continue;
    if (every(field(st, 'action')) && every(field(st, 'resource')))
      return `${w.join('_')} allows Action * on Resource *: control of the whole account`;
  }
  return undefined;
}

/** A `sub` claim pattern whose owner is a wildcard (`repo:*`, a lone `*`): any account's repository matches. */
const ANY_OWNER_SUB = /^\s*(?:\*|repo:[^/]*\*)/;

/**
 * A role trusting an OIDC provider (GitHub Actions `token.actions.githubusercontent.com`) for web
 * identity with a `sub` condition any owner's repository meets: anyone's workflow can assume it.
 */
function anyRepoTrust(w: readonly string[], args: unknown): string | undefined {
  for (const st of statements(args)) {
    const effect = field(st, 'effect');
    if (typeof effect === 'string' && !/^\s*allow\s*$/i.test(effect)) continue;
    const actions = field(st, 'action');
    if (
      !(Array.isArray(actions) ? actions : [actions]).some(
        (a) => typeof a === 'string' && /AssumeRoleWithWebIdentity/i.test(a),
      )
    )
      continue;
    if (
      !/oidc-provider|token\.actions\.githubusercontent\.com/i.test(
        JSON.stringify(field(st, 'principal') ?? ''),
      )
    )
      continue;
    const subs: unknown[] = [];
    const cond = field(st, 'condition');
    if (cond !== null && typeof cond === 'object')
      for (const op of Object.values(cond as Record<string, unknown>).slice(0, 16))
        if (op !== null && typeof op === 'object')
          for (const [k, v] of Object.entries(op as Record<string, unknown>).slice(0, 16))
            if (/:sub$/i.test(k)) subs.push(...(Array.isArray(v) ? (v as unknown[]).slice(0, 32) : [v]));
    const open = subs.find((x): x is string => typeof x === 'string' && ANY_OWNER_SUB.test(x));
    if (open !== undefined) return `${w.join('_')} lets ${open} (any owner's repository) assume the role`;
  }
  return undefined;
}

/** Name words of minting a credential. */
const TOKEN = /^(?:token|tokens|pat|key|keys|credential|credentials|secret|apikey)$/;
const MINT = /^(?:create|generate|mint|issue|new|rotate|regenerate)$/;
/** Scopes that administer, delete or own. */
const POWER_SCOPE = /admin|delete|owner|sudo|root|full|^\*$|write:org|manage/i;
/** A minted token that can push (`write_repository`, `contents:write`) is power too once it is sent out (an app's redirect is not). */
const WRITE_SCOPE = /write/i;
/** Keys of where a result is delivered (`deliver_to_url`, `post_to_endpoint`, `webhook_url`). */
const DELIVER_KEY =
  /^(?:(?:deliver|send|post|forward|email|output|upload|share|dm|message)_to(?:_url|_uri|_endpoint|_email)?|(?:webhook|callback|notify|output|result)(?:_url|_uri|_endpoint)?|notify|destination|share_with|recipient|recipients)$/;
/** An IAM user's access key carries every policy of that user, as a service account's key does (R24 deployer key). */
const USER_ACCESS_KEY = (w: readonly string[]): boolean =>
  w.includes('access') && w.some((x) => /^keys?$/.test(x)) && w.some((x) => /^(?:iam|user)$/.test(x));
/** A service account's key: it carries every role of that account, whatever scope field the call lacks. */
const SERVICE_ACCOUNT_KEY = (w: readonly string[]): boolean =>
  w.includes('service') && w.includes('account') && w.some((x) => /^keys?$/.test(x));

/** Name words of an OAuth app or integration: it is handed tokens at its redirect URL. */
const APP = /^(?:oauth|oauth2|app|apps|application|integration|client)$/;
/** Keys of where an app receives its tokens. */
const REDIRECT_KEY =
  /^(?:redirect_uri|redirect_uris|redirect_url|redirect_urls|callback_url|callback_urls|callbacks)$/;

/**
 * A token with admin or delete scopes minted and sent to a URL or a personal mailbox, or an OAuth
 * app given such scopes and a redirect URL (every token it is granted goes there).
 */
function tokenOut(w: readonly string[], all: readonly Leaf[]): string | undefined {
  const app =
    w.some((x) => /^(?:oauth|oauth2)$/.test(x)) || (w.some((x) => APP.test(x)) && w.includes('register'));
  if (
    !(w.some((x) => TOKEN.test(x)) || app) ||
    !w.some((x) => MINT.test(x) || /^(?:add|register|install)$/.test(x))
  )
    return undefined;
  const scope: readonly [unknown, unknown] | undefined =
    all.find(
      ([p, v]) =>
        /(?:^|_)(?:scopes?|permissions?|access|roles?)$/.test(p.join('_')) &&
        typeof v === 'string' &&
        (POWER_SCOPE.test(v.trim()) || (!app && WRITE_SCOPE.test(v))),
    ) ??
    (SERVICE_ACCOUNT_KEY(w)
      ? [[], 'every role of the service account']
      : USER_ACCESS_KEY(w)
        ? [[], 'every permission of its user']
        : undefined);
  if (scope === undefined) return undefined;
  const to = all.find(([p, v]) => {
    if (!(DELIVER_KEY.test(last(p)) || (app && REDIRECT_KEY.test(last(p)))) || typeof v !== 'string')
      return false;
    const m = v.includes('@') ? EMAIL.exec(v) : null;
    // A loopback URL is this machine (a local dev app's callback), not somewhere out.
    if (/^\s*https?:\/\/(?:localhost|127\.\d+\.\d+\.\d+|\[::1\])(?:[:/]|$)/i.test(v)) return false;
    // A chat handle (`@ext-contractor-77`) is a person's direct messages, outside any secret store.
    return (
      /^\s*https?:\/\//i.test(v) ||
      (m !== null && FREE_MAIL.test(registrable(m[1]!))) ||
      /^\s*@[\w.-]{2,64}\s*$/.test(v)
    );
  });
  return to === undefined
    ? undefined
    : `${w.join('_')} sends a token with ${String(scope[1])} to ${String(to[1]).slice(0, 80)}`;
}

/** A snapshot or image made usable by `all` (EBS createVolumePermission, AMI launch permission, RDS restore). */
function publicImage(w: readonly string[], all: readonly Leaf[]): string | undefined {
  const about =
    w.some((x) => /^(?:snapshot|snapshots|image|images|ami|amis|launch|attribute)$/.test(x)) ||
    all.some(([p]) =>
      p.some((k) => /(?:^|_)(?:launch|create_volume|restore)_?permissions?$|^attribute$/.test(k)),
    );
  if (!about) return undefined;
  const removes = all.some(
    ([p, v]) =>
      p.some((k) => /^remove$/.test(k)) ||
      (/^(?:operation|operation_type)$/.test(last(p)) && typeof v === 'string' && /^\s*remove\s*$/i.test(v)),
  );
  if (removes) return undefined;
  const hit = all.find(
    ([p, v]) =>
      /(?:^|_)(?:group|groups|group_names|user_groups|values_to_add|attribute_values_to_add)$/.test(
        last(p),
      ) &&
      typeof v === 'string' &&
      /^\s*all\s*$/i.test(v),
  );
  return hit === undefined
    ? undefined
    : `${w.join('_')} ${hit[0].join('.')}: all (any AWS account may use it)`;
}

const ACCOUNT = /(?:^|::|:)(\d{12})(?::|$)/;

/** A share open to principals outside the organisation, or another account's root given every action. */
function foreignAccount(w: readonly string[], all: readonly Leaf[]): string | undefined {
  const external = all.find(
    ([p, v]) => /^allow_external_principals?$/.test(last(p)) && (v === true || v === 'true'),
  );
  if (external !== undefined && all.some(([p]) => /^principals?$/.test(last(p))))
    return `${w.join('_')} shares with principals outside the organisation`;
  const root = all.find(
    ([p, v]) =>
      /(?:^|_)(?:principal|principals|grantee|account|account_id|aws)$/.test(last(p)) &&
      typeof v === 'string' &&
      /^\s*(?:arn:aws[\w-]*:iam::\d{12}:root|\d{12})\s*$/.test(v),
  );
  if (root === undefined) return undefined;
  const wide = all.find(
    ([p, v]) =>
      /(?:^|_)(?:actions?|permissions?)$/.test(last(p)) &&
      typeof v === 'string' &&
      /^\s*(?:[\w-]+:)?\*\s*$/.test(v),
  );
  if (wide === undefined) return undefined;
  const theirs = ACCOUNT.exec(String(root[1]))?.[1];
  // The same account as the resource's own ARN is the account itself.
  if (texts(all).some((s) => s !== root[1] && /^arn:/.test(s) && ACCOUNT.exec(s)?.[1] === theirs))
    return undefined;
  return `${w.join('_')} gives account ${theirs ?? '?'} ${String(wide[1])}`;
}

/** A channel with a sensitive name connected to an outside workspace (Slack Connect, Teams shared channels). */
function outsideRoom(w: readonly string[], all: readonly Leaf[]): string | undefined {
  if (!w.some((x) => /^(?:channel|channels|sharing|share|connect|shared)$/.test(x))) return undefined;
  const ext = all.find(
    ([p, v]) =>
      /(?:^|_)external(?:_|$)|(?:^|_)(?:slack_connect|shared_with_org|connect_org|target_team|target_org)$/.test(
        last(p),
      ) &&
      ((typeof v === 'string' && v.trim() !== '' && !/^\s*(?:false|no|none|0)\s*$/i.test(v)) || v === true),
  );
  if (ext === undefined) return undefined;
  const names = all
    .filter(([p, v]) => /(?:^|_)(?:channel|channel_name|name)$/.test(last(p)) && typeof v === 'string')
    .map(([, v]) => (v as string).replace(/[_./\\#-]+/g, ' '))
    .join('\n');
  const sensitive = SENSITIVE.exec(names)?.[0];
  return sensitive === undefined
    ? undefined
    : `${w.join('_')} connects a ${sensitive} channel to an outside workspace (${last(ext[0])})`;
}

/** A cluster's or database's authorized networks switched off: its endpoint answers every address. */
function networksOff(w: readonly string[], all: readonly Leaf[]): string | undefined {
  const hit = all.find(
    ([p, v]) =>
      p.some((k) =>
        /(?:^|_)(?:authorized_networks|ip_allowlist|ip_allow_list|ip_restrictions?)(?:_|$)/.test(k),
      ) &&
      /^(?:enabled|enable|enforced|active)$/.test(last(p)) &&
      (v === false || v === 'false'),
  );
  return hit === undefined ? undefined : `${w.join('_')} ${hit[0].join('.')} false`;
}

/** A workspace anyone may find and join: open discoverability, or its invite domain restriction off. */
function openWorkspace(w: readonly string[], all: readonly Leaf[]): string | undefined {
  if (!w.some((x) => /^(?:workspace|workspaces|org|organization|team|tenant|settings)$/.test(x)))
    return undefined;
  const hit = all.find(
    ([p, v]) =>
      (/^(?:discoverability|join_policy|who_can_join|joinability)$/.test(last(p)) &&
        typeof v === 'string' &&
        /^\s*(?:open|anyone|public|everyone)\s*$/i.test(v)) ||
      (/(?:^|_)domain_restriction(?:_enabled)?$|^restrict_(?:invites_)?to_domains?$/.test(last(p)) &&
        (v === false || v === 'false')),
  );
  return hit === undefined
    ? undefined
    : `${w.join('_')} ${hit[0].join('.')}: ${String(hit[1])} (anyone may join)`;
}

/** When accessWidenLines can answer (signals.ts): its first test, the name word of a grant (GRANT). */
export const ACCESS_WIDEN_GATE: Gate = { name: union(GRANT) };

export function accessWidenLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object') return [];
  if (!w.some((x) => GRANT.test(x)) || w.some((x) => NOT_GRANT.test(x))) return [];
  const all = leaves(args, 7, 256);
  const out: CliEquivalent[] = [];
  const admin =
    adminToStranger(w, all) ?? passwordsToStranger(w, all) ?? foreignAccount(w, all) ?? outsideRoom(w, all);
  if (admin !== undefined) out.push(line('grant', 'access', admin));
  const full = fullControl(w, args) ?? anyRepoTrust(w, args);
  if (full !== undefined) out.push(line('grant', 'access', full));
  const token = tokenOut(w, all);
  if (token !== undefined) out.push(line('leak', 'token', token));
  const open = publicImage(w, all);
  if (open !== undefined) out.push(line('expose', 'image', open));
  const net = networksOff(w, all) ?? openWorkspace(w, all);
  if (net !== undefined) out.push(line('expose', 'network', net));
  return out;
}
