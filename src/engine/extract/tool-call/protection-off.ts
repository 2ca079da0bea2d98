/**
 * A company-wide protection switched off or opened to everything, read from what a field names
 * rather than from the vendor (red team R23 security off): a key that names a protection (DLP, DNS
 * or URL filtering, malware or secret scanning, dependency or pull-request security checks, SSO
 * enforcement, bot protection, audit logging) set off; a restriction told to allow everything
 * (`allowAll: true` on an organisation policy, `allow_all_domains`, `allValues: ALLOW`, a network
 * rule set's `defaultAction: Allow`, a URL filter allowing category ANY); a WAF or firewall rule
 * that skips every request (`expression: "true"`); sharing set to anyone on the whole
 * organisation. Only on an organisation, account, tenant or production scope: a dev or sandbox
 * project, one path skipped (`/healthz`), a filter switched on and a named allow-list stay allowed.
 * Lines: `agent-guard-action silence|expose ...` (PLT-AST-002, PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { leaves, type Leaf, switchedOff } from './control-words.js';
import { union, wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';
import { snakeKey } from './snake-entries.js';
import { PRODUCTION, scratchOnly } from '../../knowledge/ephemeral-names.js';

/** Name words of reads and of switching on. */
const READ_OR_ON =
  /^(?:get|list|describe|read|show|search|query|view|fetch|check|test|validate|preview|plan|enable|activate|restore|delete|remove)$/;
const last = (p: readonly string[]): string => p[p.length - 1] ?? '';

/**
 * Key words of a protection whose off value leaves the company unguarded (words of a snake-case
 * key; `deletion_protection` guards against the owner's mistakes and is guard-off.ts's).
 */
const PROTECTION =
  /^(?:dlp|waf|firewall|antivirus|antimalware|malware|phishing|sso|saml|scanning|secret_scanning|push_protection|protection|prevention|ddos|sandboxing|quarantine|safe_links|safe_attachments|threat|intrusion|edr|ip_allowlist|ip_allow_list|ip_restrictions|allowlist_enabled)$/;
/** Pairs of words that name a protection only together (`pr_checks`, `security_checks`, `audit_logging`). */
const PROTECTION_PAIR =
  /(?:^|_)(?:(?:pr|security|status|required|vulnerability|dependency|license|policy|code)_checks?|audit_log(?:s|ging)?|access_log(?:s|ging)?|sso_(?:enforcement|required|enforced)|dns_(?:filter|filtering|security|protection)|url_(?:filter|filtering)|web_(?:filter|filtering)|content_(?:filter|filtering)|bot_(?:protection|management|fight_mode)|link_protection|(?:spam|malware|phishing|mail|email|traffic|ip)_(?:filter|filtering|detection|checks?)|(?:virus|malware|code|dependency|container|image|secret)_scan(?:s|ning)?|scan_on_push|(?:ids|ips)_(?:enabled|mode|policy)|security_(?:scanning|scan|checks?|gate|alerts|level|mode|policy)|ip_(?:allowlist|allow_list|whitelist|restrictions?))(?:_|$)/;
/** Switches that block, prevent or restrict something: set false, the guard is gone (`block_unsanctioned_apps`). */
const GUARD_SWITCH = /^(?:block|prevent|restrict)_\w+$/;
/** Guards of the owner against their own mistakes, not against an attacker. */
const OWN_MISTAKE =
  /(?:^|_)(?:deletion|delete|termination|destroy|stop|scale_in|overwrite|hotlink|copy)_protection(?:_|$)/;
/** Key words that only tune a protection left on (its schedule, its list, its message). */
const TUNING =
  /(?:^|_)(?:exclude|excluded|exclusions?|exempt|ignore|ignored|schedule|interval|message|notify|notification|email|emails|grace|days|hours|log_level|verbose|debug|sample|sampling|retention|name|description|url)(?:_|$)/;
const OFF =
  /^\s*(?:false|off|none|no|0|disabled?|not[-_ ]?(?:required|enforced|enabled)|unenforced|inactive|bypass|skip|never|allow[-_ ]?all|(?:essentially|always|turned)[-_ ]?off|(?:detect|detection|monitor|log|report|audit)[-_ ]?only|simulate|dry[-_ ]?run)\s*$/i;
