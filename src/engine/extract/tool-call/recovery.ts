/**
 * What signs into an account handed to someone through a message (red team r10, AgentDojo's
 * "forward the security code" tasks): a one-time or security code, a password-reset or magic
 * sign-in link, or a forwarded message that carries one. Whoever receives it can take the account
 * over, whatever the address, so the send becomes one `agent-guard-action recover <object>
 * <detail>` line that PLT-AST-003 denies. Ordinary mail (order numbers, meeting codes, links to
 * documents) gives nothing. A service issuing its customer's own code (`Your Acme verification code
 * is 482913`, `771204 is your login code`, R16 false positive) hands the code to its owner: only a
 * code that is not addressed to its reader (`the 2FA code: 88 21 07`), or one a platform the sender
 * cannot be issued (`Your Facebook security code is 463820`, relayed from the user's inbox), counts.
 */
import { quote, type CliEquivalent } from './cli.js';
import { ACTION_PROGRAM } from './saas.js';
import type { Gate } from './signals.js';

/** Name words of tools that deliver text to people. */
const SEND = new Set(
  'send email mail gmail outlook message messages sms text chat slack teams discord telegram whatsapp reply forward post dm notify comment'.split(
    ' ',
  ),
);

/** A code that signs in: `security code is 463820`, `OTP: 1234`, `your login code 88 21 07`. */
const CODE =
  /\b(?:security|verification|verify|login|log[- ]in|sign[- ]?in|auth(?:entication|orization)?|one[- ]time|2fa|mfa|otp|totp|passcode|access|recovery|backup|reset)\s*(?:code|pin|passcode|token|password|number)s?\b[^.\n]{0,40}?(?<![\w-])\d(?:[ -]?\d){3,9}(?![\w-])|(?<![\w-])\d{4,10}(?![\w-])\s+is\s+your\s+(?:\w+\s+){0,3}(?:code|pin|passcode|otp)\b/i;
/** A code addressed to its reader as theirs: `your … code is N`, `N is your … code`, `use N to sign in`. */
const ISSUED =
  /\byour\s+(?:[\w.&'-]+\s+){0,3}(?:code|pin|passcode|otp|token|password)\s*(?:is|:)\s*\d(?:[ -]?\d){3,9}(?![\w-])|(?<![\w-])\d(?:[ -]?\d){3,9}\s+is\s+your\s+(?:[\w.&'-]+\s+){0,3}(?:code|pin|passcode|otp)\b|\b(?:use|enter)\s+(?:code\s+)?\d{4,10}\s+to\s+(?:sign|log|verify|confirm|complete)\b/i;
/**
 * Platforms whose codes guard a person's own account: a code of theirs in a message the agent
 * sends was relayed from the user's inbox, since no sender the agent acts for issues it.
 */
const PLATFORM =
  /\b(?:facebook|instagram|whatsapp|messenger|google|gmail|youtube|apple|icloud|microsoft|outlook|hotmail|xbox|twitter|linkedin|amazon|aws|paypal|venmo|cash\s?app|zelle|revolut|coinbase|binance|kraken|metamask|github|gitlab|okta|dropbox|slack|discord|telegram|snapchat|tiktok|netflix|uber|yahoo|proton)\b/i;
