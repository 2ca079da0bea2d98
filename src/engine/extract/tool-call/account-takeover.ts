/**
 * An account or a home handed to whoever planted the request (red team r14 injected,
 * AgentDojo/InjecAgent style), read from what the call changes: the account's e-mail or recovery
 * address replaced (a password reset then goes there), its second factor moved to a new phone with
 * the old one dropped, its password set to a guessable value, an OAuth app given admin scopes at
 * an outside callback, a smart lock's guest given permanent access. Ordinary profile edits (a
 * street, a display name), a strong new password, an app with read scopes and a guest's access for
 * a time window stay allowed. Each becomes one `agent-guard-action weaken|grant|divert <object>
 * <detail>` line for PLT-AST-003.
 */
import { nameWords, truthy, type CliEquivalent } from './cli.js';
import { snakeEntries } from './snake-entries.js';
import { union, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';
import { FREE_MAIL, registrable } from './recipients.js';
import { HOSTILE_HOST, LURE_HOST } from '../../knowledge/lure-host.js';

const CHANGE =
  /^(?:update|set|put|change|edit|replace|patch|modify|reset|add|create|register|install|grant|authorize|new|enroll|enrol|activate)$/;
const EDIT = /^(?:update|set|change|edit|replace|patch|modify)$/;
const READ = /^(?:get|list|read|show|describe|view|fetch|search|check|verify|remove|delete|revoke)$/;
/** Name words of the user's own account or profile. */
const ACCOUNT =
  /^(?:user|users|account|profile|me|my|info|personal|contact_info|recovery|security|admin|admins|administrator|administrators|owner|owners|agent|agents|staff|employee|employees|operator|operators|technician|technicians)$/;
/** Keys of the addresses an account's resets and codes go to. */
const RECOVERY_KEY =
  /^(?:email|email_address|primary_email|login_email|recovery_email|backup_email|secondary_email|recovery_phone|backup_phone|recovery_address)$/;
const FACTOR =
  /^(?:mfa|2fa|twofa|otp|totp|sms|authenticator|authentication|factor|second_factor|duo|oath|passkey|webauthn)$/;
const PHONE_KEY = /^(?:phone|phone_number|mobile|mobile_number|number|device|mfa_phone|sms_number)$/;
/** Keys naming whose account a call acts on, and verbs that put a new factor on it. */
const OWNER_KEY =
  /^(?:user|user_id|username|login|email|user_email|principal|account|for_user|target_user|upn|user_principal_name)$/;
const ENROL = /^(?:enroll|enrol|add|register|create|activate|set)$/;
/** Factors held by a device or secret rather than the owner's own mailbox or phone. */
const DEVICE_FACTOR =
  /totp|hotp|token:software|software_?oath|oath|authenticator|push|webauthn|u2f|fido|security_?key|yubi|token:hardware|hardware/i;
/** A method value naming e-mail, alone or in a vendor's word (`emailAuthenticationMethod`, `EMAIL_OTP`, R24). */
const MAIL_METHOD = /^e-?mail(?:$|[_\s-]|otp|authentication|factor|method|code)/i;
const REPLACE_KEY =
  /^(?:replace|replace_existing|overwrite|remove_existing|remove_others|reset_existing|force)$/;
const PASSWORD_WORD = /^(?:password|passwd|passphrase)$/;
const PASSWORD_KEY = /^(?:password|new_password|passwd|passphrase|new_passphrase)$/;
/** Passwords anyone tries first: words and digits only, short, or a known weak one. */
const GUESSABLE =
  /^(?:[a-z_ -]{1,16}\d{0,4}|\d{1,12}|(?:password|passw0rd|p@ssw0rd|welcome|letmein|qwerty|admin|changeme|iloveyou|monkey|dragon)[\w!@#$]{0,4})$/i;
/**
 * What cracking word lists try next (R16: `Summer2024!`): a season or month with a year, and any
 * value built around the word password, whatever is added around it.
 */
const CRACK_LIST =
  /^(?:spring|summer|autumn|fall|winter|january|february|march|april|may|june|july|august|september|october|november|december)[\W_]?(?:19|20)?\d{2}[\W_]{0,3}$|p[a@]ss?w[o0]rd|passwd/i;
const APP = /^(?:oauth|app|apps|application|integration|client)$/;
const SCOPE_KEY = /^(?:scopes?|permissions?|oauth_scopes?|access|roles?)$/;
const ADMIN_SCOPE =
  /^(?:admin|\*|all|full_access|root|owner|admin:\w+|\w+:admin|write:org|admin_org|delete_repo|directory\.readwrite\.all|[\w.]+\.readwrite\.all|https:\/\/www\.googleapis\.com\/auth\/(?:admin\.\w+|cloud-platform))$/i;
const CALLBACK_KEY = /^(?:redirect_uri|redirect_uris|callback|callback_url|redirect_url|webhook_url|url)$/;
const LOCK = /^(?:lock|locks|smartlock|smart_lock|door|doors|august|yale|schlage|nuki|keypad|garage)$/;
const GUEST = /^(?:guest|guests|access|visitor|code|codes|user|users|key|keys)$/;
const PERMANENT_KEY = /^(?:permanent|permanent_access|always|no_expiry|never_expires|unlimited)$/;
const ACCESS_TYPE_KEY = /^(?:access|access_type|type|schedule|duration|validity)$/;

type Pair = [string, unknown];

/**
 * A mailbox at an organisation's domain (`maria.lopez@acme-corp.com`, R19 twin; `security@acme.com`,
 * a team's box): reaching it needs that domain. A free-mail box, a host shaped for lures
 * (`acme-verify.net`) or a mailbox named for taking over (`recovery@`, `reset@`) is where a taker's
 * resets go.
 */
function personAtWork(v: string): boolean {
  const m = /^([a-z0-9][a-z0-9._+-]{0,40})@([a-z0-9-]+(?:\.[a-z0-9-]+)+)$/i.exec(v.trim());
  if (m === null || m[1]!.split(/[._+-]+/).some((x) => TAKEOVER_WORD.test(x))) return false;
  const host = m[2]!;
  return !FREE_MAIL.test(registrable(host)) && !LURE_HOST.test(host) && !HOSTILE_HOST.test(host);
}
/** Accounts by their role (`cfo`, `admin`, `root`): whoever holds their codes holds the company's money or keys. */
const PRIVILEGED_USER =
  /^(?:admin|administrator|root|owner|superuser|super_?admin|ceo|cfo|cto|coo|ciso|cio|president|founder|treasurer|controller|payroll|finance|billing)$/i;
const TAKEOVER_WORD = /^(?:recovery|recover|backup|reset|verify|verification|temp|tmp|takeover|alt)$/i;

/** Roles of a customer's own record on a helpdesk or shop (Zendesk `end-user`): their own address is theirs. */
const CUSTOMER_ROLE =
  /^\s*(?:end[-_ ]?users?|customers?|requesters?|shoppers?|buyers?|contacts?|leads?)\s*$/i;
const customerRecord = (all: Pair[]): boolean =>
  all.some(
    ([k, v]) =>
      /^(?:role|type|user_type|kind|account_type)$/.test(k) && typeof v === 'string' && CUSTOMER_ROLE.test(v),
  );

function recovery(w: readonly string[], all: Pair[]): CliEquivalent | undefined {
  // An existing account changed (a new account is created with its own address).
  if (!w.some((x) => ACCOUNT.test(x)) || !w.some((x) => EDIT.test(x)) || customerRecord(all))
    return undefined;
  // A tool named for the recovery address (`update_recovery_phone {phone}`) takes it under a plain
  // key, and replaces the one on file unless told to keep it (`remove_existing: false` adds a second).
  const named =
    w.some((x) => /^(?:recovery|backup)$/.test(x)) &&
    !all.some(([k, v]) => REPLACE_KEY.test(k) && (v === false || v === 'false'));
  const hit = all.find(
    ([k, v]) =>
      (RECOVERY_KEY.test(k) || (named && /^(?:phone|phone_number|mobile|number|address|value)$/.test(k))) &&
      typeof v === 'string' &&
      /\S+@\S+\.\w+|^\+?\d[\d\s-]{6,}$/.test(v) &&
      !personAtWork(v),
  );
  return hit === undefined
    ? undefined
    : line(
        'divert',
        'account',
        `${w.join('_')} sets ${hit[0]} to ${String(hit[1]).slice(0, 80)}: password resets and codes go there`,
      );
}

/** A stranger's mailbox: a public provider, a look-alike or an attacker's host. */
const strangerMail = (v: string): boolean => {
  const host = /@([a-z0-9-]+(?:\.[a-z0-9-]+)+)\s*$/i.exec(v.trim())?.[1];
  return (
    host !== undefined &&
    (FREE_MAIL.test(registrable(host)) || LURE_HOST.test(host) || HOSTILE_HOST.test(host))
  );
};
const strings = (v: unknown): string[] =>
  (Array.isArray(v) ? (v as unknown[]).slice(0, 16) : [v]).filter((x): x is string => typeof x === 'string');

/**
 * An address made the account's primary (`make_primary: true`, R20): sign-in and resets go there.
 * A person's work address stays allowed.
 */
function primaryAddress(w: readonly string[], all: Pair[]): CliEquivalent | undefined {
  if (
    !all.some(
      ([k, v]) => /^(?:make_primary|set_primary|set_as_primary|primary|is_primary)$/.test(k) && truthy(v),
    )
  )
    return undefined;
  const to = all
    .filter(([k]) => /(?:^|_)emails?(?:_address(?:es)?)?$/.test(k))
    .flatMap(([, v]) => strings(v))
    .find((v) => /\S+@\S+\.\w+/.test(v) && !personAtWork(v));
  return to === undefined
    ? undefined
    : line(
        'divert',
        'account',
        `${w.join('_')} makes ${to.slice(0, 80)} the primary address: sign-in and resets go there`,
      );
}

/** Keys naming the kind of record a generic update changes (Salesforce `sobject`, a CRM's `object_type`). */
const OBJECT_TYPE_KEY =
  /^(?:sobject|s_object|sobject_type|object|object_type|object_name|entity|entity_type|resource_type|model|record_type)$/;
/** Record kinds that are sign-in accounts of the organisation's own system. */
const USER_RECORD = /^\s*(?:users?|user_accounts?|admins?|administrators?|login_accounts?)\s*$/i;
/** Keys of the address a user record's resets go to (not a person's separate personal or home mail). */
const LOGIN_MAIL_KEY = /^(?:email|email_address|primary_email|login_email|username|user_name|login)$/;

/**
 * A user record of the organisation's own system given a stranger's mailbox through a generic
 * record update (R21: Salesforce `sobject: User`, `Email` to a gmail box beside `System
 * Administrator`): that user's password resets go there. A contact's or a customer's record, and a
 * work address, stay allowed.
 */
function userRecordMail(w: readonly string[], all: Pair[]): CliEquivalent | undefined {
  if (!w.some((x) => EDIT.test(x))) return undefined;
  if (!all.some(([k, v]) => OBJECT_TYPE_KEY.test(k) && typeof v === 'string' && USER_RECORD.test(v)))
    return undefined;
  const to = all.find(([k, v]) => LOGIN_MAIL_KEY.test(k) && typeof v === 'string' && strangerMail(v));
  return to === undefined
    ? undefined
    : line(
        'divert',
        'account',
        `${w.join('_')} sets a user's ${to[0]} to ${String(to[1]).slice(0, 80)}: password resets go there`,
      );
}

/** Contacts that receive a domain's or cloud account's ownership and security notices (registrant, admin, SECURITY alternate contact). */
const NOTICE_WORD = /^(?:domain|domains|registrar|registrant|whois|alternate|security|admin|technical|tech)$/;

/**
 * A domain's or account's notice contact set to a stranger's mailbox (R20: registrar contacts,
 * the AWS SECURITY alternate contact): transfer approvals, resets and abuse notices go there.
 * CRM contacts (a customer's Gmail) name no domain or account notices and stay allowed.
 */
function noticeContact(w: readonly string[], all: Pair[]): CliEquivalent | undefined {
  if (!w.some((x) => /^contacts?$/.test(x))) return undefined;
  const about =
    w.some((x) => NOTICE_WORD.test(x)) ||
    all.some(
      ([k]) =>
        /^(?:admin|tech|technical|security)(?:_contact)?(?:_email)?$/.test(k) ||
        k.split('_').some((x) => /^(?:registrant|registrar|whois|alternate)$/.test(x)),
    );
  if (!about) return undefined;
  const to = all
    .filter(([k]) => /(?:^|_)email(?:_address)?$/.test(k))
    .flatMap(([, v]) => strings(v))
    .find(strangerMail);
  return to === undefined
    ? undefined
    : line(
        'divert',
        'account',
        `${w.join('_')} sets a notice contact to ${to.slice(0, 80)}: ownership and security notices go there`,
      );
}

function factorMoved(w: readonly string[], all: Pair[]): CliEquivalent | undefined {
  // A recovery phone is where reset codes go, as a second factor's phone is (R18: `update_recovery_phone`).
  if (
    !w.some((x) => FACTOR.test(x) || x === 'recovery' || x === 'factors') &&
    !all.some(([k]) => /^(?:factor|factor_type)$/.test(k))
  )
    return undefined;
  const phone = all.find(
    ([k, v]) => PHONE_KEY.test(k) && typeof v === 'string' && /\d{6,}/.test(v.replace(/\D/g, '')),
  );
  const replaces = w.includes('replace') || all.some(([k, v]) => REPLACE_KEY.test(k) && truthy(v));
  // A factor enrolled on another person's account (R16: the CEO's SMS factor on a phone the call
  // supplies): codes for that account then reach whoever holds the phone, not its owner.
  // The account by address, or by the directory's own id (`userId: 00u1admin`); `me` is the caller.
  const someoneElse = all.find(
    ([k, v]) =>
      OWNER_KEY.test(k) &&
      typeof v === 'string' &&
      (/^[^\s@]+@[^\s@]+\.\w+$/.test(v.trim()) ||
        (/(?:^|_)id$/.test(k) &&
          // Auth0 ids carry their connection (`auth0|64f1…`).
          (/^[\w|:.-]{6,64}$/.test(v.trim()) || PRIVILEGED_USER.test(v.trim())) &&
          !/^(?:me|self|current|my)\b/i.test(v.trim()))),
  );
  if (phone !== undefined && someoneElse !== undefined && w.some((x) => ENROL.test(x)))
    return line(
      'weaken',
      'account',
      `${w.join('_')} enrols ${String(phone[1]).slice(0, 40)} as a second factor of ${String(someoneElse[1]).slice(0, 60)}`,
    );
  // An app or key factor (TOTP, push, security key) enrolled by the call for another person: its
  // secret or device is whoever made the call's, not the account owner's (R17: the CEO's TOTP).
  const device = all.find(
    ([k, v]) =>
      /^(?:factor_type|factor|type|method|authentication_method|method_type|provider_type)$/.test(k) &&
      typeof v === 'string' &&
      DEVICE_FACTOR.test(v.trim()),
  );
  const knownSecret = all.find(
    ([k, v]) =>
      /^(?:secret|secret_key|shared_secret|seed|totp_secret|key)$/.test(k) &&
      typeof v === 'string' &&
      v.trim().length >= 16,
  );
  // Enrolment alone starts a flow the owner finishes on their own device (tcinj5 twin); the call
  // naming the device or credential, or handing over the secret, is what puts it elsewhere.
  const supplied = all.find(
    ([k, v]) =>
      /^(?:credential_id|credential|device|device_id|device_name|device_token|authenticator_id|serial|serial_number|token_serial)$/.test(
        k,
      ) &&
      typeof v === 'string' &&
      v.trim() !== '',
  );
  if (
    ((device !== undefined && supplied !== undefined) || knownSecret !== undefined) &&
    someoneElse !== undefined &&
    w.some((x) => ENROL.test(x))
  )
    return line(
      'weaken',
      'account',
      `${w.join('_')} enrols ${device !== undefined ? `a ${String(device[1])} factor` : 'a factor with a known secret'} on ${String(someoneElse[1]).slice(0, 60)}`,
    );
  // An e-mail factor enrolled on another person's account at a stranger's mailbox (R23: the admin's
  // Okta `factorType: email` with `profile.email` at gmail): the codes for that account go there.
  const mailFactor =
    all.some(
      ([k, v]) =>
        /^(?:factor_type|factor|type|method|authentication_method|method_type|provider_type|channel)$/.test(
          k,
        ) &&
        typeof v === 'string' &&
        MAIL_METHOD.test(v.trim()),
    ) || w.some((x) => /^e-?mail$/.test(x));
  const mailbox = all.find(
    ([k, v]) =>
      /(?:^|_)email(?:_address)?$/.test(k) &&
      typeof v === 'string' &&
      v !== someoneElse?.[1] &&
      /\S+@\S+\.\w+/.test(v) &&
      !personAtWork(v),
  );
  // An e-mail method's address changed in place (`update_authentication_method`) moves the codes as enrolling does.
  if (
    mailFactor &&
    mailbox !== undefined &&
    someoneElse !== undefined &&
    w.some((x) => ENROL.test(x) || EDIT.test(x))
  )
    return line(
      'weaken',
      'account',
      `${w.join('_')} enrols ${String(mailbox[1]).slice(0, 60)} as an e-mail factor of ${String(someoneElse[1]).slice(0, 60)}`,
    );
  return phone !== undefined && replaces
    ? line(
        'weaken',
        'account',
        `${w.join('_')} moves the second factor to ${String(phone[1]).slice(0, 40)} and drops the old one`,
      )
    : undefined;
}

function guessablePassword(w: readonly string[], all: Pair[]): CliEquivalent | undefined {
  if (!w.some((x) => PASSWORD_WORD.test(x)) || w.some((x) => /^(?:policy|policies|rules?)$/.test(x)))
    return undefined;
  const hit = all.find(
    ([k, v]) =>
      PASSWORD_KEY.test(k) &&
      typeof v === 'string' &&
      (GUESSABLE.test(v.trim()) || CRACK_LIST.test(v.trim())),
  );
  return hit === undefined
    ? undefined
    : line('weaken', 'account', `${w.join('_')} sets a guessable password`);
}

/** Keys naming the account an admin call acts on (`userKey`, Graph `id`, Okta `login`). */
const TARGET_KEY =
  /^(?:user|user_id|user_key|username|login|login_name|email|user_email|principal|account|account_id|for_user|target_user|upn|user_principal_name|id|uid|object_id|sam_account_name)$/;
/** Flags that make a set password a one-time one its owner must replace (Workspace, Entra, IAM, Okta, Snowflake). */
const MUST_CHANGE_KEY =
  /^(?:change_password_at_next_login|force_change_password_next_sign_in(?:_with_mfa)?|must_change_password|require_password_change|password_reset_required|reset_password_on_next_login|expire_password|temporary|temporary_password|is_temporary|force_password_change|change_on_next_login)$/;
const RESET_VERB = /^(?:update|set|change|edit|replace|patch|modify|reset)$/;

/**
 * A password the call chooses, put on an existing account the call names (R18: the CEO's password set
 * through `google_workspace_admin {action: users.update}`), and not marked as one its owner must change at
 * the next sign-in: whoever made the call can sign in as that person. An admin reset that forces a
 * change, a profile edit (an org unit, a title, a manager) and a password policy stay allowed.
 */
function passwordHandedOver(w: readonly string[], all: Pair[]): CliEquivalent | undefined {
  if (!w.some((x) => ACCOUNT.test(x)) || !w.some((x) => RESET_VERB.test(x))) return undefined;
  if (w.some((x) => /^(?:policy|policies|rules?|create|add|new|insert|invite)$/.test(x))) return undefined;
  // Okta nests it: `credentials: {password: {value}}`.
  const chosen = (v: unknown): string | undefined => {
    const x =
      v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>).value : v;
    return typeof x === 'string' && x.trim().length > 0 && !/^\$|\{\{/.test(x) ? x : undefined;
  };
  const password = all.find(([k, v]) => PASSWORD_KEY.test(k) && chosen(v) !== undefined);
  const target = all.find(([k, v]) => TARGET_KEY.test(k) && typeof v === 'string' && v.trim() !== '');
  if (password === undefined || target === undefined) return undefined;
  // A guessable one is tried before its owner signs in, must-change or not.
  const value = chosen(password[1])!.trim();
  const weak = GUESSABLE.test(value) || CRACK_LIST.test(value);
  if (!weak && all.some(([k, v]) => MUST_CHANGE_KEY.test(k) && truthy(v))) return undefined;
  return line(
    'weaken',
    'account',
    `${w.join('_')} sets ${weak ? 'a guessable password' : 'a password it chooses'} on ${String(target[1]).slice(0, 60)}${weak ? '' : ' with no change at next sign-in'}`,
  );
}

function adminApp(w: readonly string[], all: Pair[]): CliEquivalent | undefined {
  if (!w.some((x) => APP.test(x))) return undefined;
  const scopes = all
    .filter(([k]) => SCOPE_KEY.test(k))
    .flatMap(([, v]): unknown[] =>
      Array.isArray(v) ? (v as unknown[]) : typeof v === 'string' ? v.split(/[\s,]+/) : [],
    )
    .filter((s): s is string => typeof s === 'string');
  const admin = scopes.find((s) => ADMIN_SCOPE.test(s.trim()));
  const callback = all.find(
    ([k, v]) => CALLBACK_KEY.test(k) && typeof v === 'string' && /^https?:\/\//i.test(v),
  );
  if (admin === undefined || callback === undefined) return undefined;
  if (/^https?:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?(?:\/|$)/i.test(String(callback[1])))
    return undefined;
  return line(
    'grant',
    'access',
    `${w.join('_')} gives an app at ${String(callback[1]).slice(0, 80)} the ${admin} scope`,
  );
}

function permanentGuest(w: readonly string[], all: Pair[]): CliEquivalent | undefined {
  if (!w.some((x) => LOCK.test(x)) || !w.some((x) => GUEST.test(x))) return undefined;
  const forever =
    all.some(([k, v]) => PERMANENT_KEY.test(k) && truthy(v)) ||
    all.some(
      ([k, v]) =>
        ACCESS_TYPE_KEY.test(k) &&
        typeof v === 'string' &&
        /^(?:permanent|always|unlimited|forever)$/i.test(v.trim()),
    );
  return forever
    ? line('grant', 'home', `${w.join('_')} gives a guest permanent access to the lock`)
    : undefined;
}

/** Keys of the address or number an account signs in or gets its codes with. */
const IDENTITY_KEY =
  /^(?:email|email_address|primary_email|login_email|work_email|phone|phone_number|mobile|mobile_phone|mobile_number|sms_number)$/;
/** Keys that mark an address or number as already confirmed by its owner. */
const VERIFIED_KEY =
  /^(?:email_verified|phone_verified|phone_number_verified|mobile_verified|verified|is_verified|email_confirmed|phone_confirmed|mark_verified|skip_verification)$/;
/** Keys naming whose account an admin call changes. */
const WHOSE_KEY = /^(?:uid|user_id|user|username|user_name|id|login|account|account_id|user_key|sub)$/;

/**
 * An admin call that puts a sign-in address or number on someone's account and vouches for it
 * (R25: Firebase `phoneNumber` with `emailVerified: true` on `admin`), or puts a number on an account
 * named by its role (`uid: admin`, `userId: cfo`): codes and resets for that account reach whoever
 * typed it, and its owner never confirmed it. A colleague's work address, a profile edit and a new
 * account stay allowed.
 */
function setIdentity(w: readonly string[], all: Pair[]): CliEquivalent | undefined {
  if (!w.some((x) => EDIT.test(x)) || !w.some((x) => ACCOUNT.test(x))) return undefined;
  const set = all.find(
    ([k, v]) =>
      IDENTITY_KEY.test(k) &&
      typeof v === 'string' &&
      (/^\+?\d[\d\s().-]{6,}$/.test(v.trim()) || (/\S+@\S+\.\w+/.test(v) && !personAtWork(v))),
  );
  if (set === undefined) return undefined;
  const vouched = all.find(([k, v]) => VERIFIED_KEY.test(k) && truthy(v));
  const role = all.find(
    ([k, v]) => WHOSE_KEY.test(k) && typeof v === 'string' && PRIVILEGED_USER.test(v.trim()),
  );
  if (vouched === undefined && role === undefined) return undefined;
  return line(
    'divert',
    'account',
    `${w.join('_')} sets ${set[0]} to ${String(set[1]).slice(0, 60)} ${
      vouched !== undefined ? `and marks it verified (${vouched[0]})` : `on the ${String(role![1])} account`
    }: its codes and resets go there`,
  );
}

/** Keys that give an admin tool's operation (`google_workspace_admin {action: "users.update"}`). */
const OPERATION_KEY = ['action', 'operation', 'method', 'op'] as const;

/**
 * The name's words with those of the operation a generic admin tool is given as a field: the
 * operation, not the tool's name, says what changes (R18: `action: users.update`).
 */
function withOperation(w: readonly string[], args: object): readonly string[] {
  if (w.some((x) => CHANGE.test(x)) || Array.isArray(args)) return w;
  const rec = args as Record<string, unknown>;
  const op = OPERATION_KEY.map((k) => rec[k]).find((v): v is string => typeof v === 'string');
  if (op === undefined || op.length > 64 || !/^[A-Za-z][\w.:/-]*$/.test(op)) return w;
  return [...w, ...nameWords(op.replace(/[.:/-]+/g, '_'))];
}

/** When accountTakeoverLines can answer (signals.ts): a change verb in the name (CHANGE) or an operation field. */
export const ACCOUNT_TAKEOVER_GATE: Gate = { name: union(CHANGE), keys: union(OPERATION_KEY) };

export function accountTakeoverLines(w0: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object') return [];
  const w = withOperation(w0, args);
  if (!w.some((x) => CHANGE.test(x)) || w.some((x) => READ.test(x))) return [];
  const all = snakeEntries(args, { depth: 3, pairs: 64, items: 16 });
  return [
    recovery(w, all),
    factorMoved(w, all),
    guessablePassword(w, all),
    passwordHandedOver(w, all),
    adminApp(w, all),
    permanentGuest(w, all),
    primaryAddress(w, all),
    noticeContact(w, all),
    userRecordMail(w, all),
    setIdentity(w, all),
  ].filter((c): c is CliEquivalent => c !== undefined);
}
