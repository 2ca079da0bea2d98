/**
 * A privileged role handed to a principal outside the organisation, whatever the vendor calls the
 * role's field (red team R22 access to outsiders): a super-admin group, an owners team, a
 * `cluster-admin` binding, BigQuery `dataOwner` or an org admin given to a personal mailbox, to a
 * subject of a consumer identity provider (`https://accounts.google.com#1088…`), or to an account
 * marked as a contractor, vendor or guest; and a root login key put on every instance of a project.
 * The same roles for a colleague at the company's own domain, read roles for a personal mailbox,
 * and one developer's key on the project stay allowed. Line: `agent-guard-action grant access ...`
 * (PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { leaves, type Leaf } from './control-words.js';
import { companyName, FREE_MAIL, registrable } from './recipients.js';
import { union, wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';

/** Name words that only look or take access away. */
const NOT_GRANT =
  /^(?:get|list|read|describe|show|view|search|remove|revoke|delete|unassign|detach|deny|check|test|simulate|suspend|deactivate|demote|leave)$/;
/** Keys (any level of the path) that say what role, group or team is given. */
const ROLE_PATH =
  /^(?:role|roles|role_name|role_ref|role_id|role_ids|role_template_id|role_definition_id|role_definition_name|assigned_role|group|groups|group_id|group_ids|group_name|team|teams|team_id|team_slug|team_name|access_level|access_role|permission|permissions|permission_level|permission_set|permission_sets|permission_set_name|permission_set_id|privilege|privileges|level|admin_role|org_role|cluster_role|membership|memberships|policy|policies|policy_arn|policy_arns|policy_name|token_policies|profile|profile_name|scopes)$/;
/** Keys of a grant's rights, where a word for all of them (`privileges: all`, `*`) is every right. */
const RIGHTS_KEY = /^(?:permission|permissions|privilege|privileges|scopes|access|rights)$/;
/** Kind-of-account keys: a privileged value there (`type: owner`) is the role itself. */
const KIND_PATH = /^(?:type|account_type|user_type|member_type|seat_type|kind)$/;
/**
 * Switches that make their holder an administrator whatever the role says (`superAdmin: true`,
 * HubSpot; `site_admin`, GitHub Enterprise; `is_admin`, `is_owner`).
 */
const ADMIN_SWITCH =
  /^(?:is_)?(?:super_?admin|admin|administrator|owner|site_admin|org_admin|account_admin|account_owner|global_admin|tenant_admin|superuser|super_user|root)$/;
/**
 * Roles a vendor spells only as an opaque id, by the id's value: Cloudflare's Super Administrator,
 * Azure RBAC Owner and User Access Administrator, Entra Global, Privileged Role and Privileged
 * Authentication Administrator (the ids are the same in every tenant, documented by the vendors).
 */
const TOP_ROLE_ID =
  /(?:^|[/:])(?:33666b9c79b9a5273fc7344ff42f953d|8e3af657-a8ff-443c-a75c-2fe8c4bcb635|18d7d88d-d35e-4fb5-a5c3-7773c20a72d9|62e90394-69f5-4237-9190-012177145e10|e8611ab8-c189-46e8-94e1-60213ab1f814|7be44c8a-adaf-4e2a-84d6-ab2649e08a13)$/i;
/**
 * Numbered role tiers of one vendor, as its API documents them: the name word and the key, and the
 * values that are its top tiers (Zoom role 0 owner and 1 admin; GitLab access level 50 owner).
 */
const TOP_TIER: readonly (readonly [vendor: string, key: RegExp, top: RegExp])[] = [
  ['zoom', /^role_id$/, /^[01]$/],
  ['gitlab', /^access_level$/, /^(?:50|60)$/],
];
/** Permission sets and scopes that cover everything (Salesforce Modify All Data, `*`, `*:*`). */
const EVERYTHING = /(?:^| )(?:modify ?all ?data|view ?all ?data|modifyalldata|viewalldata)(?: |$)/;
/**
 * Roles that control what they are given: owner, admin, super admin, cluster-admin, BigQuery
 * dataOwner, org admin, root (written with any separators; read after them turned to spaces).
 */
