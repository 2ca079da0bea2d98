/**
 * Sign-in trust handed to an outsider through a federation call (red team R25 trust to outsiders):
 * the company's domain or tenant federated to an issuer, SSO or metadata host that is neither the
 * company's own nor an identity vendor's (golden SAML: `issuerUri: https://sts.adfs-cloud.net`
 * beside `domain: acme.com`); a workload identity provider or federated credential that admits
 * every token of a public issuer (`attribute_condition: "true"`, `subject: "repo:*"` for GitHub
 * Actions, so any repository's workflow); inbound trust of every outside tenant's MFA claims; and an
 * outside account invited into the cloud organisation (what is shared with the organisation opens
 * to it). A federation with the company's own host or an identity vendor's tenant, a condition that
 * names the company's repositories, one partner tenant, and an invite of a mailbox at the company's
 * domain stay allowed. Where the call names no company, outside-trust.ts reads hosts from lure words.
 * Lines: `agent-guard-action grant sign-in|access ...` (PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { leaves, type Leaf } from './control-words.js';
import { HOST_IN, ownOf, type Own } from './outside-trust.js';
import { companyName, registrable } from './recipients.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';
import { idpVendorHost, PUBLIC_ISSUER } from '../../knowledge/idp-hosts.js';
import { classifyHost } from '../../net/address.js';

/** Name words of reads and of taking a trust away. */
const READ =
  /^(?:get|list|describe|read|show|search|query|view|fetch|check|test|validate|verify|remove|revoke|delete|disable|unlink|unfederate)$/;
const last = (p: readonly string[]): string => p[p.length - 1] ?? '';

/** Name words of a sign-in trust: a federation, an identity provider, SSO, a SAML or OIDC connection. */
const FEDERATION =
  /^(?:federation|federated|federate|idp|idps|sso|saml|saml2|oidc|jwt|identity|connection|connections|trusted|workload)$/;
/** Keys of the host that signs users in: its issuer, entity id, sign-in, SSO or metadata URL. */
const ANCHOR_KEY =
  /(?:^|_)(?:issuer|entity_id|sso|idp|metadata|sign_in|signin|sign_on|signon|discovery|jwks|saml)(?:_(?:uri|url|endpoint|target_url|exchange_uri|url_base))?$/;

/** Why the host is not the company's nor an identity vendor's, where the call names the company. */
function strangerAnchor(host: string, own: Own): string | undefined {
  const h = host.toLowerCase().replace(/\.$/, '');
  const info = classifyHost(h);
  if (info.class === 'loopback' || info.class === 'private') return undefined;
  if (idpVendorHost(h)) return undefined;
  const reg = registrable(h);
  const label = reg.split('.')[0]!;
  if (own.domains.has(reg)) return undefined;
  // Only a name is known (`tenant: acme`): a host registered under that name is the company's.
  if (own.domains.size === 0 && (own.labels.has(label) || own.labels.has(companyName(label))))
    return undefined;
  return h;
}

