/**
 * Shared matcher of the PII-AST-* rules: validated personal data in literals that leave the
 * machine (egress literals: network sinks and tool-call payloads). Addressing fields of a tool call
 * (`to`, `email`, `phone` holding just an address) are what the tool is for, not leaked data.
 */
import type { FactIndex, RuleHit } from '../invariants/define-rule.js';
import { findPii, type PiiKind } from './pii.js';
import type { LiteralFact } from '../facts.js';

/**
 * Fields that hold who a message goes to, in any vendor's nesting
 * (Graph `toRecipients.0.emailAddress.address`, SES `Destination.ToAddresses.0`, a mail rule's
 * `from_contains`): addresses, not leaked data (R12 twin-access). `guest_email` of a smart lock or
 * an invite is whom the code or invitation goes to (R19 twin); a `from_number` is the line an SMS
 * is sent from (fp10 corpus). Plural names (`to_phone_numbers.0`, Graph `businessPhones.0`) list the
 * same addresses one per element (R22 twins). Dynamics' `telephone1`, `address1_telephone1` and a
 * record's `fax` are a company's numbered lines (fp14).
 */
const ADDRESSING_FIELD =
  /(?:^|\.)(?:to|cc|bcc|from|reply_?to|sender|recipients?|email|e_?mail|email_?address|user|username|login|auth|author|committer|owner|assignees?|reviewers?|attendees?|invitees?|phones?|phone_?numbers?|(?:mobile|cell|work|home|office|business|primary)_?phones?(?:_?numbers?)?|mobile|tel|(?:[a-z0-9]+_)?(?:tele)?phone\d+|telephones?|fax(?:_?numbers?)?\d*|sms_?to|contact|account|entity|members?|principals?|grantees?|group|shared_?with|share_?with|collaborators?|approvers?|watchers?|participants?|(?:guest|visitor)_?e_?mail(?:_?address)?)(?:\.\d+)?$|(?:^|\.)(?:(?:to|cc|bcc|reply_?to)_?(?:recipients|addresses|address|list)|(?:to|recipient|destination|dest|target|from|sender|caller)_?(?:phones?|phone_?numbers?|mobile|mobile_?numbers?|numbers?|sms_?numbers?)|(?:from|sender)_?(?:contains|address|equals|matches))(?:\.\d+)?(?:\.email_?address)?(?:\.(?:address|email))?$/i;

/**
 * Fields that name people an in-house call reaches or lets in (`participants`, `user_email`,
 * `subjects.0.name` of a RoleBinding): addressing when the address is at an organisation's own
 * domain, not a free-mail one (R11 twin-access: an invite or view-only binding for a colleague).
 * A free-mail address there is an outside principal (`notify_email: helper@gmail.com`).
 */
const ORG_ADDRESS_FIELD =
  /(?:^|\.)(?:participants?|guests?|people|emails|with|\w*e_?mail(?:s|_?address(?:es)?)?|(?:subjects|members|principals|users|grantees|attendees|participants|guests|invitees|collaborators|reviewers|assignees)\.\d+\.(?:name|id|user|principal|email|address))(?:\.\d+)?$/i;

/** Fields of free text or rows of data: an address there is content, whatever else the call does. */
const FREE_TEXT_FIELD =
  /(?:^|\.)(?:text|body|content|message|messages|description|note|notes|comment|comments|summary|data|payload|values|rows|row|records|csv|html|markdown|subject|title|prompt|input|blocks|fields|properties|attachments?)(?:\.\d+)*$/i;

/** Fields naming a person by the part they play in the call (owner, requester, approver, one excluded). */
const PRINCIPAL_FIELD =
  /(?:^|[._])(?:owner|new_owner|requester|requested_by|approver|approved_by|assignee|delegate|manager|admin|contact|reviewer|member|principal|target_user|user_?key|user_?principal_?name|upn|mailbox|(?:member|user|object|principal)_?id|id|exclude\w*|excluded\w*|include\w*|included\w*)(?:\.\d+)?$|email_?addr(?:ess)?\.address$/i;

/**
 * An element of a command's argv (`args: ["role", "assignment", "list", "--assignee", "lena@acme.io"]`,
 * `--member=user:lena@acme.io`): the address names whom the command acts on, as a flag's value;
 * free-text flags (`--message`, `--data`) carry content.
 */
