/**
 * A company's records published to everyone through a data product's visibility (red team R22 data
 * out through settings): a Snowflake listing `visibility: public` to `target_accounts: ALL`, an
 * Analytics Hub listing `DISCOVERY_TYPE_PUBLIC`, a Delta Sharing recipient with a public scope, a
 * dataset repository or workbook created with `private: false` / `public: true`, when what it
 * holds is named as people's or production data (customers, patients, tickets, payroll, prod). The
 * same products kept private or for named accounts, and public listings of open or sample data,
 * stay allowed. Line: `agent-guard-action expose data ...` (PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { leaves, type Leaf } from './control-words.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';
import { privateContent } from '../../knowledge/public-content.js';

/** Name words of a data product a call publishes. */
const PRODUCT =
  /^(?:listing|listings|share|shares|dataset|datasets|exchange|dataexchange|marketplace|recipient|recipients|workbook|workbooks)$/;
const NOT_PUBLISH =
  /^(?:get|list|read|describe|show|search|view|delete|remove|revoke|unpublish|unshare|archive)$/;
const last = (p: readonly string[]): string => p[p.length - 1] ?? '';
/** Keys of who may see the product, and values that say everyone. */
const AUDIENCE_KEY =
  /^(?:visibility|discovery_type|sharing_scope|audience|access|access_level|listing_type|availability|scope|publication|privacy)$/;
const EVERYONE =
  /^\s*(?:public|anyone|everyone|all_?users|unrestricted|open|discovery_type_public|world)\s*$/i;
const ALL_ACCOUNTS_KEY = /^(?:target_accounts|accounts|consumers|consumer_accounts|recipients)$/;
/** Names of people's or production records beside privateContent's words. */
const RECORDS =
  /(?:^|[-_./:\s])(?:customers?|users?|patients?|members|subscribers|employees|contacts|orders|tickets|emails|crm|payroll|pii|prod|production|transactions|payments|sales)(?:$|[-_./:\s\d])/i;

/** The leaf that opens the product to everyone, as `key value`. */
function everyone(all: readonly Leaf[]): string | undefined {
  for (const [p, v] of all) {
    const k = last(p);
    if (AUDIENCE_KEY.test(k) && typeof v === 'string' && EVERYONE.test(v)) return `${k} ${v}`;
    if (ALL_ACCOUNTS_KEY.test(k) && typeof v === 'string' && /^\s*(?:all|\*)\s*$/i.test(v))
      return `${k} ${v}`;
    if (/^(?:private|is_private)$/.test(k) && (v === false || v === 'false')) return `${k} false`;
    if (/^(?:public|is_public)$/.test(k) && (v === true || v === 'true')) return `${k} true`;
  }
  return undefined;
}

/** When listingOpenLines can answer (signals.ts). */
export const LISTING_OPEN_GATE: Gate = {
  keys: wordSet(
    'visibility discovery sharing audience access listing availability scope publication privacy target accounts consumer consumers recipients private public',
  ),
};

export function listingOpenLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object') return [];
  if (!w.some((x) => PRODUCT.test(x)) || w.some((x) => NOT_PUBLISH.test(x))) return [];
  const all = leaves(args, 6, 256);
  const open = everyone(all);
  if (open === undefined) return [];
  const names = all.map(([, v]) => v).filter((v): v is string => typeof v === 'string');
  const data =
    names.find((n) => RECORDS.test(n)) ??
    (privateContent(names) ? names.find((n) => privateContent([n])) : undefined);
  return data === undefined
    ? []
    : [line('expose', 'data', `${w.join('_')} publishes ${data.slice(0, 60)} to everyone (${open})`)];
}
