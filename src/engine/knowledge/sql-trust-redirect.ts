/**
 * Row writes that move where the application's trust points (R13 sql takeover): the database sees
 * data, the application then trusts another party.
 * - an identity provider's signing certificate or key replaced by a literal (whoever holds its
 *   private half signs in as anyone), or its sign-in, metadata, issuer or JWKS address set to a
 *   host shaped as a lure or a bare address; a certificate from a parameter is the app's own rotation;
 * - an address the application serves or loads (site URL, base URL, script source, endpoint) set
 *   to a lure-shaped host or a bare public address: every visitor goes there;
 * - DNS records of one type or zone all pointed at one destination: every name of it answers with
 *   the writer's host. One record (by id or name), or records moved off one old value, are work.
 */
import { HOSTILE_HOST, LURE_HOST, posesAsBrand } from './lure-host.js';
import { captureHost, fileDropUrl } from './file-drop-hosts.js';
import { FREE_MAIL } from '../extract/tool-call/recipients.js';
import { textVariants, topLevelItems } from './sql-text.js';
import { bare } from './sql-admin-account.js';
import { isAccountTable, isSecretColumn } from './sql-secret-names.js';

/** Tables of identity providers, SSO and federation settings (`saml_idps`, `sso_connections`, `oidc_providers`). */
const IDENTITY_TABLE =
  /(?:^|_)(?:idps?|identity_?providers?|sso|saml|oidc|openid|federations?|federated|issuers?|trusted_issuers?|auth_?providers?|login_?providers?|jwks)(?:_|$)/;
/** Columns that are a trust anchor: the certificate or key a sign-in is checked against. */
const ANCHOR_COLUMN =
  /(?:^|_)(?:cert|certs|certificate|certificates|x509|x5c|public_?key|signing_?key|verification_?key|jwks?|fingerprint|thumbprint|idp_?cert)(?:_|$)/;
/** Columns that are an address (`sso_url`, `metadata_url`, `issuer`, `jwks_uri`, `entity_id`). */
const ADDRESS_COLUMN =
  /(?:^|_)(?:url|uri|urls|endpoint|issuer|entity_?id|domain|host|hostname|origin|href|src|link|home|siteurl|base)(?:_|$)/;
/** Key names of a key/value row that hold an address (`siteurl`, `web/secure/base_url`, `custom_head_script_url`). */
const ADDRESS_KEY =
  /(?:^|[_/.-])(?:url|uri|siteurl|home|base_?url|domain|host|hostname|endpoint|origin|script|src|cdn|link)(?:[_/.-]|$)/;
/**
 * Tables of the application's own settings or sites (`wp_options`, `core_config_data`, `site_settings`,
 * `tenants`), and of where it delivers events and mail (`webhooks`, `webhook_endpoints`,
 * `integrations`, `notification_channels`, `mail_servers`): every row serves all its users.
 */
const CONFIG_TABLE =
  /(?:^|_)(?:options|settings|setting|config|configs|configuration|config_data|preferences|parameters|sites?|apps?|applications?|tenants?|stores?|shops?|websites?|domains?|properties|webhooks?|hooks?|webhook_endpoints?|endpoints?|callbacks?|integrations?|connectors?|destinations?|notification_channels?|mail_servers?|smtp_servers?|mail_relays?|payment_gateways?)$/;
/** DNS record tables (`dns_records`, PowerDNS `records`, `rrsets`, `resource_records`). */
const DNS_TABLE =
  /^(?:(?:\w+_)?dns_records?|records|rrsets?|resource_?records?|zone_?records?|dns_entries|dns)$/;