const isOff = (v: unknown): boolean => v === false || v === 0 || (typeof v === 'string' && OFF.test(v));
/** A threshold below which nothing fails any more (`fail_on: none`, `severity_threshold: never`). */
const FAIL_KEY = /^(?:fail_on|fail_on_severity|failure_threshold|block_on|break_on|fail_build_on)$/;

/** A protection field set off. */
function protectionOff(all: readonly Leaf[]): string | undefined {
  for (const [p, v] of all) {
    const path = p.slice(-2).join('_');
    if (FAIL_KEY.test(last(p)) && typeof v === 'string' && /^\s*(?:none|never|off)\s*$/i.test(v))
      return `${p.join('.')} ${v}: nothing fails any more`;
    const key = last(p);
    // A key named for the protection's absence (`disable_clickjack_protection_headers`) is off when true.
    const off = switchedOff(key, v, isOff);
    if (!off || OWN_MISTAKE.test(path) || TUNING.test(key)) continue;
    const named =
      PROTECTION_PAIR.test(key) ||
      PROTECTION.test(key) ||
      (GUARD_SWITCH.test(key) && (v === false || v === 'false')) ||
      key.split('_').some((x) => PROTECTION.test(x)) ||
      // `{dlp: {enabled: false}}`: the switch of a protection's own object.
      (/^(?:enabled|is_enabled|enable|on|active|status|state|mode|enforcement|enforce|enforced)$/.test(key) &&
        p.length >= 2 &&
        (PROTECTION_PAIR.test(p[p.length - 2]!) ||
          p[p.length - 2]!.split('_').some((x) => PROTECTION.test(x))));
    if (named) return `${p.join('.')} ${String(v)}`;
  }
  return undefined;
}

/** Switches that make a restriction let everything through. */
const ALLOW_ALL_KEY =
  /^(?:allow|permit)_(?:all|any)(?:_(?:domains|ips|addresses|origins|hosts|traffic|requests|senders|apps|applications|networks|countries|regions|values|categories|urls|sources|destinations|members|principals))?$|^(?:allow_everything|unrestricted)$/;
/** Keys whose value is a rule set's default for what no rule matches (Azure `defaultAction`). */
const DEFAULT_ACTION_KEY = /^(?:default_action|default_policy|default_rule|default_verdict)$/;
/** Keys of the categories or values a filter rule applies to, and values that are all of them. */
const CATEGORY_KEY =
  /(?:^|_)(?:categories|category|url_categories|values|domains|destinations|applications)$/;
const EVERY = /^\s*(?:any|all|\*|every|everything)\s*$/i;

/** A restriction told to allow everything, or a filter rule allowing every category. */
function allowsAll(w: readonly string[], all: readonly Leaf[]): string | undefined {
  const allowAction = all.some(
    ([p, v]) =>
      /^(?:action|verdict|decision)$/.test(last(p)) && typeof v === 'string' && /^\s*allow\s*$/i.test(v),
  );
  for (const [p, v] of all) {
    const k = last(p);
    if (ALLOW_ALL_KEY.test(k) && (v === true || v === 'true')) return `${p.join('.')} true`;
    // GCP list constraints: `allValues: ALLOW` lifts the restriction.
    if (k === 'all_values' && typeof v === 'string' && /^\s*allow\s*$/i.test(v)) return `${p.join('.')} ${v}`;
    if (
      DEFAULT_ACTION_KEY.test(k) &&
      typeof v === 'string' &&
      /^\s*(?:allow|accept|permit)\s*$/i.test(v) &&
      (p.some((x) => /(?:^|_)(?:network|acls?|rule_set|rules|firewall|ip)(?:_|$)/.test(x)) ||
        w.some((x) => /^(?:network|firewall|acl|acls|storage)$/.test(x)))
    )
      return `${p.join('.')} ${v}: what no rule names is let in`;
    if (allowAction && CATEGORY_KEY.test(k) && typeof v === 'string' && EVERY.test(v))
      return `${p.join('.')} ${v} allowed`;
  }
  return undefined;
}

