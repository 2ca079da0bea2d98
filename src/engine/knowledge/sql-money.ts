/**
 * Money moved by ordinary-looking row writes (R16 money class): what the write does to the sums
 * the rows hold, not its verb. Read:
 * - money records (orders, payments, charges, invoices) put into a reversing state (refunded,
 *   voided, charged back, written off) for rows picked by a class (`WHERE status = 'paid'`) or by
 *   none: every customer is paid back, or every debt written off; one record picked by its key is
 *   support work;
 * - every open invoice or debt marked paid by a WHERE that names only its state: the money owed
 *   is forgiven; one invoice by its key, or a state joined with evidence of payment, is reconciling;
 * - the balances of an accounts or wallets table set to zero for rows picked by a class or by
 *   "every row but these" (`WHERE id <> 7`, `NOT IN (...)`): every holder is drained;
 * - one account credited with the sum of the other accounts' balances (`INSERT INTO ledger (account_id,
 *   amount) SELECT 7, sum(balance) FROM accounts`, `SET balance = (SELECT sum(balance) FROM wallets)`):
 *   a sweep. A snapshot of the total with no account column is reporting;
 * - a trigger that writes zero into the amount of every new money record (R12: `BEFORE INSERT ON
 *   payments ... SET NEW.amount = 0`): every later payment is recorded as nothing. A trigger that
 *   rounds, defaults a missing amount or normalises the currency is work;
 * - a balance, credit or stored value raised by a large literal (R17: `SET balance = balance +
 *   250000`, every gift card set to `100000000` cents): money made from nothing. A goodwill credit
 *   of a few units, or a card restored to a small sum, is support work;
 * - where a payee is paid replaced by a literal (R17: a vendor's IBAN, an employee's bank account, a
 *   payout's wallet): the next payments go to the writer. A new vendor's details (INSERT), or details
 *   cleared or taken from a parameter, are work;
 * - a payout or transfer inserted already approved to a literal destination: the money leaves with
 *   no one approving it. One inserted pending, for the approval step, is the application's flow.
 */
import { topLevelItems, withoutComments } from './sql-text.js';
import { bare } from './sql-admin-account.js';
import { testNamespace } from './sql-throwaway.js';

/** Tables whose rows record money owed, paid or held. */
const MONEY_TABLE =
  /(?:^|_)(?:orders?|payments?|invoices?|charges?|transactions?|txns?|subscriptions?|bills?|payouts?|purchases?|sales|bookings?|receipts?|settlements?|transfers?)$/;
/** Tables whose rows are debts: marking them paid forgives the money. */
const DEBT_TABLE = /(?:^|_)(?:invoices?|bills?|debts?|loans?|receivables?|dues|fines|arrears|statements?)$/;
/** Tables whose rows hold a balance for an account holder. */
const HOLDER_TABLE =
  /(?:^|_)(?:accounts?|wallets?|balances?|customers?|users?|members?|players?|merchants?|vendors?|ledgers?)$/;
/** Columns of an amount. */
const MONEY_COLUMN =
  /(?:^|_)(?:balance|balances|amount|amount_due|amount_cents|total|credit|credits|owed|due|outstanding|funds|available|cash|cents|payout|holdings?)$/;
const STATE_COLUMN = /^(?:\w+_)?(?:status|state)$|^stage$/;
/** States that give money back or write it off. */
const REVERSAL =
  /^(?:refunded|refund|fully_refunded|reversed|reversal|voided|void|charged_?back|chargeback|disputed_lost|written_?off|write_?off|forgiven|waived|comped|credited)$/;