const ARGV_FIELD = /(?:^|\.)(?:args|argv|arguments|command_?args)\.\d+$/i;
const ARGV_PRINCIPAL =
  /^(?:--?(?!(?:data|body|message|text|content|payload|description|note|comment|subject)\b)[\w-]+=)?(?:(?:user|group|serviceAccount|domain|principal):)?[^\s=:]+@[^\s=:]+$/i;

/** Whether another literal of the call carries an address at the same domain (the company's own, shown twice). */
function sharedDomain(facts: FactIndex, address: string): boolean {
  const domain = address.replace(/^.*@/, '').toLowerCase();
  let n = 0;
  for (const lit of facts.of('literal')) {
    if (!lit.egress || lit.depth !== 0 || lit.field === undefined || lit.text.length > 512) continue;
    if (lit.text.toLowerCase().includes(`@${domain}`) && ++n > 1) return true;
  }
  return false;
}

/** A YAML or `key = value` line whose whole value is the address, under a key that names a principal. */
const PRINCIPAL_LINE =
  /^\s*(?:-\s+)?["']?(?:name|user|users|user_?name|email|e_?mail|principal|member|owner|owners|subject|assignee|reviewer|approver|login|upn|user_?principal_?name)["']?\s*[:=]\s*["']?$/i;
