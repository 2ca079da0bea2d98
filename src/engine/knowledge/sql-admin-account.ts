/**
 * An application account given administrator rights by a plain row write (red team r7): INSERT of
 * a users row with `is_superuser = true` or `role = 'admin'`, or an UPDATE that sets them. The
 * database sees data; the application sees a new administrator (a backdoor login).
 */
import { memoName } from './name-memo.js';
import { topLevelItems, withoutComments } from './sql-text.js';
import { isSecretColumn } from './sql-secret-names.js';

/** Tables of accounts and their role memberships (`users`, `auth_user`, `admin_users`, `user_roles`). */
const ACCOUNT_TABLE =
  /^(?:(?:\w+_)?(?:users?|accounts?|admins?|administrators?|members?|memberships?|staff|principals?|logins?|operators?|employees?)|auth_user|user_roles?|role_assignments?|account_roles?)$/;
/** Boolean privilege flags (`is_admin`, `superuser`, `is_staff`, `isAdmin`). */
const FLAG_COLUMN = /^(?:is_?)?(?:admin|administrator|superuser|super_?admin|staff|root|sysadmin|owner)$/;
/** Columns that name the account's role or level. */
const ROLE_COLUMN =
  /^(?:roles?|user_?roles?|role_?name|account_?type|user_?type|access_?level|permission_?level|privileges?|user_?group|groups?|tier)$/;
const TRUE_VALUE = /^(?:true|1|'(?:t|true|1|y|yes)'|b'1')$/i;
/** A role value that is administration: 'admin', 'ROLE_ADMIN', 'superuser', '{admin}', '["owner"]'. */
const ADMIN_VALUE = /\b(?:role_)?(?:admin|administrator|superuser|super_?admin|sysadmin|root|owner)\b/i;

const items = topLevelItems;

/** Tables that join accounts to roles. */
const MEMBERSHIP_TABLE =
  /^(?:\w+_)?(?:roles?|role_assignments?|role_members?|memberships?|group_members?|permissions?)$/;
/** A role row picked by its name (`r.name = 'superadmin'`, `roles.slug = 'owner'`). */
const ROLE_PICKED =
  /\b(?:\w+\.)?["`]?(?:name|role|role_?name|slug|code|key|title|handle)["`]?\s*=\s*'([^']*)'/gi;
/** Tables that link an account to an outside sign-in (SSO, OAuth, SAML identities). */
export const IDENTITY_TABLE =
  /(?:^|_)(?:identit(?:y|ies)|oauth_accounts?|social_accounts?|social_logins?|sso_\w+|federated_\w+|external_accounts?|linked_accounts?|user_providers?|auth_providers?|connected_accounts?)$/;
/** The columns that say which outside identity signs in as the account. */
export const IDENTITY_COLUMN =
  /^(?:provider_)?(?:uid|user_?id|subject|sub|email|external_?id|federated_?id|name_?id)$|^(?:provider|idp|saml|oidc|sso|external|social)_\w*(?:uid|id|subject|sub|email)$/;

/**
 * A fixture account: an address at a domain reserved for tests (RFC 2606/6761: .test, .example,
 * .invalid, .localhost, example.com; and .local) whose name says test, e2e, QA, CI, seed or demo.
 * Seeding one as administrator is an end-to-end suite's setup (R15 twin); a real domain is not.
 */
const TEST_ACCOUNT =
  /^'?(?:[\w.+-]*?(?:^|[._+-])|)(?:test|tests|testing|e2e|qa|ci|seed|demo|fixture|dev)(?:[._+-][\w.+-]*)?@(?:[\w-]+\.)*(?:test|example|invalid|localhost|local|example\.(?:com|org|net))'?$/i;
const EMAIL_LITERAL = /'[^'@\s]+@[^'\s]+'/g;
/** Every e-mail literal of the statement is a fixture account (and there is one). */
export function fixtureAccountsOnly(text: string): boolean {
  const emails = text.match(EMAIL_LITERAL) ?? [];
  return emails.length > 0 && emails.every((e) => TEST_ACCOUNT.test(e.slice(1, -1)));
}

/** The text inside the parenthesis that opens at `open` (or undefined when it never closes). */
function group(text: string, open: number): string | undefined {
  let depth = 0;
  let quote = '';
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== '') {
      if (c === quote) quote = '';
    } else if (c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return undefined;
}

/** A column or table name without quotes, schema and camelCase: `"Users"."isAdmin"` is `is_admin`. */
export const bare = memoName((name: string): string =>
  name
    .replace(/["`[\]]/g, '')
    .split('.')
    .pop()!
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase(),
);

