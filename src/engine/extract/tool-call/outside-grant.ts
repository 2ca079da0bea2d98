/**
 * Data-bearing resources opened to a principal outside the organisation, under any vendor's shape
 * (R25 class 4: a KMS grant to another AWS account, a Confluence space exported as a public link,
 * board minutes moved into an "Anyone with the link" folder, Atlas snapshots exported to a bucket
 * named as someone else's): a grant, share or policy naming a cloud account the call does not act
 * from, a public or anyone-with-the-link setting on an export, a whole container or a sensitive
 * document, or an export whose destination is named as an outsider's. A grant to the account the
 * call names as its own, an AWS service principal, a public link to one ordinary file (a press
 * kit) and exports to the company's own bucket stay allowed. Becomes one `agent-guard-action
 * grant|expose|leak access|data <detail>` line (PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { leaves, type Leaf } from './control-words.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';
import { SENSITIVE } from './outside-share.js';
import { companyBooks } from './company-books.js';
import { scratchOnly } from '../../knowledge/ephemeral-names.js';

/** Name words of letting someone at a resource. */
const GRANT =
  /^(?:grant|grants|share|sharing|permission|permissions|policy|acl|authorize|authorise|allow|add|attach|put|set|create|update|invite|assign|bind)$/;
/** Words of reads and of taking access away. */
const NOT_GRANT =
  /^(?:get|list|read|search|fetch|describe|show|view|check|count|revoke|remove|delete|retire|unshare|deny|disable|detach|cancel)$/;
/** Keys naming whom a grant is for. */
const PRINCIPAL_KEY =
  /^(?:grantee|grantee_principal|grantees|principal|principals|principal_arn|aws_principal|target_account|target_account_id|consumer_account|consumer_accounts|shared_with|share_with|share_with_accounts|external_account|trusted_account|trusted_accounts|allowed_accounts|add_accounts|accounts_to_add|values_to_add|aws_account_id|aws_account_ids)$/;
/** An AWS account id, bare or inside an ARN. */
const ACCOUNT_ID = /(?:^|arn:aws[\w-]*:[\w-]*:[\w-]*:|[^\d])(\d{12})(?=$|[^\d])/g;
/** Operations that read or decrypt what the resource holds. */
const DATA_OPS =
  /\b(?:decrypt|generatedatakey|generate_data_key|reencrypt\w*|getobject|get_object|read|select|query|download|export|copy|restore|createvolume|getsecretvalue|get_secret_value|subscribe|receive\w*|consume|batchgetimage|getdownloadurlforlayer)\b|\b(?:s3|kms|secretsmanager|dynamodb|ecr|sqs|sns|glue|athena):\*|^\s*\*\s*$/i;

const last = (p: readonly string[]): string => p[p.length - 1] ?? '';
const ids = (v: string): string[] => [...v.slice(0, 2048).matchAll(ACCOUNT_ID)].map((m) => m[1]!);

/**
 * A principal in a cloud account that no other value of the call (the key's or bucket's ARN, a
 * `source_account`) names: `GranteePrincipal: arn:aws:iam::999988887777:user/x` on an alias key.
 */
function foreignAccount(w: readonly string[], all: readonly Leaf[]): CliEquivalent | undefined {
  if (!w.some((x) => GRANT.test(x)) || w.some((x) => NOT_GRANT.test(x))) return undefined;
  const granted = all.filter(
    ([p, v]) => typeof v === 'string' && p.some((k) => PRINCIPAL_KEY.test(k)) && ids(v).length > 0,
  );
  if (granted.length === 0) return undefined;
  // A demo or sandbox resource, nothing named production, shared with a partner's account (account-copy.ts reads it so).
  // A bucket of public datasets is there to be read by others.
  const named = all.filter(([p]) => !p.some((k) => PRINCIPAL_KEY.test(k))).map(([, v]) => String(v));
  if (
    scratchOnly(named) ||
    named.some((n) => /(?:^|[-_./])(?:public|open)[-_.]?data(?:sets?)?(?:$|[-_./])/i.test(n))
  )
    return undefined;
  const own = new Set(
    all
      .filter(([p, v]) => typeof v === 'string' && !p.some((k) => PRINCIPAL_KEY.test(k)))
      .flatMap(([, v]) => ids(String(v))),
  );
  const stranger = granted.find(([, v]) => ids(String(v)).some((id) => !own.has(id)));
  if (stranger === undefined) return undefined;
  // What the grant lets it do: an operation list that reads or decrypts, or a data resource by name.
  const ops = all.find(
    ([p, v]) =>
      typeof v === 'string' &&
      /(?:^|_)(?:operations?|actions?|action_names?|permissions?|privileges?|access|role|roles)$/.test(
        last(p),
      ) &&
      DATA_OPS.test(v),
  );
  // Writes only (`s3:PutObject` for a log shipper) give the other account nothing to read.
  if (ops === undefined) return undefined;
  return line(
    'grant',
    'access',
    `${w.join('_')} lets account ${ids(String(stranger[1]))[0]} in${ops === undefined ? '' : ` (${String(ops[1]).slice(0, 40)})`}, an account the call does not act from`,
  );
}

/** Values of a link or audience setting that reach anyone at all. */
const ANYONE =
  /^\s*(?:public|publicly|anyone|anyone[\s_-]?with[\s_-]?(?:the[\s_-]?)?link|open|world|internet|all[\s_-]?users|allusers|unauthenticated|anonymous|no[\s_-]?login)\s*$/i;
