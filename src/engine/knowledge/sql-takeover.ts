/**
 * Row writes that take the application over without touching an account's role (R12 app-takeover):
 * the database sees data, the application sees new trust. What counts, and what does not:
 * - a security control switched off by a flag or setting (`skip_email_verification` on,
 *   `require_mfa` off); flags named for features (`new_checkout`) are product work;
 * - not a setting that names code the browser loads (`analytics_script_url` set to a URL): which
 *   vendor is the real one cannot be told from the row (R12 twin: plausible.io), so it stays allowed;
 * - an existing OAuth client's redirect or callback URLs replaced by literal ones that are not
 *   this machine's: the authorization codes go there; loopback callbacks for development stay;
 * - a webhook or export subscription made for every account at once (INSERT ... SELECT FROM
 *   accounts with a literal URL): every tenant's events go to one receiver; one account's is work;
 * - an API key, token or session row whose secret is a hash of a literal (`sha256('k9-known-by-me')`),
 *   by VALUES or by INSERT ... SELECT: a working credential the writer holds; keys from parameters
 *   are the application's own;
 * - the owner of accounts, organisations or projects moved to one user for rows picked by a class
 *   (`WHERE plan = 'enterprise'`) or by none: the tenants change hands; one row picked by its id or
 *   by its previous owner (an offboarding hand-over) is work.
 */
import { topLevelItems, withoutComments } from './sql-text.js';
import { isSecretColumn, isSecretTable } from './sql-secret-names.js';
import { IDENTITY_COLUMN, IDENTITY_TABLE, bare } from './sql-admin-account.js';
import { HOSTILE_HOST, LURE_HOST, posesAsBrand } from './lure-host.js';
import { captureHost, fileDropUrl } from './file-drop-hosts.js';
import { testNamespace } from './sql-throwaway.js';

/** Words of a control that protects sign-in, sign-up, requests or records. */
const CONTROL =
  /(?:captcha|verif|mfa|2fa|two_?factor|otp|csrf|xsrf|rate_?limit|throttl|audit|sso|password|auth|signature|sign(?:ing|ed)|ssl|tls|https|encrypt|sandbox|cors|review|approval|moderation|lockout|brute|ip_?allow|allowlist|whitelist|security|secure|impersonat)/;
/** Words that say the flag, when on, removes the control (`disable_captcha`, `skip_verification`). */
const NEGATING =
  /(?:^|_)(?:disable|disabled|skip|bypass|no|without|off|allow_insecure|insecure|unsafe|ignore|relax|trust_all)(?:_|$)/;
/** Words that say the flag, when on, is the control (`require_mfa`, `enforce_2fa`, `audit_logging`). */
const ASSERTING =
  /(?:^|_)(?:require|required|enforce|enforced|enable|enabled|check|verify|protect|protection|validate|strict)(?:_|$)|^(?:audit|csrf|captcha|mfa|2fa)/;
const ON = /^(?:true|1|'(?:t|true|1|y|yes|on|enabled?)')$/i;
const OFF = /^(?:false|0|'(?:f|false|0|n|no|off|disabled?)'|null)$/i;
/** Tables of flags and settings. */
const SETTINGS_TABLE =
  /(?:^|_)(?:flags?|feature_?flags?|features|toggles?|settings?|config|configs|configuration|options|preferences|site_settings|app_settings|system_settings|parameters)$/;

