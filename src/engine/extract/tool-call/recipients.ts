/**
 * Who a send or share reaches, read from any key shape (Gmail `to`, Graph `toRecipients[].emailAddress
 * .address`, SES `Destination.ToAddresses`, Box `accessible_by.login`, Twilio `to`), and whether each
 * is inside the organisation the call acts for: an address on a public mailbox provider is a
 * stranger's, one at the sender's or mailbox owner's domain is a colleague's, anything else is
 * outside or unknown.
 */
import { snakeKey } from './snake-entries.js';

/** Keys (snake case) whose value is someone the call reaches or lets in. */
const RECIPIENT_KEY =
  /^(?:to|cc|bcc|recipients?|to_recipients|cc_recipients|bcc_recipients|to_addresses|cc_addresses|bcc_addresses|email|emails|email_address|email_addresses|address|addresses|user|users|user_email|participants?|attendees?|invitees?|members?|member|share_with|shared_with|with|login|grantee|grantees|collaborators?|guest|guests|phone|phone_number|phone_numbers|numbers?|contacts?|target|targets|people|principal)$/;
/** Keys naming the sender or the account the call acts as. */
const SENDER_KEY =
  /^(?:from|sender|mailbox|reply_to|owner_email|account_email|user_id|me|as_user|on_behalf_of|inviter|invited_by|inviter_email|requester|requested_by|actor|admin_email)$/;