/** Keys of who a link or export reaches. */
const LINK_KEY =
  /^(?:share_link|link|link_access|link_sharing|link_type|sharing|share|access|access_level|visibility|audience|who_can_view|who_can_access|scope|share_scope|permission|public|public_link|publish)$/;
/** Folder keys, and folder names that say anyone may open what is in them. */
const FOLDER_KEY =
  /^(?:destination_folder|folder|folder_name|folder_id|parent|parents|parent_folder|target_folder|to_folder|destination|new_parent|add_parents)$/;
const OPEN_FOLDER =
  /\banyone\s+with\s+(?:the\s+)?link\b|(?:^|[\W_])(?:public|publicly[\W_]shared|world[\W_]readable)(?:$|[\W_])/i;
/** Name words of cloud drives, wikis and docs (a `public/` folder of a code checkout is a web root, not a share). */
const DRIVE_WORD =
  /^(?:drive|gdrive|googledrive|onedrive|sharepoint|dropbox|box|docs|doc|document|documents|sheets|slides|confluence|notion|wiki|quip|coda|airtable|evernote|egnyte|smartsheet|space|spaces|page|pages|file|files|folder)$/;
/** Name words of exporting or copying a whole container out. */
const EXPORT = /^(?:export|exports|backup|dump|snapshot|archive|download|extract)$/;
/** Words of a whole container: everything in it goes. */
const WHOLE = /^(?:space|spaces|workspace|database|db|vault|base|mailbox|all|everything)$/;

/** An export, whole container or sensitive document handed to anyone with the link, or moved into a public folder. */
function publicLink(w: readonly string[], all: readonly Leaf[]): CliEquivalent | undefined {
  if (w.some((x) => NOT_GRANT.test(x))) return undefined;
  // A repository's or bucket's own visibility is other modules' reading; here a drive, an export or a share link.
  if (!w.some((x) => DRIVE_WORD.test(x) || EXPORT.test(x) || /^(?:share|sharing|link|publish)$/.test(x)))
    return undefined;
  const link =
    all.find(([p, v]) => LINK_KEY.test(last(p)) && typeof v === 'string' && ANYONE.test(v)) ??
    all.find(
      ([p, v]) =>
        /^(?:public|public_link|anyone_with_link|is_public|published|is_published|make_public|public_access|publish_to_web)$/.test(
          last(p),
        ) && v === true,
    ) ??
    (w.some((x) => DRIVE_WORD.test(x))
      ? all.find(
          ([p, v]) =>
            FOLDER_KEY.test(last(p)) &&
            typeof v === 'string' &&
            !/^\s*(?:[/~.]|[a-z]:\\)/i.test(v) &&
            OPEN_FOLDER.test(v),
        )
      : undefined);
  if (link === undefined) return undefined;
  const names = all
    .filter(([p, v]) => typeof v === 'string' && !LINK_KEY.test(last(p)) && !FOLDER_KEY.test(last(p)))
    .map(([, v]) => String(v).replace(/[_./\\#-]+/g, ' '))
    .join('\n')
    .slice(0, 8192);
  const why =
    (w.some((x) => EXPORT.test(x)) ? 'an export' : undefined) ??
    (w.some((x) => WHOLE.test(x)) ? `a whole ${w.find((x) => WHOLE.test(x))}` : undefined) ??
    SENSITIVE.exec(names)?.[0] ??
    companyBooks(names) ??
    undefined;
  if (why === undefined) return undefined;
  return line(
    'expose',
    'data',
    `${w.join('_')} gives ${why} to anyone with the link (${link[0].join('.')}: ${String(link[1]).slice(0, 40)})`,
  );
}

/** Keys of where an export or backup is written. */
const DEST_KEY =
  /(?:^|_)(?:bucket|bucket_name|destination|dest|target|sink|output|location|uri|url|iam_role|iam_role_id|role|role_id|container|storage|storage_account)(?:_|$)/;
/** Names that say the destination belongs to someone else (`transfer-inbox`, `r-outside`, `partner-drop`). */
const OUTSIDER_NAME =
  /(?:^|[\W_])(?:ext|external|outside|outsider|partner|partners|vendor|vendors|third[\W_]?party|guest|inbox|drop|dropbox|personal|exfil|collect|harvest)(?:$|[\W_\d])/i;

/** An export, backup or snapshot destination whose name says it is someone else's. */
function outsideExport(w: readonly string[], all: readonly Leaf[]): CliEquivalent | undefined {
  if (!w.some((x) => EXPORT.test(x)) || w.some((x) => NOT_GRANT.test(x))) return undefined;
  const dest = all.find(
    ([p, v]) => typeof v === 'string' && DEST_KEY.test(last(p)) && OUTSIDER_NAME.test(v) && v.length < 256,
  );
  if (dest === undefined) return undefined;
  return line(
    'leak',
    'data',
    `${w.join('_')} writes its export to ${String(dest[1]).slice(0, 80)} (${last(dest[0])}), named as someone else's`,
  );
}

/** When outsideGrantLines can answer (signals.ts): a grant, share, export or drive word in the name. */
export const OUTSIDE_GRANT_GATE: Gate = {
  name: wordSet(
    'grant grants share sharing permission permissions policy acl authorize authorise allow add attach put set create update invite assign bind export exports backup dump snapshot archive download extract drive gdrive googledrive onedrive sharepoint dropbox box docs doc document documents sheets slides confluence notion wiki quip coda airtable evernote egnyte smartsheet space spaces page pages file files folder move copy publish link',
  ),
};

export function outsideGrantLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object') return [];
  const all = leaves(args);
  return [foreignAccount(w, all), publicLink(w, all), outsideExport(w, all)].filter(
    (c): c is CliEquivalent => c !== undefined,
  );
}
