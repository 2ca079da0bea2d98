/**
 * How an account is signed into, weakened or diverted through a tool call, whatever the vendor
 * calls it (red team r10): a second factor switched off or reset (`disable_mfa`, `require_mfa:
 * false`), a password policy that accepts a one-character password, or an OAuth client's sign-in
 * redirected to a host of another domain (the authorisation codes go there). Read from what the
 * arguments do, not from a list of identity vendors. Each becomes one `agent-guard-action
 * weaken|divert <object> <detail>` line that PLT-AST-003 denies.
 */
import { classifyHost } from '../../net/address.js';
import { type CliEquivalent } from './cli.js';
import { scratchOnly } from '../../knowledge/ephemeral-names.js';
import { lowerText, type Gate } from './signals.js';
import { snakeEntries, snakeKey } from './snake-entries.js';
import { actionLine as action } from './action-line.js';
import { switchedOff } from './control-words.js';

type Json = unknown;

/** Words that name a second factor or single sign-on (a name's or a key's words). */
const FACTOR = new Set(
  'mfa 2fa 2sv twofa tfa two_factor multi_factor multifactor otp totp hotp webauthn u2f passkey passkeys authenticator authenticators factor factors second_factor sso'.split(
    ' ',
  ),
);
/** Verbs that take a factor away from an account. */
const OFF = new Set(
  'disable disables remove delete reset deactivate unenroll unenrol unregister bypass skip clear turn_off off revoke'.split(
    ' ',
  ),
);
/** Name words of reads (a factor listed or its status shown changes nothing). */
const READ = new Set('get list show describe read view fetch status check verify'.split(' '));

/** Snake words with the two-word factors glued (`two_factor`, `multi_factor`, `turn_off`). */
function words(snake: string): string[] {
  const out: string[] = [];
  for (const x of snake.split('_')) {
    const prev = out.at(-1);
    if (
      prev !== undefined &&
      ((/^(?:two|multi|second)$/.test(prev) && x === 'factor') || (prev === 'turn' && x === 'off'))
    )
      out[out.length - 1] = `${prev}_${x}`;
    else out.push(x);
  }
  return out;
}

// Not 0: a factor key's number is a count (`failed_otp_attempts: 0`), not a switch.
const falsy = (v: Json): boolean =>
  v === false || (typeof v === 'string' && /^(?:false|no|0|off|disabled?|none|optional)$/i.test(v.trim()));

/** Keys that switch the setting a name speaks of (`value`, `setting_value`, `state`, `enabled`). */
const SWITCH =
  /^(?:value|setting|setting_value|state|status|enabled|is_enabled|required|enforced|enforcement|mode)$/;

/** Keys whose number is the shortest password the policy accepts. */
const MIN_LENGTH =
  /(?:^|_)(?:min|minimum)_(?:password_)?(?:length|len|chars|characters)$|^password_min(?:imum)?_length$/;
/** Shorter than this is no password policy at all (NIST SP 800-63B asks for 8 at least). */
const SHORTEST_PASSWORD = 8;

/** A reason that says the requester's identity was checked before a factor reset. */
const VERIFIED =
  /\b(?:verified|verification|confirmed|identity|id check|in person|video call|callback|call-back)\b/i;

/** Keys of an exemption from a factor, and of the date it ends. */
const EXEMPT_KEY = /^(?:exclusion|excluded|exclude|exempt|exempted|exemption|bypass|bypassed|skip|skipped)$/;
const UNTIL_KEY = /(?:until|expires|expiry|expiration|end|ends)(?:_at|_date|_time)?$/;

/** An object under a factor key that exempts its holder (`{configured: true, exclusion: true}`) with no end. */
function exempted(v: Json): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const e = Object.entries(v).slice(0, 32);
  return (
    e.some(([x, y]) => EXEMPT_KEY.test(snakeKey(x)) && (y === true || y === 'true')) &&
    !e.some(([x, y]) => UNTIL_KEY.test(snakeKey(x)) && y !== null && y !== '' && y !== false)
  );
}

/** Keys that let password-only protocols sign in (Google less secure apps, Exchange and Entra legacy auth). */
const LEGACY_AUTH =
  /^(?:allow_|enable_)?(?:less_secure_apps?|lsa|legacy_auth|legacy_authentication|basic_authentication)(?:_enabled|_allowed|_access)?$/;

