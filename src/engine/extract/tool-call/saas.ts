/**
 * Hosted-service actions under tool names no family above knows (red team r5, issue #22): the
 * name's words and the argument keys say what a call does to an account — exposes one to anyone (`google_drive_share_file` with `type: anyone`), diverts mail, money or
 * events elsewhere (a Gmail filter or auto-forward, a Stripe payout or bank-account change, a repo
 * webhook to an outside host), grants access (a guest invite, a deploy key that can push) or
 * redirects a domain (a DNS record's target changed, its MX/NS/apex records deleted). Each becomes
 * one `agent-guard-action <effect> <object> <detail>` line that PLT-AST-002 denies. Reads, lists
 * and creates of ordinary items (issues, files, messages, customers, new DNS records) give nothing.
 */
import { MAIL_HOST, mxHost } from '../../knowledge/mail-hosts.js';
import { classifyHost } from '../../net/address.js';
import { any, has, list, str, type CliEquivalent } from './cli.js';
import { snakeEntries } from './snake-entries.js';
import { companyName, FREE_MAIL, registrable } from './recipients.js';
import { captureHost, fileDropUrl } from '../../knowledge/file-drop-hosts.js';
import { LURE_HOST, posesAsBrand } from '../../knowledge/lure-host.js';
import { KNOWN_HOOK_HOSTS, relayNamed, suspectHost } from '../../knowledge/suspect-host.js';
import { meantForPublic } from '../../knowledge/public-by-name.js';
import { actionLine as action } from './action-line.js';
import { channelGuest } from './outside-share.js';
import { partialSplit } from './payee-details.js';
import { NEW_PAYEE_LIMIT, rawBankPayee, sum, TEST_NET, typedDestinations } from './money-out.js';

/** The pseudo-program PLT-AST-002 judges (never a real program's name). */
export const ACTION_PROGRAM = 'agent-guard-action';

/** Verbs that change what exists (not reads): the gate of the share, money and DNS readers. */
const CHANGE = [
  'create',
  'add',
  'update',
  'set',
  'change',
  'modify',
  'edit',
  'patch',
  'put',
  'make',
  'enable',
  'insert',
  'upsert',
  'send',
  'initiate',
  'new',
  'grant',
  'share',
  'convert',
  'attach',
  'link',
  'register',
  'configure',
];
const READ = [
  'get',
  'list',
  'retrieve',
  'read',
  'search',
  'find',
  'show',
  'describe',
  'fetch',
  'view',
  'query',
];

type Json = unknown;

/** Every (snake key, value) pair under `v`, bounded (snake-entries.ts). */
function entries(v: Json, depth = 0, out: [string, Json][] = []): [string, Json][] {
  for (const pair of snakeEntries(v, { depth: 5 - depth, pairs: 512 - out.length, items: 64 }))
    out.push(pair);
  return out;
}

const text = (v: Json): string | undefined =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : undefined;
const truthy = (v: Json): boolean =>
  v === true || v === 1 || (typeof v === 'string' && /^(?:true|yes|1|on|enabled?)$/i.test(v.trim()));
const falsy = (v: Json): boolean =>
  v === false || v === 0 || (typeof v === 'string' && /^(?:false|no|0|off)$/i.test(v.trim()));
