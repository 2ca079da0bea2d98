/**
 * Trust over the whole organisation handed to a party it does not vouch for (red team R20): a
 * Google Workspace client given domain-wide delegation of mail, Drive or directory scopes (it may
 * act as every user), a third-party app installed on every repository with write on code, secrets,
 * workflows or administration, and an account marked as a guest or external (`U0GUEST77`, a
 * `#EXT#` name, `principal_type: Guest`, `is_restricted`) made an admin, owner or contributor.
 * Delegation of calendar or read-only contact scopes, an app on selected repositories or with
 * read-only permissions, and a colleague's promotion stay allowed.
 * Lines: `agent-guard-action grant access ...` (PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { leaves, type Leaf } from './control-words.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';

/** Name words that only look or take trust away. */
const NOT_GRANT =
  /^(?:get|list|read|describe|show|view|search|remove|revoke|delete|uninstall|suspend|deny|check|test|demote|unset)$/;
const last = (p: readonly string[]): string => p[p.length - 1] ?? '';

/** Scopes that read or act on every user's mail, files or directory, or on the whole cloud. */
const BROAD_SCOPE =
  /mail\.google\.com|\/auth\/(?:gmail|drive(?!\.(?:readonly\.metadata|file|appdata)\b)|admin\.directory|admin\.datatransfer|cloud-platform|apps\.groups|ediscovery|apps\.order)/i;

/** A Workspace client made able to act as every user on mail, Drive or the directory. */
function domainDelegation(w: readonly string[], all: readonly Leaf[]): string | undefined {
  const dwd =
    (w.includes('delegation') && w.some((x) => /^(?:domain|wide|dwd)$/.test(x))) ||
    (w.some((x) => /^(?:authorize|authorise)$/.test(x)) && w.some((x) => /^(?:client|clients)$/.test(x)));
  if (!dwd) return undefined;
  for (const [p, v] of all) {
    if (typeof v !== 'string' || !/scope/.test(p.join('_'))) continue;
    const broad = v.split(/[\s,]+/).find((s) => BROAD_SCOPE.test(s));
    if (broad !== undefined) return `${w.join('_')} lets a client act as every user with ${broad}`;
  }
  return undefined;
}

/** Permissions an app may hold over code, secrets, CI or the organisation itself. */
const POWER_PERMISSION =
  /^(?:administration|organization_administration|secrets|organization_secrets|workflows|contents|members|actions|environments|repository_hooks|organization_hooks)$/;

/** A third-party app installed on every repository with write on code, secrets, CI or administration. */
function appOnEveryRepo(w: readonly string[], all: readonly Leaf[]): string | undefined {
  if (!w.some((x) => /^(?:install|installation|approve|add|enable)$/.test(x))) return undefined;
  if (!w.some((x) => /^(?:app|apps|integration|application)$/.test(x))) return undefined;
  const every = all.some(
    ([p, v]) =>
      /^(?:repository_selection|repositories|repos|repository_access|selection)$/.test(last(p)) &&
      typeof v === 'string' &&
      /^\s*all\s*$/i.test(v),
  );
  if (!every) return undefined;
  const power = all.find(
    ([p, v]) =>
      POWER_PERMISSION.test(last(p)) &&
      p.some((k) => /permission/.test(k)) &&
      typeof v === 'string' &&
      /^\s*(?:write|admin)\s*$/i.test(v),
  );
  return power === undefined
    ? undefined
    : `${w.join('_')} gives an app ${last(power[0])}: ${String(power[1])} on every repository`;
}

/** A value that marks an account as a guest or from outside the organisation. */
const GUEST_ID = /(?:^|[^a-z])(?:guest|guests|ext|external|contractor|vendor)(?:$|[^a-z])|#EXT#/i;
const GUEST_FLAG = /^(?:is_restricted|is_ultra_restricted|is_guest|guest|external|is_external)$/;
const PROMOTE_NAME = /^(?:admin|admins|owner|owners|superadmin|administrator)$/;
const POWER_ROLE =
  /^\s*(?:admin|administrator|owner|primary[_ ]owner|super[_ ]?admin|contributor|global administrator|org[-_]admin)\s*$/i;

/** An account marked as a guest or external made an admin, owner or contributor. */
function guestPromoted(w: readonly string[], all: readonly Leaf[]): string | undefined {
  // `set_admin`, `make_owner`: the verb right before the role (`slack_admin_users_set_regular` is not).
  const named = w.some(
    (x, i) => PROMOTE_NAME.test(x) && /^(?:set|make|promote|grant|assign|add)$/.test(w[i - 1] ?? ''),
  );
  const role = all.find(
    ([p, v]) =>
      /(?:^|_)(?:role|roles|role_name|role_definition_name|type)$/.test(last(p)) &&
      typeof v === 'string' &&
      POWER_ROLE.test(v),
  );
  if (!named && role === undefined) return undefined;
  const guest = all.find(
    ([p, v]) =>
      (GUEST_FLAG.test(last(p)) && (v === true || v === 'true')) ||
      (/(?:^|_)(?:principal_type|user_type|account_type)$/.test(last(p)) &&
        typeof v === 'string' &&
        /^\s*guest\s*$/i.test(v)) ||
      (/(?:^|_)(?:user|user_id|user_key|id|assignee|assignee_object_id|principal_id|member|upn)$/.test(
        last(p),
      ) &&
        typeof v === 'string' &&
        GUEST_ID.test(v)),
  );
  if (guest === undefined) return undefined;
  return `${w.join('_')} makes ${String(guest[1]) === 'true' ? last(guest[0]) : String(guest[1]).slice(0, 60)}, a guest or outside account, ${role === undefined ? 'an admin' : String(role[1])}`;
}