/** The company's domain or tenant federated to a host that is neither its own nor an identity vendor's. */
function outsideAnchor(tool: string, all: readonly Leaf[], own: Own): string | undefined {
  if (own.domains.size === 0 && own.labels.size === 0) return undefined;
  for (const [p, v] of all) {
    if (typeof v !== 'string' || v.length > 2048 || !ANCHOR_KEY.test(last(p))) continue;
    const s = v.trim();
    if (!/^https?:\/\//i.test(s)) continue;
    const m = HOST_IN.exec(s);
    const h = m === null ? undefined : strangerAnchor(m[1]!, own);
    if (h !== undefined)
      return `${tool} ${p.join('.')} lets ${h}, neither the company's host nor an identity vendor's, sign in its users`;
  }
  return undefined;
}

/** Keys of the condition or subject a workload trust admits tokens by. */
const CONDITION_KEY =
  /^(?:attribute_condition|condition|conditions|subject|sub|subject_claim|subject_identifier|claim_condition|bound_subject|bound_sub)$/;
/** Conditions every token meets: none, `true`, a wildcard subject (`repo:*`, `*`). */
const ANY_TOKEN = /^\s*(?:|true|1\s*==\s*1|\*|repo:\*(?::\*)?|project_path:\*(?::\*)?|[\w-]+:\*)\s*$/i;
const ISSUER_KEY = /(?:^|_)issuer(?:_uri|_url)?$/;

/** A workload or federated credential admitting every token of an issuer anyone can get tokens from. */
function anyWorkload(tool: string, all: readonly Leaf[]): string | undefined {
  const issuer = all.find(
    ([p, v]) => ISSUER_KEY.test(last(p)) && typeof v === 'string' && PUBLIC_ISSUER.test(v.trim()),
  );
  if (issuer === undefined) return undefined;
  const cond = all.find(
    ([p, v]) => CONDITION_KEY.test(last(p)) && typeof v === 'string' && ANY_TOKEN.test(v),
  );
  if (cond === undefined) return undefined;
  return `${tool} trusts every token of ${String(issuer[1]).slice(0, 80)} (${cond[0].join('.')}: "${String(cond[1]).slice(0, 40)}"): any account there acts as this identity`;
}

/** Keys of the outside tenant a cross-tenant policy is for, and of trusting its claims. */
const TENANT_KEY = /^(?:tenant_id|tenant|tenants|partner_tenant_id|organization_id|org_id)$/;
const ACCEPT_KEY =
  /^(?:is_mfa_accepted|is_compliant_device_accepted|is_hybrid_azure_ad_joined_device_accepted|trust_mfa|accept_mfa|trust_device|trust_external_mfa|mfa_accepted)$/;

/** Inbound trust of every outside tenant's MFA or device claims (a default or `*` cross-tenant policy). */
function everyTenantTrusted(w: readonly string[], tool: string, all: readonly Leaf[]): string | undefined {
  const accepted = all.find(([p, v]) => ACCEPT_KEY.test(last(p)) && (v === true || v === 'true'));
  if (accepted === undefined) return undefined;
  const every =
    w.includes('default') ||
    all.some(
      ([p, v]) =>
        TENANT_KEY.test(last(p)) && typeof v === 'string' && /^\s*(?:\*|all|any|default)\s*$/i.test(v),
    );
  return every
    ? `${tool} accepts every outside tenant's claims (${accepted[0].join('.')}): their own sign-in counts as this tenant's MFA`
    : undefined;
}

/** A cloud account, by its number, brought into the organisation by invitation. */
function accountInvited(w: readonly string[], tool: string, all: readonly Leaf[]): string | undefined {
  if (!w.some((x) => /^(?:invite|invitation)$/.test(x))) return undefined;
  if (!w.some((x) => /^(?:organization|organizations|organisation|org|orgs|account|accounts)$/.test(x)))
    return undefined;
  const target = all.find(([p, v]) => /(?:^|_)id$/.test(last(p)) && /^\s*\d{12}\s*$/.test(String(v)));
  if (target === undefined) return undefined;
  return `${tool} brings account ${String(target[1]).trim()} into the organisation: what is shared with the organisation opens to it`;
}

/** When federationLines can answer (signals.ts). */
export const FEDERATION_GATE: Gate = {
  name: wordSet(`federation federated federate idp idps sso saml saml2 oidc jwt identity connection connections
    trusted workload credential credentials invite invitation tenant cross default`),
};

export function federationLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => READ.test(x))) return [];
  const all = leaves(args, 6, 256);
  if (all.length === 0) return [];
  const tool = w.join('_');
  const own = ownOf(all);
  const fed = w.some((x) => FEDERATION.test(x));
  const signIn =
    (fed ? (outsideAnchor(tool, all, own) ?? anyWorkload(tool, all)) : undefined) ??
    everyTenantTrusted(w, tool, all);
  if (signIn !== undefined) return [line('grant', 'sign-in', signIn)];
  const invited = accountInvited(w, tool, all);
  return invited === undefined ? [] : [line('grant', 'access', invited)];
}