const EMAIL = /[^\s@<>"']+@[a-z0-9.-]+\.[a-z]{2,}/i;

/** Audience values that reach anyone on the internet (Drive `anyone`, OneDrive `anonymous`, S3 `public-read`, GCS `allUsers`). */
const ANYONE =
  /^(?:anyone|anyone_?with_?(?:the_?)?link|anonymous|public|public_?read(?:_?write)?|authenticated_?read|everyone|all_?users|all_?authenticated_?users|world|internet|unlisted|open|\*)$/i;

/** Audience values no field uses for anything but the anonymous public. */
const UNAMBIGUOUS =
  /^(?:all_?users|all_?authenticated_?users|anonymous|public_read(?:_write)?|anyone_with_(?:the_)?link)$/i;

/** Keys naming who a grant or binding is for. */
const PRINCIPAL_KEY =
  /(?:^|_)(?:member|members|principal|principals|grantee|grantees|subject|subjects|identity|entity|group|groups)$/;
/** Principals that are everyone: GCP's allUsers/allAuthenticatedUsers, Kubernetes' anonymous and unauthenticated groups. */
const PUBLIC_PRINCIPAL =
  /^(?:all_?users|all_?authenticated_?users|system:(?:unauthenticated|anonymous)|(?:group|user):system:(?:unauthenticated|anonymous))$/i;

/** Tool-name words of a sharing or visibility change. */
const SHARE_WORDS = [
  'share',
  'shared',
  'sharing',
  'permission',
  'permissions',
  'acl',
  'acls',
  'visibility',
  'access',
  'publish',
  'link',
  'links',
  'policy',
  'snapshot',
  'snapshots',
];
/** Verbs that change an existing resource (not create a new one). */
const UPDATE = ['update', 'set', 'change', 'modify', 'edit', 'patch', 'put', 'enable', 'configure', 'make'];

/** Keys whose value says who can reach the resource (`scope`, `acl`, `requested_visibility`, `grantee`, `share_with`). */
const AUDIENCE_KEY =
  /(?:^|_)(?:type|audience|scope|visibility|visibility_level|access|general_access|link_sharing|sharing|share_type|grantee|grantee_type|who|with|privacy|permission_type|link_access|access_level|acl|canned_acl|predefined_acl|entity|principal|principals|member|members)$/;
/** Boolean keys that open the resource to anyone when on (`anonymous_access`, `publicly_accessible`). */
const OPEN_FLAG =
  /^(?:is_)?(?:public|publicly_accessible|public_access|anonymous|anonymous_access|allow_anonymous(?:_access)?|allow_blob_public_access|anyone_can_access|allow_file_discovery|discoverable|public_link|enable_public_link|allow_public(?:_access)?|share_externally|external_sharing|allow_external_sharing|public_read|share_to_web|publish_to_web|published_to_web)$/;
/** Public-access blocks (S3 `BlockPublicAcls`, `RestrictPublicBuckets`): off means the bucket can be opened. */
const BLOCK_FLAG = /^(?:block_public_(?:acls|policy)|ignore_public_acls|restrict_public_buckets)$/;

/** A policy document given as JSON text (`{"policy": "{\"Statement\": ...}"}`): its entries too. */
/** A policy document less its Deny statements: `Principal: "*"` in one only takes access away. */
function allowStatements(doc: Json): Json {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return doc;
  const st = (doc as Record<string, Json>).Statement;
  if (!Array.isArray(st)) return doc;
  const denies = (x: Json): boolean =>
    x !== null && typeof x === 'object' && /^deny$/i.test(String((x as Record<string, Json>).Effect));
  return { ...doc, Statement: st.filter((x) => !denies(x)) };
}

function withPolicies(all: readonly [string, Json][]): readonly [string, Json][] {
  const docs = all.filter(([k, v]) => /policy/.test(k) && typeof v === 'string' && v.trim().startsWith('{'));
  if (docs.length === 0) return all;
  const out = [...all];
  for (const [, v] of docs.slice(0, 4)) {
    try {
      entries(allowStatements(JSON.parse(v as string) as Json), 0, out);
    } catch {
      // not JSON: nothing more to read
    }
  }
  return out;
}

/** An exposure, unless what is opened is named for the public and only read (knowledge/public-by-name.ts). */
function expose(w: readonly string[], all: readonly [string, Json][]): CliEquivalent | undefined {
  const hit = exposure(w, all);
  return hit !== undefined && meantForPublic(withPolicies(all)) ? undefined : hit;
}

/** Name words of a package published to a registry: public is what a registry is for (R17 twin). */
const PACKAGE = [
  'npm',
  'pypi',
  'package',
  'packages',
  'crate',
  'crates',
  'gem',
  'gems',
  'nuget',
  'maven',
  'twine',
  'cargo',
  'jsr',
];
/** Package names that say the code is not for the public. */
const NOT_PUBLIC_PACKAGE =
  /(?:^|[\W_])(?:internal|private|secret|secrets|confidential|proprietary|credentials?|keys)(?:$|[\W_])/i;

/** Name words of writing made for readers: a blog post, an article, a newsletter issue, an episode. */
const POST = ['post', 'posts', 'article', 'articles', 'newsletter', 'story', 'episode', 'blog', 'essay'];
/** A title that says the writing is not for readers outside. */
const NOT_FOR_READERS =
  /\b(?:internal|confidential|proprietary|private|not\s+for\s+(?:publication|distribution|release)|do\s+not\s+(?:share|distribute|publish))\b/i;

function exposure(w: readonly string[], all0: readonly [string, Json][]): CliEquivalent | undefined {
  const sharing = has(w, ...SHARE_WORDS);
  if (
    has(w, 'publish', 'upload', 'release') &&
    has(w, ...PACKAGE) &&
    !all0.some(([, v]) => typeof v === 'string' && NOT_PUBLIC_PACKAGE.test(v))
  )
    return undefined;
  // A post, article or newsletter issue published to its readers (`substack_publish_post {audience:
  // everyone}`): reaching them is what publishing it is for, unless its title calls it internal (fp15).
  if (
    has(w, 'publish') &&
    has(w, ...POST) &&
    !all0.some(([k, v]) => /(?:^|_)(?:title|name|subject)$/.test(k) && NOT_FOR_READERS.test(text(v) ?? ''))
  )
    return undefined;
  const publicWord = has(w, 'public') && has(w, 'make', 'set', 'convert', 'change', 'update', 'to');
  // `view` beside a making verb is the noun (Airtable `create_shared_view`), not a read.
  const reads = w.some((x) => READ.includes(x) && (x !== 'view' || !has(w, 'create', 'shared', 'share')));
  if (reads && !publicWord) return undefined;
  if (has(w, 'delete', 'remove', 'revoke', 'disable', 'unshare', 'unpublish')) return undefined;
  if (publicWord) return action('expose', w.join('_'), 'made public');
  // A public link made (Metabase `create_public_link`), a sheet published to the web (Google's
  // "Publish to the web"): readable by anyone who has the address, with no sign-in.
  if (
    (has(w, 'public') && has(w, 'link', 'links', 'url', 'share', 'sharing')) ||
    (has(w, 'publish') && has(w, 'web'))
  )
    return action('expose', w.join('_'), 'published to anyone with the address');
  // A principal that is the public itself (`member: allAuthenticatedUsers`, a binding's subject
  // `system:unauthenticated`) is exposure whatever the tool calls the grant (red team r10).
  const publicPrincipal = all0.find(
    ([k, v]) =>
      PRINCIPAL_KEY.test(k) &&
      (Array.isArray(v) ? v.slice(0, 64) : [v]).some((x) => PUBLIC_PRINCIPAL.test(text(x as Json) ?? '')),
  );
  if (publicPrincipal !== undefined) return action('expose', w.join('_'), `granted to ${publicPrincipal[0]}`);
  // An existing page, space or database changed (`notion_update_page`): its flags open it as a share does.
  const updating = has(w, ...UPDATE) && !has(w, 'create', 'new', 'add', 'fork');
  if (!sharing && !updating) return undefined;
  const all = withPolicies(all0);
  for (const [k, v] of all) {
    // A bare `type` says who only on a sharing tool (`update_settings {type: public}` is something else).
    const audience = AUDIENCE_KEY.test(k) && (sharing || !/^(?:type|who|entity)$/.test(k));
    // Values that name the anonymous public under any audience key (`entity: allUsers` in a bucket's ACL list).
    const anyKey = AUDIENCE_KEY.test(k);
    // `members: ["allUsers"]` (a GCS IAM binding): each listed audience.
    for (const x of Array.isArray(v) ? v.slice(0, 64) : [v]) {
      // GitLab's numeric `visibility_level` (0 private, 10 internal, 20 public).
      const t =
        /visibility_level$/.test(k) && text(x as Json) === '20'
          ? 'public'
          : text(x as Json)?.replace(/[\s-]+/g, '_');
      // `principal: "*"` only: elsewhere `*` is a wildcard of names, not an audience.
      if (
        t !== undefined &&
        (audience || (anyKey && UNAMBIGUOUS.test(t))) &&
        ANYONE.test(t) &&
        (t !== '*' || /principal/.test(k))
      )
        return action('expose', w.join('_'), `shared with ${t}`);
    }
    // `Principal: {"AWS": "*"}`.
    if (/principal/.test(k) && v !== null && typeof v === 'object' && entries(v).some(([, x]) => x === '*'))
      return action('expose', w.join('_'), 'shared with *');
    // Azure's `public_access: "blob"`: a level other than none opens it.
    if (
      OPEN_FLAG.test(k) &&
      (truthy(v) ||
        (typeof v === 'string' &&
          !/^(?:none|private|off|false|no|disabled?|0|)$/i.test(v.trim()) &&
          // Sharing kept to listed or trusted domains (Workspace `ALLOWLISTED_DOMAINS`) is a restriction.
          !/^(?:internal|restricted|domain_only|org(?:anization)?_only|(?:allow|white|trusted)_?listed_domains?|trusted_domains?)$/i.test(
            v.trim().replace(/[\s-]+/g, '_'),
          )))
    )
      return action('expose', w.join('_'), `${k} on`);
    if (BLOCK_FLAG.test(k) && falsy(v)) return action('expose', w.join('_'), `${k} off`);
  }
  // Grafana's external snapshot is published on a server outside the organisation, readable by link.
  if (has(w, 'snapshot', 'snapshots') && all.some(([k, v]) => /^(?:external|public)$/.test(k) && truthy(v)))
    return action('expose', w.join('_'), 'published to an external snapshot server');
  return undefined;
}

const MAIL = [
  'gmail',
  'mail',
  'email',
  'outlook',
  'inbox',
  'mailbox',
  'exchange',
  'imap',
  'fastmail',
  'proton',
  'o365',
  'm365',
];
const PERSISTENT = [
  'filter',
  'filters',
  'rule',
  'rules',
  'settings',
  'setting',
  'forwarding',
  'autoforward',
  'auto',
  'alias',
  'aliases',
  'delegate',
  'delegates',
  'redirect',
];

/** Mail rules and settings that keep sending the user's mail to an address (not forwarding one message). */
function divertMail(
  w: readonly string[],
  all: readonly [string, Json][],
  args: unknown,
): CliEquivalent | undefined {
  // A tool named only for forwarding (`set_auto_forward`) is mail when its address is a mailbox.
  const mail =
    has(w, ...MAIL) ||
    (has(w, 'forward', 'forwarding', 'autoforward') &&
      all.some(([k, v]) => /email|address/.test(k) && EMAIL.test(text(v) ?? '')));
  if (!mail || !has(w, ...PERSISTENT) || has(w, ...READ, 'delete', 'remove')) return undefined;
  // The mailbox's own company domain: forwarding within it stays inside (an old support inbox to the new one).
  // `from` names the mailbox only at the top: inside `criteria` it is the sender the filter matches.
  const top =
    args !== null && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, Json>) : {};
  const home = [
    ...all.filter(([k]) => k !== 'from'),
    ...(typeof top.from === 'string' ? [['from', top.from] as [string, Json]] : []),
  ]
    .filter(([k]) => /^(?:mailbox|user|user_id|owner|account|email|from|address)$/.test(k))
    .map(([, v]) => /@([a-z0-9-]+(?:\.[a-z0-9-]+)+)\s*$/i.exec(text(v) ?? '')?.[1]?.toLowerCase())
    .find((d) => d !== undefined && !FREE_MAIL.test(d));
  for (const [k, v] of all) {
    if (!/forward|redirect|delegate/.test(k)) continue;
    const to = text(v);
    if (home !== undefined && to !== undefined && to.trim().toLowerCase().endsWith(`@${home}`)) continue;
    if (to !== undefined && EMAIL.test(to))
      return action('divert', 'mail', `forwarded to ${EMAIL.exec(to)![0]}`);
    // `autoForwarding: {enabled: true, emailAddress}`, `forwardTo: [{emailAddress: {address}}]`.
    if (v !== null && typeof v === 'object') {
      const inner = entries(v);
      const on = inner.find(([ik]) => /^(?:enabled|enable|active|status)$/.test(ik));
      const addr = inner.map(([, iv]) => text(iv)).find((t) => t !== undefined && EMAIL.test(t));
      if (addr !== undefined && (on === undefined || truthy(on[1])))
        return action('divert', 'mail', `forwarded to ${EMAIL.exec(addr)![0]}`);
    }
  }
  // The tool names the forwarding (`gmail_update_auto_forwarding {enabled, emailAddress}`): its own
  // address field is where the mail goes (R19).
  if (has(w, 'forward', 'forwarding', 'autoforward', 'redirect')) {
    const on = all.find(([k]) => /^(?:enabled|enable|active|status)$/.test(k));
    const to = all
      .filter(([k]) => /^(?:email_address|email|address|to|forward_to|destination|target)$/.test(k))
      .map(([, v]) => text(v))
      .find((t) => t !== undefined && EMAIL.test(t));
    if (
      to !== undefined &&
      (on === undefined || truthy(on[1])) &&
      !(home !== undefined && to.toLowerCase().endsWith(`@${home}`))
    )
      return action('divert', 'mail', `forwarded to ${EMAIL.exec(to)![0]}`);
  }
  return undefined;
}

