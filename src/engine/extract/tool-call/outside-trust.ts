/**
 * Trust, traffic and code routed to a host that is not the company's (red team r15 access-widen
 * and injected calls). The company is what the call itself names (its zone, its org, its package
 * scope, its mail domain); a host is outside when something shows it: it wears the company's or a
 * vendor's name with extra words on another domain (`acme-login.app-auth-redirect.com`,
 * `example-corp-secure.top`, `js-stripe-cdn.com`), it has another domain inside its name
 * (`google.com.att-support.com`), it is shaped for sign-in lures or on a throwaway ending, it is a
 * paste or file-drop host, or it is a bare public address. Read from every changing call: sign-in
 * redirects, identity providers, forwarding rules, key deliveries, plugin sources and the scripts a
 * page loads. Also: a domain's delegation moved to nameservers of no known DNS host, a free-mail
 * domain let in as a whole, a second factor enrolled without its owner's check, a maintainer from
 * outside the package's org, a repository mirrored to another namespace, and a private resource
 * shared with another account's root. The company's own hosts, vendors' tenant subdomains
 * (`acme.okta.com`), known DNS hosts and colleagues stay allowed.
 * Lines: `agent-guard-action grant|divert|leak|weaken ...` (PLT-AST-003), `redirect` (PLT-AST-002).
 */
import { type CliEquivalent } from './cli.js';
import { leaves, type Leaf } from './control-words.js';
import { companyName, FREE_MAIL, registrable } from './recipients.js';
import { LURE_HOST, posesAsBrand } from '../../knowledge/lure-host.js';
import { captureHost, fileDropUrl } from '../../knowledge/file-drop-hosts.js';
import { privateContent } from '../../knowledge/public-content.js';
import { classifyHost } from '../../net/address.js';
import { idpVendorHost } from '../../knowledge/idp-hosts.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';

/** Name words of reads and of taking access away. */
const READ =
  /^(?:get|list|describe|read|show|search|query|view|fetch|check|test|validate|remove|revoke|delete|unshare|disable|download|preview)$/;
const last = (p: readonly string[]): string => p[p.length - 1] ?? '';

/** Keys whose value names the organisation the call acts for. */
const ORG_KEY =
  /^(?:org|organization|organisation|owner|workspace|tenant|company|namespace|zone|domain|domain_name|domain_id|realm|team|enterprise|account_name|scope)$/;
/** Keys of a domain the company receives or sends its own mail for (Postmark `InboundDomain`). */
const OWN_DOMAIN_KEY =
  /^(?:inbound|mail|email|primary|company|org|organization|tenant|customer|sending|sender)_domain$/;
const REPO_KEY =
  /^(?:repo|repository|full_name|project|project_path|package|package_name|source|source_repo)$/;