/**
 * Scopes over every user's mail, files or directory, or the organisation's admin (Graph
 * `Mail.ReadWrite`, `Files.Read.All`, `Directory.ReadWrite.All`; Slack `admin`, `admin.*`).
 */
const TENANT_SCOPE =
  /^(?:mail\.(?:read|readwrite|send)(?:\.all|\.shared)?|mailboxsettings\.readwrite|full_access_as_app|(?:files|sites|notes|chat|channelmessage)\.(?:read|readwrite)\.all|directory\.readwrite\.all|rolemanagement\.readwrite\.\w+|application\.readwrite\.all|approleassignment\.readwrite\.all|admin|admin\.[\w.:]+)$/i;
/** Values that say the consent covers every user (Graph `consentType: AllPrincipals`). */
const EVERY_USER =
  /^\s*(?:allprincipals|all[_ -]?principals|all[_ -]?users|tenant|tenant[_ -]?wide|organi[sz]ation)\s*$/i;
/** A publisher the identity platform has verified (`publisher_verified: true`, `Contoso (verified)`). */
const VERIFIED = (all: readonly Leaf[]): boolean =>
  all.some(
    ([p, v]) =>
      (/verified/.test(last(p)) && (v === true || v === 'true')) ||
      (/publisher/.test(last(p)) &&
        typeof v === 'string' &&
        /\bverified\b/i.test(v) &&
        !/\bunverified\b/i.test(v)),
  );

/**
 * An app given scopes over every user's mail, files or directory for the whole organisation, by
 * an admin's consent or an install (R21: tenant-wide consent to an unverified app for all mail, a
 * Slack app of an unknown developer with `admin`): it reads and acts as everyone from then on. Sign-in
 * scopes, one user's own consent and a verified publisher's app stay allowed.
 */
function tenantConsent(w: readonly string[], all: readonly Leaf[]): string | undefined {
  // An application permission (an app role assigned to the app itself) holds for every user by its nature.
  const appRole = all.some(([p]) =>
    p.some((k) => /^(?:app_role|app_roles|app_role_id|approle|application_permissions?)$/.test(k)),
  );
  if (
    !w.some((x) => /^(?:consent|install|installation|approve|authorize|authorise|grant)$/.test(x)) &&
    !(appRole && w.some((x) => /^(?:assign|add|create)$/.test(x)))
  )
    return undefined;
  // An app is what gets the scopes: named by the tool or by an app or client id beside them.
  const app =
    w.some((x) => /^(?:app|apps|application|applications|client|oauth|integration|consent)$/.test(x)) ||
    all.some(([p]) => /^(?:app|app_id|client_id|client_app_id|application_id|app_name)$/.test(last(p)));
  if (!app || VERIFIED(all)) return undefined;
  const scopes = all
    .filter(([p, v]) => /scope|permission|app_role|approle/.test(p.join('_')) && typeof v === 'string')
    .flatMap(([, v]) => (v as string).split(/[\s,]+/));
  const broad = scopes.find((x) => TENANT_SCOPE.test(x));
  if (broad === undefined) return undefined;
  // Slack's admin scopes are the organisation's by themselves; Graph scopes count for every user.
  const everyone =
    /^admin/i.test(broad) ||
    appRole ||
    (w.includes('admin') && w.includes('consent')) ||
    all.some(
      ([p, v]) =>
        /consent_type|consent|principal|audience|scope_type/.test(last(p)) &&
        typeof v === 'string' &&
        EVERY_USER.test(v),
    );
  return everyone ? `${w.join('_')} gives an app ${broad} over every user` : undefined;
}

/** When orgTrustLines can answer (signals.ts). */
export const ORG_TRUST_GATE: Gate = {
  name: wordSet(
    'delegation authorize authorise install installation approve app apps integration admin admins owner owners superadmin administrator consent grant',
  ),
  keys: wordSet('scopes scope repository selection role roles principal type restricted guest assignee'),
};

export function orgTrustLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => NOT_GRANT.test(x))) return [];
  const all = leaves(args, 6, 256);
  const why =
    domainDelegation(w, all) ?? appOnEveryRepo(w, all) ?? guestPromoted(w, all) ?? tenantConsent(w, all);
  return why === undefined ? [] : [line('grant', 'access', why)];
}