/** Filter criteria that pick out an account's security mail: sign-in alerts, resets, codes, new devices. */
const SECURITY_MAIL =
  /(?:^|[^a-z])(?:security|sign[-\s]?in|log[-\s]?in|login|password|passcode|verification|verify|2fa|mfa|two[-\s]?factor|one[-\s]?time|otp|suspicious|new\s+device|unusual\s+activity|recovery|accounts\.google\.com|account\s+alert)/i;
/** Keys of what a filter matches (Gmail `criteria.query`, Outlook `conditions.subjectContains`). */
const CRITERIA_KEY =
  /(?:^|_)(?:query|q|search|search_query|from|subject|has_words|words|contains|sender|senders|from_addresses|subject_contains|body_contains|criteria|condition|conditions)$/;
/** Values and keys of a filter action that makes what it matches disappear: trash, delete, the deleted-items folder. */
const HIDES = /^(?:trash|deleted_?items|deleteditems|bin|spam|junk)$/i;
const HIDE_KEY =
  /^(?:delete|permanent_delete|trash|move_to_trash|delete_message|should_delete|skip_inbox_and_delete)$/;

/** A mail filter that trashes or deletes the account's security mail (R23): alerts of a takeover never reach the owner. */
function hideAlerts(w: readonly string[], all: readonly [string, Json][]): CliEquivalent | undefined {
  if (has(w, ...READ)) return undefined;
  const filter =
    has(w, ...MAIL) && has(w, 'filter', 'filters', 'rule', 'rules') && !has(w, 'delete', 'remove');
  // Messages deleted by a search (`delete_emails {query}`) hide what they match the same way.
  const purge = has(w, 'delete', 'trash', 'purge', 'erase') && has(w, ...MAIL, 'emails', 'mails');
  if (!filter && !purge) return undefined;
  // Lists (`addLabelIds: ['TRASH']`, `subjectContains: [...]`) are read item by item.
  const strings = (v: Json): string[] =>
    (Array.isArray(v) ? v.slice(0, 32) : [v]).map((x) => text(x)).filter((x) => x !== undefined);
  const picks = all.find(([k, v]) => CRITERIA_KEY.test(k) && strings(v).some((x) => SECURITY_MAIL.test(x)));
  if (picks === undefined) return undefined;
  const what = strings(picks[1]).join(' ').slice(0, 60);
  if (purge) {
    // A clean-up bounded by age (`older_than:1y`, `before: 2025-01-01`) tidies old alerts; a takeover hides the new ones.
    const aged =
      all.some(([k]) => /^(?:older_than|before|until|max_date|end_date|received_before)$/.test(k)) ||
      strings(picks[1]).some((x) => /\b(?:older_than|before):/i.test(x));
    return aged ? undefined : action('weaken', 'mail', `deletes security mail (${what})`);
  }
  const hides = all.some(
    ([k, v]) =>
      (HIDE_KEY.test(k) && truthy(v)) || strings(v).some((x) => HIDES.test(x.replace(/[\s-]+/g, '_'))),
  );
  return hides ? action('weaken', 'mail', `filter trashes security mail (${what})`) : undefined;
}

const MONEY = [
  'stripe',
  'payout',
  'payouts',
  'transfer',
  'transfers',
  'bank',
  'paypal',
  'wise',
  'payment',
  'payments',
  'wire',
  'ach',
  'treasury',
  'funds',
  'money',
  'braintree',
  'adyen',
  'square',
  'plaid',
  'mercury',
  'brex',
  'revolut',
];
const BANK_KEY =
  /^(?:external_account|bank_account|routing_number|account_number|iban|bic|swift|sort_code|bank_account_token|payout_destination|destination_account)$/;

/** Keys naming a payee the account already holds (its id, not its bank details). */
const SAVED_PAYEE_KEY =
  /^(?:\w+_)?(?:beneficiary|payee|recipient|counterparty|contact|vendor|payment_instrument|payment_method|payout_method|receiving_account|external_account|ach_relationship|address_book|whitelisted_address|saved_address|saved_wallet|account|linked_account|bank_account)_id$/;
/** Keys that give where money goes directly (an account number, an address, a new recipient). */
const RAW_PAYEE_KEY =
  /^(?:to|destination|recipient|payee|beneficiary|to_account|to_iban|iban|account|account_number|email|phone|address|wallet)$/;

/**
 * The payee is named only by a saved id, with no bank details or raw destination beside it. A JSON
 * integer is an id the API handed out (Wise `targetAccount: 148822013`, R21 twin): an account number
 * typed by hand is text, to keep its leading zeros, and a text of digits or an IBAN stays raw.
 */
function savedPayee(all: readonly [string, Json][]): boolean {
  return (
    all.some(
      ([k, v]) =>
        (SAVED_PAYEE_KEY.test(k) || k === 'target_account') &&
        (typeof v === 'number'
          ? Number.isSafeInteger(v) && v > 0
          : // A saved recipient's handle (`saved:recipient_conf_org`), never digits or an IBAN.
            /^[a-z][\w:.-]{1,60}$/i.test(text(v)?.trim() ?? '') &&
            !/^\d+$/.test(text(v)!) &&
            !/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(text(v)!.trim())),
    ) && !all.some(([k]) => BANK_KEY.test(k) || RAW_PAYEE_KEY.test(k))
  );
}