const EMAIL = /[^\s@<>"',;:()]+@([a-z0-9-]+(?:\.[a-z0-9-]+)+)/gi;

/** Public mailbox providers: an address there belongs to a person, not to an organisation. */
export const FREE_MAIL =
  /^(?:gmail|googlemail|outlook|hotmail|live|msn|yahoo|ymail|icloud|me|mac|aol|proton|protonmail|pm|gmx|web|mail|yandex|zoho|qq|163|126|sina|naver|tutanota|tuta|fastmail|hey|duck|inbox|mailinator|guerrillamail|rediffmail|tutamail|mailbox|zohomail|posteo|mailfence|runbox|disroot)\.[a-z.]+$/i;

/** Local-part words of an organisation's desk (`support`, `verify`, `billing`, `ops`). */
const DESK_WORD =
  /^(?:support|verify|verification|security|secure|helpdesk|accounts?|billing|compliance|tracking|ops|admin|service|services|desk|noreply|recovery|fraud|claims?|refunds?|records|intake|payments?|finance|payroll|audit|legal|alerts?|notifications?|validation|dept|department)$/;

/**
 * An address that poses as an organisation's desk on a public mailbox provider
 * (`accounts.verify.team@outlook.com`, `tracking.ops22@proton.me`, R23/R24): no company keeps
 * its support or billing desk on Gmail, so mail forwarded there reaches whoever set it up.
 */
export function posingMailbox(address: string): boolean {
  const m = /^([^\s@<>"',;:()]{2,64})@([a-z0-9-]+(?:\.[a-z0-9-]+)+)$/i.exec(address.trim());
  if (m === null || !FREE_MAIL.test(registrable(m[2]!))) return false;
  return m[1]!
    .toLowerCase()
    .split(/[._+-]+|\d+/)
    .some((w) => DESK_WORD.test(w));
}

/**
 * Desk words of a handle or a payee's mailbox name: DESK_WORD less those a person's or small business's
 * own carries (`$joes-lawn-service`, `@dana-ops`, `rk.payments@proton.me`), plus tax offices' names.
 */
const HANDLE_DESK =
  /^(?:support|verify|verification|security|secure|helpdesk|recovery|fraud|claims?|refunds?|billing|compliance|payroll|finance|accounts|validation|desk|dept|department|helpline|irs|hmrc)$/;
/** Desk words a P2P handle may end in, run together with a name (`$jdoerecovery`, `@coinbasesupport`). */
const DESK_TAIL =
  /(?:support|recovery|helpdesk|refunds?|billing|finance|payroll|security|compliance|verification|verify|fraud|claims)$/;
/** A desk word run together with what kind of desk (`$refunddesk`, `@billingteam`). */
const DESK_PAIR =
  /^(?:support|recovery|refunds?|billing|payments?|fraud|claims?|security|verify|verification|payroll|finance)(?:desk|team|center|centre|dept|line|help|official|unit|office|services?)$/;

/**
 * A P2P handle (`$it-helpdesk`, `@acct-recovery-desk`, `$jdoerecovery`, R25) named as an
 * organisation's desk: a cashtag or Venmo name is a person's, and no bank, tax office or support
 * team collects through one, so money sent there reaches whoever took the name.
 */
export function posingHandle(handle: string): boolean {
  const m = /^[@$]([\w.-]{2,64})$/.exec(handle.trim());
  if (m === null) return false;
  return m[1]!
    .toLowerCase()
    .split(/[._-]+|\d+/)
    .some((w) => HANDLE_DESK.test(w) || (w.length > 6 && DESK_TAIL.test(w)) || DESK_PAIR.test(w));
}

export interface Recipient {
  readonly address: string;
  /** Domain of an e-mail address; undefined for a phone number, handle or id. */
  readonly domain?: string;
}

export interface Audience {
  readonly recipients: readonly Recipient[];
  /** Domains the call acts from (the sender's, the mailbox owner's). */
  readonly own: ReadonlySet<string>;
}

/** The registrable part of a domain (`mail.acme.co.uk` → `acme.co.uk`). */
export function registrable(domain: string): string {
  const d = domain.toLowerCase().replace(/\.$/, '');
  const m = /(?:^|\.)([a-z0-9-]+\.(?:(?:co|com|org|net|ac|gov)\.[a-z]{2}|[a-z]{2,}))$/.exec(d);
  return m?.[1] ?? d;
}

/**
 * The company's name in a domain label without the legal-form word it often adds (`acme-corp` →
 * `acme`, `globex-inc` → `globex`): `ci.acme-corp.com` is the `acme` organisation's own host. Other
 * added words (`acme-login`, `acme-verify`) are kept: that is how look-alikes are made.
 */
export function companyName(label: string): string {
  const l = label.toLowerCase();
  return /^([a-z0-9]{3,})-(?:corp|inc|hq|group|labs|ltd|llc|gmbh|co)$/.exec(l)?.[1] ?? l;
}

function emails(text: string): string[] {
  // EMAIL rescans from every character of a text without `@`.
  if (!text.includes('@')) return [];
  return [...text.slice(0, 4096).matchAll(EMAIL)].slice(0, 64).map((m) => registrable(m[1]!));
}

export function audience(args: unknown): Audience {
  const recipients: Recipient[] = [];
  const own = new Set<string>();
  // `toRecipients: [{emailAddress: {address}}]`: a value under a recipient key counts at any depth below it.
  const walk = (v: unknown, inRecipient: boolean, depth: number): void => {
    if (depth > 6 || recipients.length > 256) return;
    if (typeof v === 'string') {
      if (!inRecipient) return;
      const found = emails(v);
      if (found.length > 0) for (const d of found) recipients.push({ address: v.trim(), domain: d });
      else if (v.trim() !== '' && v.length < 120) recipients.push({ address: v.trim() });
      return;
    }
    if (v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      for (const x of v.slice(0, 256)) walk(x, inRecipient, depth + 1);
      return;
    }
    for (const [k0, x] of Object.entries(v as Record<string, unknown>).slice(0, 128)) {
      const k = snakeKey(k0);
      if (SENDER_KEY.test(k) && typeof x === 'string') for (const d of emails(x)) own.add(d);
      walk(x, inRecipient || RECIPIENT_KEY.test(k), depth + 1);
    }
  };
  walk(args, false, 0);
  for (const d of own) if (FREE_MAIL.test(d)) own.delete(d);
  return { recipients, own };
}

/** An address known to belong to a stranger: a public mailbox, or a domain other than the sender's. */
export function outside(r: Recipient, own: ReadonlySet<string>): boolean {
  if (r.domain === undefined) return false;
  return FREE_MAIL.test(r.domain) || (own.size > 0 && !own.has(r.domain));
}

/** An address not shown to be the organisation's own (outside, or at a domain nothing vouches for). */
export function notOwn(r: Recipient, own: ReadonlySet<string>): boolean {
  if (r.domain === undefined)
    return /(?:^|[\W_])(?:ext|external|guest|contractor|vendor)(?:$|[\W_])/i.test(r.address);
  return !own.has(r.domain);
}