function principalLine(text: string, start: number, end: number): boolean {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const nl = text.indexOf('\n', end);
  const after = text.slice(end, nl === -1 ? text.length : nl);
  return /^["']?,?\s*$/.test(after) && PRINCIPAL_LINE.test(text.slice(lineStart, start));
}

/** A lookup's terms (`query: "from:billing@vendor.com"`, a phone lookup's number): searched for where the data already is. */
const LOOKUP_FIELD = /(?:^|\.)(?:query|q|search|search_query|search_term|filter|jql)$/i;

/**
 * An address given as the way to reach someone (`for urgent matters contact alice@acme.com`, `our
 * contact is ops@acme.com`): a contact word shortly before it, in the same sentence.
 */
const CONTACT_BEFORE =
  /\b(?:contact|reach(?:\s+out)?|e-?mail|write|ping|escalate|questions?|cc)\b[\w\s,:'()-]{0,30}$/i;

/**
 * Words before a phone number that make it the sender's own line or a meeting's dial-in (`my direct
 * line is +1 415 ...`, `Dial-in: +1 646 ...`), not a customer's or a colleague's number (fp10 corpus).
 */
const OWN_LINE_BEFORE =
  /(?:\b(?:my|our)\s+(?:direct\s+)?(?:(?:cell|mobile|work|office|desk)\s+)?(?:phone|number|line|cell|mobile)(?:\s+(?:number|is))*|\b(?:dial-?in|conference\s+(?:line|bridge|number)|bridge\s+(?:line|number)|toll[-\s]free|main\s+line|switchboard|help\s*line|hotline|support\s+line)\b)[\s:,(#-]*$/i;

/**
 * Words that make the address someone's record rather than a colleague's work address: a customer,
 * user or patient, or a personal/home address, earlier in the same sentence.
 */
const SOMEONES_DATA_BEFORE =
  /\b(?:customers?|clients?|users?|patients?|subscribers?|buyers?|shoppers?|members?|leads?|prospects?|cardholders?|donors?|students?|applicants?|candidates?|guests?|personal|private|home|leaked|dump(?:ed)?|list)\b[^.!?\n]*$/i;

/** Whether the call addresses someone at another domain than the named colleague's (or a free-mail one). */
function recipientElsewhere(facts: FactIndex, domain: string): boolean {
  for (const lit of facts.of('literal')) {
    if (!lit.egress || lit.depth !== 0 || lit.field === undefined || !ADDRESSING_FIELD.test(lit.field))
      continue;
    // Any address shape, documentation domains included: those stand for someone else's mailbox.
    for (const m of lit.text.matchAll(/@([\w-]+(?:\.[\w-]+)+)/g)) {
      const d = m[1]!.toLowerCase();
      if (d !== domain || FREE_MAIL.test(d)) return true;
    }
  }
  return false;
}

/** A password right after the address (`support@acme.com / Wint3r!`, `ops@acme.com:hunter22`): a login handed out. */
const CREDENTIAL_AFTER = /^\s*(?:[/:|]\s*|\b(?:pass(?:word)?|pw|pwd)\b\s*[:=]?\s*)[^\s,;]{4,}/i;

/** A secret's value written out in the same text (`password 4f2a9c81-...`, `token: ghp_...`), or a netrc. */
const SIGN_IN_GIVEN =
  /\b(?:password|passwd|pass|pwd|secret|token)\b\s*[:=]?\s*[^\s,;.]{6,}|\bnetrc\b|\bmachine\s+\S+\s+login\b/i;

/** Mailboxes of a function, not a person (`support@`, `no-reply@`, `billing@`): no one's personal data. */
const ROLE_LOCAL =
  /^(?:support|help|helpdesk|info|contact|hello|no-?reply|do-?not-?reply|notifications?|alerts?|team|sales|billing|invoices?|accounts?|finance|hr|people|security|ops|it|jobs|careers|press|media|privacy|legal|abuse|postmaster|webmaster|orders|service|feedback|marketing|partners?|dev|engineering|oncall|admin)$/i;

/** A role mailbox at an organisation's domain (a free-mail `support@gmail.com` is someone's own). */
function roleMailbox(address: string): boolean {
  const at = address.lastIndexOf('@');
  return at > 0 && ROLE_LOCAL.test(address.slice(0, at)) && !FREE_MAIL.test(address.slice(at + 1));
}

/**
 * A crawler's User-Agent with its own contact address in the comment (`research-bot/0.1 (contact:
 * data@acme.com)`), the form Wikipedia and other public APIs ask scrapers to send: whom to reach
 * about the traffic, not data about someone (fp10 corpus).
 */
const USER_AGENT_CONTACT = /^[\w.-]+\/[\w.+-]+\s*\([^()@]*@[^()@]*\)$/;
function userAgentContact(text: string): boolean {
  return text.length <= 200 && USER_AGENT_CONTACT.test(text.trim());
}

/** Where a payment tool names the account it pays: an IBAN there is whom the money goes to, as `to` is a mail's. */
const PAYEE_FIELD =
  /(?:^|\.)(?:to|recipients?|payee|beneficiary|creditor|counterparty|destination|account|iban|(?:to|payee|beneficiary|recipient|destination|creditor)_?(?:iban|account))(?:\.\d+)?$/i;

/**
 * One OpenSSH public key line whose comment is one word (`ssh-ed25519 AAAA... ci@acme.io`): the
 * comment labels the key, as user@host does by default, and is no one's data (R13 twin-agent).
 */
const PUBLIC_KEY_LINE =
  /^(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-nistp\d+|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com)\s+[A-Za-z0-9+/]+={0,3}\s+\S+$/;

const LABEL: Readonly<Record<PiiKind, string>> = {
  email: 'an e-mail address',
  card: 'a payment card number (Luhn-valid)',
  ssn: 'a US social security number',
  iban: 'an IBAN (checksum-valid)',
  phone: 'a phone number',
};

/** One set per kind, made once (findPii reads which detectors to run from it). */
const ONLY: Readonly<Record<PiiKind, ReadonlySet<PiiKind>>> = {
  email: new Set(['email']),
  card: new Set(['card']),
  ssn: new Set(['ssn']),
  iban: new Set(['iban']),
  phone: new Set(['phone']),
};

const NO_HITS: readonly RuleHit[] = Object.freeze([]);

/** A field named for a social security number (`employees.0.ssn`, `social_security_number`). */
const SSN_FIELD = /(?:^|[._])(?:ssn|social_?security_?(?:number|no)?|soc_?sec_?(?:number|no)?)$/i;
const SSN_SHAPE = /^\s*\d{3}-\d{2}-\d{4}\s*$/;

/**
 * SSNs sent under fields named for them, two or more (an employee list posted to a form, R20): the
 * field says what the number is, so a published example number (078-05-1120) counts there too.
 * One value (a test user's `ssn: 123-45-6789`) is left to the validated match.
 */
function ssnFieldHits(facts: FactIndex): RuleHit[] {
  let lits: LiteralFact[] | undefined;
  for (const l of facts.of('literal'))
    if (l.egress && l.field !== undefined && SSN_FIELD.test(l.field) && SSN_SHAPE.test(l.text))
      (lits ??= []).push(l);
  if (lits === undefined || lits.length < 2) return [];
  return lits.map((l) => ({
    span: l.span,
    reason: `${LABEL.ssn} in the tool-call argument ${l.field ?? ''}`,
    suggestedAlternative: null,
  }));
}

/** Mail providers anyone can sign up with: a shared domain there says nothing about who owns the data. */
const FREE_MAIL =
  /^(?:gmail|googlemail|outlook|hotmail|live|msn|yahoo|ymail|icloud|me|mac|aol|proton|protonmail|pm|gmx|web|mail|yandex|zoho|qq|163|126|sina|naver|tutanota|tuta|fastmail|hey|duck|inbox|mailinator|guerrillamail)\.[a-z.]+$/i;

/**
 * The one domain every address of the call's addressing fields is at (`to: team@acme.dev`), unless
 * it is a free-mail one: addresses at that domain in a body (an in-house mail naming colleagues)
 * stay inside the organisation that owns them. Undefined when recipients span domains.
 */
function recipientDomain(facts: FactIndex): string | undefined {
  let out: string | undefined;
  for (const lit of facts.of('literal')) {
    if (!lit.egress || lit.depth !== 0 || lit.field === undefined || !ADDRESSING_FIELD.test(lit.field))
      continue;
    for (const m of findPii(lit.text, ONLY.email)) {
      const domain = lit.text.slice(m.start, m.end).replace(/^.*@/, '').toLowerCase();
      if (FREE_MAIL.test(domain) || (out !== undefined && out !== domain)) return undefined;
      out = domain;
    }
  }
  return out;
}

/**
 * The hits as an array, not a generator, and nothing allocated when no literal leaves the machine:
 * the five PII rules run on nearly every python and node input (each has literals), most of whose
 * literals are not egress.
 */
export function piiHits(facts: FactIndex, kind: PiiKind): readonly RuleHit[] {
  const kinds = ONLY[kind];
  let hits: RuleHit[] | undefined;
  let seen: Set<string> | undefined;
  let own: string | undefined | null = null;
  for (const lit of facts.of('literal')) {
    if (!lit.egress) continue;
    let matches = findPii(lit.text, kinds);
    if (matches.length === 0) continue;
    if (kind === 'email' && (PUBLIC_KEY_LINE.test(lit.text.trim()) || userAgentContact(lit.text))) continue;
    // A role mailbox is no one's personal data, unless the text hands out its sign-in too.
    if (kind === 'email' && !SIGN_IN_GIVEN.test(lit.text)) {
      const text = lit.text;
      matches = matches.filter(
        (m) =>
          !roleMailbox(text.slice(m.start, m.end)) || CREDENTIAL_AFTER.test(text.slice(m.end, m.end + 40)),
      );
      if (matches.length === 0) continue;
    }
    if (kind === 'email' && lit.depth === 0 && lit.field !== undefined) {
      if (own === null) own = recipientDomain(facts);
      const domain = own;
      if (domain !== undefined)
        matches = matches.filter(
          (m) => lit.text.slice(m.start, m.end).replace(/^.*@/, '').toLowerCase() !== domain,
        );
      if (matches.length === 0) continue;
    }
    if (kind === 'email' && lit.field !== undefined && lit.runtime === 'bash' && lit.depth === 0) {
      if (LOOKUP_FIELD.test(lit.field)) continue;
      const text = lit.text;
      const outside = (m: { start: number; end: number }): boolean =>
        FREE_MAIL.test(text.slice(m.start, m.end).replace(/^.*@/, ''));
      // A field that holds just one address at an organisation's domain names the colleague the call
      // acts on (`new_owner`, `requester`, `exclude_users.0`, `mailbox`), unless it is free text (R15 twins).
      const principal =
        !FREE_TEXT_FIELD.test(lit.field) &&
        matches.length === 1 &&
        (PRINCIPAL_FIELD.test(lit.field) ||
          sharedDomain(facts, lit.text.slice(matches[0]!.start, matches[0]!.end)));
      const argvPrincipal =
        matches.length === 1 && ARGV_FIELD.test(lit.field) && ARGV_PRINCIPAL.test(text.trim());
      // A field whose whole value is one work address (`audience.0`, `envelope.rcpt`, `chatWith`,
      // `deliver_to`) says whom the call reaches under the tool's own name for it: addressing (R19 twins).
      const wholeValue =
        matches.length === 1 &&
        !FREE_TEXT_FIELD.test(lit.field) &&
        matches[0]!.start === text.length - text.trimStart().length &&
        matches[0]!.end === text.trimEnd().length;
      if (wholeValue && !matches.some(outside)) continue;
      if (argvPrincipal && !matches.some(outside)) continue;
      if ((principal || ORG_ADDRESS_FIELD.test(lit.field)) && !matches.some(outside)) {
        const rest = matches.reduceRight((t, m) => t.slice(0, m.start) + t.slice(m.end), text);
        if (/^[\s,;<>"'()A-Za-z.-]*$/.test(rest) && rest.replace(/[^A-Za-z]/g, '').length <= 40) continue;
      }
      // A manifest or config document naming who it binds (`subjects: [{kind: User, name: dana@acme.com}]`
      // in a RoleBinding's YAML): one or two addresses at an organisation's domain, each the whole value
      // of a principal key on its own line, are addressing as the same key in JSON is (R11 twin-access).
      if (matches.length <= 3 && text.includes('\n'))
        matches = matches.filter((m) => outside(m) || !principalLine(text, m.start, m.end));
      if (matches.length === 0) continue;
      // One or two contact addresses at an organisation's domain in a note; a list of them is data.
      if (matches.length <= 2)
        matches = matches.filter(
          (m) => outside(m) || !CONTACT_BEFORE.test(text.slice(Math.max(0, m.start - 48), m.start)),
        );
      if (matches.length === 0) continue;
      // A colleague named in a note, ticket or message (`Owner: amy@acme.com`, `cc'd jane@acme.com`):
      // one or two work addresses in prose, no customer word before them, no recipient at another domain.
      if (matches.length <= 2 && FREE_TEXT_FIELD.test(lit.field) && text.includes(' '))
        matches = matches.filter((m) => {
          const address = text.slice(m.start, m.end);
          return (
            outside(m) ||
            SOMEONES_DATA_BEFORE.test(text.slice(Math.max(0, m.start - 60), m.start)) ||
            CREDENTIAL_AFTER.test(text.slice(m.end, m.end + 40)) ||
            recipientElsewhere(facts, address.replace(/^.*@/, '').toLowerCase())
          );
        });
      if (matches.length === 0) continue;
    }
    // One or two numbers a message gives as its sender's line or a meeting's dial-in.
    if (
      kind === 'phone' &&
      lit.field !== undefined &&
      lit.runtime === 'bash' &&
      lit.depth === 0 &&
      matches.length <= 2
    ) {
      const text = lit.text;
      // A search whose whole query is one number (a phone lookup's `query`, `phone:+1...`) asks who
      // holds that line; a number given to a port-out or a SIM swap (`number`, `line`) stays data (fp14).
      if (
        matches.length === 1 &&
        LOOKUP_FIELD.test(lit.field) &&
        /^\s*(?:[a-z_.]+:)?\s*$/i.test(text.slice(0, matches[0]!.start)) &&
        text.slice(matches[0]!.end).trim() === ''
      )
        continue;
      matches = matches.filter((m) => !OWN_LINE_BEFORE.test(text.slice(Math.max(0, m.start - 48), m.start)));
      if (matches.length === 0) continue;
    }
    if (
      lit.field !== undefined &&
      ((lit.addressing === true && (kind === 'email' || kind === 'phone')) ||
        (kind === 'iban'
          ? PAYEE_FIELD
          : kind === 'email' || kind === 'phone'
            ? ADDRESSING_FIELD
            : undefined
        )?.test(lit.field) === true) &&
      (kind !== 'iban' || matches.length === 1)
    ) {
      // The whole value is the address(es) the tool sends to: not data leaving in a payload. A
      // channel prefix (Twilio's `whatsapp:+1415...`) says how it is reached.
      const rest = matches
        .reduceRight((t, m) => t.slice(0, m.start) + t.slice(m.end), lit.text)
        .replace(/^\s*(?:whatsapp|sms|tel|mailto|messenger|viber|signal):/i, '');
      if (/^[\s,;<>"'()A-Za-z.-]*$/.test(rest) && rest.replace(/[^A-Za-z]/g, '').length <= 40) continue;
    }
    const key = `${lit.span.start}:${lit.span.end}`;
    seen ??= new Set();
    if (seen.has(key)) continue;
    seen.add(key);
    const where =
      lit.runtime !== 'bash' || lit.depth > 0 || lit.field === undefined
        ? 'data sent over the network'
        : `the tool-call argument ${lit.field}`;
    (hits ??= []).push({ span: lit.span, reason: `${LABEL[kind]} in ${where}`, suggestedAlternative: null });
  }
  if (kind === 'ssn' && hits === undefined) hits = ssnFieldHits(facts);
  return hits === undefined || hits.length === 0 ? NO_HITS : hits;
}
