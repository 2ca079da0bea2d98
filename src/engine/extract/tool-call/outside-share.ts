/**
 * Access handed outside the organisation by a share, invite, membership or ownership change (red
 * team r12 access-widen, injected), under any vendor's shape (Drive permissions, Dropbox members,
 * Box collaborations, Slack channel invites, a project transfer): who gets in (a personal mailbox,
 * a domain the sender does not own) against what they get (edit or ownership rights, a private
 * channel or workspace, bulk data or deal documents by name). A read-only share of an ordinary
 * document with one outside contractor stays allowed: that is how teams work with contractors,
 * and a reader cannot change or reshare what they see. Also branch protection or a ruleset
 * switched to not enforce (`enforcement: disabled`, `allow_force_push: true`), read as the
 * protection removed. Lines: `agent-guard-action grant ...` (PLT-AST-003), `gh api -X DELETE
 * .../protection` (GIT-AST-011).
 */
import { bash, quote, type CliEquivalent } from './cli.js';
import { audience, FREE_MAIL, notOwn, outside, registrable, type Recipient } from './recipients.js';
import { LURE_HOST } from '../../knowledge/lure-host.js';
import { union, wordSet, type Gate } from './signals.js';
import { snakeEntries, snakeKey } from './snake-entries.js';
import { suspectHost } from '../../knowledge/suspect-host.js';
import { actionLine as line } from './action-line.js';
import { companyBooks } from './company-books.js';
import { staffDeskMailbox } from './outside-send.js';

/** Name words of a grant of access. */
const SHARE = new Set(
  'share sharing shared permission permissions collaborator collaborators collaboration collaborations invite invites invitation member members membership grant access acl guest guests add'.split(
    ' ',
  ),
);
const NOT_GRANT =
  /^(?:get|list|read|search|fetch|find|show|describe|view|remove|delete|revoke|unshare|kick|leave|ban|disable|deny|check|count)$/;
/** Roles that change, reshare or own what they are given. */
const EDIT_ROLE =
  /^(?:writer|editor|edit|editors|write|owner|co_?owner|organizer|file_?organizer|admin|administrator|manage|manager|full|full_?access|full_?control|contributor|maintainer|read_?write|can_?edit|rw|commenter_?and_?editor|create|creator)$/i;
const OWNER_ROLE =
  /^(?:owner|co_?owner|admin|administrator|full_?control|organizer|manage|manager|maintainer)$/i;
/** Objects whose name says they are bulk internal data, deal documents or a closed room. */
export const SENSITIVE =
  /\b(?:customers?|clients?|users?|employees?|staff|patients?|subscribers?|leads|contacts)\s+(?:list|lists|database|db|export|exports|dump|data|records|table|master|full|pii|emails)\b|\ball\s+(?:customers|clients|users|employees|patients)\b|\b(?:database|db|prod|production)\s+(?:export|dump|backup)\b|\bboard\b|\bacquisition\b|\bmerger\b|\bterm\s+sheet\b|\bstrategy\b|\bconfidential\b|\bprivate\b|\bexec(?:utive)?s?\b|\bfinance\b|\bpayroll\b|\bsalar(?:y|ies)\b|\blegal\b|\bsecurity\b|\binternal\b|\bsecrets?\b|\bcredentials?\b/i;
/** Keys naming a room a member is added to: anyone added sees all of it. */
const ROOM_KEY =
  /^(?:channel|channel_id|channel_name|channels|workspace|team|team_id|group|group_id|space|org|organization|project)$/;
const ROLE_KEY =
  /(?:^|_)(?:role|roles|permission|permissions|access|access_level|level|permission_level|rights|access_rights)$/;
/** A role or permission that reads only (`Administrator Read Only`): its admin word does not make it an admin. */
const READ_ONLY_ROLE =
  /(?:^|_)(?:read|readonly|read_only|view|viewer|views|reader|audit|auditor|billing)(?:_|$)/i;
/** A permission to see or copy stored passwords or secrets (`view_and_copy_passwords`, `can_see_passwords: true`). */
const SECRET_RIGHT = /(?:^|_)(?:passwords?|secrets?|credentials?)(?:_|$)/;

type Pair = [string, unknown];