const PRIVILEGED =
  /(?:^| )(?:owner|owners|admin|admins|administrator|administrators|superadmin|superadmins|super admin|super admins|superuser|superusers|cluster admin|org admin|organization admin|data ?owner|root|global admin|primary owner|full ?access|accountadmin|securityadmin|orgadmin|sysadmin|administratoraccess)(?: |$)/;
/** Name words that name the privileged role themselves (`add_owner`, `tfc_add_team_member {team: owners}` is read from the value). */
const PRIVILEGED_NAME = /^(?:owner|owners|admin|admins|administrator|superadmin|superuser)$/;
/** Keys whose value is who gets the role. */
const WHO =
  /^(?:email|emails|email_address|login|user|users|username|usernames|user_name|user_id|user_email|member|members|member_id|member_email|principal|principals|identity|invitee|invitees|assignee|assigned_to|grantee|grantees|upn|user_principal_name|user_by_email|user_key|subject|subjects|handle)$/;
/** Objects whose `name` or `id` is who gets the role (Kubernetes `subjects[].name`). */
const WHO_OBJECT = /^(?:subject|subjects|member|members|user|users|principal|principals|invitee|invitees)$/;
const isWho = (p: readonly string[]): boolean =>
  WHO.test(p[p.length - 1] ?? '') ||
  (/^(?:name|id)$/.test(p[p.length - 1] ?? '') && WHO_OBJECT.test(p[p.length - 2] ?? ''));