/** An account named by its id or ledger code alone (Xero `ToBankAccount: {Code: "091"}`): one already held. */
function heldAccountRef(all: readonly [string, Json][]): boolean {
  return all.some(
    ([k, v]) =>
      /^(?:to|destination|target|receiving)_\w*account$/.test(k) &&
      v !== null &&
      typeof v === 'object' &&
      !Array.isArray(v) &&
      Object.keys(v).length > 0 &&
      Object.keys(v).every((x) => /^(?:id|code|account_id|account_code|uuid)$/i.test(x)),
  );
}

/** Name words of a record that holds someone's bank details. */
const PAYEE_RECORD = [
  'vendor',
  'vendors',
  'supplier',
  'suppliers',
  'recipient',
  'recipients',
  'payee',
  'payees',
  'beneficiary',
  'beneficiaries',
  'counterparty',
  'counterparties',
  'contact',
  'contacts',
  'employee',
  'employees',
  'contractor',
  'contractors',
  'invoice',
  'invoices',
];

/** A call back to a number already on file, stated as done: the check finance teams make before a bank change. */
const CALLBACK =
  /\b(?:verified|confirmed|validated)\b[^.;\n]{0,40}\b(?:call-?back|called\s+back|phone\s+call)\b|\bcall-?back\b[^.;\n]{0,40}\b(?:verified|confirmed|verification)\b/i;
/** A ticket or case id (`FIN-1182`, `INC0042`). */
const TICKET_ID = /\b(?:[A-Z][A-Z0-9]+-\d+|INC\d+|CHG\d+|RITM\d+|REQ\d+)\b/;

/**
 * A vendor's bank details changed with the callback check recorded in the call, under a ticket
 * (R19 twin: `reason: "verified by callback to vendor's number on file, ticket FIN-1182"`). A change
 * its note calls urgent or confidential, or asked for by mail, stays a diverted payout.
 */
export function callbackChecked(all: readonly [string, Json][]): boolean {
  const note = all
    .filter(([k]) => /^(?:reason|note|notes|memo|comment|description|justification|verification)$/.test(k))
    .map(([, v]) => text(v) ?? '')
    .join('\n');
  const ticket = all.some(
    ([k, v]) => /^(?:ticket|ticket_id|case|case_id|reference)$/.test(k) && TICKET_ID.test(text(v) ?? ''),
  );
  return (
    CALLBACK.test(note) &&
    (ticket || TICKET_ID.test(note)) &&
    !/\b(?:urgent|asap|immediately|confidential|quietly|per\s+(?:the\s+)?(?:e-?mail|ceo|cfo)|new\s+bank)\b/i.test(
      note,
    )
  );
}

/** Money sent out of the account, or where payouts land changed. */
function transfer(
  w: readonly string[],
  f: Map<string, unknown>,
  all: readonly [string, Json][],
): CliEquivalent | undefined {
  if (!has(w, ...MONEY) && !all.some(([k]) => BANK_KEY.test(k))) return undefined;
  // `destination_account` beside an AWS ARN (S3 replication) is the cloud account data goes to, not a bank's.
  if (!has(w, ...MONEY) && all.some(([, v]) => /^arn:aws[\w-]*:/.test(text(v) ?? ''))) return undefined;
  if (has(w, ...READ, 'cancel', 'reverse', 'refund')) return undefined;
  const changes = has(w, ...CHANGE) || w.length === 1;
  if (!changes) return undefined;
  // Paid to a payee saved earlier, named only by its id (R19 twin: `beneficiary_id: ben_saved_0042`):
  // the account was checked when it was saved; money-out.ts still reads the memo for fraud.
  if (savedPayee(all) || (heldAccountRef(all) && !all.some(([k]) => BANK_KEY.test(k)))) return undefined;
  // One reading of bank details typed into a payment (money-out.ts): an everyday sum to them is
  // judged there, by its memo and what it commits in all; from NEW_PAYEE_LIMIT up it is held here too.
  const amount = Math.max(
    0,
    ...all.filter(([k]) => /^(?:amount|value|sum|total)$/.test(k)).map(([, v]) => sum(v)),
  );
  if (rawBankPayee(all) !== undefined && amount > 0 && amount < NEW_PAYEE_LIMIT) return undefined;
  // The same for a mailbox, phone or handle typed in as payee: `interac_send_transfer` to mom's
  // mailbox is `interac_send_money` under another name, and money-out.ts judges both alike (fp15).
  if (typedDestinations(all).length > 0 && amount > 0 && amount < NEW_PAYEE_LIMIT) return undefined;
  // Test mode moves no money (Stripe `livemode: false`, a sandbox environment): a platform's transfer
  // to its own connected account there is an integration test. Bank details typed in stay judged above;
  // the flag is the caller's word (Stripe's key decides the mode), so only a test-sized sum rides on it.
  if (
    amount < NEW_PAYEE_LIMIT &&
    all.some(
      ([k, v]) =>
        (k === 'livemode' && (v === false || v === 'false')) ||
        (/^(?:test_?mode|sandbox|is_test|test)$/.test(k) && (v === true || v === 'true')) ||
        (/^(?:mode|environment|env)$/.test(k) && typeof v === 'string' && TEST_NET.test(v.trim())),
    ) &&
    rawBankPayee(all) === undefined &&
    !all.some(([k, v]) => k === 'livemode' && v === true)
  )
    return undefined;
  // A payout naming no destination goes to the account's own bank account on file (Stripe's default);
  // `method: standard` is that default's speed (R23 twin), any other method may name a new channel.
  if (
    has(w, 'payout', 'payouts') &&
    !has(w, 'instant', 'external') &&
    !all.some(
      ([k, v]) =>
        BANK_KEY.test(k) ||
        RAW_PAYEE_KEY.test(k) ||
        /^(?:destination_\w+|to_\w+)$/.test(k) ||
        (k === 'method' && text(v) !== 'standard'),
    )
  )
    return undefined;
  if (
    has(
      w,
      'payout',
      'payouts',
      'transfer',
      'transfers',
      'withdraw',
      'withdrawal',
      'wire',
      'disburse',
      'disbursement',
    )
  )
    return action(
      'transfer',
      'money',
      `${w.join('_')} ${str(f, 'amount') ?? ''} to ${str(f, 'destination', 'to', 'recipient', 'account') ?? 'an account'}`,
    );
  const bank = all.find(([k]) => BANK_KEY.test(k));
  if (callbackChecked(all)) return undefined;
  // A new payee record with its bank details (a vendor for review, a Wise recipient) sends nothing
  // anywhere yet: the BEC step is replacing the details of one that exists (payee-details.ts).
  if (has(w, 'create', 'add', 'new', 'register', 'onboard') && has(w, ...PAYEE_RECORD)) return undefined;
  // Part of one's own pay split to a savings account (payee-details.ts partialSplit), or the user's own
  // account found by its number to rename it or set an alert: neither points money anywhere new.
  if (partialSplit(all)) return undefined;
  if (
    bank?.[0] === 'account_number' &&
    has(w, 'account', 'accounts') &&
    !has(w, ...PAYEE_RECORD, 'payout', 'payouts', 'deposit', 'payment', 'payments') &&
    all.filter(([k]) => BANK_KEY.test(k)).length === 1
  )
    return undefined;
  if (bank !== undefined || has(w, 'bank', 'external'))
    return action('divert', 'payouts', `${w.join('_')} sets ${bank?.[0] ?? 'the bank account'}`);
  return undefined;
}

/** Verbs that give an account a role. */
const ASSIGN = [
  'assign',
  'grant',
  'add',
  'set',
  'update',
  'create',
  'attach',
  'promote',
  'change',
  'put',
  'bind',
];
/** Keys whose value names a role or permission level. */
const ROLE_KEY =
  /^(?:role|roles|role_type|role_name|role_id|role_ids|admin_role|type|permission|permissions|access_level|privilege|privileges|user_type|account_type|level|group|groups|policy_arn|policy_arns|policy|policy_name|role_definition|role_definition_name)$/;