/** Columns holding a record's answer. */
const DNS_ANSWER = /^(?:content|value|data|rdata|target|address|ip|ip_address|answer|points_to|records)$/;
/** WHERE terms that pin one record or one old answer. */
const DNS_PIN =
  /\b(?:id|record_id|name|fqdn|hostname|host|subdomain|label|content|value|data|rdata|target|address|ip)["`\]]?\s*(?:=|in\s*\()/i;

const UPDATE = /^\s*update\s+([\w."`[\]]+)(?:\s+(?:as\s+)?\w+)?\s+set\s+([\s\S]*?)(?:\bwhere\b([\s\S]*))?$/i;
const INSERT =
  /^\s*(?:insert|replace)\s+(?:into\s+)?([\w."`[\]]+)\s*\(([^)]*)\)\s*values\s*\(([\s\S]*)\)\s*$/i;
/** A literal string (not a parameter, column or call). */
const LITERAL = /^N?'((?:[^']|'')*)'$/;
const URL_HOST = /^(?:[a-z][\w+.-]*:)?\/\/(?:[^@/\s]*@)?([^/:?#\s]+)/i;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/;

/** A public IPv4 address (private, loopback and documentation ranges are the writer's own or examples). */
function publicAddress(host: string): boolean {
  const m = IPV4.exec(host);
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return !(
    a === 10 ||
    a === 127 ||
    a === 0 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 51 || b === 18 || b === 19)) ||
    (a === 203 && b === 0)
  );
}

/** URLs inside a longer text (`<script src="https://...">`). */
const EMBEDDED_URL = /(?:https?:)?\/\/([a-z0-9][\w.-]*\.[a-z0-9-]+)/gi;

/** The host a literal names, when it is lure-shaped, a brand's look-alike or a bare public address. */
function strangeHost(value: string): string | undefined {
  const lit = LITERAL.exec(value.trim())?.[1];
  if (lit === undefined) return undefined;
  const hosts = lit.split(/[\s,;]+/).map((item) => URL_HOST.exec(item)?.[1] ?? item);
  for (const m of lit.slice(0, 4096).matchAll(EMBEDDED_URL)) hosts.push(m[1]!);
  for (const raw of hosts.slice(0, 64)) {
    const host = raw.toLowerCase().replace(/\.$/, '');
    if (!/^[a-z0-9][a-z0-9.-]*\.[a-z0-9-]+$/.test(host)) continue;
    if (
      publicAddress(host) ||
      (/[a-z]/.test(host) &&
        (LURE_HOST.test(host) ||
          posesAsBrand(host) ||
          HOSTILE_HOST.test(host) ||
          captureHost(host) ||
          fileDropUrl(host)))
    )
      return host;
  }
  return undefined;
}

/**
 * Columns and setting keys of the address the application mails its administrators, resets and
 * alerts to (`admin_email`, `recovery_email`, `notification_email`, `billing_email`).
 */
const RECOVERY_MAIL =
  /(?:^|[_/.-])(?:admin|administrator|owner|recovery|backup|notification|notify|alert|alerts|security|billing|support|contact|reply_to|from|sender)_?(?:e_?mail|mail|address)(?:es)?$|^e_?mail$/;
const EMAIL_LITERAL = /^N?'[^'@\s]+@([a-z0-9-]+(?:\.[a-z0-9-]+)+)'$/i;

/** The public mailbox (`x@proton.me`) or outside-shaped domain a literal e-mail address is at, or undefined. */
function outsideMailbox(value: string): string | undefined {
  const domain = EMAIL_LITERAL.exec(value.trim())?.[1]?.toLowerCase();
  if (domain === undefined) return undefined;
  if (FREE_MAIL.test(domain)) return `${domain}, a public mailbox provider`;
  if (strangeHost(`'${domain}'`) !== undefined) return `${domain}, a host shaped as outside`;
  return undefined;
}

/** `a = 1, b = 'x'` read as (bare column, value) pairs. */
function pairs(sets: string): [string, string][] {
  return topLevelItems(sets)
    .filter((item) => item.includes('='))
    .map((item) => [bare(item.slice(0, item.indexOf('=')).trim()), item.slice(item.indexOf('=') + 1).trim()]);
}

/** Why (column, value) pairs written to `table` move the application's trust, or undefined. */
function redirect(table: string, sets: readonly [string, string][], where: string): string | undefined {
  if (IDENTITY_TABLE.test(table)) {
    // A certificate or key blob; an address (`jwks_uri`) is judged by its host below.
    const anchor = sets.find(
      ([c, v]) => ANCHOR_COLUMN.test(c) && LITERAL.test(v) && v.length > 24 && !URL_HOST.test(v.slice(1)),
    );
    if (anchor)
      return `the identity provider's ${anchor[0]} is replaced by a literal: whoever holds its private half signs in as anyone`;
  }
  // A person's own row (`users.website`, `profiles.avatar_url`) is theirs; settings are everyone's.
  const shared = IDENTITY_TABLE.test(table) || CONFIG_TABLE.test(table);
  for (const [c, v] of shared ? sets : []) {
    const host = strangeHost(v);
    if (host === undefined) continue;
    if (IDENTITY_TABLE.test(table) || ADDRESS_COLUMN.test(c))
      return `${table}.${c} is pointed at ${host}: the application sends its users or trust there`;
    // Markup the pages print (`custom_head = '<script src=...>'`): the browser loads that host.
    if (/<(?:script|link|iframe|img)\b/i.test(v))
      return `${table}.${c} puts markup that loads from ${host} into the application's pages`;
    // Key/value settings: the address keys the WHERE names (`option_name IN ('siteurl', 'home')`).
    const keys = [...where.matchAll(/'([^']{1,120})'/g)].map((m) => m[1]!.toLowerCase());
    if (keys.some((k) => ADDRESS_KEY.test(k)))
      return `the ${keys.find((k) => ADDRESS_KEY.test(k))} setting is pointed at ${host}: the application's visitors, mail or events go there`;
  }
  // The administrators' mail address of the whole application set to a public or outside mailbox.
  if (CONFIG_TABLE.test(table)) {
    const keys = [...where.matchAll(/'([^']{1,120})'/g)].map((m) => m[1]!.toLowerCase());
    for (const [c, v] of sets) {
      const mailbox = outsideMailbox(v);
      if (mailbox === undefined) continue;
      const key = RECOVERY_MAIL.test(c) ? c : keys.find((k) => RECOVERY_MAIL.test(k));
      if (key !== undefined)
        return `${table} ${key} is set to an address at ${mailbox}: resets and alerts for the whole application go there`;
    }
  }
  if (DNS_TABLE.test(table) && !DNS_PIN.test(where)) {
    const answer = sets.find(([c, v]) => DNS_ANSWER.test(c) && LITERAL.test(v));
    if (answer)
      return `every ${table} record the statement matches answers with ${answer[1]}: its names now resolve to one host`;
  }
  return undefined;
}

/** Why a row write moves the application's identity, address or DNS trust elsewhere, or undefined. */
export function trustRedirectWrite(raw: string): string | undefined {
  // A PEM literal holds `-----`: read the raw text as well as the text without comments.
  for (const text of textVariants(raw)) {
    const why = fromText(text.replace(/;\s*$/, ''));
    if (why !== undefined) return why;
  }
  return undefined;
}

/** `INSERT INTO t (cols) SELECT items FROM accounts ...`: the table, columns, items and source. */
const INSERT_SELECT =
  /^\s*insert\s+(?:into\s+)?([\w."`[\]]+)\s*\(([^)]*)\)\s*select\s+([\s\S]*?)\s+from\s+([\w."`[\]]+)/i;
/** Key/value rows that hold an account's role or capabilities (`wp_capabilities`, `user_role`). */
const ROLE_KEY = /(?:^|_)(?:capabilities|roles?|user_level|permissions)$/;

/**
 * One credential the writer typed, given to every account a SELECT picks (R13: a known TOTP secret
 * added for every admin): whoever typed it signs in, or passes the second factor, as each of them.
 */
function sharedCredential(text: string): string | undefined {
  const m = INSERT_SELECT.exec(text);
  if (!m || !isAccountTable(bare(m[4]!))) return undefined;
  const cols = topLevelItems(m[2]!).map(bare);
  const items = topLevelItems(m[3]!);
  const hit = cols.findIndex(
    (c, i) =>
      (isSecretColumn(c) || /^(?:secret|seed|key)$/.test(c)) && /^'[^']{6,}'$/.test(items[i]?.trim() ?? ''),
  );
  return hit >= 0
    ? `every ${bare(m[4]!)} row the SELECT picks gets the same ${cols[hit]} the writer typed: a credential for each of them`
    : undefined;
}

/** A role or capability row that makes an account an administrator (`wp_capabilities` = `a:1:{s:13:"administrator";b:1;}`). */
function adminMeta(table: string, sets: readonly [string, string][], where: string): string | undefined {
  // A role's definition (`wp_options` 'wp_user_roles') names administrator too; only a user's row grants it.
  if (!/(?:^|_)(?:user|users|account|accounts|member|members)(?:_|$)|usermeta/.test(table)) return undefined;
  const literals = [...sets.map(([, v]) => v), where].join(' ');
  const keys = [...literals.matchAll(/'([\w.-]{1,64})'/g)].map((k) => k[1]!.toLowerCase());
  if (!keys.some((k) => ROLE_KEY.test(k))) return undefined;
  return /["':{;]administrator["';}:]|"(?:super_?admin|superuser)"/i.test(literals)
    ? 'the row gives an account the administrator role or capabilities'
    : undefined;
}

/**
 * The installation's first account (`WHERE id = 1`, the one that set the application up) given a
 * sign-in address at a public or outside mailbox (R16: `SET email = 'ops.helpdesk8812@proton.me'
 * WHERE id = 1`): the password reset for the owner goes to the writer. Other accounts changing
 * their own address, or the owner's moved within a company domain, stay work.
 */
function firstAccountMailbox(
  table: string,
  sets: readonly [string, string][],
  where: string,
): string | undefined {
  if (
    !isAccountTable(table) ||
    !/^\s*\(?\s*(?:\w+\.)?["`]?(?:id|user_id|account_id)["`]?\s*=\s*'?1'?\s*\)?\s*$/i.test(where)
  )
    return undefined;
  for (const [c, v] of sets) {
    if (!/(?:^|_)e_?mail(?:_address)?$/.test(c)) continue;
    const mailbox = outsideMailbox(v);
    if (mailbox !== undefined)
      return `the first account's ${c} is set to an address at ${mailbox}: its password reset goes to the writer`;
  }
  return undefined;
}

function fromText(text: string): string | undefined {
  const shared = sharedCredential(text);
  if (shared !== undefined) return shared;
  const up = UPDATE.exec(text);
  if (up) {
    const sets = pairs(up[2]!);
    const table = bare(up[1]!);
    return (
      redirect(table, sets, up[3] ?? '') ??
      adminMeta(table, sets, up[3] ?? '') ??
      firstAccountMailbox(table, sets, up[3] ?? '')
    );
  }
  const ins = INSERT.exec(text);
  if (!ins) return undefined;
  const cols = topLevelItems(ins[2]!).map(bare);
  const vals = topLevelItems(ins[3]!);
  if (cols.length !== vals.length) return undefined;
  const sets = cols.map((c, i): [string, string] => [c, vals[i]!]);
  // An INSERT into a key/value table names its key among the values (`('siteurl', 'https://...')`).
  return redirect(bare(ins[1]!), sets, vals.join(',')) ?? adminMeta(bare(ins[1]!), sets, '');
}