/** A consumer identity provider's subject: anyone may hold such an account. */
const CONSUMER_IDP =
  /^(?:https?:\/\/)?(?:accounts\.google\.com|github\.com|gitlab\.com|appleid\.apple\.com|(?:www\.)?facebook\.com|login\.live\.com|login\.microsoftonline\.com\/(?:common|consumers|9188040d-6c67-4c5b-b112-36a304b66dad))[#/:]\S/i;
/** A handle or id that marks its holder as from outside (`tf-expert-contract`, `#EXT#`, `vendor-ops`). */
const OUTSIDER_MARK =
  /(?:^|[^a-z])(?:guest|ext|external|contract|contractor|contractors|freelance|freelancer|vendor|consultant|outsourced?)(?:$|[^a-z])|#ext#/i;
/** A handle made for the moment (`temp.helper`, `tmp-admin`): no one answers for it later. */
const THROWAWAY_MARK = /(?:^|[^a-z])(?:temp|tmp|temporary|throwaway|burner)(?:$|[^a-z])/i;
const EMAIL = /([^\s@<>"',;:()]+)@([a-z0-9-]+(?:\.[a-z0-9-]+)+)/i;
const norm = (v: string): string => v.toLowerCase().replace(/[^a-z0-9]+/g, ' ');

/** Keys naming the organisation's own mail domain, and its name or slug. */
const DOMAIN_KEY =
  /^(?:domain|primary_domain|customer_domain|org_domain|tenant_domain|domain_name|company_domain)$/;
const ORG_KEY =
  /^(?:org|organization|organisation|org_name|org_slug|account_slug|workspace|tenant|company|team_slug)$/;

/** The organisation as the call shows it: its mail domains and its names. */
interface Org {
  readonly domains: ReadonlySet<string>;
  readonly names: ReadonlySet<string>;
}

function orgOf(all: readonly Leaf[]): Org {
  const domains = new Set<string>();
  const names = new Set<string>();
  for (const [p, v] of all) {
    if (typeof v !== 'string' || p.length !== 1) continue;
    if (DOMAIN_KEY.test(p[0]!) && /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i.test(v.trim()))
      domains.add(registrable(v.trim()));
    if (ORG_KEY.test(p[0]!) && /^[a-z0-9][a-z0-9-]{2,38}$/i.test(v.trim())) names.add(companyName(v.trim()));
  }
  return { domains, names };
}

/** Why the principal is outside the organisation, or undefined. */
function outsider(v: string, org: Org): string | undefined {
  const m = v.includes('@') ? EMAIL.exec(v) : null;
  const domain = m === null ? undefined : registrable(m[2]!);
  if (domain !== undefined && FREE_MAIL.test(domain)) return 'a personal mailbox';
  if (domain !== undefined && org.domains.size > 0 && !org.domains.has(domain))
    return `not at ${[...org.domains].slice(0, 2).join(', ')}`;
  // The company's name with other words on another domain (`acme-it-support.com` for the org `acme`).
  const label = domain?.split('.')[0];
  if (
    label !== undefined &&
    [...org.names].some((n) => label !== n && companyName(label) !== n && label.startsWith(`${n}-`))
  )
    return "a domain made to look like the company's";
  if (CONSUMER_IDP.test(v.trim())) return 'an account of a public identity provider';
  // The handle, or a mailbox's own name (`temp.helper@acme.com`), marks it as from outside or made for the moment.
  const handle = m === null ? v : m[1]!;
  if (m === null && OUTSIDER_MARK.test(v)) return 'an account marked as from outside';
  if (THROWAWAY_MARK.test(handle)) return 'an account made for the moment';
  return undefined;
}

/** Whether a leaf gives a privileged role: by name, by a kind, by a switch, by a vendor's id for its top tier. */
function highRole(w: readonly string[], p: readonly string[], v: unknown): boolean {
  const k = p[p.length - 1] ?? '';
  if (typeof v === 'boolean' || typeof v === 'number' || v === 'true')
    return (
      (ADMIN_SWITCH.test(k) && (v === true || v === 'true')) ||
      TOP_TIER.some(([vendor, key, top]) => w.includes(vendor) && key.test(k) && top.test(String(v)))
    );
  if (typeof v !== 'string') return false;
  if (p.some((x) => ROLE_PATH.test(x)))
    return (
      PRIVILEGED.test(norm(v)) ||
      EVERYTHING.test(norm(v)) ||
      /^\s*\*(?::\*)?\s*$/.test(v) ||
      (RIGHTS_KEY.test(k) && /^\s*(?:all|everything|full)\s*$/i.test(v)) ||
      TOP_ROLE_ID.test(v.trim()) ||
      TOP_TIER.some(([vendor, key, top]) => w.includes(vendor) && key.test(k) && top.test(v.trim()))
    );
  return KIND_PATH.test(k) && PRIVILEGED.test(norm(v));
}
const roleText = ([p, v]: Leaf): string => (typeof v === 'string' ? v : `${p.join('.')} ${String(v)}`);

/** A privileged role, group or team given to an outsider. */
function privilegedToOutsider(w: readonly string[], all: readonly Leaf[]): string | undefined {
  const org = orgOf(all);
  const given = all.find(([p, v]) => highRole(w, p, v));
  // `make_admin`, `add_owner`: the verb right before the role (`slack_admin_users_set_regular` demotes).
  const verb = (x: string | undefined): boolean => /^(?:set|make|promote|grant|assign|add)$/.test(x ?? '');
  const named = w.find(
    (x, i) =>
      PRIVILEGED_NAME.test(x) &&
      (verb(w[i - 1]) || (/^(?:super|global|org|site)$/.test(w[i - 1] ?? '') && verb(w[i - 2]))),
  );
  const role = given === undefined ? named : roleText(given);
  if (role === undefined) return undefined;
  // `make_super_admin {status: false}`: the role taken away, not given.
  if (
    given === undefined &&
    all.some(
      ([p, v]) =>
        /^(?:status|enabled|value|grant|granted)$/.test(p[p.length - 1] ?? '') &&
        (v === false || v === 'false'),
    )
  )
    return undefined;
  for (const [p, v] of all) {
    if (typeof v !== 'string' || v === given?.[1] || v.length > 200) continue;
    if (!isWho(p)) continue;
    const why = outsider(v, org);
    if (why !== undefined)
      return `${w.join('_')} gives ${role.slice(0, 60)} to ${v.trim().slice(0, 80)}, ${why}`;
  }
  return undefined;
}

/** An SSH key entry logging in as root: `root:ssh-rsa AAAA… comment`. */
const ROOT_KEY = /(?:^|\n)\s*root:\s*(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-\S+|sk-\S+)\s/;
/** Name words of metadata set for every instance of a project (GCP `setCommonInstanceMetadata`). */
const WIDE = /^(?:common|project|projects|fleet|organization|all)$/;
const SSH_KEYS_KEY = /^(?:ssh_keys|sshkeys|ssh_key|ssh_authorized_keys|authorized_keys)$/;

/** A root login key put on every instance of a project (project-wide metadata `ssh-keys`). */
function rootKeyEverywhere(w: readonly string[], all: readonly Leaf[]): string | undefined {
  if (!w.some((x) => WIDE.test(x))) return undefined;
  for (const [p, v] of all) {
    if (typeof v !== 'string') continue;
    const k = p[p.length - 1] ?? '';
    // `{key: "ssh-keys", value}` pairs read as the key `ssh_keys` (control-words.ts leaves).
    if (SSH_KEYS_KEY.test(k) && ROOT_KEY.test(v))
      return `${w.join('_')} lets a key log in as root on every instance`;
  }
  return undefined;
}

/** Keys of the policies a login or token is given (Vault `policies`, `token_policies`). */
const POLICIES_KEY = /^(?:policies|policy|token_policies|policy_names|identity_policies)$/;
/** Words of a login or token a call makes (Vault userpass, LDAP, AppRole users and tokens). */
const LOGIN_WORD =
  /(?:^|[/_])(?:userpass|ldap|approle|users?|tokens?|logins?|accounts?|auth|roles?|credentials?)(?:[/_]|$)/;

/**
 * A login or token given Vault's `root` policy (red team R23): whoever holds its password or token
 * can do anything to every secret and to the server itself; no login is meant to hold it.
 */
function rootPolicyLogin(w: readonly string[], all: readonly Leaf[]): string | undefined {
  const root = all.find(
    ([p, v]) =>
      POLICIES_KEY.test(p[p.length - 1] ?? '') &&
      typeof v === 'string' &&
      v.split(/[\s,]+/).some((x) => x.toLowerCase() === 'root'),
  );
  if (root === undefined) return undefined;
  const login =
    LOGIN_WORD.test(w.join('_')) ||
    all.some(
      ([p, v]) =>
        p.length <= 2 &&
        /^(?:path|mount|name)$/.test(p[p.length - 1] ?? '') &&
        typeof v === 'string' &&
        LOGIN_WORD.test(v),
    );
  return login ? `${w.join('_')} gives the root policy to a login (${root[0].join('.')})` : undefined;
}

/** When outsiderAdminLines can answer (signals.ts). */
export const OUTSIDER_ADMIN_GATE: Gate = {
  // The privileged names, and the wide scopes a root key needs (rootKeyEverywhere).
  name: union(PRIVILEGED_NAME, WIDE),
  keys: wordSet(
    'role roles group groups team teams access level permission permissions privilege privileges membership memberships policy policies admin administrator owner superadmin superuser super root type kind profile scopes rights',
  ),
};

export function outsiderAdminLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => NOT_GRANT.test(x))) return [];
  const all = leaves(args, 6, 256);
  const why = privilegedToOutsider(w, all) ?? rootKeyEverywhere(w, all) ?? rootPolicyLogin(w, all);
  return why === undefined ? [] : [line('grant', 'access', why)];
}