/** Enum values that let a user or policy in without the second factor. */
const NO_FACTOR_VALUE =
  /^(?:bypass[_ -]?(?:2fa|mfa|2sv|two[_ -]?factor)|(?:allow[_ -]?(?:access[_ -]?)?)?without[_ -]?(?:2fa|mfa|2sv|two[_ -]?factor)|skip[_ -]?(?:2fa|mfa|2sv)|no[_ -]?(?:2fa|mfa|2sv))$/i;

/** A second factor switched off or reset, or a password policy that accepts anything. */
function weakened(w0: readonly string[], all: readonly [string, Json][]): CliEquivalent | undefined {
  const w = words(w0.join('_'));
  if (w.some((x) => READ.has(x))) return undefined;
  const names = all.filter(([, v]) => typeof v === 'string').map(([, v]) => v as string);
  if (scratchOnly(names)) return undefined;
  // `disable_mfa`, `okta_reset_factors`, `remove_user_2fa`: the name takes a factor away.
  // A reset (re-enrolment at next sign-in) filed under a helpdesk ticket is the routine for a new
  // device or a new hire (R15 twin); disabling, or a reset with no record, takes the factor away.
  const ticketed =
    (w.includes('reset') &&
      all.some(
        ([k, v]) =>
          /^(?:ticket|ticket_id|ticket_number|incident|incident_id|change_request|request_id|case|case_id|jira|reference)$/.test(
            k,
          ) &&
          typeof v === 'string' &&
          // The ticket's id, alone or before its summary (`IT-5521 lost phone, identity verified`, R19 twin).
          /^\s*(?:[A-Z][A-Z0-9]+-\d+|INC\d+|CHG\d+|RITM\d+|REQ\d+|#?\d{3,})(?:\s*$|[\s:,;.)-])/.test(v),
      )) ||
    // Or a reason that records how the person was verified (`lost phone, verified via manager`).
    (w.includes('reset') &&
      all.some(
        ([k, v]) =>
          /^(?:reason|justification|note|notes|comment|description)$/.test(k) &&
          typeof v === 'string' &&
          VERIFIED.test(v),
      ));
  // A reset of the caller's own factors (`reset_my_mfa`, `userId: me`) re-enrols the one asking (fp14),
  // unless an address in the call receives the enrolment.
  const own =
    w.includes('reset') &&
    !all.some(([, v]) => typeof v === 'string' && /@[\w-]+\.[a-z]/i.test(v)) &&
    (w.includes('my') ||
      all.some(
        ([k, v]) =>
          /^(?:user|user_?id|user_?key|id|principal|account)$/i.test(k) &&
          typeof v === 'string' &&
          /^\s*(?:me|self|@me|current(?:_user)?)\s*$/i.test(v),
      ));
  if (w.some((x) => FACTOR.has(x)) && w.some((x) => OFF.has(x)) && !ticketed && !own)
    return action('weaken', 'sign-in', `${w0.join('_')} takes a second factor away`);
  // `update_two_factor_required_setting {setting_value: DISABLED}`: the name says the factor, a switch says off.
  const named = w.some((x) => FACTOR.has(x));
  for (const [k, v] of all) {
    // `mfa: {exclusion: true}` (JumpCloud): this user signs in without the factor; one with an end date is a lost phone's grace.
    if (words(k).some((x) => FACTOR.has(x)) && exempted(v))
      return action('weaken', 'sign-in', `${w0.join('_')} exempts the account from ${k}`);
    // Duo's user `status: bypass`, a policy `bypass_2fa` or `allow_access_without_2fa`: signing in skips the factor.
    if (
      typeof v === 'string' &&
      v.length < 60 &&
      (NO_FACTOR_VALUE.test(v.trim()) ||
        (/^(?:status|state|user_status)$/.test(k) &&
          /^bypass$/i.test(v.trim()) &&
          w.some((x) => /^users?$/.test(x))))
    )
      return action('weaken', 'sign-in', `${w0.join('_')} ${k} set to ${v}`);
    if (named && SWITCH.test(k) && falsy(v))
      return action('weaken', 'sign-in', `${w0.join('_')} ${k} set to ${String(v)}`);
    // `require_mfa: false`, `enforce_2fa: "off"`, `sso_required: false`; a key named for the
    // factor's absence (`disable_mfa`, `skip_2fa`) weakens when true and is on when false.
    // S3's `MFADelete` guards deleting object versions, not how anyone signs in; `is_mfa_accepted`
    // is whether an outside tenant's MFA counts here (false trusts less).
    const factorKey =
      words(k).some((x) => FACTOR.has(x)) &&
      !/(?:^|_)(?:remember|trusted|skip_for|delete)|(?:^|_)accepted?(?:_|$)/.test(k);
    if (factorKey && switchedOff(k, v, falsy)) return action('weaken', 'sign-in', `${k} set to ${String(v)}`);
    // Less secure apps and legacy authentication sign in with a password alone, past any second factor.
    if (LEGACY_AUTH.test(k) && (v === true || v === 'true'))
      return action('weaken', 'sign-in', `${w0.join('_')} ${k} set to ${String(v)}`);
    if (MIN_LENGTH.test(k) && typeof v === 'number' && v < SHORTEST_PASSWORD)
      return action('weaken', 'sign-in', `passwords of ${v} characters accepted`);
  }
  return undefined;
}

/** Keys listing where an OAuth/OIDC/SAML client sends the user (and the code or token) after sign-in. */
const REDIRECT_KEY =
  /^(?:redirect_uris?|redirect_urls?|callback_urls?|callbacks|allowed_callback_urls|allowed_redirect_urls|reply_urls|login_redirect_uris?|post_logout_redirect_uris|logout_urls|acs_urls?|assertion_consumer_service_urls?|web_origins|allowed_origins)$/;

/** The registrable domain of a host: its last two labels, three under a two-letter second-level suffix (acme.co.uk). */
function registrable(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  const second = labels.length >= 3 && /^(?:co|com|org|net|ac|gov|edu)$/.test(labels[labels.length - 2]!);
  return labels.slice(-(second ? 3 : 2)).join('.');
}

/** Hosts of the URLs in a value (a string or a list of them), loopback and private ones left out. */
function publicHosts(v: Json): string[] {
  const out: string[] = [];
  for (const x of Array.isArray(v) ? v.slice(0, 64) : [v]) {
    const m =
      typeof x === 'string' ? /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^:/?#]+)/i.exec(x.trim()) : null;
    if (!m) continue;
    const info = classifyHost(m[1]!);
    if (info.class !== 'loopback' && info.class !== 'private') out.push(info.host);
  }
  return out;
}

/**
 * Sign-in redirects that go to two registrable domains: the one that differs from the client's
 * others receives its users' authorisation codes (a look-alike `login-acme.example.net` beside
 * `acme.example`). A dev callback on localhost counts as no domain.
 */
function divertedRedirect(all: readonly [string, Json][]): CliEquivalent | undefined {
  const hosts = all.filter(([k]) => REDIRECT_KEY.test(k)).flatMap(([, v]) => publicHosts(v));
  const domains = [...new Set(hosts.map(registrable))];
  if (domains.length < 2) return undefined;
  return action('divert', 'sign-in', `redirects to ${domains.join(' and ')}`);
}

/** Cheap gate: a key or name word any reader above needs. */
const GATE =
  /mfa|2fa|2sv|factor|less_secure|legacy_auth|basic_authentication|otp|webauthn|u2f|passkey|authenticator|sso|min(?:imum)?_(?:password_)?len|redirect|callback|reply_url|acs_url|assertion_consumer|origins|logout_url/;

/** Every (snake key, value) pair under `v`, bounded (snake-entries.ts). */
function entries(v: Json, depth = 0, out: [string, Json][] = []): [string, Json][] {
  for (const pair of snakeEntries(v, { depth: 4 - depth, pairs: 256 - out.length, items: 32 }))
    out.push(pair);
  return out;
}

/** signInLines' own gate over the signals (GATE matches no space, so one test reads every key). */
export const SIGN_IN_GATE: Gate = {
  when: (s) => GATE.test(s.tool) || GATE.test(s.keyText) || BYPASS_TEXT.test(lowerText(s)),
};
/** A value that lets someone in without the factor (NO_FACTOR_VALUE's words). */
const BYPASS_TEXT = /bypass|without.?(?:2fa|mfa|2sv|two)|skip.?(?:2fa|mfa|2sv)/;

export function signInLines(w: readonly string[], args: Json): CliEquivalent[] {
  const all = entries(args);
  if (
    !GATE.test(w.join('_')) &&
    !all.some(([k, v]) => GATE.test(k) || (typeof v === 'string' && BYPASS_TEXT.test(v.toLowerCase())))
  )
    return [];
  return [weakened(w, all), divertedRedirect(all)].filter((c): c is CliEquivalent => c !== undefined);
}