/** Name words of a WAF or firewall, and of rule sets that may be one (Cloudflare rulesets, edge security). */
const WAF_WORD = /^(?:waf|wafv2|firewall|firewalls|shield|armor|owasp|modsecurity|crs)$/;
const RULESET_WORD = /^(?:ruleset|rulesets|security|edge|bot|bots)$/;
/** Actions that let a request past every rule, and (on a WAF or firewall) those that let it through. */
const SKIP_ACTION = /^\s*(?:skip|bypass|exempt|allow_all|whitelist)\s*$/i;
const PASS_ACTION = /^\s*(?:allow|pass|disable|log|log_only)\s*$/i;
const EXPRESSION_KEY = /^(?:expression|filter|match|condition|when|rule|pattern|path|paths|uri|url|matcher)$/;
/**
 * Expressions every request matches: `true`, `*`, `/` or `/*`, a path containing or starting with
 * `/`, a host or address not equal to nothing (`http.host ne ""`, `ip.src ne 0.0.0.0`).
 */
const EVERY_REQUEST =
  /^\s*\(?\s*(?:true|1|\*|\/\*?|any|all|\.\*|not\s+false|[\w.]+\s+(?:contains|starts_with|matches)\s+"\/\*?"|[\w.]+\s+(?:ne|!=)\s+(?:""|0\.0\.0\.0)|starts_with\([\w.]+,\s*"\/"\))\s*\)?\s*$/i;

/** A WAF or firewall rule that lets every request past. */
function skipsEverything(w: readonly string[], all: readonly Leaf[]): string | undefined {
  const waf =
    w.some((x) => WAF_WORD.test(x)) ||
    all.some(
      ([p, v]) =>
        p.some((k) => /(?:^|_)(?:waf|firewall)(?:_|$)/.test(k)) ||
        (typeof v === 'string' && /(?:^|_)(?:waf|firewall)(?:_|$)/i.test(v)),
    );
  if (!waf && !w.some((x) => RULESET_WORD.test(x))) return undefined;
  // An Access or security policy's `allow` lets named people in; only a WAF's or firewall's lets requests past its rules.
  const pass = all.find(
    ([p, v]) =>
      /^(?:action|mode|type)$/.test(last(p)) &&
      typeof v === 'string' &&
      (SKIP_ACTION.test(v) || (waf && PASS_ACTION.test(v))),
  );
  if (pass === undefined) return undefined;
  const every = all.find(
    ([p, v]) => EXPRESSION_KEY.test(last(p)) && typeof v === 'string' && EVERY_REQUEST.test(v),
  );
  return every === undefined
    ? undefined
    : `${w.join('_')} ${String(pass[1])} for every request (${every[0].join('.')} ${String(every[1])})`;
}

/** Keys of who may open shared files or links, and values that say anyone. */
const SHARING_KEY =
  /(?:^|_)(?:sharing|external_sharing|link_sharing|drive_sharing|sharing_mode|sharing_scope|shared_link_default_access|default_link_access|default_shared_link_access|link_access|sharing_capability)$/;
/** SharePoint's `ExternalUserAndGuestSharing` is its anyone-with-a-link level. */
const ANYONE = /(?:^|_)(?:anyone|anonymous|public|everyone|open|world|guest)(?:_|$)/i;

/** Sharing let out to anyone with a link across the organisation. */
function sharingAnyone(all: readonly Leaf[]): string | undefined {
  const hit = all.find(
    ([p, v]) => SHARING_KEY.test(last(p)) && typeof v === 'string' && ANYONE.test(snakeKey(v.trim())),
  );
  return hit === undefined ? undefined : `${hit[0].join('.')} ${String(hit[1])}`;
}

/** Keys of which outside organisations may connect, share channels or federate, and values that say any. */
const OUTSIDE_ORGS_KEY =
  /(?:^|_)(?:external_collaboration|external_access|auto_accept_invites_from|accept_invites_from|shared_channels_from|allowed_external_domains|allowed_domains|federated_domains|allowed_federated_domains|external_orgs|allowed_orgs|trusted_orgs|connect_from)$/;
const ANY_ORG =
  /^(?:\*|any|all|anyone|everyone|public|open|allow_?all\w*|all_?(?:orgs|organizations|domains|known_domains|external\w*))$/i;
/** Switches that let consumer accounts in (Teams `allowPublicUsers`, `allow_anonymous_users`). */
const CONSUMERS_KEY = /^allow_(?:public|anonymous|consumer|personal)_(?:users|accounts)$/;

/** Channels, chats or collaboration opened to any outside organisation or consumer account. */
function outsideOrgsAny(all: readonly Leaf[]): string | undefined {
  const hit = all.find(
    ([p, v]) =>
      (OUTSIDE_ORGS_KEY.test(last(p)) &&
        typeof v === 'string' &&
        (ANY_ORG.test(v.trim()) || ANY_ORG.test(snakeKey(v.trim())))) ||
      (CONSUMERS_KEY.test(last(p)) && (v === true || v === 'true')),
  );
  return hit === undefined ? undefined : `${hit[0].join('.')} ${String(hit[1])}`;
}