/** Keys naming the app or client whose sign-in a redirect serves. */
const APP_KEY = /^(?:client_id|client_name|app|app_name|app_id|application|application_name|oauth_app)$/;
const EMAIL = /[^\s@<>"',;:()]+@([a-z0-9-]+(?:\.[a-z0-9-]+)+)/gi;
export const HOST_IN =
  /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[^@/?#\s]*@)?(\[[^\]]+\]|[a-z0-9-]+(?:\.[a-z0-9-]+)+)(?::\d+)?(?:[/?#]|$)/i;

export interface Own {
  /** Registrable domains of the company. */
  readonly domains: Set<string>;
  /** Its name labels (`acme`, `example-corp`). */
  readonly labels: Set<string>;
}

const GENERIC_LABEL = /^(?:www|app|api|corp|inc|prod|dev|org|com|net|the|my|team|main|default|live)$/;

function addLabel(own: Own, label: string): void {
  const l = label.toLowerCase();
  if (l.length >= 3 && !GENERIC_LABEL.test(l)) own.labels.add(l);
}

/** What the call says the company is: its zone, org, repository owner, package scope and mail domain. */
export function ownOf(all: readonly Leaf[]): Own {
  const own: Own = { domains: new Set(), labels: new Set() };
  for (const [p, v] of all) {
    if (typeof v !== 'string' || v.length > 200) continue;
    const key = last(p);
    // EMAIL rescans from every character of a string without `@`: test for it first.
    if (v.includes('@'))
      for (const m of v.matchAll(EMAIL)) {
        const d = registrable(m[1]!);
        if (FREE_MAIL.test(d) || lookAlikeShape(m[1]!)) continue;
        own.domains.add(d);
        addLabel(own, d.split('.')[0]!);
      }
    const s = v.trim().toLowerCase();
    if (ORG_KEY.test(key) || OWN_DOMAIN_KEY.test(key)) {
      if (/^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/.test(s)) {
        own.domains.add(registrable(s));
        addLabel(own, registrable(s).split('.')[0]!);
      } else if (/^[@a-z0-9_-]{3,40}$/.test(s)) addLabel(own, s.replace(/^@/, ''));
    } else if (APP_KEY.test(key) && /^[a-z]{3,20}(?:[-_][a-z0-9]+){0,4}$/.test(s)) {
      // An OAuth client or app named for the company (`client_id: acme-web`) says whose sign-in it is.
      addLabel(own, s.split(/[-_]/)[0]!);
    } else if (REPO_KEY.test(key)) {
      const scope = /^@?([a-z0-9_-]{3,40})\//.exec(s)?.[1] ?? /^([a-z0-9]{3,20})-[a-z0-9-]+$/.exec(s)?.[1];
      if (scope !== undefined) addLabel(own, scope);
    }
  }
  for (const l of [...own.labels]) {
    // `acme-corp` also answers to `acme`.
    const first = l.split(/[-_]/)[0]!;
    if (first !== l) addLabel(own, first);
  }
  return own;
}

/** Another domain spelled inside a host's name (`google.com.att-support.com`, `paypal.com-secure.io`). */
function lookAlikeShape(host: string): boolean {
  const h = host.toLowerCase();
  const reg = registrable(h);
  const rest = h.slice(0, Math.max(0, h.length - reg.length - 1));
  return (
    /(?:^|\.)[a-z0-9-]{2,}\.(?:com|net|org|io|co|gov|edu)(?:[.-]|$)/.test(rest) ||
    /\.(?:com|net|org)-[a-z]/.test(h)
  );
}

/** Keys naming who signs users in (an IdP's issuer, SSO or metadata URL): lure words count anywhere in its host. */
const IDP_KEY = /(?:^|_)(?:issuer|idp|sso|metadata|entity|saml|oidc|discovery|jwks|login)(?:_url|_uri)?$/;

/**
 * Why a host is outside the company, or undefined when nothing shows it. Lure words count in the
 * registered name (a company's own `billing.` or `auth.` subdomain receives hooks), and anywhere in
 * the host of a sign-in key (`auth.federate-now.io` as an issuer, R25).
 */
export function foreignHost(host: string, own: Own, signIn = false): string | undefined {
  const h = host.toLowerCase().replace(/\.$/, '');
  const info = classifyHost(h);
  if (info.class === 'loopback' || info.class === 'private') return undefined;
  if (info.class !== 'name') return `${h}, a bare address`;
  const reg = registrable(h);
  // The company's name as a whole domain (`acme.com` for `client_id: acme-web`) where the call gives
  // no domain of its own to compare; beside one (`acme.com`), another ending (`acme.help`) is a look-alike.
  // `acme-corp.com` beside `owner: acme` (R19 twin) is the name with only a legal-form word added.
  if (own.domains.has(reg) || (own.domains.size === 0 && own.labels.has(companyName(reg.split('.')[0]!))))
    return undefined;
  if (fileDropUrl(h)) return `${h}, a paste or file-drop host`;
  if (captureHost(h)) return `${h}, a request-capture host`;
  // An identity vendor's own host signs in its tenants (`accounts.google.com` as a social login's issuer).
  if (signIn && idpVendorHost(h)) return undefined;
  if (lookAlikeShape(h)) return `${h}, a host with another domain in its name`;
  if (posesAsBrand(h)) return `${h}, a host borrowing a vendor's name`;
  for (const label of h.split('.')) {
    for (const o of own.labels) {
      // A vendor's tenant subdomain is the company's name exactly (`acme.okta.com`); the name with
      // words added (`acme-login`, `example-corp-secure`) on a domain not its own is a look-alike.
      if (label !== o && (label.startsWith(`${o}-`) || label.endsWith(`-${o}`) || label.includes(`-${o}-`)))
        return `${h}, a look-alike of ${o}`;
    }
  }
  if (LURE_HOST.test(signIn ? h : reg)) return `${h}, a host shaped for lures`;
  return undefined;
}

/** Keys whose value is where sign-in, traffic, deliveries or code come from or go. */
const ROUTE_KEY =
  /(?:^|_)(?:redirect|redirects|callback|callbacks|sso|idp|issuer|entity|metadata|acs|login|logout|forward|forwarding|destination|deliver|send|upload|zip|download|source|package|plugin|theme|origin|upstream|proxy|endpoint|webhook|mirror|remote|registry|index|feed|url|urls|uri|uris|target|host|server|to)$/;
const SCRIPT_SRC = /<script\b[^>]*\bsrc\s*=\s*["']?([^"'\s>]+)/gi;

/** Name words of a standing configuration: a host set there keeps receiving traffic or trust. */
const CONFIGURE =
  /^(?:set|update|add|create|install|register|configure|patch|put|enroll|enrol|connect|link|change|edit|replace|modify|apply|enable|upsert|attach|import)$/;
/** Name words of one transfer: its URL is where this one payload goes, judged by what it carries. */
const ONE_SHOT =
  /^(?:request|http|https|fetch|curl|upload|download|post|send|get|call|invoke|browse|navigate|open)$/;

/** Keys of where a sign-in sends its code or token back. */
const SIGN_IN_KEY =
  /^(?:redirect_uri|redirect_uris|redirect_url|redirect_urls|callback_url|callback_urls|callback|callbacks|reply_url|reply_urls|allowed_callback_urls|login_redirect_uri|post_logout_redirect_uris|acs_url)$/;

/** First words of an app id that say what kind of client it is (`spa-prod`, `web-staging`), not whose (R22 twin). */
const APP_KIND =
  /^(?:spa|web|webapp|mobile|ios|android|desktop|cli|frontend|backend|admin|portal|client|server|site|staging|stage|test|qa|beta|internal|public|native|m2m|service|svc)$/;

/** An app id's company word: its first part, of a camel-case id too (`acmeWebStaging`: acme). */
function appName(id: string): string {
  const head = id.split(/[-_]/)[0]!;
  const camel = /^[a-z]{4,}(?=[A-Z])/.exec(head);
  return (camel?.[0] ?? head).toLowerCase();
}

/**
 * A sign-in redirect on a host that bears none of the names the call gives the company (R16:
 * `client_id: acme-web`, `redirect_uris: [https://h4x.dev/cb]`): the sign-in's code or token goes
 * to whoever runs that host. Only where the call names the company; this machine stays allowed.
 */
function signInElsewhere(tool: string, all: readonly Leaf[], own: Own): string | undefined {
  // The app is the company's when its own name says so (`client_id: acme-web`); a third-party app
  // added to the company's workspace signs in at its maker's host.
  const app = new Set<string>();
  for (const [p, v] of all)
    if (
      APP_KEY.test(last(p)) &&
      typeof v === 'string' &&
      /^[a-z]{3,20}(?:[-_][a-z0-9]+){0,4}$/i.test(v.trim())
    )
      app.add(appName(v.trim()));
  for (const l of app) if (GENERIC_LABEL.test(l) || APP_KIND.test(l)) app.delete(l);
  if (app.size === 0) return undefined;
  for (const [p, v] of all) {
    if (typeof v !== 'string' || !SIGN_IN_KEY.test(last(p)) || v.length > 2048) continue;
    const m = /^https?:\/\//i.test(v.trim()) ? HOST_IN.exec(v.trim()) : null;
    if (m === null) continue;
    const h = m[1]!.toLowerCase();
    const info = classifyHost(h);
    if (info.class === 'loopback' || info.class === 'private') continue;
    if (own.domains.has(registrable(h)) || [...app, ...own.labels].some((l) => h.includes(l))) continue;
    return `${tool} ${p.join('.')} sends sign-ins to ${h}, a host that is not the app's`;
  }
  return undefined;
}

/** Name words that are verbs or kinds of thing, not the vendor a tool is named for. */
const NOT_VENDOR =
  /^(?:set|update|add|create|install|register|configure|patch|put|enroll|enrol|connect|link|change|edit|replace|modify|apply|enable|upsert|attach|import|get|list|delete|remove|send|post|upload|download|run|new|plugin|plugins|theme|themes|package|packages|extension|extensions|module|modules|app|apps|site|sites|web|api|dns|cdn|script|scripts|store)$/;

/**
 * A host that wears the name of the vendor the tool is named for with words added, on a domain
 * that is not the vendor's (`wordpress_install_plugin` from `wordpress-plugins.org.co`).
 */
function vendorLookAlike(w: readonly string[], host: string): string | undefined {
  const vendor = w.length >= 3 && !NOT_VENDOR.test(w[0]!) && w[0]!.length >= 5 ? w[0]! : undefined;
  if (vendor === undefined) return undefined;
  const h = host.toLowerCase();
  if (registrable(h).split('.')[0] === vendor) return undefined;
  return h.split('.').some((l) => l !== vendor && l.split('-').includes(vendor))
    ? `${h}, a look-alike of ${vendor}`
    : undefined;
}

function routedOut(w: readonly string[], tool: string, all: readonly Leaf[], own: Own): string | undefined {
  // A pull or merge request is a standing change to the code, not one request.
  const change = w.some((x, i) => x === 'request' && /^(?:pull|merge)$/.test(w[i - 1] ?? ''));
  if (!w.some((x) => CONFIGURE.test(x)) || (!change && w.some((x) => ONE_SHOT.test(x)))) return undefined;
  const signIn = signInElsewhere(tool, all, own);
  if (signIn !== undefined) return signIn;
  for (const [p, v] of all) {
    if (typeof v !== 'string' || v.length > 65536) continue;
    const key = last(p);
    if (ROUTE_KEY.test(key) && v.length < 2048) {
      const m = HOST_IN.exec(v.trim());
      if (
        m !== null &&
        (/^[a-z][a-z0-9+.-]*:\/\//i.test(v.trim()) ||
          /^www\./i.test(v.trim()) ||
          key.endsWith('host') ||
          fileDropUrl(v))
      ) {
        const why = foreignHost(m[1]!, own, IDP_KEY.test(key)) ?? vendorLookAlike(w, m[1]!);
        if (why !== undefined) return `${tool} ${p.join('.')} points at ${why}`;
      }
    }
    if (v.includes('<script')) {
      for (const s of v.slice(0, 65536).matchAll(SCRIPT_SRC)) {
        const m = HOST_IN.exec(s[1]!.replace(/^\/\//, 'https://'));
        if (m === null || !/^(?:https?:)?\/\//i.test(s[1]!)) continue;
        const why = foreignHost(m[1]!, own);
        if (why !== undefined) return `${tool} loads a script from ${why} into the page`;
      }
    }
  }
  return undefined;
}

/** Hosts whose nameservers serve their customers' zones (a delegation there stays the owner's). */
const DNS_HOST =
  /(?:^|\.)(?:cloudflare\.com|awsdns-\d+\.(?:com|net|org|co\.uk)|googledomains\.com|google\.com|azure-dns\.(?:com|net|org|info)|domaincontrol\.com|registrar-servers\.com|digitalocean\.com|linode\.com|akam\.net|akamai\.net|nsone\.net|dnsimple\.com|dnsmadeeasy\.com|ultradns\.(?:com|net|org|biz)|dynect\.net|hetzner\.com|ovh\.net|name\.com|gandi\.net|porkbun\.com|vercel-dns\.com|netlify\.com|nsone\.net|he\.net|dreamhost\.com|bluehost\.com|hostgator\.com|namecheaphosting\.com|squarespacedns\.com|wixdns\.net|dnspod\.net|alidns\.com|route53\.amazonaws\.com|cloudns\.net|easydns\.com|rackspace\.com|worldnic\.com|register\.com|networksolutions\.com|ionos\.com|ui-dns\.(?:com|org|de|biz)|one\.com|strato\.de|inwx\.de|afraid\.org|zoneedit\.com|dns\.jp|markmonitor\.com|csc(?:dns|corporatedomains)\.(?:com|net))$/i;

function nameserversMoved(tool: string, all: readonly Leaf[], own: Own): string | undefined {
  const hit = all.find(([p, v]) => {
    if (
      !/^(?:nameservers?|name_servers?|ns|ns_records|dns_servers|delegation)$/.test(
        p.find((k) => /^(?:nameservers?|name_servers?|ns|ns_records|dns_servers|delegation)$/.test(k)) ?? '',
      ) ||
      typeof v !== 'string'
    )
      return false;
    // Namecheap takes its list as one comma-separated string (`ns1.x.net,ns2.x.net`).
    return v
      .slice(0, 1024)
      .split(/[\s,;]+/)
      .some((n) => {
        const h = n.toLowerCase().replace(/\.$/, '');
        return (
          /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/.test(h) && !DNS_HOST.test(h) && !own.domains.has(registrable(h))
        );
      });
  });
  return hit === undefined
    ? undefined
    : `${tool} delegates the domain to ${String(hit[1]).slice(0, 120)}, a nameserver of no known DNS host`;
}

/** Keys of the domains whose every address is let in. */
const DOMAIN_KEY =
  /(?:^|_)(?:domain|domains|allowed_domains?|auto_join_domains?|trusted_domains?|approved_domains?|whitelisted_domains?|email_domains?|signup_domains?|member|members|principal|principals|grantee|grantees)$/;

function freeMailLetIn(tool: string, all: readonly Leaf[]): string | undefined {
  const hit = all.find(([p, v]) => {
    if (!DOMAIN_KEY.test(last(p)) || typeof v !== 'string') return false;
    const d = v
      .trim()
      .toLowerCase()
      .replace(/^(?:domain:|@)/, '');
    return /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/.test(d) && FREE_MAIL.test(d);
  });
  return hit === undefined
    ? undefined
    : `${tool} ${hit[0].join('.')}: ${String(hit[1])} (every account at a public mail provider is let in)`;
}

const FACTOR =
  /^(?:factor|factors|mfa|2fa|otp|totp|authenticator|device|phone|sms|webauthn|passkey|u2f|fido)$/;
const ENROL = /^(?:enroll|enrol|register|add|activate|create|set|update|link)$/;

function unverifiedFactor(w: readonly string[], tool: string, all: readonly Leaf[]): string | undefined {
  if (!w.some((x) => FACTOR.test(x)) || !w.some((x) => ENROL.test(x))) return undefined;
  const hit = all.find(
    ([p, v]) =>
      (/^(?:skip|bypass|without|no)_(?:\w+_)?(?:verification|verify|challenge|activation|confirmation|otp)|_without_(?:verification|challenge|confirmation)$/.test(
        last(p),
      ) &&
        (v === true || v === 'true')) ||
      (/^(?:verify|verified|require_verification|challenge|send_challenge)$/.test(last(p)) &&
        (v === false || v === 'false')),
  );
  return hit === undefined
    ? undefined
    : `${tool} enrols a second factor without its owner's check (${hit[0].join('.')}: ${String(hit[1])})`;
}

const MAINTAINER =
  /^(?:maintainer|maintainers|owner|owners|collaborator|collaborators|publisher|publishers)$/;
const PACKAGE_WORD = /^(?:npm|pypi|rubygems|gem|crates|cargo|nuget|packagist|package|packages|registry)$/;
const USER_KEY = /^(?:user|username|login|maintainer|account|handle|new_owner|member)$/;

function outsideMaintainer(
  w: readonly string[],
  tool: string,
  all: readonly Leaf[],
  own: Own,
): string | undefined {
  if (
    !w.some((x) => MAINTAINER.test(x)) ||
    !w.some((x) => PACKAGE_WORD.test(x) || /^(?:add|invite|set)$/.test(x))
  )
    return undefined;
  if (
    !w.some((x) => PACKAGE_WORD.test(x)) &&
    !all.some(([p]) => /^(?:package|package_name|crate|gem)$/.test(last(p)))
  )
    return undefined;
  if (own.labels.size === 0) return undefined;
  const user = all.find(([p, v]) => USER_KEY.test(last(p)) && typeof v === 'string')?.[1] as
    string | undefined;
  if (user === undefined) return undefined;
  const u = user.toLowerCase();
  if ([...own.labels].some((l) => u.includes(l)) || [...own.domains].some((d) => u.endsWith(`@${d}`)))
    return undefined;
  return `${tool} makes ${user.slice(0, 60)}, outside the package's org, a maintainer`;
}

const CODE_HOST =
  /^(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|gitee\.com|sr\.ht|git\.sr\.ht|dev\.azure\.com)$/i;

/** A repository copied to a code host under a namespace that is not its org's. */
function mirroredOut(w: readonly string[], tool: string, all: readonly Leaf[]): string | undefined {
  if (!w.some((x) => /^(?:mirror|push|copy|fork|replicate|sync|transfer|duplicate|import)$/.test(x)))
    return undefined;
  const src = all.find(
    ([p, v]) => /^(?:source|repo|repository|from|source_repo)$/.test(last(p)) && typeof v === 'string',
  )?.[1];
  const org =
    typeof src === 'string'
      ? /^(?:https?:\/\/[^/]+\/)?([\w.-]+)\/[\w.-]+?(?:\.git)?\/?$/.exec(src.trim())?.[1]
      : undefined;
  if (org === undefined) return undefined;
  for (const [p, v] of all) {
    if (
      !/^(?:target|destination|to|remote|url|target_url|mirror_url|dest)$/.test(last(p)) ||
      typeof v !== 'string'
    )
      continue;
    const m = /^(?:https?:\/\/|git@)([^/:]+)[/:]([\w.-]+)\//.exec(v.trim());
    if (m === null || !CODE_HOST.test(m[1]!)) continue;
    if (m[2]!.toLowerCase() !== org.toLowerCase())
      return `${tool} copies ${org}'s repository to ${m[1]}/${m[2]}, a namespace outside the org`;
  }
  return undefined;
}

/** A file or export handed to a paste or file-drop service named as the place it goes. */
function droppedOff(tool: string, all: readonly Leaf[]): string | undefined {
  const hit = all.find(
    ([p, v]) =>
      /(?:^|_)(?:service|provider|host|destination|target|to|via|url|upload_to)$/.test(last(p)) &&
      typeof v === 'string' &&
      fileDropUrl(v),
  );
  // What goes there is private (a production backup, a customer export), not a screenshot for a bug report.
  if (
    hit === undefined ||
    !privateContent(all.filter(([, v]) => v !== hit[1] && typeof v === 'string').map(([, v]) => String(v)))
  )
    return undefined;
  return `${tool} hands it to ${String(hit[1])}, a paste or file-drop host`;
}

const ACCOUNT = /(?:^|::|:)(\d{12})(?::|$)/;

/** A private resource (backups, a production database) opened to another account's root. */
function foreignRoot(tool: string, all: readonly Leaf[], names: readonly string[]): string | undefined {
  const root = all.find(
    ([p, v]) =>
      /(?:^|_)(?:grantee|grantees|principal|principals|account_id|account_ids|target_account|user_ids|aws_account)$/.test(
        last(p),
      ) &&
      typeof v === 'string' &&
      /^\s*(?:arn:aws[\w-]*:iam::\d{12}:root|\d{12})\s*$/.test(v),
  );
  if (root === undefined || !privateContent(names.filter((n) => n !== root[1]))) return undefined;
  const theirs = ACCOUNT.exec(String(root[1]))?.[1];
  if (names.some((s) => s !== root[1] && ACCOUNT.exec(s)?.[1] === theirs)) return undefined;
  if (
    all.some(
      ([p, v]) =>
        /(?:^|_)(?:owner|owner_account|source_account|account)$/.test(last(p)) && String(v) === theirs,
    )
  )
    return undefined;
  return `${tool} opens it to account ${theirs ?? '?'}, which the call does not own`;
}

const SEND = /^(?:send|email|mail|forward|reply|share|message|post|compose|draft)$/;

/** Mail with attachments or private records addressed to a look-alike domain. */
function lookAlikeRecipient(w: readonly string[], tool: string, all: readonly Leaf[]): string | undefined {
  if (!w.some((x) => SEND.test(x))) return undefined;
  for (const [p, v] of all) {
    if (
      !/^(?:to|cc|bcc|recipients?|forward_to|email|address)$/.test(last(p)) &&
      !p.some((k) => /^(?:to|recipients?|cc|bcc)$/.test(k))
    )
      continue;
    if (typeof v !== 'string' || !v.includes('@')) continue;
    for (const m of v.matchAll(EMAIL)) {
      const d = m[1]!.toLowerCase();
      if (lookAlikeShape(d) || posesAsBrand(d))
        return `${tool} sends to ${m[0].slice(0, 80)}, a look-alike domain`;
    }
  }
  return undefined;
}

/** What a reading above needs: a URL, address or script, or the names and keys it reads (signals.ts). */
export const OUTSIDE_TRUST_GATE: Gate = {
  name: wordSet(`enroll enrol factor factors mfa 2fa otp totp authenticator device phone sms webauthn passkey
    u2f fido maintainer maintainers owner owners collaborator collaborators publisher publishers mirror push
    copy fork replicate sync transfer duplicate import`),
  keys: wordSet(`nameservers nameserver name servers ns dns delegation domain domains member members principal
    principals grantee grantees account accounts id ids aws service provider host destination target to
    via url upload`),
  when: (s) =>
    s.strings.some(
      (x) => x.includes('://') || x.includes('@') || x.includes('<script') || x.startsWith('www.'),
    ),
};

/** Name words of tools that write code into the project. */
const WRITES = /^(?:write|edit|multiedit|create|apply|patch|str|replace|insert|append|save|update)$/;
/** A URL where code sends what a page holds: a request, a beacon, an image or script source, a form's action. */
const SENDS_TO =
  /\b(?:fetch|sendBeacon|axios(?:\.(?:post|put|get))?|\$\.(?:post|ajax|get)|open|post|put|src\s*=|action\s*=|href\s*=\s*["']javascript)\s*\(?\s*[`"'](https?:\/\/[^`"'\s]+)/gi;

/** Code written into the project that sends to a host shown to be outside (a checkout skimmer, a cookie beacon). */
function codeSendsOut(
  w: readonly string[],
  tool: string,
  all: readonly Leaf[],
  own: Own,
): string | undefined {
  if (!w.some((x) => WRITES.test(x))) return undefined;
  for (const [p, v] of all) {
    if (typeof v !== 'string' || v.length > 262144 || !v.includes('http')) continue;
    // What an edit replaces is going away, not being written.
    if (/^(?:old_string|old_str|old|old_text|search|find)$/.test(last(p))) continue;
    for (const m of v.slice(0, 262144).matchAll(SENDS_TO)) {
      const h = HOST_IN.exec(m[1]!);
      if (h === null) continue;
      const why = foreignHost(h[1]!, own);
      if (why !== undefined) return `${tool} writes code that sends to ${why}`;
    }
  }
  return undefined;
}

export function outsideTrustLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => READ.test(x))) return [];
  const all = leaves(args, 6, 256);
  if (all.length === 0) return [];
  const tool = w.join('_');
  const own = ownOf(all);
  const names = all.map(([, v]) => v).filter((v): v is string => typeof v === 'string' && v.length < 200);
  const out: CliEquivalent[] = [];
  const ns = nameserversMoved(tool, all, own);
  if (ns !== undefined) out.push(line('redirect', 'domain', ns));
  const routed =
    routedOut(w, tool, all, own) ?? lookAlikeRecipient(w, tool, all) ?? codeSendsOut(w, tool, all, own);
  if (routed !== undefined) out.push(line('divert', 'traffic', routed));
  const grant =
    freeMailLetIn(tool, all) ?? outsideMaintainer(w, tool, all, own) ?? foreignRoot(tool, all, names);
  if (grant !== undefined) out.push(line('grant', 'access', grant));
  const factor = unverifiedFactor(w, tool, all);
  if (factor !== undefined) out.push(line('weaken', 'sign-in', factor));
  const sent = mirroredOut(w, tool, all) ?? droppedOff(tool, all);
  if (sent !== undefined) out.push(line('leak', 'data', sent));
  return out;
}