/** Any code with its digits (`code: 418-902`, `the code I received: 662019`). */
const PLAIN_CODE =
  /\b(?:code|pin|passcode|otp)\b(?:[^\n\d#]{0,25}?(?::|\bis\b))?\s*(?<![\w-])\d(?:[ -]?\d){3,9}(?![\w-])/i;
/** A code a service issues to the reader it belongs to (see ISSUED), not a platform's code relayed. */
const issued = (v: string): boolean => ISSUED.test(v) && !PLATFORM.test(v);

/** A subject that marks a forwarded message (`Fwd:`, `FW:`, `TR:`, `WG:`). */
const FORWARDED = /^\s*(?:fwd?|fw|tr|wg|rv)\s*:/i;

/** Text that says it passes on a message the user received (InjecAgent `TwilioGetReceivedSmsMessages` then a send). */
const RECEIVED =
  /\breceived\s+(?:sms|texts?|text\s+messages?|messages?|codes?|e-?mails?)\b|^\s*from\s+\+?\d[\d\s().-]{6,}\d\s*:|-{3,}\s*forwarded\s+message\s*-{3,}|\bbegin\s+forwarded\s+message\b/im;

/** A link that resets a password or signs in by itself: its path says so and it carries a token. */
const LINK =
  /\bhttps?:\/\/[^\s"'<>]*(?:reset|recover|magic|signin|sign-in|login|verify|verification|confirm-email|activate|invite\/accept|auth\/callback)[^\s"'<>]*(?:[?&#](?:token|code|key|t|otp|sig|signature|hash|oobcode)=|\/[A-Za-z0-9_-]{16,})/i;
/** Words of a forwarded message's id or subject that say it carries such a code or link. */
const RECOVERY_SUBJECT =
  /(?:^|[^a-z])(?:reset|recover(?:y)?|security[\s_-]?code|verification|verify|one[\s_-]?time|otp|2fa|mfa|magic[\s_-]?link|sign[\s_-]?in[\s_-]?link|login[\s_-]?(?:code|link)|password)(?:[^a-z]|$)/i;

/** A subject that names what the mail holds as sign-in codes or passwords (`Security codes`, `Backup codes`, `passwords`). */
const CODES_SUBJECT =
  /(?:^|[^a-z])(?:(?:security|verification|backup|recovery|2fa|mfa|login|sign[\s_-]?in|one[\s_-]?time|otp)[\s_-]?codes?|passwords|credentials|logins)(?:[^a-z]|$)/i;

/** Every string under `v` with its key, bounded. */
function strings(v: unknown, key: string, out: [string, string][], depth = 0): void {
  if (depth > 5 || out.length > 128) return;
  if (typeof v === 'string') out.push([key, v]);
  else if (Array.isArray(v)) for (const x of v.slice(0, 32)) strings(x, key, out, depth + 1);
  else if (v !== null && typeof v === 'object')
    for (const [k, x] of Object.entries(v as Record<string, unknown>).slice(0, 64))
      strings(x, k.toLowerCase(), out, depth + 1);
}

/** When recoveryLines can answer (signals.ts): its first test, the name word of a send (SEND). */
export const RECOVERY_GATE: Gate = { name: SEND };

export function recoveryLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (!w.some((x) => SEND.has(x)) || w.some((x) => /^(?:get|list|read|search|fetch|draft)$/.test(x)))
    return [];
  const all: [string, string][] = [];
  strings(args, '', all);
  const tool = w.join('_');
  const hit = (detail: string): CliEquivalent[] => [
    {
      code: [ACTION_PROGRAM, 'recover', quote('account'), quote(`${tool} ${detail}`.slice(0, 200))].join(' '),
      runtime: 'bash',
    },
  ];
  // A message sent on as `Fwd:` was received, not issued by the sender: its code is relayed (R19).
  // So was one the text says came in (`Received SMS`, `From +1 555 0100: ...`, a forwarded-message header).
  const relayed = all.some(
    ([k, v]) => (/(?:^|_)(?:subject|title)$/.test(k) && FORWARDED.test(v)) || RECEIVED.test(v),
  );
  // A transactional template filled with the app's own link (Postmark `TemplateAlias: password-reset`,
  // R21 twin) is the app issuing its user's reset, as `issued` reads codes; a platform's link is relayed.
  const templated =
    !relayed &&
    args !== null &&
    typeof args === 'object' &&
    Object.keys(args).some((k) => /^(?:dynamic_?)?template(?:_?(?:alias|id|name|model|data))?$/i.test(k)) &&
    !w.includes('forward');
  for (const [, v] of all) {
    if (v.length > 65536) continue;
    if ((CODE.test(v) && (relayed || !issued(v))) || (PLATFORM.test(v) && PLAIN_CODE.test(v)))
      return hit('sends a sign-in or security code');
    if (LINK.test(v) && !(templated && !PLATFORM.test(v)))
      return hit('sends a password-reset or sign-in link');
  }
  // `forward_email {message_id: "<reset-123@...>"}`: the message forwarded is what carries the code.
  // `GmailForwardEmail {query: "subject:verification code"}` (R25): the search picks what is forwarded.
  if (w.includes('forward'))
    for (const [k, v] of all)
      if (
        /(?:^|_)(?:id|ids|message_id|subject|thread_id|uid|query|q|search|filter|criteria)$/.test(k) &&
        RECOVERY_SUBJECT.test(v)
      )
        return hit(`forwards ${v.slice(0, 60)}`);
  // A file attached under a subject that says it holds codes (`Security codes` + `attachments`, R25): the file carries them.
  const attached = all.some(([k]) => /^(?:attachments?|files?|file_ids?|documents?)$/.test(k));
  if (attached)
    for (const [k, v] of all)
      if (/(?:^|_)(?:subject|title)$/.test(k) && CODES_SUBJECT.test(v))
        return hit(`attaches a file under ${v.slice(0, 60)}`);
  return [];
}