/** Roles that administer the whole organisation, tenant or account (any vendor's spelling). */
const ADMIN_ROLE =
  /^(?:(?:super|org|organization|organisation|global|tenant|account|company|workspace|enterprise|site|app|application|user|group|security|billing|domain|primary)_?)?(?:admin|admins|administrator|administrators|owner|owners)(?:_?(?:role|access|user))?$|^(?:superuser|super_user|root|superadmin|sysadmin|system_administrator|full_access|all_access|administratoraccess)$/;
/** Administrator roles that only read or only help. */
const LIMITED_ROLE = /read_?only|readonly|viewer|reader|auditor|report/;

/** What a bare directory guest invite may carry: who, a message, where the accept link lands. */
const BARE_INVITE_KEY =
  /^(?:email|emails|email_address|invited_user_email_address|invited_user_display_name|display_name|name|send_invitation_message|invite_redirect_url|redirect_url|invited_user_message_info|message|custom_message|customized_message_body|message_language|invited_user_type)$/;

/**
 * A tenant guest invited with nothing else (Entra B2B `invitedUserEmailAddress` and a redirect, R21
 * twin): the guest gets the directory's guest defaults and sees only what is later shared with it. A
 * role, a group, a channel, a member type or any other key keeps the invite an outside grant.
 */
function bareGuest(w: readonly string[], all: readonly [string, Json][]): boolean {
  return (
    has(w, 'guest', 'guests') &&
    all.some(([k, v]) => /email/.test(k) && typeof v === 'string') &&
    all.every(
      ([k, v]) =>
        BARE_INVITE_KEY.test(k) &&
        (k !== 'invited_user_type' || (typeof v === 'string' && /^guest$/i.test(v.trim()))),
    )
  );
}

/** Guests, outside organisations and owners let into a workspace or channel. */
function grant(
  w: readonly string[],
  f: Map<string, unknown>,
  all: readonly [string, Json][],
): CliEquivalent | undefined {
  if (has(w, ...READ, 'remove', 'delete', 'revoke')) return undefined;
  // `connect` alone is a client's connection (`redis_connect`), not Slack Connect: it needs a room or people.
  const connect =
    has(w, 'connect') &&
    has(
      w,
      'channel',
      'channels',
      'workspace',
      'workspaces',
      'slack',
      'org',
      'organization',
      'team',
      'teams',
      'shared',
      'external',
      'user',
      'users',
      'member',
      'members',
      'guest',
      'guests',
      'invite',
    );
  if (has(w, 'connect') && !connect) return undefined;
  if (
    has(w, 'invite', 'invites', 'invitation', 'add', 'share', 'connect') &&
    has(w, 'user', 'users', 'member', 'members', 'guest', 'guests', 'invite', 'external', 'shared', 'connect')
  ) {
    // A guest kept to one or two ordinary channels (tool-call/outside-share.ts) sees that room only.
    if (!has(w, 'shared', 'connect', 'external') && channelGuest(all)) return undefined;
    if (!has(w, 'shared', 'connect', 'external') && bareGuest(w, all)) return undefined;
    if (has(w, 'guest', 'guests', 'external') || has(w, 'shared', 'connect'))
      return action('grant', 'workspace', `${w.join('_')} lets an outside account in`);
    for (const [k, v] of all) {
      if (
        /^(?:guest|is_guest|external|is_external|restricted|is_restricted|ultra_restricted|single_channel_guest)$/.test(
          k,
        ) &&
        truthy(v)
      )
        return action('grant', 'workspace', `${k} account invited`);
      const t = text(v)?.toLowerCase();
      if (
        /^(?:role|type|account_type|user_type|access|permission|access_level)$/.test(k) &&
        t !== undefined &&
        /^(?:guest|single_channel_guest|multi_channel_guest|external|owner|primary_owner|admin|administrator|super_admin)$/.test(
          t,
        ) &&
        !(/owner|admin/.test(t) && colleaguesOnly(all))
      )
        return action('grant', 'workspace', `invited as ${t}`);
    }
  }
  // An administrator role given to an account through any identity or SaaS tool (`okta_assign_role`
  // SUPER_ADMIN, `assign_user_role` org_admin): the account can then grant itself anything else.
  if (has(w, ...ASSIGN) && !has(w, 'unassign')) {
    for (const [k, v] of all) {
      if (!ROLE_KEY.test(k)) continue;
      for (const x of Array.isArray(v) ? v.slice(0, 32) : [v]) {
        // The role's last path part: `roles/owner` (GCP), `arn:aws:iam::aws:policy/AdministratorAccess`.
        const t = text(x as Json)
          ?.toLowerCase()
          .replace(/^.*[/:]/, '')
          // GCP's access-governing services (`resourcemanager.organizationAdmin`, `iam.securityAdmin`).
          .replace(/^(?:resourcemanager|iam)\./, '')
          .replace(/[\s-]+/g, '_');
        if (t !== undefined && ADMIN_ROLE.test(t) && !LIMITED_ROLE.test(t) && !colleaguesOnly(all))
          return action('grant', 'account', `${w.join('_')} gives the ${t} role`);
      }
    }
  }
  // An organisation's default permission raised to admin: every member, present and future, gets it.
  if (has(w, ...UPDATE, 'create')) {
    for (const [k, v] of all) {
      const t = text(v)?.toLowerCase();
      if (
        /(?:^|_)default(?:_\w+)?_(?:permission|role|access|access_level)$/.test(k) &&
        t !== undefined &&
        ADMIN_ROLE.test(t)
      )
        return action('grant', 'organization', `${k} set to ${t} for every member`);
    }
  }
  // A deploy key that can push: write access to the repository for whoever holds the key.
  if (has(w, 'deploy') && has(w, 'key', 'keys')) {
    const ro = f.get('read_only') ?? f.get('readonly');
    if ((ro !== undefined && falsy(ro)) || any(f, 'can_push', 'write', 'write_access', 'allow_write'))
      return action('grant', 'repository', 'deploy key with write access');
  }
  return undefined;
}

/** Keys naming the organisation a call acts for (`owner: acme` of a repository). */
const ORG_KEY = /^(?:owner|org|organization|organisation|account|workspace|team|company)$/;

/**
 * A host at the domain named for the organisation the call acts for (`ci.acme.dev` for a repository
 * of `acme`): the team's own service receives its own events (fptool r12).
 */
function ownOrganisation(host: string, all: readonly [string, Json][]): boolean {
  // `ci.acme-corp.com` for `owner: acme` (R19 twin): the domain adds only a legal-form word.
  const label = companyName(zoneOf(host).split('.')[0]!);
  return (
    label.length >= 3 &&
    all.some(
      ([k, v]) =>
        (ORG_KEY.test(k) ||
          // `repo: "acme/api"`: the owner is the path's first part (R12 twin-access).
          (/^(?:repo|repository|full_name|project|project_path)$/.test(k) &&
            text(v)?.includes('/') === true)) &&
        text(v)
          ?.toLowerCase()
          .split(/[/._\s-]/)[0] === label,
    )
  );
}

/**
 * Everyone the call names by mail is at the organisation's own domain, as the call shows it (`org:
 * acme` and `lee@acme.com`, or `domain: acme.io`): a colleague made an admin is the organisation's
 * own decision (R23 brief). An account named only by an id shows nothing and stays a grant.
 */
