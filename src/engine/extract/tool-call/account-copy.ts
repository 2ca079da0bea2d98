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
  /^(?:accounts|account_ids|target_account|target_account_id|destination_account|destination_account_id|consumer_accounts|shared_accounts|values_to_add|attribute_values|add_accounts)$/;
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
  keys: wordSet('accounts account ids project consumer shared values add'),
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
  if (!dataNames.some((n) => PRODUCTION.test(n))) return [];
  const dest = [...f.entries()].find(([k]) => DEST_PROJECT.test(k));
  if (dest !== undefined) {
    const to = strings(dest[1])[0];
    const from = dataNames.find((n) => PRODUCTION.test(n));
    if (to === undefined || from === undefined) return [];
    // The owner's other project (`acme-analytics` from `acme-prod.crm`).
    if (firstWord(to) !== '' && firstWord(to) === firstWord(from)) return [];
    return [line(`${tool}: ${from} copied into project ${to}`)];
  }
  const accounts = [...f.entries()].find(([k, v]) => ACCOUNT_KEY.test(k) && strings(v).length > 0);
  if (accounts === undefined) return [];
  return [
    line(`${tool}: production data shared with account ${strings(accounts[1]).join(',').slice(0, 60)}`),
  ];
}