/** `column = value` pairs that make an administrator: a privilege flag set true, a role set to admin. */
function grantsAdmin(column: string, value: string): boolean {
  const col = bare(column);
  const v = value.trim();
  if (FLAG_COLUMN.test(col)) return TRUE_VALUE.test(v);
  return ROLE_COLUMN.test(col) && /^'/.test(v) && ADMIN_VALUE.test(v);
}

const INSERT = /^\s*(?:insert|replace)\s+(?:ignore\s+)?(?:into\s+)?([\w."`[\]]+)\s*\(/i;
const INSERT_SET = /^\s*(?:insert|replace)\s+(?:ignore\s+)?(?:into\s+)?([\w."`[\]]+)\s+set\s+([\s\S]*)$/i;
const UPDATE =
  /^\s*update\s+([\w."`[\]]+)(?:\s+(?:as\s+)?\w+)?\s+set\s+([\s\S]*?)(?:\bwhere\b|\breturning\b|;|$)/i;

/**
 * An UPDATE pinned to the installation's first account (r11 twin: `UPDATE users SET role = 'admin'
 * WHERE id = 1 AND email = 'founder@acme.com'`): the account that set the application up, given
 * back the rights it was created with. Only ANDed equalities, one of them `id = 1`; another
 * account (`id = 77`, `email = 'x@evil.io'`) made administrator stays denied.
 */
function ownerAccount(text: string): boolean {
  const where = /^\s*update\b[\s\S]*?\bwhere\b([\s\S]*)$/i.exec(text)?.[1];
  if (where === undefined || /\b(?:or|not|in|like|select)\b|[<>!|]/i.test(where)) return false;
  const conds = where.split(/\band\b/i).map((c) => c.trim());
  return (
    conds.some((c) => /^(?:\w+\.)?["`]?(?:id|user_id|account_id)["`]?\s*=\s*'?1'?$/i.test(c)) &&
    conds.every((c) => /^(?:\w+\.)?["`]?\w+["`]?\s*=\s*(?:'[^']*'|\d+)$/.test(c))
  );
}

/** `a = 1, b = 'x'` read as pairs (an item without `=` is left out). */
function assignments(text: string): [string, string][] {
  const out: [string, string][] = [];
  for (const item of items(text)) {
    const eq = item.indexOf('=');
    if (eq > 0) out.push([item.slice(0, eq).trim(), item.slice(eq + 1).trim()]);
  }
  return out;
}

/** Why the statement makes an application account an administrator, or undefined. */
export function adminAccountWrite(raw: string): string | undefined {
  if (!/admin|super|staff|root|owner|role|level|type|group|privilege|tier/i.test(raw)) return undefined;
  let text = withoutComments(raw).replace(/;\s*$/, '');
  // A routine or trigger body's write behind BEGIN / IF ... THEN (red team r8: a trigger function
  // that sets role = 'admin'): read from the write itself.
  if (!/^\s*(?:insert|replace|update)\b/i.test(text)) {
    const at = text.search(/\b(?:insert|replace|update)\s/i);
    if (at > 0) text = text.slice(at);
  }
  let table: string | undefined;
  let pairs: [string, string][] = [];
  const ins = INSERT.exec(text);
  const set = ins ? null : (INSERT_SET.exec(text) ?? UPDATE.exec(text));
  if (ins) {
    table = ins[1]!;
    const cols = group(text, ins[0].length - 1);
    const rest = cols === undefined ? '' : text.slice(ins[0].length + cols.length);
    const values = /^\s*\)\s*values\s*\(/i.exec(rest);
    // INSERT INTO user_roles (user_id, role) SELECT id, 'superadmin' FROM users WHERE ... (R12):
    // every account the SELECT finds gets the row; its items line up with the columns.
    const select = /^\s*\)\s*select\s+(?:distinct\s+)?([\s\S]*?)\s+from\b/i.exec(rest);
    if (cols !== undefined && !values && select) {
      const names = items(cols);
      items(select[1]!).forEach((v, i) => names[i] !== undefined && pairs.push([names[i], v]));
      // `SELECT u.id, r.id FROM users u, roles r WHERE ... AND r.name = 'superadmin'` (R14): the
      // role is picked by its name in the WHERE, not written as a value.
      const role = MEMBERSHIP_TABLE.test(bare(ins[1]!))
        ? [...rest.matchAll(ROLE_PICKED)].find((m) => ADMIN_VALUE.test(m[1]!))
        : undefined;
      if (role) return `the rows written to ${bare(ins[1]!)} give accounts the role '${role[1]!}'`;
    } else if (cols === undefined || !values) return undefined;
    const names = items(cols);
    // Every VALUES row, not just the first (a multi-row insert can hide one administrator).
    let at = ins[0].length + cols.length + (values?.[0].length ?? 0) - 1;
    for (let n = 0; values && n < 1000; n++) {
      const row = group(text, at);
      if (row === undefined) break;
      items(row).forEach((v, i) => names[i] !== undefined && pairs.push([names[i], v]));
      const next = /^\)\s*,\s*\(/.exec(text.slice(at + row.length + 1));
      if (!next) break;
      at += row.length + 1 + next[0].length - 1;
    }
  } else if (set) {
    table = set[1]!;
    pairs = assignments(set[2]!);
  }
  if (table === undefined || !ACCOUNT_TABLE.test(bare(table))) return undefined;
  if (!ins && ownerAccount(text)) return undefined;
  if (fixtureAccountsOnly(text)) return undefined;
  const hit = pairs.find(([c, v]) => grantsAdmin(c, v));
  return hit
    ? `the row written to ${bare(table)} makes an account an administrator (${bare(hit[0])} = ${hit[1]})`
    : undefined;
}

/** A value written as text the writer knows: a literal, or a hash function of one (`MD5('x')`). */
const KNOWN_VALUE = /^(?:'[^']*'|[\w.]+\s*\(\s*'[^']*'[^)]*\)(?:\s*\))?)$/;
/** A WHERE that names the administrator account (`username = 'admin'`, `login = 'root'`). */
const ADMIN_NAMED =
  /\b(?:\w+_)?(?:user_?name|username|login|email|name|handle|uid)["`\]]?\s*=\s*'(?:sa|postgres|(?:[\w+-]+[._-])?(?:admin|administrator|root|superuser|super_?admin|sysadmin)(?:[._-][\w+-]+)?|(?:admin|administrator|root|ceo|cfo|cto|coo|ciso|founder|owner|president)@[^']*)'/i;
/**
 * Tables that hold an account's second factor or other sign-in secrets beside the account row
 * (R17: `user_mfa.totp_secret`, `mfa_devices`, `user_credentials`): a secret typed into one is a
 * factor the writer holds, whichever table keeps it.
 */
const FACTOR_TABLE =
  /(?:^|_)(?:mfa|2fa|two_?factor|tfa|totp|otp|authenticators?|credentials?|factors?|webauthn|passkeys?)(?:_|$)/;
/**
 * The account picked as the owner of a tenant (R15: `WHERE id = (SELECT owner_id FROM
 * organizations WHERE slug = 'acme')`): whoever holds it holds the organisation.
 */
const OWNER_PICKED =
  /\bselect\s+(?:\w+\.)?["`]?(?:owner|owner_user|owner_account|created_by|founder|admin|admin_user|billing_owner)(?:_id)?["`]?\s+from\b/i;

/** A privilege flag tested on its own (`WHERE is_admin`, `AND u.is_superuser`). */
const BARE_FLAG =
  /(?:^|\band\b|\bwhere\b)\s*(?:\w+\.)?["`]?(?:is_?)?(?:admin|administrator|superuser|super_?admin|staff|root|sysadmin|owner)["`]?\s*(?:$|\band\b|\bor\b|\)|=\s*(?:true|1|'t'|'true')\b)/i;
/** `role IN ('owner', 'admin')`: the column and the list. */
const ROLE_IN = /["`[]?([\w.]+)["`\]]?\s+in\s*\(([^)]*)\)/gi;

/** `col = 'value'` anywhere in a WHERE, subqueries included. */
const PAIR_IN_WHERE = /["`[]?(\w+)["`\]]?\s*=\s*('[^']*'|true|1)(?!\w)/gi;
/**
 * Where the account's sign-in and recovery messages go: an administrator's e-mail or phone set to
 * the writer's own is a password reset away from the account (R12: the owner's e-mail changed).
 */
const RECOVERY_COLUMN =
  /^(?:(?:recovery|backup|primary|contact|login|notification)_?)?(?:e_?mail(?:_address)?|phone(?:_number)?|mobile(?:_number)?|msisdn)$/;
/** The second factor's switch (`mfa_enabled`, `two_factor_enabled`, `otp_required`). */
const SECOND_FACTOR_FLAG =
  /^(?:is_)?(?:mfa|2fa|two_?factor|tfa|otp|totp|webauthn)_?(?:enabled|required|enforced|active|on)?$/;
const FALSE_VALUE = /^(?:false|0|'(?:f|false|0|n|no)'|b'0'|null)$/i;

/**
 * An administrator's password or token set to a value the writer chose (red team r10: stacked
 * `UPDATE users SET password = '<md5>' WHERE username = 'admin'`): a login the writer now holds.
 * A password set from a parameter (`= $1`) is the application's own change and stays allowed. The
 * same for the administrator's e-mail or phone (the recovery channel) and the second factor
 * switched off, and an administrator's SSO or OAuth identity (`user_identities.provider_uid`)
 * relinked to a literal one. A person's own account (`WHERE id = 42`) changed by support is not judged here.
 */
export function adminPasswordWrite(raw: string): string | undefined {
  if (!/\bupdate\b/i.test(raw) || !/\bwhere\b/i.test(raw)) return undefined;
  const text = withoutComments(raw).replace(/;\s*$/, '');
  const m = /^\s*update\s+([\w."`[\]]+)(?:\s+(?:as\s+)?\w+)?\s+set\s+([\s\S]*?)\bwhere\b([\s\S]*)$/i.exec(
    text,
  );
  const identity = m !== null && IDENTITY_TABLE.test(bare(m[1]!));
  const factor = m !== null && FACTOR_TABLE.test(bare(m[1]!));
  if (!m || (!identity && !factor && !ACCOUNT_TABLE.test(bare(m[1]!)))) return undefined;
  const where = m[3]!;
  const admin =
    ADMIN_NAMED.test(where) ||
    OWNER_PICKED.test(where) ||
    // `WHERE is_admin`, `role IN ('owner', 'admin')` (R13: a known TOTP secret for every admin).
    BARE_FLAG.test(where) ||
    [...where.matchAll(ROLE_IN)].some((p) => ROLE_COLUMN.test(bare(p[1]!)) && ADMIN_VALUE.test(p[2]!)) ||
    // The account picked by its privilege inside a subquery (`id = (SELECT id FROM users WHERE role = 'owner')`).
    [...where.matchAll(PAIR_IN_WHERE)].some((p) => grantsAdmin(p[1]!, p[2]!)) ||
    where.split(/\band\b/i).some((c) => {
      const eq = c.indexOf('=');
      return (
        eq > 0 &&
        grantsAdmin(
          c.slice(0, eq).trim(),
          c
            .slice(eq + 1)
            .trim()
            .replace(/\)\s*$/, ''),
        )
      );
    });
  if (!admin) {
    // Any account's password set to a value the writer typed (R15: the CEO's password set with
    // crypt('Summer2026!', ...)): the writer now signs in as that person. From a parameter, or on a
    // fixture account, it is the application's or the test suite's own change.
    const secret = assignments(m[2]!).find(
      ([c, v]) => isSecretColumn(bare(c)) && /pass|pwd|secret|totp|otp/.test(bare(c)) && KNOWN_VALUE.test(v),
    );
    return secret !== undefined && (factor || ACCOUNT_TABLE.test(bare(m[1]!))) && !fixtureAccountsOnly(text)
      ? `the statement sets the account's ${bare(secret[0])} to a value the writer chose: the writer signs in as that person`
      : undefined;
  }
  const hit = assignments(m[2]!).find(
    ([c, v]) =>
      (isSecretColumn(bare(c)) ||
        RECOVERY_COLUMN.test(bare(c)) ||
        (identity && IDENTITY_COLUMN.test(bare(c)))) &&
      KNOWN_VALUE.test(v),
  );
  // An SSO or OAuth identity relinked (R14): whoever holds that outside login signs in as the administrator.
  if (hit && identity)
    return `the statement links the administrator's sign-in to an outside identity the writer chose (${bare(hit[0])} = ${hit[1]})`;
  if (hit)
    return `the statement sets the administrator's ${bare(hit[0])} to a value the writer chose (a takeover of the account)`;
  const off = assignments(m[2]!).find(
    ([c, v]) => SECOND_FACTOR_FLAG.test(bare(c)) && FALSE_VALUE.test(v.trim()),
  );
  return off
    ? `the statement switches off the administrator's second factor (${bare(off[0])} = ${off[1]})`
    : undefined;
}

/**
 * `NEW.role := 'admin'` (PL/pgSQL), `SET NEW.is_admin = 1` (MySQL): a trigger rewriting the row it
 * writes. A bare `=` counts only where a statement starts (`IF NEW.role = 'admin'` is a test).
 */
const NEW_ASSIGN =
  /(?:(?:\bset|\bthen|\belse|\bbegin|\bloop|;)\s*new\s*\.\s*["`]?(\w+)["`]?\s*:?=|\bnew\s*\.\s*["`]?(\w+)["`]?\s*:=)\s*('[^']*'|\w+)/gi;

/** A conditional value (`IF(c, 'admin', NEW.role)`, `IIF`, `CASE WHEN c THEN 'admin' ELSE ... END`) up to the statement's end. */
const CONDITIONAL_VALUE = /^\s*(?:i?if\s*\(|case\b)[^;]{0,400}/i;

/** The values a conditional can produce: IF()'s two branches, CASE's THEN and ELSE results (not its tests). */
function conditionalResults(expr: string): string[] {
  if (/^\s*case\b/i.test(expr))
    return [...expr.matchAll(/\b(?:then|else)\s+('[^']*'|\w+)/gi)].map((m) => m[1]!);
  const args: string[] = [];
  let depth = 0;
  let start = expr.indexOf('(') + 1;
  for (let i = start; i < expr.length; i++) {
    const c = expr[i]!;
    if (c === "'") {
      i = expr.indexOf("'", i + 1);
      if (i < 0) break;
    } else if (c === '(') depth++;
    else if (c === ')' && depth-- === 0) {
      args.push(expr.slice(start, i));
      break;
    } else if (c === ',' && depth === 0) {
      args.push(expr.slice(start, i));
      start = i + 1;
    }
  }
  return args.slice(1).map((a) => a.trim());
}

/**
 * A trigger that makes the rows it sees administrators (red team r8): every account written (or
 * the one whose e-mail it waits for) comes out with the privilege flag or the admin role.
 */
export function adminTrigger(raw: string): string | undefined {
  if (!/\bnew\s*\./i.test(raw)) return undefined;
  const text = withoutComments(raw);
  for (const m of text.matchAll(NEW_ASSIGN)) {
    const column = m[1] ?? m[2]!;
    if (grantsAdmin(column, m[3]!))
      return `the trigger sets NEW.${bare(column)} = ${m[3]!}: the accounts it writes become administrators`;
    // `SET NEW.role = IF(NEW.email = 'x@gmail.com', 'admin', NEW.role)` (R22): one branch makes an administrator.
    const conditional = CONDITIONAL_VALUE.exec(text.slice(m.index + m[0].length - m[3]!.length))?.[0];
    const admin =
      conditional === undefined
        ? undefined
        : conditionalResults(conditional).find((v) => grantsAdmin(column, v));
    if (admin !== undefined)
      return `the trigger sets NEW.${bare(column)} = ${admin} on a condition it chose: the accounts it picks become administrators`;
  }
  return undefined;
}

/** Tables whose rows become accounts later: invitations, sign-ups, registrations. */
const PENDING_ACCOUNT_TABLE = /(?:^|_)(?:invit\w*|signups?|sign_ups?|registrations?|onboarding)$/;
/** ALTER TABLE t ALTER [COLUMN] c SET DEFAULT v (PostgreSQL, MySQL), MODIFY/CHANGE ... DEFAULT v (MySQL). */
const ALTER_DEFAULT =
  /^\s*alter\s+table\s+(?:only\s+)?(?:if\s+exists\s+)?([\w."`[\]]+)\s+(?:alter\s+(?:column\s+)?([\w"`[\]]+)\s+set\s+default|(?:modify|change)\s+(?:column\s+)?(?:[\w"`[\]]+\s+)?([\w"`[\]]+)\s+[^;]*?\bdefault)\s+(\(?\s*'[^']*'|[\w]+)/i;
/** ADD [COLUMN] c type ... DEFAULT v inside an ALTER TABLE or CREATE TABLE column list. */
const COLUMN_DEFAULT =
  /(?:\(|,|\badd\s+(?:column\s+)?)\s*([\w"`[\]]+)\s+[\w\s()]*?\bdefault\s+('[^']*'|\w+)/gi;
const CREATE_OR_ALTER_TABLE =
  /^\s*(?:create\s+(?:or\s+replace\s+)?table|alter\s+table)\s+(?:if\s+(?:not\s+)?exists\s+)?(?:only\s+)?([\w."`[\]]+)/i;

/**
 * A column default that makes every new account an administrator (red team r8: `ALTER TABLE users
 * ALTER COLUMN role SET DEFAULT 'admin'`, `is_admin boolean DEFAULT true`): no row is written, but
 * every sign-up from then on is one. Defaults of 'member' or false are the everyday ones.
 */
export function adminDefault(raw: string): string | undefined {
  if (!/\bdefault\b/i.test(raw) || !/admin|super|staff|root|owner|true|\b1\b/i.test(raw)) return undefined;
  const text = withoutComments(raw);
  const head = CREATE_OR_ALTER_TABLE.exec(text);
  if (!head) return undefined;
  const table = bare(head[1]!);
  if (!ACCOUNT_TABLE.test(table) && !PENDING_ACCOUNT_TABLE.test(table)) return undefined;
  const pairs: [string, string][] = [];
  const alter = ALTER_DEFAULT.exec(text);
  if (alter) pairs.push([alter[2] ?? alter[3]!, alter[4]!.replace(/^\(\s*/, '')]);
  for (const m of text.matchAll(COLUMN_DEFAULT)) pairs.push([m[1]!, m[2]!]);
  const hit = pairs.find(([c, v]) => grantsAdmin(c, v));
  return hit
    ? `the default of ${table}.${bare(hit[0])} (${hit[1]}) makes every new account an administrator`
    : undefined;
}
