/**
 * An app let into the organisation with scopes that administer it or read everyone's messages, mail
 * or files (red team R25 trust to outsiders: a GitHub OAuth app approved with `admin:org` and
 * `delete_repo`, a Slack app with `channels:history` and `im:history`, tenant-wide Graph consent to
 * `Mail.ReadWrite`, a Google client trusted with `https://mail.google.com/`): approving, trusting or
 * consenting for an organisation, tenant or workspace puts those rights in the app maker's hands.
 * The same verbs with read, post or profile scopes, and one user's own consent, stay allowed.
 * Line: `agent-guard-action grant access ...` (PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { snakeEntries } from './snake-entries.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';

/** Verbs an administrator lets an app in with, for everyone it acts on. */
const ADMIT =
  /^(?:approve|approved|approval|consent|trust|trusted|allow|allowlist|whitelist|grant|preauthorize|preauthorise)$/;
/** Verbs a user may also use for their own sign-in: they count only for an organisation-wide scope. */
const CONNECT = /^(?:install|authorize|authorise|connect|add|enable|register)$/;
const READ =
  /^(?:get|list|describe|read|show|search|query|view|fetch|check|revoke|remove|delete|uninstall|deny|block|reject)$/;
/** Name words of the thing let in. */
const APP =
  /^(?:app|apps|application|applications|oauth|oauth2|client|clients|integration|integrations|connected|marketplace|addon|addons|plugin|plugins|bot|bots)$/;
/** Name words and keys that make the consent organisation-wide. */
const ORG_WORD =
  /^(?:org|orgs|organization|organisation|enterprise|workspace|tenant|team|domain|admin|marketplace|company|customer|org_unit|all_principals|allprincipals)$/;
const ORG_KEY =
  /^(?:org|organization|organisation|enterprise|enterprise_id|workspace|tenant|tenant_id|team|team_id|org_unit|org_unit_path|domain|customer|customer_id)$/;
const SCOPE_KEY =
  /^(?:scope|scopes|oauth_scopes|requested_scopes|permissions|permission|api_scopes|grant_scopes|app_scopes|bot_scopes|user_scopes)$/;

/**
 * Scopes that administer an organisation or read and write everything in it, in the vendors'
 * spellings: `admin:org`, `*:admin`, `okta.users.manage`, `manage_enterprise`, `delete_repo`,
 * `*.ReadWrite.All`, Slack `*:history`, Google `https://mail.google.com/` and `cloud-platform`.
 */
const WIDE_SCOPE = [
  /^(?:\*|all|full|full_access|everything)$/i,
  /(?:^|[:._/-])(?:admin|manage|sudo|impersonation|impersonate)(?:$|[:._/-])/i,
  /^(?:delete_repo|root_readwrite|full_access_as_app|write:org|admin_org)$/i,
  /\.(?:readwrite|write)\.all$|^(?:directory|rolemanagement|approleassignment|application|policy)\.readwrite\b/i,
  /^(?:mail|files|sites|chat|channelmessage|notes|messages?)[.:](?:read|readwrite|send)(?:[.:]all)?$/i,
  // Private channels' and direct messages' history (public `channels:history` is what a tracker's unfurls read).
  /^(?:groups|im|mpim|messages?):history$|:read:all$/i,
  /^https:\/\/(?:mail\.google\.com\/?|www\.googleapis\.com\/auth\/(?:gmail\.(?:modify|readonly|compose|insert)|drive|cloud-platform|admin\.[\w.]+|ediscovery))$/i,
];
const wide = (s: string): boolean => WIDE_SCOPE.some((re) => re.test(s.trim()));

/** Consent given for one user (`consentType: Principal`), not for everyone. */
const ONE_USER = /^(?:principal|user|self|individual)$/i;

/** When appConsentLines can answer (signals.ts). */
export const APP_CONSENT_GATE: Gate = {
  name: wordSet(
    'approve approved approval consent trust trusted allow allowlist whitelist grant preauthorize install authorize authorise connect',
  ),
};

export function appConsentLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => READ.test(x))) return [];
  const admit = w.some((x) => ADMIT.test(x));
  if (!admit && !w.some((x) => CONNECT.test(x))) return [];
  const all = snakeEntries(args, { depth: 3, pairs: 64, items: 32 });
  const appish =
    w.some((x) => APP.test(x)) ||
    all.some(([k]) =>
      /^(?:client_id|app_id|application_id|app|application|app_name|client_name|integration)$/.test(k),
    );
  if (!appish) return [];
  if (
    all.some(
      ([k, v]) =>
        /^(?:consent_type|consent_scope)$/.test(k) && typeof v === 'string' && ONE_USER.test(v.trim()),
    )
  )
    return [];
  // `authorize_app` is a user's own sign-in unless an organisation is what it is for.
  if (!admit && !w.some((x) => ORG_WORD.test(x)) && !all.some(([k]) => ORG_KEY.test(k))) return [];
  const scopes = all
    .filter(([k]) => SCOPE_KEY.test(k))
    .flatMap(([, v]): unknown[] => (Array.isArray(v) ? (v as unknown[]).slice(0, 64) : [v]))
    .flatMap((v) => (typeof v === 'string' ? v.split(/[\s,]+/).slice(0, 64) : []));
  const hit = scopes.filter((s) => s !== '' && wide(s));
  if (hit.length === 0) return [];
  return [
    line(
      'grant',
      'access',
      `${w.join('_')} lets an app in for the whole organisation with ${hit.slice(0, 3).join(', ').slice(0, 120)}`,
    ),
  ];
}