function colleaguesOnly(all: readonly [string, Json][]): boolean {
  const domains = all
    .map(([, v]) => text(v))
    .filter((v): v is string => v !== undefined && v.includes('@') && v.length < 200)
    .map((v) => /@([a-z0-9-]+(?:\.[a-z0-9-]+)+)\s*$/i.exec(v)?.[1]?.toLowerCase());
  if (domains.length === 0) return managedHandlesOnly(all);
  if (domains.some((d) => d === undefined)) return false;
  const named = new Set(
    all
      .filter(([k]) => /^(?:domain|primary_domain|customer_domain|org_domain|tenant_domain)$/.test(k))
      .map(([, v]) => registrable(text(v) ?? '')),
  );
  return domains.every(
    (d) => !FREE_MAIL.test(registrable(d!)) && (named.has(registrable(d!)) || ownOrganisation(d!, all)),
  );
}

/** Keys holding the account a role or membership is given to, by handle. */
const HANDLE_KEY = /^(?:user|username|login|member|handle|assignee|collaborator)$/;

/**
 * Every account the call names is a GitHub Enterprise Managed User of the organisation it acts in
 * (`jlee_acme` in `acme`): such handles carry the enterprise's short code after an underscore, which
 * no public account can (their names allow none), so each is a colleague the company's IdP made.
 */
function managedHandlesOnly(all: readonly [string, Json][]): boolean {
  const handles = all.filter(([k]) => HANDLE_KEY.test(k)).map(([, v]) => text(v));
  const org = all.find(([k]) => ORG_KEY.test(k))?.[1];
  const orgName = text(org ?? null)
    ?.toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  if (handles.length === 0 || orgName === undefined || orgName.length < 3) return false;
  return handles.every((h) => {
    const code = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?_([a-z0-9]{3,8})$/i.exec(h ?? '')?.[1]?.toLowerCase();
    return code !== undefined && orgName.startsWith(code);
  });
}

/** Whether the call names the organisation it acts for (an owner, or a repository's `owner/name`). */
function namesOrganisation(all: readonly [string, Json][]): boolean {
  return all.some(
    ([k, v]) =>
      (ORG_KEY.test(k) && text(v) !== undefined) ||
      (/^(?:repo|repository|full_name|project|project_path)$/.test(k) && text(v)?.includes('/') === true),
  );
}

/** Keys of a hook's own URL set on any settings call (Postmark `InboundHookUrl`, `bounce_hook_url`). */
const HOOK_URL_KEY = /^(?:\w+_)?(?:webhook|hook)_url$|^(?:inbound|notify|notification|events?)_url$/;
/** Keys naming the group or namespace whose events a hook sends (GitLab `group_id`). */
const HOOK_OWNER_KEY = /^(?:group|group_id|group_path|namespace|namespace_path|enterprise|tenant)$/;

/** The company as a hook's call names it beside ORG_KEY: its group, or a domain it receives mail for. */
function hookOwner(host: string, all: readonly [string, Json][]): 'own' | 'named' | undefined {
  let named: 'named' | undefined;
  for (const [k, v] of all) {
    const t = text(v)?.toLowerCase();
    if (t === undefined || t.length > 200) continue;
    if (HOOK_OWNER_KEY.test(k) && /^[a-z0-9][a-z0-9_.-]{2,}$/.test(t)) {
      named = 'named';
      if (companyName(zoneOf(host).split('.')[0]!) === t.split(/[/._\s-]/)[0]) return 'own';
    }
    // `InboundDomain: acme.com`, `hostname: inbound.acme.com`: mail for that domain is the company's.
    if (/(?:^|_)(?:domain|hostname)$/.test(k) && /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/.test(t)) {
      named = 'named';
      if (registrable(t) === registrable(host)) return 'own';
    }
  }
  return named;
}

/** A repository or organisation webhook sending its events (pushes, code) to an outside host. */
function webhook(w: readonly string[], all: readonly [string, Json][]): CliEquivalent | undefined {
  if (has(w, ...READ, 'delete', 'remove', 'ping', 'test', 'redeliver')) return undefined;
  // `set_event_endpoint`: where a service's events go is its webhook under another name.
  const named =
    has(w, 'webhook', 'webhooks', 'hook', 'hooks') ||
    (has(w, 'event', 'events', 'notification', 'notifications') &&
      has(w, 'endpoint', 'endpoints', 'setting', 'settings', 'subscription', 'subscriptions', 'destination'));
  if (!named && !all.some(([k]) => HOOK_URL_KEY.test(k))) return undefined;
  if (!has(w, ...CHANGE, 'edit', 'establish')) return undefined;
  // An existing endpoint re-pointed with every event (`update_webhook_endpoint {url, enabled_events: ["*"]}`,
  // R24): whatever received the account's events stops, and the new host gets all of them.
  const repointsAll =
    named &&
    has(w, 'update', 'set', 'change', 'modify', 'edit', 'patch', 'replace') &&
    !has(w, 'create', 'add', 'new', 'register') &&
    all.some(
      ([k, v]) =>
        /^(?:enabled_)?(?:events?|event_types?|topics?|subscriptions?)$/.test(k) &&
        (v === '*' || (Array.isArray(v) && v.includes('*'))),
    );
  for (const [k, v] of all) {
    if (
      !/^(?:url|uri|target|target_url|endpoint|payload_url|callback_url|webhook_url|address|destination)$/.test(
        k,
      ) &&
      !HOOK_URL_KEY.test(k)
    )
      continue;
    const m = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]+\]|[^:/?#]+)/i.exec(text(v) ?? '');
    if (!m) continue;
    const info = classifyHost(m[1]!);
    if (info.class === 'loopback' || info.class === 'private' || KNOWN_HOOK_HOSTS.test(info.host)) continue;
    const owner = info.class === 'name' ? hookOwner(info.host, all) : undefined;
    if (info.class === 'name' && ((named && ownOrganisation(info.host, all)) || owner === 'own')) continue;
    // No organisation named (a vendor's events to an endpoint, `add_webhook {source: stripe}`): only a
    // host shown to be someone else's is outside (R15 twin: Stripe events to the company's own API).
    if (
      info.class === 'name' &&
      // A hook key on another settings call counts the company only by its group or domain.
      !(named && namesOrganisation(all)) &&
      owner === undefined &&
      !repointsAll &&
      !relayNamed(info.host) &&
      !captureHost(info.host) &&
      !fileDropUrl(info.host) &&
      !LURE_HOST.test(registrable(info.host)) &&
      !posesAsBrand(info.host) &&
      suspectHost(info.host) === undefined
    )
      continue;
    return action('divert', 'events', `webhook to ${info.host}`);
  }
  return undefined;
}

/** Name words of where a service streams its events or data (Segment destinations, log sinks). */
const DESTINATION = ['destination', 'destinations', 'sink', 'sinks', 'stream', 'streams', 'forwarder'];
/**
 * Keys of where a service sends its calls, messages or visitors (Twilio `voice_url`, `sms_url`,
 * `status_callback`; WordPress `siteurl`, `home`): the endpoint answers for the account from then on.
 */
const ROUTE_KEY =
  /^(?:voice_url|sms_url|voice_fallback_url|sms_fallback_url|fallback_url|status_callback|status_callback_url|message_url|answer_url|inbound_url|sms_webhook|voice_webhook|siteurl|site_url|home|home_url|(?:messages|voice|sms|inbound|event)_callback(?:_value|_url)?)$/;

/**
 * An account's events, calls or site pointed at a host its name shows to be outside (R20: a Segment
 * destination at `evt-sink.io`, a Twilio number's webhooks at `callflow-relay.net`, WordPress's
 * `siteurl` at `acme-corp-login.com`). No company domain is known here, so only a suspect host
 * (knowledge/suspect-host.ts) counts: the company's own endpoint stays allowed.
 */