/** Name words of a company-wide scope. */
const WIDE_WORD =
  /^(?:org|orgs|organization|organizations|organisation|account|accounts|tenant|tenants|enterprise|workspace|workspaces|company|global|domain|domains|zone|zones|default|policy|policies|settings|admin|customer|umbrella|directory)$/;
/** Keys naming the organisation, tenant or account acted on. */
const WIDE_KEY =
  /^(?:org|org_id|org_name|organization|organization_id|organisation|tenant|tenant_id|enterprise|enterprise_id|workspace|workspace_id|account|account_id|company|zone|zone_id|domain|customer|customer_id|org_unit|org_unit_path|policy_id)$/;

/** Whether the call acts on a whole organisation, account or production resource. */
function companyWide(w: readonly string[], all: readonly Leaf[], names: readonly string[]): boolean {
  return (
    w.some((x) => WIDE_WORD.test(x)) ||
    all.some(([p, v]) => p.length <= 2 && WIDE_KEY.test(last(p)) && v !== '' && v !== null) ||
    // `organizations/88/policies/x`, Workspace's root org unit `/`, a rule named Default (it covers everyone).
    names.some(
      (n) => /^(?:organizations|folders|customers)\/|^\/$|^default$/i.test(n.trim()) || PRODUCTION.test(n),
    )
  );
}

/** Environments before production, and names of a developer's own project. */
const NOT_LIVE =
  /(?:^|[-_./:=\s])(?:staging|stage|qa|uat|dev|development|sandbox|scratch|test|testing|playground|demo)(?:$|[-_./:=\s\d])/i;

/** When protectionOffLines can answer (signals.ts). */
export const PROTECTION_OFF_GATE: Gate = {
  name: union(
    WAF_WORD,
    RULESET_WORD,
    wordSet('dlp filtering filter filters sso scanning scan umbrella sharing policy policies'),
  ),
  keys: wordSet(
    'external invites federated public anonymous dlp waf firewall antivirus antimalware malware phishing spam filtering filter sso saml scanning scan scanner protection bot ddos sandboxing quarantine safe threat intrusion ips ids edr checks check audit security gate alerts fail failure block break allow permit unrestricted all values default categories category domains destinations applications sharing link access allowlist whitelist restrictions prevent restrict enforce level mode',
  ),
  // A WAF or firewall named only by a value (`products: ["waf"]`).
  // A setting named by a value (`{setting: "drive_sharing", value: "anyone"}`).
  when: (s) => s.strings.some((x) => x.length < 40 && /(?:^|_)(?:waf|firewall|sharing)(?:_|$)/i.test(x)),
};

export function protectionOffLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => READ_OR_ON.test(x))) return [];
  const all = leaves(args, 6, 256);
  // What a resource is called, not what a note says about it (`description: temp` names nothing).
  const names = [
    w.join('_'),
    ...all
      .filter(([p]) => !/^(?:description|reason|note|notes|comment|comments|title|label)$/.test(last(p)))
      .map(([, v]) => v)
      .filter((v): v is string => typeof v === 'string' && v.length < 200),
  ];
  if (scratchOnly(names) || (names.some((n) => NOT_LIVE.test(n)) && !names.some((n) => PRODUCTION.test(n))))
    return [];
  // Which outside organisations may connect is set for the whole tenant, whatever the tool says.
  const outside = outsideOrgsAny(all);
  if (outside !== undefined)
    return [line('expose', 'sharing', `${w.join('_')} opens it to any outside organisation (${outside})`)];
  if (!companyWide(w, all, names)) return [];
  const tool = w.join('_');
  const skip = skipsEverything(w, all);
  if (skip !== undefined) return [line('silence', 'waf', skip)];
  const off = protectionOff(all);
  if (off !== undefined) return [line('silence', 'protection', `${tool} switches a protection off (${off})`)];
  const open = allowsAll(w, all);
  if (open !== undefined) return [line('silence', 'policy', `${tool} lets everything through (${open})`)];
  const shared = sharingAnyone(all);
  return shared === undefined
    ? []
    : [line('expose', 'sharing', `${tool} lets anyone open shared files (${shared})`)];
}