/** The call's (snake_case key, value) pairs (tool-call/snake-entries.ts). */
const pairs = (v: unknown): Pair[] => snakeEntries(v, { depth: 6, pairs: 256, items: 64 });

/** Guest kinds that see only the channels they are invited to. */
const CHANNEL_GUEST =
  /^(?:single_channel_guest|multi_channel_guest|restricted|ultra_restricted|channel_guest)$/;

/**
 * A guest limited to one or two named channels, none of them closed or sensitive by name (R14 twin:
 * a freelance designer as a single-channel guest in `#proj-rebrand`): the guest sees that project's
 * room and nothing else, the way teams work with contractors. A channel by id only, a closed room
 * (`#finance-private`, `#exec`) or an edit/admin role keeps the invite an outside grant.
 */
export function channelGuest(all: readonly (readonly [string, unknown])[]): boolean {
  const limited = all.some(
    ([k, v]) =>
      (/^(?:type|role|account_type|user_type|guest_type)$/.test(k) &&
        typeof v === 'string' &&
        CHANNEL_GUEST.test(
          v
            .trim()
            .toLowerCase()
            .replace(/[\s-]+/g, '_'),
        )) ||
      (/^(?:is_)?(?:single_channel_guest|ultra_restricted|restricted)$/.test(k) && v === true),
  );
  const rooms = all
    .filter(([k]) => /^(?:channel|channels|channel_name|channel_names|channel_ids)$/.test(k))
    .flatMap(([, v]) => (Array.isArray(v) ? (v as unknown[]) : [v]));
  return (
    limited &&
    rooms.length >= 1 &&
    rooms.length <= 2 &&
    rooms.every(
      (r) =>
        typeof r === 'string' &&
        /^#?[a-z0-9][a-z0-9_-]{1,60}$/.test(r.trim()) &&
        !/^#?[CGD][A-Z0-9]{6,}$/.test(r.trim()) &&
        !SENSITIVE.test(r.replace(/[_#-]+/g, ' ')) &&
        !/(?:^#?|[-_])(?:fin|hr|people|exec|execs|board|legal|deals?|mna|investors?|comp|audit|incidents?|leadership|admins?|ops|sre|oncall|infra)(?:$|[-_])/i.test(
          r,
        ),
    ) &&
    !all.some(
      ([k, v]) =>
        ROLE_KEY.test(k) && typeof v === 'string' && EDIT_ROLE.test(v.trim().replace(/[\s-]+/g, '_')),
    )
  );
}

/** Name words and item names of a stored sign-in: whoever may view it can sign in (R24: a password manager's share to a Gmail box). */
const LOGIN_WORD = /^(?:password|passwords|passwd|credential|credentials|login|logins|passkey|passkeys)$/;
const LOGIN_ITEM =
  /\b(?:passwords?(?!\s+(?:policy|policies|manager|reset|requirements?|guidelines?|rotation))|passcodes?|credentials?|logins|recovery\s+codes?|backup\s+codes?|2fa\s+codes?|seed\s+phrases?)\b|\blogin\s*$/i;
const ITEM_KEY =
  /^(?:item|item_name|items|entry|entry_name|record|record_name|resource|login|secret|title|name|file|file_name|item_path|path)$/;

function storedLogin(w: readonly string[], all: Pair[]): string | undefined {
  if (w.some((x) => LOGIN_WORD.test(x))) return 'a stored password';
  const item = all.find(([k, v]) => ITEM_KEY.test(k) && typeof v === 'string' && LOGIN_ITEM.test(v));
  return item === undefined ? undefined : `a stored sign-in (${String(item[1]).slice(0, 40)})`;
}

/** Keys whose bare domain is who a share lets in (`GoogleDocsShareWithDomain {domain}`, Drive `{type: domain, domain}`). */
const DOMAIN_KEY =
  /^(?:domain|domains|share_domain|target_domain|grantee_domain|allowed_domains?|with_domain)$/;
const BARE_DOMAIN = /^@?([a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,})$/i;

/** Whole domains a share names as its grantee (R25: a pricing strategy shared with `competitor-corp.com`). */
function domainGrantees(w: readonly string[], all: Pair[]): Recipient[] {
  const byDomain =
    w.includes('domain') ||
    all.some(
      ([k, v]) => /^(?:type|grantee_type|kind)$/.test(k) && typeof v === 'string' && v.trim() === 'domain',
    );
  return all
    .filter(([k]) => DOMAIN_KEY.test(k) && (byDomain || k !== 'domain'))
    .flatMap(([, v]) => (Array.isArray(v) ? (v as unknown[]).slice(0, 16) : [v]))
    .flatMap((v): Recipient[] => {
      const m = typeof v === 'string' ? BARE_DOMAIN.exec(v.trim()) : null;
      return m === null ? [] : [{ address: `*@${m[1]!.toLowerCase()}`, domain: registrable(m[1]!) }];
    });
}

/** What the finance, pay and leadership desks read by their work (a Finance site, payroll, the board's deck). */
const DESK_READS = /^(?:finance|payroll|salar(?:y|ies)|board|strategy|exec(?:utive)?s?|legal|confidential)$/i;

/**
 * A read-only share of the books or pay with the desk or officer that keeps them (`controller@`,
 * `cfo@` at an ordinary company domain) where the call names no company domain (fp15).
 */
function deskReads(
  r: Recipient,
  own: ReadonlySet<string>,
  sensitive: string,
  rights: string | undefined,
): boolean {
  return own.size === 0 && rights === undefined && DESK_READS.test(sensitive) && staffDeskMailbox(r.address);
}

function share(w: readonly string[], all: Pair[], args: unknown): CliEquivalent | undefined {
  if (!w.some((x) => SHARE.has(x)) || w.some((x) => NOT_GRANT.test(x))) return undefined;
  const given = audience(args);
  const domains = domainGrantees(w, all);
  const aud = { ...given, recipients: [...given.recipients, ...domains] };
  if (aud.recipients.length === 0 || channelGuest(all)) return undefined;
  // A role list (`roles: ["Super Administrator - All Privileges"]`) counts item by item.
  const roles = all
    .filter(([k]) => ROLE_KEY.test(k))
    .flatMap(([, v]): unknown[] => (Array.isArray(v) ? (v as unknown[]).slice(0, 32) : [v]))
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim().replace(/[\s-]+/g, '_'));
  // A role named in words (`Super Administrator`) grants what its words say unless it says it only reads.
  const says = (r: string, role: RegExp): boolean =>
    role.test(r) || (!READ_ONLY_ROLE.test(r) && r.split('_').some((x) => role.test(x)));
  const edit = roles.find((r) => says(r, EDIT_ROLE));
  const owner = roles.find((r) => says(r, OWNER_ROLE));
  // Stored passwords handed over (a vault or folder share that can see them): a sign-in to everything in it.
  const secrets =
    roles.find((r) => SECRET_RIGHT.test(r.toLowerCase())) ??
    all.find(([k, v]) => SECRET_RIGHT.test(k) && (v === true || v === 'true'))?.[0] ??
    storedLogin(w, all);
  // A list of names (`channels: ["#exec", "#finance-private"]`) counts item by item.
  const texts = ([k, v]: Pair): [string, string][] =>
    (Array.isArray(v) ? v.slice(0, 32) : [v])
      .filter((x): x is string => typeof x === 'string')
      .map((x): [string, string] => [k, x]);
  const flat = all.flatMap(texts);
  const names = flat
    .filter(([k, v]) => !ROLE_KEY.test(k) && !/@/.test(v))
    .map(([, v]) => v.replace(/[_./\\#-]+/g, ' '))
    .join('\n')
    .slice(0, 16384);
  const sensitive = SENSITIVE.exec(names)?.[0];
  // The company's books or board material by name (a cap table, a ledger): only a known outsider is refused them.
  const books = companyBooks(names) ?? undefined;
  const room = flat.some(([k]) => ROOM_KEY.test(k)) || w.includes('channel');
  const tool = w.join('_');
  // The workspace, organisation or tenant the call names vouches for its own domain (`workspace: acme`, `sam@acme.com`).
  const home = flat
    .filter(
      ([k]) =>
        /^(?:workspace|org|organization|team|tenant|company|domain|workspace_domain)$/.test(k) &&
        !(domains.length > 0 && DOMAIN_KEY.test(k)),
    )
    .map(([, v]) => v.trim().toLowerCase());
  for (const r of aud.recipients) {
    // A handle that says it is a guest from outside (`external-guest`) let into a closed room or bulk data (R25).
    if (r.domain === undefined) {
      if (notOwn(r, aud.own) && sensitive !== undefined)
        return line('grant', 'access', `${tool} lets ${r.address.slice(0, 80)} in (${sensitive})`);
      continue;
    }
    if (
      !FREE_MAIL.test(r.domain) &&
      home.some((h) => h === r.domain || h === r.domain!.split('.')[0]) &&
      [...aud.own].every((d) => d === r.domain)
    )
      continue;
    // A look-alike of a company domain (`acme-corp-billing.net`) is a stranger's, whatever the call says it is.
    const why =
      outside(r, aud.own) || LURE_HOST.test(r.domain)
        ? (owner ?? edit ?? secrets ?? sensitive ?? books ?? (room ? 'a member' : undefined))
        : notOwn(r, aud.own) &&
            sensitive !== undefined &&
            !/^(?:private|internal|security)$/i.test(sensitive) &&
            !deskReads(r, aud.own, sensitive, edit ?? owner ?? secrets)
          ? sensitive
          : undefined;
    if (why !== undefined)
      return line('grant', 'access', `${tool} lets ${r.address.slice(0, 80)} in (${why})`);
  }
  return undefined;
}

/** Name words of a hand-over of ownership, and what is handed over (not money, calls or tickets). */
const HANDOVER = /^(?:transfer|handover|reassign|give|change_owner)$/;
const OWNED =
  /^(?:project|projects|app|apps|application|site|sites|workspace|domain|domains|team|organization|organisation|org|account|ownership|owner|space|board|drive|bucket|zone|server|database|cluster|package|namespace|vault|store|base)$/;
const TO_KEY =
  /^(?:to|to_\w+|new_\w+|target_(?:owner|account|team|org|organization|user|workspace)|destination_(?:account|owner|team|org)|recipient|recipient_\w+|transferee|assignee)$/;

function handover(w: readonly string[], all: Pair[]): CliEquivalent | undefined {
  if (!w.some((x) => HANDOVER.test(x)) || !w.some((x) => OWNED.test(x))) return undefined;
  if (w.some((x) => NOT_GRANT.test(x) || /^(?:cancel|accept|status)$/.test(x))) return undefined;
  // An account, team or owner: a URL or path is where a file goes (`transfer_file {to_url}`), not who owns it.
  const to = all.find(
    ([k, v]) => TO_KEY.test(k) && typeof v === 'string' && v.trim() !== '' && !/:\/\/|^[/~.]/.test(v.trim()),
  );
  if (to === undefined) return undefined;
  // A colleague's address: a company domain that no other address or domain of the call contradicts (R15 twin).
  const d = /@([a-z0-9-]+(?:\.[a-z0-9-]+)+)\s*$/i.exec(String(to[1]))?.[1];
  if (d !== undefined && !FREE_MAIL.test(registrable(d)) && !LURE_HOST.test(d)) {
    const others = all
      .filter(([k, v]) => k !== to[0] && typeof v === 'string')
      .flatMap(([, v]) =>
        [...(v as string).matchAll(/@([a-z0-9-]+(?:\.[a-z0-9-]+)+)/gi)].map((m) => registrable(m[1]!)),
      );
    if (others.every((o) => o === registrable(d))) return undefined;
  }
  return line('grant', 'ownership', `${w.join('_')} hands it to ${String(to[1]).slice(0, 80)}`);
}

/** Protection or a ruleset told to stop enforcing. */
function unprotect(w: readonly string[], all: Pair[]): CliEquivalent | undefined {
  if (!w.some((x) => /^(?:protection|protections|protected|ruleset|rulesets|rules)$/.test(x)))
    return undefined;
  if (w.some((x) => /^(?:get|list|read|show|describe|view|create|new)$/.test(x))) return undefined;
  const off = all.find(
    ([k, v]) =>
      (/^(?:enforcement|enforcement_level|enforce)$/.test(k) &&
        typeof v === 'string' &&
        /^(?:disabled?|evaluate|off|none|inactive)$/i.test(v.trim())) ||
      (/^(?:enabled|active)$/.test(k) && (v === false || v === 'false')) ||
      (/^(?:allow_force_push(?:es)?|allow_deletions?|allow_force_pushes_enabled)$/.test(k) &&
        (v === true || v === 'true')),
  );
  if (off === undefined) return undefined;
  const text = (k: string): string | undefined => {
    const v = all.find(([x]) => x === k)?.[1];
    return typeof v === 'string' ? v : undefined;
  };
  const repo = text('repo') ?? text('repository') ?? text('project') ?? text('full_name') ?? 'repo';
  const owner = text('owner') ?? text('org');
  // An owner-less name still reads as a repository path (GIT-AST-011 wants `owner/name`).
  const full = repo.includes('/') ? repo : `${owner ?? 'org'}/${repo}`;
  const branch = text('branch') ?? text('branch_name') ?? text('name') ?? 'main';
  return bash(['gh api -X DELETE', quote(`repos/${full}/branches/${branch}/protection`)]);
}

/** Keys naming whom an access policy, role assignment or binding is for. */
const PRINCIPAL_KEY =
  /^(?:object_id|principal|principal_id|principals|member|members|identity|grantee|subject|assignee|assignee_object_id|user|user_id|account|account_id|who|for|to)$/;
const POLICY_WORDS =
  /^(?:policy|policies|access|permission|permissions|acl|role|roles|iam|binding|bindings|grant|assignment)$/;

/** An access policy whose principal is the wildcard: every identity there is gets it. */
function wildcard(w: readonly string[], all: Pair[]): CliEquivalent | undefined {
  if (!w.some((x) => POLICY_WORDS.test(x)) || w.some((x) => NOT_GRANT.test(x))) return undefined;
  const hit = all.find(
    ([k, v]) => PRINCIPAL_KEY.test(k) && (Array.isArray(v) ? v : [v]).some((x) => x === '*'),
  );
  return hit === undefined
    ? undefined
    : line('expose', 'access', `${w.join('_')} grants it to every identity (${hit[0]}: *)`);
}

/** Name words of a secret that signs in, and keys that hand what a call makes to someone. */
const SECRET_MADE =
  /^(?:key|keys|apikey|token|tokens|secret|secrets|credential|credentials|password|passwords|pat)$/;
const SHARE_KEY =
  /^(?:share_with|shared_with|share_to|send_to|email_to|deliver_to|notify|recipient|recipients)$/;

/**
 * A key, token or password made or shown with a field that hands it to a stranger's mailbox
 * (R25: `datadog_create_api_key {share_with: …@gmail.com}`): whoever holds it signs in as the
 * company. The same field with a colleague's address stays allowed.
 */
function keyShared(w: readonly string[], args: unknown): CliEquivalent | undefined {
  if (!w.some((x) => SECRET_MADE.test(x)) || w.some((x) => NOT_GRANT.test(x))) return undefined;
  if (args === null || typeof args !== 'object') return undefined;
  // Read as recipients whatever the key (`deliver_to` is no recipient key of recipients.ts).
  const aud = audience({
    to: Object.entries(args as Record<string, unknown>)
      .filter(([k]) => SHARE_KEY.test(snakeKey(k)))
      .map(([, v]) => v),
  });
  const own = audience(args).own;
  const r = aud.recipients.find(
    (x) =>
      x.domain !== undefined &&
      (outside(x, own) || LURE_HOST.test(x.domain) || suspectHost(x.domain) !== undefined),
  );
  return r === undefined
    ? undefined
    : line('grant', 'access', `${w.join('_')} hands the key it makes to ${r.address.slice(0, 80)}`);
}

/** When outsideShareLines can answer (signals.ts): the name words each reading starts from. */
export const OUTSIDE_SHARE_GATE: Gate = {
  name: union(
    SHARE,
    HANDOVER,
    POLICY_WORDS,
    wordSet('protection protections protected ruleset rulesets rules'),
  ),
  keys: wordSet('share shared send email deliver notify recipient recipients'),
};

export function outsideShareLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object') return [];
  const all = pairs(args);
  return [
    share(w, all, args),
    handover(w, all),
    unprotect(w, all),
    wildcard(w, all),
    keyShared(w, args),
  ].filter((c): c is CliEquivalent => c !== undefined);
}