function routedOut(w: readonly string[], all: readonly [string, Json][]): CliEquivalent | undefined {
  if (!has(w, ...CHANGE, 'update', 'configure') || has(w, ...READ, 'delete', 'remove', 'test'))
    return undefined;
  const streams = has(w, ...DESTINATION);
  for (const [k, v] of all) {
    if (
      !ROUTE_KEY.test(k) &&
      !(streams && /^(?:url|uri|endpoint|webhook_url|target_url|destination_url)$/.test(k))
    )
      continue;
    const m = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^:/?#]+)/i.exec(text(v) ?? '');
    const why =
      m === null
        ? undefined
        : (suspectHost(m[1]!) ?? (relayNamed(m[1]!) ? `${m[1]!}, a host named for relaying` : undefined));
    if (why !== undefined) return action('divert', 'events', `${w.join('_')} sends ${k} to ${why}`);
  }
  return undefined;
}

/** Record types that carry mail or the zone's delegation: changing or deleting them takes the domain. */
const CRITICAL_TYPES = /^(?:MX|NS|SOA|DS)$/i;
/** Record types that say where a name's traffic goes. */
const TARGET_TYPES = /^(?:A|AAAA|CNAME|ALIAS|ANAME|MX|NS)$/i;

/** DNS records whose target is changed (an existing name redirected) or whose mail/delegation is deleted. */
function dns(
  w: readonly string[],
  f: Map<string, unknown>,
  all: readonly [string, Json][],
): CliEquivalent | undefined {
  if (!has(w, 'dns', 'record', 'records', 'route53', 'rrset', 'rrsets', 'resource') || has(w, ...READ))
    return undefined;
  if (!has(w, 'dns', 'route53', 'rrset', 'rrsets') && !has(w, 'record', 'records')) return undefined;
  // Route 53 change batches: `Changes: [{Action, ResourceRecordSet: {Name, Type}}]`.
  const batch = all
    .filter(([k]) => k === 'changes')
    .flatMap(([, v]): Json[] => (Array.isArray(v) ? (v as Json[]) : []));
  for (const c of batch.slice(0, 64)) {
    const e = entries(c);
    const act = e.find(([k]) => k === 'action');
    const type = e.find(([k]) => k === 'type');
    const name = e.find(([k]) => k === 'name');
    const a = text(act?.[1])?.toUpperCase();
    const t = text(type?.[1]) ?? '';
    if (a === 'DELETE' && (CRITICAL_TYPES.test(t) || apex(text(name?.[1]))))
      return action('destroy', 'dns', `${t} record of ${text(name?.[1]) ?? 'the zone'} deleted`);
    // Mail moved to a provider that hosts organisations' mail or to the zone's own host (fp13: MX to Google).
    const values = e.filter(([k]) => k === 'value').map(([, v]) => mxHost(text(v) ?? ''));
    const zone = text(name?.[1]);
    if (
      /^MX$/i.test(t) &&
      values.length > 0 &&
      values.every((v) => MAIL_HOST.test(v) || (zone !== undefined && v !== '' && ownTarget(v, zone)))
    )
      continue;
    if ((a === 'UPSERT' || a === 'UPDATE') && CRITICAL_TYPES.test(t))
      return action('redirect', 'dns', `${t} record of ${text(name?.[1]) ?? 'the zone'} replaced`);
  }
  // A zone's records set as one list (Namecheap `setHosts`, a `records` list replaced): its mail
  // entry pointed at a host that is neither the zone's own nor a mail provider's.
  if (
    has(w, 'set', 'update', 'replace', 'overwrite', 'edit', 'modify', 'change', 'patch', 'upsert') &&
    !has(w, 'create', 'add', 'delete', 'remove')
  ) {
    const zone = str(f, 'zone', 'zone_name', 'domain', 'domain_name');
    const listed = all
      .filter(([k]) => /^(?:hosts|records|host_records|dns_records|resource_records)$/.test(k))
      .flatMap(([, v]): Json[] => (Array.isArray(v) ? (v as Json[]).slice(0, 64) : []));
    for (const c of listed) {
      const e = entries(c);
      const t = text(e.find(([k]) => /^(?:type|record_type|rrtype)$/.test(k))?.[1]) ?? '';
      const to = text(e.find(([k]) => /^(?:address|value|content|target|data|exchange)$/.test(k))?.[1])
        ?.trim()
        .replace(/^\d+\s+/, '')
        .replace(/\.$/, '');
      if (!/^MX$/i.test(t) || to === undefined || to === '' || MAIL_HOST.test(to)) continue;
      if (zone !== undefined && ownTarget(to, zone)) continue;
      return action('redirect', 'dns', `${t} record of ${zone ?? 'the zone'} pointed at ${to}`);
    }
  }
  const type = str(f, 'type', 'record_type', 'rrtype', 'rr_type', 'rrset_type') ?? '';
  const name = str(f, 'name', 'record_name', 'hostname', 'host', 'fqdn', 'rrset_name');
  if (
    has(w, 'delete', 'remove', 'destroy', 'purge', 'drop', 'rm') &&
    (CRITICAL_TYPES.test(type) || apex(name))
  )
    return action('destroy', 'dns', `${type} record of ${name ?? 'the zone'} deleted`);
  // A sender policy that lets a relay-named or suspect host send as the domain (`v=spf1 include:mailrelay-x.net`):
  // mail from it passes as the company's own.
  const spf = str(f, 'content', 'value', 'data', 'txt', 'record') ?? '';
  if (/^\s*"?v=spf1\b/i.test(spf) && !has(w, 'delete', 'remove')) {
    const sender = [...spf.matchAll(/\binclude:([a-z0-9.-]+)/gi)]
      .map((m) => m[1]!.replace(/\.$/, ''))
      .find((h) => relayNamed(h) || suspectHost(h) !== undefined);
    if (sender !== undefined)
      return action(
        'redirect',
        'dns',
        `SPF of ${str(f, 'zone', 'domain') ?? name ?? 'the zone'} lets ${sender} send as it`,
      );
  }
  // A mail exchanger added for the zone (R24: `priority: 0` at `mx.mailrelay-inbound.net`): senders
  // deliver the domain's mail there, resets included, unless it is a mail provider or the zone's own host.
  if (has(w, 'create', 'add', 'new', 'insert') && /^MX$/i.test(type)) {
    const exchange = mxHost(
      str(f, 'content', 'value', 'target', 'data', 'exchange', 'mail_server', 'server') ?? '',
    );
    const zoneName = str(f, 'zone', 'zone_name', 'domain', 'domain_name', 'hosted_zone', 'fqdn') ?? name;
    if (
      exchange !== '' &&
      !MAIL_HOST.test(exchange) &&
      !(zoneName !== undefined && ownTarget(exchange, zoneName))
    )
      return action('redirect', 'dns', `MX record of ${zoneName ?? 'the zone'} added at ${exchange}`);
  }
  // An upsert of a domain's mail or delegation records replaces them whatever was there (as a
  // Route 53 UPSERT in a change batch does above): the domain's mail or zone goes elsewhere.
  if (has(w, 'upsert', 'replace', 'overwrite') && CRITICAL_TYPES.test(type))
    return action(
      'redirect',
      'dns',
      `${type} record of ${name ?? 'the zone'} replaced by ${str(f, 'content', 'value', 'target', 'data', 'exchange') ?? 'a new target'}`,
    );
  // An update names an existing record: the traffic already going to that name goes elsewhere.
  // `set` after record/resource is Route 53's noun (`delete_record_set`, R13 twin-destroy), no verb.
  const setVerb = w.some((x, i) => x === 'set' && !/^(?:record|resource|rr|dns)$/.test(w[i - 1] ?? ''));
  if (
    (has(w, 'update', 'edit', 'patch', 'modify', 'change', 'overwrite', 'replace') || setVerb) &&
    !has(w, 'create', 'add')
  ) {
    // Gandi `rrset_values`, Cloud DNS `rrdatas`: a list of targets, the first read.
    const target =
      str(f, 'content', 'value', 'target', 'ip', 'address', 'data', 'exchange') ??
      list(f, 'rrset_values', 'values', 'rrdatas')[0];
    // Mail moved to a provider that hosts companies' mail (R15 twin: MX to Google), or to the
    // zone's own mail host (`10 mx1.acme.io.` for acme.io): still the owner's.
    const exchange = target
      ?.trim()
      .replace(/^\d+\s+/, '')
      .replace(/\.$/, '');
    const zoneName = str(f, 'zone', 'zone_name', 'domain', 'domain_name', 'fqdn') ?? name;
    if (
      /^MX$/i.test(type) &&
      exchange !== undefined &&
      (MAIL_HOST.test(exchange) || (zoneName !== undefined && ownTarget(exchange, zoneName)))
    )
      return undefined;
    // A record's bare label (`www`, `login`) is no zone: the zone known only by its id, a team's app
    // on a hosting platform (`acme-web.pages.dev`) is checked by its own name instead (fp14).
    const given = str(f, 'zone', 'zone_name', 'domain', 'domain_name') ?? name;
    const zoneKnown = given?.includes('.') === true ? given : undefined;
    if (
      !CRITICAL_TYPES.test(type) &&
      target !== undefined &&
      (ownTarget(target, zoneKnown) || (zoneKnown === undefined && platformApp(target)))
    )
      return undefined;
    if (TARGET_TYPES.test(type) || (type === '' && target !== undefined))
      return action(
        'redirect',
        'dns',
        `${type || 'record'} ${name ?? ''} pointed at ${target ?? 'a new target'}`,
      );
  }
  return undefined;
}