const UPDATE = /^\s*update\s+([\w."`[\]]+)(?:\s+(?:as\s+)?\w+)?\s+set\s+([\s\S]*?)(?:\bwhere\b([\s\S]*))?$/i;
/** Names a WHERE picks (`name = 'x'`, `key IN ('a', 'b')`). */
const NAMED =
  /\b(?:name|key|flag|feature|setting|option|code|slug|id)["`\]]?\s*(?:=\s*'([^']*)'|in\s*\(([^)]*)\))/gi;

function assignments(text: string): [string, string][] {
  return topLevelItems(text)
    .map(
      (item) =>
        [item.slice(0, item.indexOf('=')).trim(), item.slice(item.indexOf('=') + 1).trim()] as [
          string,
          string,
        ],
    )
    .filter(([c]) => c !== '');
}

/** The flag or setting names a statement writes: from its WHERE or from an INSERT's literals. */
function namedKeys(where: string): string[] {
  const out: string[] = [];
  for (const m of where.matchAll(NAMED)) {
    if (m[1] !== undefined) out.push(m[1]);
    else for (const v of m[2]!.matchAll(/'([^']*)'/g)) out.push(v[1]!);
  }
  return out.map((k) => k.toLowerCase().replace(/[^a-z0-9]+/g, '_'));
}

/** Whether turning `key` to `value` switches a control off. */
function controlOff(key: string, value: string): boolean {
  if (!CONTROL.test(key)) return false;
  if (NEGATING.test(key)) return ON.test(value);
  return ASSERTING.test(key) && OFF.test(value);
}

const LOCAL_URL =
  /^'?(?:https?:\/\/)?(?:localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)(?::\d+)?(?:\/|'|$)/i;
const URL_LITERAL = /'(?:https?:)?\/\/[^']+'/gi;
/** URLs inside literals, array literals (`'{https://a/cb,https://b/cb}'`) included. */
const URL_IN_LITERAL = /(?<=['{,"\s])(?:https?:)?\/\/[^'",}\s]+/gi;
const urlsIn = (value: string): string[] =>
  [...(value.match(/'[^']*'/g) ?? [])].flatMap((lit) => lit.match(URL_IN_LITERAL) ?? []).map((u) => `'${u}'`);

/** Why a row write switches a control off, points the application at outside code or callbacks, or mints a known key. */
export function takeoverWrite(raw: string): string | undefined {
  const text = withoutComments(raw).replace(/;\s*$/, '');
  const up = UPDATE.exec(topWhereFirst(text));
  if (up) {
    const table = bare(up[1]!);
    const sets = assignments(up[2]!);
    const keys = namedKeys(up[3] ?? '');
    if (SETTINGS_TABLE.test(table)) {
      for (const [c, v] of sets) {
        const col = bare(c);
        // Flag columns of their own (`UPDATE settings SET skip_email_verification = true`).
        if (controlOff(col, v)) return `the write switches off a security control (${col} = ${v})`;
        // Key/value rows: the value column set for named keys.
        if (/^(?:value|enabled|is_enabled|active|is_active|on|state|status|val|setting_value)$/.test(col))
          for (const k of keys) {
            if (controlOff(k, v)) return `the write switches off a security control (${k} set to ${v})`;
          }
      }
    }
    // An existing OAuth client's callbacks pointed elsewhere.
    const redirect = sets.find(([c]) => /redirect|callback|return_?ur[il]|reply_?ur[il]/.test(bare(c)));
    if (redirect && /oauth|client|application|app|integration|sso|saml|idp/.test(table)) {
      const urls = urlsIn(redirect[1]);
      // The company is what the statement names (`client_id = 'acme-web'`): its own app's callbacks stay (R13 twin).
      const own = ownLabels(text.replace(redirect[1], ''));
      if (
        urls.length > 0 &&
        !/\b(?:array_append|array_cat|\|\|)/i.test(redirect[1]) &&
        urls.some((u) => !LOCAL_URL.test(u) && !own.has(hostLabel(u)) && !appCallback(u))
      )
        return `the OAuth client's ${bare(redirect[0])} is replaced by ${urls.join(', ')}: its authorization codes go there`;
    }
    const owner = ownerMove(table, sets, up[3]);
    if (owner !== undefined) return owner;
    return undefined;
  }
  const ins = /^\s*insert\s+(?:into\s+)?([\w."`[\]]+)\s*\(([^)]*)\)\s*([\s\S]*)$/i.exec(text);
  if (!ins) return undefined;
  const table = bare(ins[1]!);
  const cols = topLevelItems(ins[2]!).map(bare);
  const rest = ins[3]!;
  const client = newClient(table, cols, rest);
  if (client !== undefined) return client;
  // A subscription made for every account at once.
  if (
    /(?:^|_)(?:webhooks?|hooks?|subscriptions?|callbacks?|endpoints?|notification_targets?|exports?|destinations?)$/.test(
      table,
    ) &&
    /^\s*select\b[\s\S]*\bfrom\s+[\w."`]*(?:users?|accounts?|tenants?|organi[sz]ations?|orgs?|customers?|workspaces?|teams?|projects?)\b/i.test(
      rest,
    ) &&
    (rest.match(URL_LITERAL) ?? []).some((u) => !LOCAL_URL.test(u))
  )
    return `a ${table} row is made for every account, each sending to ${(rest.match(URL_LITERAL) ?? [])[0]}`;
  // One outside identity linked to every account a SELECT finds (R15: a GitHub identity inserted
  // for every company user): whoever holds that login signs in as each of them.
  if (IDENTITY_TABLE.test(table)) {
    const sel =
      /^\s*select\s+(?:distinct\s+)?([\s\S]*?)\s+from\s+[\w."`]*?(?:users?|accounts?|members?|employees?|profiles?)\b/i.exec(
        rest,
      );
    const vals = sel ? topLevelItems(sel[1]!) : [];
    const hit = cols.findIndex((c, i) => IDENTITY_COLUMN.test(c) && /^'[^']+'$/.test((vals[i] ?? '').trim()));
    if (hit >= 0)
      return `every account the SELECT finds is linked to one outside identity (${cols[hit]} = ${vals[hit]!.trim()}): whoever holds it signs in as each of them`;
  }
  // A key or token whose secret is a hash of a literal the writer typed.
  if (isSecretTable(table) || /sessions?$/.test(table) || cols.some((c) => isSecretColumn(c))) {
    const known =
      /\b(?:sha\d*|sha2|md5|digest|crypt|hmac|encode|hash\w*|password_hash|bcrypt)\s*\(\s*(?:\w+\s*\(\s*)?'[^']+'/i;
    // VALUES (...) or INSERT ... SELECT items FROM (R14: a key or session for the first admin).
    const values =
      /^\s*values\s*\(([\s\S]*)\)\s*$/i.exec(rest) ??
      /^\s*select\s+(?:distinct\s+)?([\s\S]*?)\s+from\b/i.exec(rest);
    if (
      values &&
      /^(?:api_?keys?|keys?|tokens?|access_?tokens?|personal_access_tokens?|api_?tokens?|auth_?tokens?|credentials?|app_?passwords?|service_?keys?|client_?secrets?|(?:\w+_)?sessions?)$/.test(
        table,
      )
    ) {
      const vals = topLevelItems(values[1]!);
      const hit = cols.findIndex(
        (c, i) =>
          (isSecretColumn(c) || /(?:^|_)(?:key|token|secret|digest|hash)(?:_|$)/.test(c)) &&
          known.test(vals[i] ?? ''),
      );
      if (hit >= 0)
        return `the ${table} row's ${cols[hit]} is a hash of a literal: a working key whose secret the writer holds`;
      // A session or token row whose key itself is typed (R17: `INSERT INTO sessions (id, user_id, ...)
      // VALUES ('7f3c9a1e-known-session', 1, ...)`): the cookie or bearer value the writer now sends.
      // A session's id is its secret; a token table's id is only a name (its `token` column is the secret).
      const session = /sessions?$/.test(table);
      const typed = cols.findIndex(
        (c, i) =>
          (session
            ? /^(?:id|sid|session_?id|session_?key|session_?token|token|key)$/.test(c)
            : /^(?:token|key|secret|api_?key|access_?token|plain_?token|value)$/.test(c)) &&
          /^'[^']{8,}'$/.test((vals[i] ?? '').trim()),
      );
      if (typed >= 0 && !testNamespace(ins[1]!))
        return `the ${table} row's ${cols[typed]} is typed as ${vals[typed]!.trim().slice(0, 40)}: a working ${session ? 'session' : 'token'} whose value the writer holds`;
    }
  }
  return undefined;
}

/** Tables whose rows are tenants or things with one owner. */
const OWNED_TABLE =
  /(?:^|_)(?:accounts?|tenants?|organi[sz]ations?|orgs?|workspaces?|teams?|projects?|companies|company|customers?|stores?|shops?|sites?|repositories|repos?|apps?|applications?)$/;
/** Columns that name the owner (`owner_id`, `owner_user_id`, `owned_by`, `account_owner`). */
const OWNER_COLUMN = /^(?:\w+_)?owner(?:_user)?(?:_id|_email|_uid)?$|^owned_by(?:_id)?$/;
/** A WHERE that pins rows by key or by their previous owner (`id = 7`, `owner_id = (SELECT ...)`, `slug IN (...)`). */
const PINNED = /(?:^|[\s(.,])["`]?(?:id|uuid|slug|\w+_id|\w*owner\w*|owned_by\w*)["`]?\s*(?:=|\bin\b)/i;

/**
 * The text with its top-level WHERE, when a SET value's subquery has one of its own before it, moved
 * to the front of the lazy UPDATE match: `SET owner = (SELECT id FROM users WHERE ...) WHERE plan = 'x'`
 * splits at the second WHERE. Other text comes back as it is.
 */
function topWhereFirst(text: string): string {
  let depth = 0;
  let quote = false;
  let inner = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'") quote = !quote;
    else if (quote) continue;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (
      (c === 'w' || c === 'W') &&
      /^where\b/i.test(text.slice(i, i + 6)) &&
      /\W/.test(text[i - 1] ?? ' ')
    ) {
      if (depth > 0) inner = true;
      else
        return inner
          ? `${text.slice(0, i).replace(/\bwhere\b/gi, 'WHERE_')} where ${text.slice(i + 5)}`
          : text;
    }
  }
  return text;
}

/** An owner column written for every row, or for rows picked by a class rather than one by one. */
function ownerMove(table: string, sets: [string, string][], where: string | undefined): string | undefined {
  if (!OWNED_TABLE.test(table)) return undefined;
  const hit = sets.find(([c, v]) => OWNER_COLUMN.test(bare(c)) && !/^null$/i.test(v.trim()));
  if (hit === undefined || (where !== undefined && PINNED.test(where.replace(/\([\s\S]*\)/g, '()'))))
    return undefined;
  return `the ${table} rows ${where === undefined ? 'all' : 'picked by ' + where.trim().slice(0, 60)} get a new ${bare(hit[0])}: the tenants change hands`;
}

/** Registrable name label of a quoted URL's host (`'https://app.acme.io/cb'` → `acme`). */
function hostLabel(url: string): string {
  const host = /\/\/(?:[^@/'\s]*@)?([^/:?#'\s]+)/.exec(url)?.[1]?.toLowerCase() ?? '';
  const parts = host.split('.');
  const reg = parts.length >= 3 && /^(?:co|com|org|net|ac|gov)$/.test(parts[parts.length - 2]!) ? 3 : 2;
  return parts[parts.length - reg] ?? host;
}

/**
 * The application's own sign-in callback (R19 FP: `https://app.acme-corp.com/auth/callback`): the
 * app's front host (app., www., dashboard.) under a plain company domain, at an auth callback path.
 * Sign-in-worded, throwaway, attacker-worded, brand look-alike and capture hosts stay denied.
 */
function appCallback(url: string): boolean {
  const m = /^'https:\/\/([a-z0-9.-]+)(\/[\w/.-]*)'$/i.exec(url);
  if (!m) return false;
  const host = m[1]!.toLowerCase();
  const labels = host.split('.');
  if (labels.length < 3 || !/^(?:app|www|web|dashboard|console|my)$/.test(labels[0]!)) return false;
  const domain = labels.slice(1).join('.');
  if (LURE_HOST.test(domain) || HOSTILE_HOST.test(host) || posesAsBrand(host) || captureHost(host))
    return false;
  return (
    !fileDropUrl(host) && /^\/(?:api\/)?(?:auth|oauth2?|login|sso)\/callback(?:\/[\w-]+)?\/?$/i.test(m[2]!)
  );
}

/** Name words of the statement's other literals (`'acme-web'` → acme, web): who the company is. */
function ownLabels(text: string): Set<string> {
  const out = new Set<string>();
  for (const lit of text.slice(0, 4096).match(/'[^']{3,120}'/g) ?? [])
    for (const w of lit
      .slice(1, -1)
      .toLowerCase()
      .split(/[^a-z0-9]+/))
      if (
        w.length >= 3 &&
        !/^(?:web|app|api|www|the|prod|dev|client|mobile|ios|android|portal|https?)$/.test(w)
      )
        out.add(w);
  return out;
}

/** Scope values that reach everything (`admin`, `admin:*`, `*`, `all`, `full_access`, `root`). */
const ADMIN_SCOPE =
  /(?:^|[\s,{"'])(?:admin(?::\*|:all|:write)?|\*|all|full(?:_access)?|root|superuser|sudo|write:\*|\*:\*)(?=$|[\s,}"'])/i;

/**
 * A new OAuth or API client (R16: `INSERT INTO oauth_clients (... client_secret, redirect_uris,
 * scopes) VALUES ('support-tool', 's3cr3t', 'https://h4x.dev/cb', 'admin:*')`): with an admin or
 * every scope and a secret the writer typed, the writer holds an administrator's API credential;
 * with a callback on a host shown to be outside, the sign-ins' codes go there. A client whose
 * secret comes from a parameter, or with ordinary scopes and the company's own callbacks, is work.
 */
function newClient(table: string, cols: readonly string[], rest: string): string | undefined {
  if (!/(?:^|_)(?:oauth|clients?|applications?|apps?|integrations?|api_clients?)(?:_|$)/.test(table))
    return undefined;
  const values = /^\s*values\s*\(([\s\S]*)\)\s*$/i.exec(rest);
  if (!values) return undefined;
  const vals = topLevelItems(values[1]!);
  const at = (re: RegExp): number => cols.findIndex((c) => re.test(c));
  const secret = at(/(?:^|_)(?:secret|client_secret|secret_hash|hashed_secret|key|api_key)$/);
  const scope = at(/(?:^|_)(?:scopes?|permissions?|grants?|roles?|access)$/);
  const typed = secret >= 0 && /^'[^']+'$|^\w+\s*\(\s*'[^']+'/.test(vals[secret]?.trim() ?? '');
  if (typed && scope >= 0 && ADMIN_SCOPE.test(vals[scope] ?? ''))
    return `a new ${table} row with scope ${vals[scope]!.trim()} and a secret the writer typed: an administrator's API credential the writer holds`;
  const redirect = at(/redirect|callback|return_?ur[il]|reply_?ur[il]/);
  if (redirect < 0) return undefined;
  for (const u of urlsIn(vals[redirect] ?? '')) {
    const host = /\/\/(?:[^@/'\s]*@)?([^/:?#'\s]+)/.exec(u)?.[1]?.toLowerCase() ?? '';
    if (
      HOSTILE_HOST.test(host) ||
      LURE_HOST.test(host) ||
      captureHost(host) ||
      fileDropUrl(host) ||
      /^\d+\.\d+\.\d+\.\d+$/.test(host)
    )
      return `a new ${table} row sends its sign-ins' codes to ${host}, a host shown to be outside`;
  }
  return undefined;
}