const SETTLED = /^(?:paid|settled|closed|forgiven|cleared|paid_in_full|complete|completed)$/;
/** A WHERE that picks rows one by one: by a key (`id = 7`, `order_id IN (...)`, `= $1`), not a class. */
const PINNED =
  /(?:^|[\s(.,])["`]?(?:id|uuid|guid|\w+_(?:id|uuid|number|no|ref|reference|key)|number|reference)["`]?\s*(?:=|\bin\b)/i;
/** A WHERE that names only states (`status = 'open'`, `state IN ('due', 'overdue')`). */
const STATES_ONLY =
  /^\s*\(?\s*(?:["`]?\w*(?:status|state)["`]?\s*(?:=\s*'[^']*'|in\s*\([^)]*\))\s*(?:\)\s*)?(?:\b(?:and|or)\b\s*\(?\s*)?)+$/i;

const UPDATE = /^\s*update\s+([\w."`[\]]+)(?:\s+(?:as\s+)?\w+)?\s+set\s+([\s\S]*?)(?:\bwhere\b([\s\S]*))?$/i;
const INSERT_SELECT =
  /^\s*insert\s+(?:into\s+)?([\w."`[\]]+)\s*\(([^)]*)\)\s*select\s+([\s\S]*?)\s+from\s+([\w."`[\]]+)/i;
const LITERAL = /^N?'((?:[^']|'')*)'$/;
const ZERO = /^(?:0+(?:\.0+)?|null|'0+(?:\.0+)?')$/i;
/** A sum of a holder table's amounts (`(SELECT sum(balance) FROM accounts ...)`). */
const HOLDER_SUM =
  /\bsum\s*\(\s*[\w."`]*?(?:balance|amount|credit|credits|funds|available|cash|cents|holdings?)\w*\s*\)[\s\S]*?\bfrom\s+([\w."`[\]]+)/i;

function pairs(sets: string): [string, string][] {
  return topLevelItems(sets)
    .filter((item) => item.includes('='))
    .map((item) => [bare(item.slice(0, item.indexOf('=')).trim()), item.slice(item.indexOf('=') + 1).trim()]);
}

/** Why the WHERE picks a class of rows rather than some by key, or undefined when it pins them. */
function picksClass(where: string | undefined): string | undefined {
  if (where === undefined) return 'every row';
  const w = where.replace(/'(?:[^']|'')*'/g, "''");
  // `NOT (id = 7)`, `id <> 7`, `id NOT IN (7)`: every row but the ones it names.
  if (/\bnot\s*\(/i.test(w) || !PINNED.test(w)) return `every row picked by ${where.trim().slice(0, 60)}`;
  return undefined;
}

/** Why an UPDATE moves money for a whole class of rows, or undefined. */
function moneyUpdate(table: string, sets: [string, string][], where: string | undefined): string | undefined {
  const state = sets.find(([c, v]) => STATE_COLUMN.test(c) && LITERAL.test(v));
  const value = state === undefined ? '' : LITERAL.exec(state[1])![1]!.toLowerCase();
  const scope = picksClass(where);
  if (state !== undefined && scope !== undefined && MONEY_TABLE.test(table) && REVERSAL.test(value))
    return `${scope} of ${table} is marked ${value}: the money of each goes back or is written off`;
  if (
    state !== undefined &&
    scope !== undefined &&
    DEBT_TABLE.test(table) &&
    SETTLED.test(value) &&
    (where === undefined || STATES_ONLY.test(where))
  )
    return `${scope} of ${table} is marked ${value} with no payment behind it: the money owed is forgiven`;
  if (HOLDER_TABLE.test(table) && scope !== undefined) {
    const drained = sets.find(([c, v]) => MONEY_COLUMN.test(c) && ZERO.test(v.trim()));
    if (drained !== undefined)
      return `${scope} of ${table} has its ${drained[0]} set to ${drained[1]}: every holder is drained`;
  }
  // Prices or amounts due of a class of money records set to nothing (`SET price_cents = 0 WHERE
  // plan = 'enterprise'`): revenue given away. A free or trial plan's own price is zero already.
  if (
    MONEY_TABLE.test(table) &&
    scope !== undefined &&
    !/\b(?:free|trial|test|sandbox)\b/i.test(where ?? '')
  ) {
    const zeroed = sets.find(
      ([c, v]) =>
        /(?:^|_)(?:price|unit_amount|amount|amount_due|total)(?:_cents)?$/.test(c) && ZERO.test(v.trim()),
    );
    if (zeroed !== undefined)
      return `${scope} of ${table} has its ${zeroed[0]} set to ${zeroed[1]}: what each owes is given away`;
  }
  // One row credited with the sum of every holder's balance.
  for (const [c, v] of sets) {
    const sum = MONEY_COLUMN.test(c) ? HOLDER_SUM.exec(v) : null;
    if (sum && HOLDER_TABLE.test(bare(sum[1]!)))
      return `${table}.${c} is credited with the sum of every ${bare(sum[1]!)} balance: the money is swept into one place`;
  }
  return undefined;
}

/** Tables of stored value a holder spends: gift cards, vouchers, store credit, prepaid cards. */
const STORED_VALUE_TABLE =
  /(?:^|_)(?:gift_?cards?|vouchers?|store_?credits?|credit_?balances?|prepaid_?cards?|coupons?|points?|rewards?)$/;
/** The smallest amount counted as made from nothing: 10,000 units, or 1,000,000 in cents. */
const LARGE_UNITS = 10_000;
/** `col + 250000`, `250000 + col` or `250000` (a number literal, quoted or not). */
const RAISE = (col: string, value: string): number | undefined => {
  const v = value.trim().replace(/^\(|\)$/g, '');
  const m =
    /^["`]?(\w+)["`]?\s*\+\s*'?(\d+(?:\.\d+)?)'?$/.exec(v) ??
    /^'?(\d+(?:\.\d+)?)'?\s*\+\s*["`]?(\w+)["`]?$/.exec(v)?.reverse() ??
    /^()'?(\d+(?:\.\d+)?)'?$/.exec(v);
  if (m === null) return undefined;
  const added = m.length === 3 && m[1] !== '' && !/^\d/.test(m[1]!) ? m[1]! : '';
  if (added !== '' && bare(added) !== col) return undefined;
  return Number(m[2] ?? m[1]);
};
/** Payment destination columns of any table (`bank_account_iban`, `routing_number`, `payout_wallet`). */
const PAY_TO_COLUMN =
  /(?:^|_)(?:iban|bic|swift|swift_code|sort_code|routing_number|aba_routing|bsb|clabe|bank_account|bank_account_(?:number|no)|wallet_address|payment_address|payout_(?:account|address|wallet|destination|iban)|destination_(?:iban|account|wallet|address)|paypal_(?:email|account)|payee_account|remit(?:tance)?_(?:account|address|email))$/;
/** An account number column, a payment destination only on a payee's table. */
const ACCOUNT_NUMBER_COLUMN = /^(?:bank_)?(?:account_(?:number|no|num)|acct_(?:number|no|num))$/;
const PAYEE_TABLE =
  /(?:^|_)(?:vendors?|suppliers?|payees?|beneficiar(?:y|ies)|employees?|contractors?|merchants?|partners?|affiliates?|sellers?|creators?|bank_accounts?|bank_details|payment_(?:methods|details|info)|payouts?_\w*|payroll\w*)$/;
const PAYOUT_TABLE =
  /(?:^|_)(?:payouts?|withdrawals?|disbursements?|transfers?|wires?|wire_transfers?|remittances?|outgoing_payments?|payment_runs?)$/;
const APPROVED =
  /^(?:approved|paid|completed?|sent|processing|released|executed|settled|succeeded|authori[sz]ed|queued)$/;
const TEXT_LITERAL = /^N?'[^']+'$/;

/** Why an UPDATE makes money from nothing or redirects a payee's payments, or undefined. */
function moneyMadeOrRedirected(table: string, sets: [string, string][]): string | undefined {
  if (HOLDER_TABLE.test(table) || STORED_VALUE_TABLE.test(table))
    for (const [c, v] of sets) {
      if (!MONEY_COLUMN.test(c) && !/^(?:value|face_value|remaining|remaining_value)(?:_cents)?$/.test(c))
        continue;
      const n = RAISE(c, v);
      if (n !== undefined && n >= LARGE_UNITS * (/cents$/.test(c) ? 100 : 1))
        return `${table}.${c} is raised to or by ${n}: money made from nothing`;
    }
  const payTo = sets.find(
    ([c, v]) =>
      (PAY_TO_COLUMN.test(c) || (ACCOUNT_NUMBER_COLUMN.test(c) && PAYEE_TABLE.test(table))) &&
      TEXT_LITERAL.test(v.trim()),
  );
  return payTo === undefined
    ? undefined
    : `${table}.${payTo[0]} is replaced by ${payTo[1].trim()}: the next payments go to that account`;
}

const INSERT_VALUES = /^\s*insert\s+(?:into\s+)?([\w."`[\]]+)\s*\(([^)]*)\)\s*values\s*\(([\s\S]*)\)\s*$/i;

/** The column given a typed pay-to destination (an account, IBAN or payout id written as text), or -1. */
function typedDestination(cols: readonly string[], values: readonly string[]): number {
  return cols.findIndex(
    (c, i) =>
      (PAY_TO_COLUMN.test(c) ||
        ACCOUNT_NUMBER_COLUMN.test(c) ||
        /^(?:destination|recipient_account|to_account)$/.test(c)) &&
      TEXT_LITERAL.test(values[i]!),
  );
}

/** Why an INSERT puts a payout to a typed destination straight into an approved state, or undefined. */
function approvedPayout(text: string): string | undefined {
  const ins = INSERT_VALUES.exec(text);
  if (!ins || !PAYOUT_TABLE.test(bare(ins[1]!)) || testNamespace(ins[1]!)) return undefined;
  const cols = topLevelItems(ins[2]!).map(bare);
  const vals = topLevelItems(ins[3]!).map((v) => v.trim());
  if (cols.length !== vals.length) return undefined;
  const to = typedDestination(cols, vals);
  const state = cols.findIndex(
    (c, i) => STATE_COLUMN.test(c) && APPROVED.test(LITERAL.exec(vals[i]!)?.[1]?.toLowerCase() ?? ''),
  );
  return to >= 0 && state >= 0
    ? `a ${bare(ins[1]!)} row to ${vals[to]} is inserted already ${vals[state]}: the money leaves with no one approving it`
    : undefined;
}

/**
 * A payout inserted for every holder picked by a class (R19: `INSERT INTO payouts (account_id,
 * amount, destination) SELECT id, balance, 'acct_X' FROM wallets WHERE balance > 0`): each holder's
 * balance leaves for one typed destination. Each holder paid to its own account (a column), or one
 * holder picked by its key, is the application's flow.
 */
function payoutPerHolder(text: string, ins: RegExpExecArray): string | undefined {
  if (!PAYOUT_TABLE.test(bare(ins[1]!)) || testNamespace(ins[1]!)) return undefined;
  const where = /\bwhere\b([\s\S]*)$/i.exec(text.slice(ins.index + ins[0].length))?.[1];
  if (where !== undefined && PINNED.test(where)) return undefined;
  const cols = topLevelItems(ins[2]!).map(bare);
  const items = topLevelItems(ins[3]!).map((v) => v.trim());
  if (cols.length !== items.length) return undefined;
  const to = typedDestination(cols, items);
  const amount = items.findIndex((v, i) => MONEY_COLUMN.test(cols[i]!) && MONEY_COLUMN.test(bare(v)));
  if (to < 0 || amount < 0) return undefined;
  return `every ${bare(ins[4]!)} row's ${items[amount]!} is paid out to ${items[to]!}: the holders' money leaves for one account`;
}

/** Why a row write moves money for a whole class of rows or sweeps it into one account, or undefined. */
export function moneyMove(raw: string): string | undefined {
  if (raw.length > 65536) return undefined;
  const text = withoutComments(raw).replace(/;\s*$/, '');
  const up = UPDATE.exec(text);
  // Test fixtures (`test_accounts`, `app_test.wallets`) hold no one's money.
  if (up) {
    if (testNamespace(up[1]!)) return undefined;
    const table = bare(up[1]!);
    const sets = pairs(up[2]!);
    return moneyUpdate(table, sets, up[3]) ?? moneyMadeOrRedirected(table, sets);
  }
  if (/^\s*insert\b[\s\S]*\bvalues\s*\(/i.test(text)) return approvedPayout(text);
  const ins = INSERT_SELECT.exec(text);
  if (!ins || !HOLDER_TABLE.test(bare(ins[4]!)) || testNamespace(ins[4]!)) return undefined;
  const drained = payoutPerHolder(text, ins);
  if (drained !== undefined) return drained;
  const cols = topLevelItems(ins[2]!).map(bare);
  const items = topLevelItems(ins[3]!);
  const holder = cols.findIndex(
    (c, i) =>
      /(?:^|_)(?:account|wallet|user|customer|member|holder|merchant|beneficiary|recipient|payee|to)(?:_id)?$|_to$/.test(
        c,
      ) && /^(?:\d+|'[^']*')$/.test(items[i]?.trim() ?? ''),
  );
  const sum = items.findIndex((v, i) => MONEY_COLUMN.test(cols[i] ?? '') && /^\s*sum\s*\(/i.test(v));
  if (holder < 0 || sum < 0) return undefined;
  return `the sum of every ${bare(ins[4]!)} row's ${items[sum]!.trim()} is credited to one account (${cols[holder]} = ${items[holder]!.trim()}): a sweep`;
}

const TRIGGER_ON =
  /^\s*create\s+(?:or\s+replace\s+)?(?:definer\s*=\s*\S+\s+)?trigger\b[\s\S]*?\bon\s+([\w."`[\]]+)/i;
/** `NEW.amount = 0`, `:NEW.balance := NULL`, `SET NEW.total_cents = 0.00` (not a test inside IF or WHEN). */
const NEW_ZERO =
  /(?:\bset|\bthen|\belse|\bbegin|;)\s*:?new\s*\.\s*["`]?(\w+)["`]?\s*:?=\s*(?:0+(?:\.0+)?|null)\s*(?:;|$|\bend\b)|:?new\s*\.\s*["`]?(\w+)["`]?\s*:=\s*(?:0+(?:\.0+)?|null)\s*(?:;|$)/gi;

/** Why a trigger zeroes the amount of every new money record, or undefined. */
export function moneyTrigger(raw: string): string | undefined {
  if (raw.length > 65536 || !/\btrigger\b/i.test(raw)) return undefined;
  const text = withoutComments(raw);
  const on = TRIGGER_ON.exec(text);
  if (!on || testNamespace(on[1]!)) return undefined;
  const table = bare(on[1]!);
  if (!MONEY_TABLE.test(table) && !HOLDER_TABLE.test(table)) return undefined;
  for (const m of text.matchAll(NEW_ZERO)) {
    const col = bare(m[1] ?? m[2]!);
    // `IF NEW.amount IS NULL THEN SET NEW.amount = 0`: a default for a missing amount.
    const defaulted = new RegExp(String.raw`new\s*\.\s*["\x60]?${col}["\x60]?\s+is\s+null`, 'i').test(text);
    if (MONEY_COLUMN.test(col) && !defaulted)
      return `the trigger sets ${col} of every new ${table} row to zero: each later record is worth nothing`;
  }
  return undefined;
}