/** Hosting platforms that serve a team's app under a name of its choosing (`acme-staging.herokuapp.com`). */
const PLATFORM_HOST =
  /\.(?:herokuapp\.com|herokudns\.com|netlify\.app|netlify\.com|vercel\.app|vercel-dns\.com|pages\.dev|workers\.dev|github\.io|gitlab\.io|azurewebsites\.net|azurestaticapps\.net|azureedge\.net|azurefd\.net|trafficmanager\.net|cloudapp\.azure\.com|cloudfront\.net|elb\.amazonaws\.com|s3-website[\w.-]*\.amazonaws\.com|appspot\.com|run\.app|web\.app|firebaseapp\.com|fly\.dev|onrender\.com|railway\.app|statuspage\.io|readthedocs\.io|myshopify\.com|ghost\.io|webflow\.io|ondigitalocean\.app)$/;

/** A hosting platform's host for a team's app whose name neither lures nor relays (`acme-web.pages.dev`). */
function platformApp(target: string): boolean {
  const t = target.trim().replace(/\.$/, '').toLowerCase();
  return (
    PLATFORM_HOST.test(t) &&
    !relayNamed(t) &&
    !LURE_HOST.test(t) &&
    !posesAsBrand(t) &&
    suspectHost(t) === undefined
  );
}

/** The zone a record name belongs to (`staging.acme.com` → `acme.com`), or the zone field itself. */
function zoneOf(name: string): string {
  const n = name.trim().replace(/\.$/, '').toLowerCase();
  const m = /(?:^|\.)([a-z0-9-]+\.(?:(?:co|com|org|net)\.[a-z]{2}|[a-z]{2,}))$/.exec(n);
  return m?.[1] ?? n;
}

/**
 * A record pointed at the team's own service (R11 twin-access: staging CNAME to its Heroku app): a
 * private address, a name inside the same zone, or a hosting platform's host whose name carries the
 * zone's own name (`acme-docs.netlify.app` for acme.com). A public IP or anyone else's host is not.
 */
function ownTarget(target: string, zoneOrName: string | undefined): boolean {
  const t = target.trim().replace(/\.$/, '').toLowerCase();
  const info = classifyHost(t);
  if (info.class === 'private' || info.class === 'loopback') return true;
  if (info.class !== 'name' || zoneOrName === undefined) return false;
  const zone = zoneOf(zoneOrName);
  if (t === zone || t.endsWith(`.${zone}`)) return true;
  const label = zone.split('.')[0]!;
  const m = PLATFORM_HOST.exec(t);
  if (m === null || label.length < 3) return false;
  // `acme.statuspage.io` for the zone acme-corp.com (R19 twin): its name without the legal-form word.
  const prefix = t.slice(0, m.index);
  return (
    prefix.split(/[.-]/).includes(companyName(label)) ||
    prefix.split('.').some((p) => p === label || p.startsWith(`${label}-`))
  );
}

/** `acme.com`, `acme.com.`, `@`: the zone's own name (two labels, or a short public suffix pair). */
function apex(name: string | undefined): boolean {
  if (name === undefined) return false;
  const n = name.trim().replace(/\.$/, '').toLowerCase();
  return n === '@' || /^[a-z0-9-]+\.(?:[a-z]{2,}|co\.[a-z]{2}|com\.[a-z]{2}|org\.[a-z]{2})$/.test(n);
}

/** Tool-name words any reader below needs; a name with none of them costs nothing more. */
export const SAAS_WORDS = [
  ...SHARE_WORDS,
  'public',
  ...MAIL,
  'emails',
  'mails',
  ...MONEY,
  'external',
  'invite',
  'invites',
  'invitation',
  'guest',
  'guests',
  'connect',
  'deploy',
  'webhook',
  'webhooks',
  'hook',
  'hooks',
  'dns',
  'delete',
  'remove',
  'record',
  'records',
  'route53',
  'rrset',
  'rrsets',
  'upsert',
  'account',
  'assign',
  'grant',
  'promote',
  'role',
  'roles',
  'update',
  'set',
  'add',
  'create',
  ...UPDATE,
];

/** Keys of a comment or reply carried by the call: its `public` flag is who sees that message (the requester), not the resource. */
const MESSAGE_KEY = /^(?:comment|comments|reply|replies|message|note|notes|post|response)$/i;

/**
 * The arguments without the objects of the messages they carry (`{comment: {body, public: true}}`),
 * also where the API nests them in the record changed (Zendesk's `{ticket: {status, comment: {...}}}`).
 */
function withoutMessages(args: Json, depth = 0): Json {
  if (args === null || typeof args !== 'object' || Array.isArray(args) || depth > 2) return args;
  let changed = false;
  const out: [string, Json][] = [];
  for (const [k, v] of Object.entries(args as Record<string, Json>)) {
    if (MESSAGE_KEY.test(k) && v !== null && typeof v === 'object') {
      changed = true;
      continue;
    }
    const inner = withoutMessages(v, depth + 1);
    changed ||= inner !== v;
    out.push([k, inner]);
  }
  return changed ? Object.fromEntries(out) : args;
}

export function saasLines(w: readonly string[], f: Map<string, unknown>, args: unknown): CliEquivalent[] {
  const all = entries(args);
  const exposed = withoutMessages(args);
  return [
    expose(w, exposed === args ? all : entries(exposed)),
    divertMail(w, all, args),
    hideAlerts(w, all),
    transfer(w, f, all),
    grant(w, f, all),
    webhook(w, all) ?? routedOut(w, all),
    dns(w, f, all),
  ].filter((c): c is CliEquivalent => c !== undefined);
}
