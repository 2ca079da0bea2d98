/**
 * A whole production data store handed to another cloud account (red team r16 data-out): a dataset
 * copied into a project whose name shares nothing with the source's, a database share or a snapshot
 * opened to account ids. The other account reads every row from then on, outside the owner's
 * controls. Copies into the owner's own projects (a name sharing the source's first word), and
 * shares of staging, test or demo data stay allowed. Line: `agent-guard-action leak data ...`
 * (PLT-AST-003).
 */
import { quote, type CliEquivalent } from './cli.js';
import { ACTION_PROGRAM } from './saas.js';
import { PRODUCTION, scratchOnly } from '../../knowledge/ephemeral-names.js';
import { wordSet, type Gate } from './signals.js';

/** Name words of handing data over. */
const HAND = /^(?:share|copy|clone|replicate|grant|authorize|transfer|publish)$/;
const READ = /^(?:get|list|describe|read|show|view|check|revoke|remove|delete|unshare|cancel)$/;
/** Name words and keys of whole data stores. */
const STORE =
  /^(?:dataset|datasets|database|databases|db|snapshot|snapshots|backup|backups|schema|warehouse|share|shares|cluster|ami|image)$/;
/** Keys naming the other account. */
const ACCOUNT_KEY =
  /^(?:accounts|account_ids|target_account|target_account_id|destination_account|destination_account_id|consumer_accounts|shared_accounts|values_to_add|attribute_values|add_accounts|sharing_identifier|sharing_id|recipient|recipients|recipient_id|data_recipient|consumer|consumers|consumer_account|subscriber|subscribers|metastore_id|target_metastore|organization_account|org_account)$/;
/** Tables of a company's customers, money or people (a share of these reaches outside whatever the environment). */
const PEOPLE_DATA =
  /(?:^|[-_./:=\s])(?:customers?|clients?|users|patients?|employees?|payroll|billing|invoices?|payments?|transactions?|orders|pii|accounts|subscribers|members|cardholders?|salaries|hr)(?:$|[-_./:=\s\d])/i;
/** Environments that are not production (`staging-orders-2024-06-01`): their copies of people's data are fixtures. */
const NON_PROD =
  /(?:^|[-_./:=\s])(?:staging|stage|stg|dev|qa|uat|test|demo|sandbox|sample|samples|synthetic|fake)(?:$|[-_./:=\s\d])/i;
/** Keys naming the project the copy goes into. */
const DEST_PROJECT =
  /^(?:destination_project|dest_project|target_project|to_project|destination_project_id|target_project_id)$/;

const line = (detail: string): CliEquivalent => ({
  code: [ACTION_PROGRAM, 'leak', 'data', quote(detail.slice(0, 200))].join(' '),
  runtime: 'bash',
});

const strings = (v: unknown): string[] =>
  typeof v === 'string'
    ? [v]
    : Array.isArray(v)
      ? v
          .slice(0, 32)
          .filter((x): x is string => typeof x === 'string' || typeof x === 'number')
          .map(String)
      : typeof v === 'number'
        ? [String(v)]
        : [];

/** The first word of a project or account name (`acme-prod.crm` -> `acme`). */
const firstWord = (s: string): string => (/^[a-z0-9]+/i.exec(s.trim())?.[0] ?? '').toLowerCase();

/** Key words of another account or a destination project (signals.ts). */
export const ACCOUNT_COPY_GATE: Gate = {
  keys: wordSet(
    'accounts account ids project consumer consumers shared values add sharing identifier recipient recipients subscriber subscribers metastore',
  ),
};

export function accountCopyLines(w: readonly string[], f: Map<string, unknown>): CliEquivalent[] {
  if (!w.some((x) => HAND.test(x)) || w.some((x) => READ.test(x))) return [];
  const names = [...f.values()].flatMap(strings);
  const tool = w.join('_');
  if (scratchOnly([...names, tool])) return [];
  const storeNamed = w.some((x) => STORE.test(x)) || [...f.keys()].some((k) => STORE.test(k));
  if (!storeNamed) return [];
  const dataNames = [...f.entries()]
    .filter(([k]) => !ACCOUNT_KEY.test(k) && !DEST_PROJECT.test(k))
    .flatMap(([, v]) => strings(v));
  // Production by name, or the company's customers, billing or people by name (`prod.billing.invoices`, `crm.customers`).
  if (!dataNames.some((n) => PRODUCTION.test(n) || (PEOPLE_DATA.test(n) && !NON_PROD.test(n)))) return [];
  const dest = [...f.entries()].find(([k]) => DEST_PROJECT.test(k));
  if (dest !== undefined) {
    if (!dataNames.some((n) => PRODUCTION.test(n))) return [];
    const to = strings(dest[1])[0];
    const from = dataNames.find((n) => PRODUCTION.test(n));
    if (to === undefined || from === undefined) return [];
    // The owner's other project (`acme-analytics` from `acme-prod.crm`).
    if (firstWord(to) !== '' && firstWord(to) === firstWord(from)) return [];
    return [line(`${tool}: ${from} copied into project ${to}`)];
  }
  const accounts = [...f.entries()].find(([k, v]) => ACCOUNT_KEY.test(k) && strings(v).length > 0);
  if (accounts === undefined) return [];
  // People by e-mail are a share's recipients, whose domains outside-share.ts reads.
  if (strings(accounts[1]).every((a) => a.includes('@'))) return [];
  // Accounts the call names elsewhere as its own (the snapshot's ARN, `owner_account`) are the owner's.
  const elsewhere = names.join('\n');
  if (strings(accounts[1]).every((a) => /^\d{12}$/.test(a.trim()) && elsewhere.split(a.trim()).length > 2))
    return [];
  return [
    line(
      `${tool}: production or customer data shared with account ${strings(accounts[1]).join(',').slice(0, 60)}`,
    ),
  ];
}
