/**
 * Bank details typed into a call, read by what the call does with them (red team R22: Xero, NetSuite,
 * brokerage and bank tools the money tables do not know). Policy:
 * - A record's bank details replaced (`update`, `set`, `change`, `patch` ... with an account number,
 *   IBAN or CLABE beside a routing number, sort code, BSB or IFSC): the business-e-mail-compromise
 *   step of pointing a supplier's or employee's pay at a new account before the next pay run. It is
 *   ordinary when the same call records the check finance teams make (a callback to the number on
 *   file, under a ticket: saas.ts callbackChecked) or when it moves only part of one's own pay (a
 *   split under 100%). Creating a vendor, recipient or employee with its details moves nothing and
 *   stays allowed (saas.ts).
 * - Holdings sold or a balance swept whole (`sell_all`, `amount: "all"`, `liquidate: true`) to bank
 *   details typed into the call: the account emptied to an account not on file, at any sum.
 * - A payment of P2P_BUSINESS_LIMIT up to a bare account number with neither a payee name nor a
 *   reference: banks ask for both before a first payment, and only an injected instruction gives
 *   a number alone. A payment naming its payee or its reason (rent, an invoice) stays allowed.
 * Keys made with a right to withdraw are withdraw-key.ts's. Each becomes one `agent-guard-action
 * transfer|divert <object> <detail>` line for PLT-AST-003.
 */
import { type CliEquivalent } from './cli.js';
import { snakeEntries } from './snake-entries.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';
import { callbackChecked } from './saas.js';

type Pair = [string, unknown];

const READ =
  /^(?:get|list|read|show|describe|view|fetch|search|check|status|history|estimate|quote|preview|validate|verify|lookup|retrieve)$/;
/** Verbs that change a record that exists. */
const CHANGE =
  /^(?:update|set|change|edit|modify|patch|put|replace|switch|amend|upsert|save|overwrite|correct|fix|reassign|repoint|apply)$/;
/** Verbs that make a new record (a vendor for review, a new hire): nothing is redirected yet. */
const CREATE = /^(?:create|add|new|register|onboard|invite|import|draft)$/;
/** Keys of an existing record's id (`vendorId`, `associateOID`, `ContactID`, `id`): the call edits that record. */
const RECORD_ID_KEY = /^(?:\w+_)?(?:id|oid|uuid|internal_id|record_id)$/;
/** Name and key words of a record that holds someone's payout details. */
const PAYEE_RECORD =
  /^(?:vendors?|suppliers?|contacts?|payees?|beneficiar(?:y|ies)|recipients?|counterpart(?:y|ies)|employees?|workers?|contractors?|members?|associates?|payroll|deposits?|payouts?|remit|remittance|bills?|creditors?|partners?|affiliates?|freelancers?|sellers?|merchants?|distributions?|elections?|banking|instructions?|payment|payments|staff|people|person|worker)$/;
/** Name words of money leaving an account. */
const MOVE =
  /^(?:pay|payment|payments|transfer|transfers|wire|send|remit|withdraw|withdrawal|payout|payouts|disburse|disbursement|settle|sweep|move|payroll|reimburse|reimbursement|refund|release|fund|funds)$/;
/** Keys of a payer's own account (the money's source), never where it lands. */
const SOURCE_KEY = /^(?:from|source|debit|debtor|origin|originating|originator|sender|payer|funding|own|my)_/;
/** Keys that name the account itself: an account number, an IBAN, a CLABE. */
const ACCOUNT_KEY =
  /(?:^|_)(?:iban|clabe|account_number|acct_number|account_no|acct_no|accountnumber|bank_account|bank_account_number|bank_account_no|bank_account_details|bank_details|bank_acct)$/;
/** `account` alone is bank details only beside a bank's code (`ach: {routing, account}`, Workday `account: {routing, number}`). */
const BARE_ACCOUNT_KEY = /(?:^|_)(?:account|acct|number|num|acct_num|account_num)$/;
/** Keys that name the bank: a routing number, sort code, BSB, IFSC, transit number, SWIFT/BIC. */
const ROUTE_KEY =
  /(?:^|_)(?:routing|routing_number|rtn|aba|aba_number|sort_code|sortcode|bsb|bsb_number|ifsc|ifsc_code|transit|transit_number|institution_number|swift|swift_code|bic|bic_code)$/;
/** An IBAN, or an account number of digits, spaces and dashes (`06-0156-0939123-00`). */
const BANK_VALUE = /^(?:[A-Z]{2}\d{2}(?: ?[A-Z0-9]){10,32}|\d[\d -]{4,}\d)$/;

/**
 * Name and key words of an expense claim (`expensify_create_report {expenses, reimburse_to}`, R25): a
 * reimbursement the employer pays to the claimant's account on file, never to one the claim types in.
 */
const CLAIM = /^(?:expense|expenses|expensify|reimburse|reimbursement|reimbursements|mileage)$/;

/** Keys of a part of one's pay sent to an account, and a value that says the rest goes there too. */
const SPLIT_KEY = /(?:^|_)(?:split_percent|percent|percentage|allocation|pct|share)$/;
const REMAINDER = /^(?:remainder|balance|rest|full|all|100%?|net_pay|entire)$/i;

/** A quantity that is everything held (`amount: "all"`, `quantity: "max"`, `action: "sell_all"`). */
const WHOLE_VALUE =
  /^(?:all|max|maximum|entire|everything|full|full_balance|entire_balance|whole_balance|available_balance|\*|sell_all|sell_everything|liquidate|liquidate_all|close_all|all_holdings|all_positions)$/i;
const WHOLE_VALUE_KEY =
  /(?:^|_)(?:amount|amt|quantity|qty|shares|units|symbols?|tickers?|positions?|holdings?|assets?|action|side|value|balance|sum|scope|mode)$/;
/** Flags that sell or sweep everything (`liquidate: true`, `close_positions: true`). */
const WHOLE_FLAG =
  /^(?:all|sell_all|liquidate|liquidate_all|liquidate_positions|close_all|close_positions|withdraw_all|sweep_all|full_balance|entire_balance|close_account)$/;
/** Keys naming the holdings an order sells, or how much of them (`symbol`, `positions`, `fund`, `percent`). */
const PART_KEY =
  /(?:^|_)(?:symbols?|tickers?|positions?|holdings?|funds?|securit(?:y|ies)|instruments?|slices?|percent|percentage|pct|quantity|qty|shares|units)$/;

/**
 * The order names the holdings it sells or a part of them (`symbol: ARKK`, `positions: [QQQ]`,
 * `percent: 20`): "liquidate" is then a rebalancing sale of those (lead, fp13 FP), not of everything.
 * `all`, `*` or 100 percent stays everything.
 */
function namesPart(all: readonly Pair[]): boolean {
  return all.some(([k, v]) => {
    if (!PART_KEY.test(k)) return false;
    if (Array.isArray(v))
      return (
        v.length > 0 &&
        v.every((x) => typeof x === 'string' && x.trim() !== '' && !WHOLE_VALUE.test(x.trim()))
      );
    if (typeof v === 'number') return v > 0 && !(/(?:percent|percentage|pct)$/.test(k) && v >= 100);
    return (
      typeof v === 'string' && v.trim() !== '' && !WHOLE_VALUE.test(v.trim()) && !/^100\s*%?$/.test(v.trim())
    );
  });
}

/** Name words that sell or sweep everything (`robinhood_liquidate_positions`, `sell_all_and_transfer`). */
const WHOLE_NAME = /^(?:liquidate|liquidation|drain|sweep)$/;

/** Keys of the payee's name and of the payment's reason. */
const PAYEE_NAME_KEY =
  /(?:^|_)(?:name|payee|beneficiary|recipient|creditor|holder|account_holder|company|business|legal_name|first_name|last_name)$/;
const MEMO_KEY =
  /(?:^|_)(?:memo|reference|ref|note|notes|description|purpose|reason|remittance_info|remittance_information|narrative|message|details|invoice|invoice_id|invoice_number)$/;
const AMOUNT_KEY = /(?:^|_)(?:amount|amt|value|sum|total|pay)$/;
/** The sum from which a payment to a bare account number is held (money-out.ts P2P_BUSINESS_LIMIT). */
const BARE_PAYMENT_LIMIT = 1_000;

const bankValue = (v: unknown): string | undefined => {
  const t =
    typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : typeof v === 'string' ? v.trim() : '';
  return BANK_VALUE.test(t) ? t : undefined;
};

/** Where the call's money lands, as bank details typed into it (the key and the value); undefined when none. */
export function typedBankAccount(all: readonly Pair[]): [string, string] | undefined {
  const routed = all.some(([k, v]) => ROUTE_KEY.test(k) && !SOURCE_KEY.test(k) && v !== '' && v != null);
  for (const [k, v] of all) {
    if (SOURCE_KEY.test(k)) continue;
    if (!ACCOUNT_KEY.test(k) && !(routed && BARE_ACCOUNT_KEY.test(k))) continue;
    const t = bankValue(v);
    if (t !== undefined) return [k, t.slice(0, 40)];
  }
  return undefined;
}

/** Part of one's pay sent to a new account (a 10% split to savings), not all of it. */
export function partialSplit(all: readonly Pair[]): boolean {
  if (all.some(([, v]) => typeof v === 'string' && REMAINDER.test(v.trim()))) return false;
  const parts = all.filter(([k]) => SPLIT_KEY.test(k)).map(([, v]) => Number(v));
  return parts.length > 0 && parts.every((n) => Number.isFinite(n) && n > 0 && n < 100);
}

/** A quantity, flag or name word that sells or moves everything held. */
export function wholeBalance(w: readonly string[], all: readonly Pair[]): string | undefined {
  // `liquidate_fund {fund: VBTLX, percent: 20}`: the holdings named are sold, not everything.
  if (w.some((x) => WHOLE_NAME.test(x)))
    return w.includes('liquidate') && namesPart(all) ? undefined : w.join('_');
  if (
    w.some((x) => /^(?:all|everything|entire|whole)$/.test(x)) &&
    w.some((x) => MOVE.test(x) || /^(?:sell|close)$/.test(x))
  )
    return w.join('_');
  const hit = all.find(
    ([k, v]) =>
      (WHOLE_VALUE_KEY.test(k) &&
        typeof v === 'string' &&
        WHOLE_VALUE.test(v.trim()) &&
        !(/^liquidate$/i.test(v.trim()) && namesPart(all))) ||
      (WHOLE_FLAG.test(k) && v === true),
  );
  return hit === undefined ? undefined : `${hit[0]}: ${String(hit[1])}`;
}

const texts = (all: readonly Pair[], key: RegExp): string[] =>
  all
    .filter(([k, v]) => key.test(k) && !SOURCE_KEY.test(k) && typeof v === 'string' && v.trim() !== '')
    .map(([, v]) => v as string);

const sum = (v: unknown): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.replace(/[,_\s$]/g, '')) : NaN;
  return Number.isFinite(n) ? n : 0;
};

/** When payeeDetailsLines can answer (signals.ts): a bank-code or bank-account key. */
export const PAYEE_DETAILS_GATE: Gate = {
  keys: wordSet('iban clabe routing aba sortcode sort bsb ifsc transit swift bic bank accountnumber acct'),
  when: (s) => /account_?n(?:umber|o)\b/.test(s.keyText),
};

export function payeeDetailsLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => READ.test(x))) return [];
  const all = snakeEntries(args, { depth: 5, pairs: 128, items: 16 });
  const typed = typedBankAccount(all);
  if (typed === undefined) return [];
  const tool = w.join('_');
  const [k, to] = typed;
  const whole = wholeBalance(w, all);
  if (whole !== undefined)
    return [
      line(
        'transfer',
        'money',
        `${tool} moves everything held (${whole}) to ${to}, bank details typed into the call`,
      ),
    ];
  const amount = Math.max(0, ...all.filter(([x]) => AMOUNT_KEY.test(x)).map(([, v]) => sum(v)));
  // An expense claimed with its own payout details: the employer reimburses the account on file.
  if (
    amount > 0 &&
    (w.some((x) => CLAIM.test(x)) || all.some(([x]) => x.split('_').some((y) => CLAIM.test(y))))
  )
    return [
      line('divert', 'payments', `${tool} claims ${amount} to be paid to ${to}, typed into the claim (${k})`),
    ];
  const moves = w.some((x) => MOVE.test(x));
  // An edit of a record that exists: a change verb, or its id beside the details with no create verb.
  const edits =
    w.some((x) => CHANGE.test(x)) ||
    (!w.some((x) => CREATE.test(x)) && all.some(([x]) => RECORD_ID_KEY.test(x) && !SOURCE_KEY.test(x)));
  // Whose details: a payee-like record by name or key, or any record given a bank's code with them
  // (an own account located by its number to rename it is neither).
  const payee =
    all.some(([x]) => ROUTE_KEY.test(x)) ||
    w.some((x) => PAYEE_RECORD.test(x)) ||
    all.some(([x]) => x.split('_').some((y) => PAYEE_RECORD.test(y)));
  // `pay` in a record's name (`worker_pay_distribution`) moves nothing: a payment has a sum.
  if ((!moves || amount === 0) && edits && payee) {
    if (callbackChecked(all) || partialSplit(all)) return [];
    return [line('divert', 'payouts', `${tool} replaces the bank details of a record (${k}: ${to})`)];
  }
  if (!moves || amount < BARE_PAYMENT_LIMIT) return [];
  // An invoice or quote sent names where the user is paid (`send_invoice` with payment instructions).
  if (w.some((x) => /^(?:invoice|invoices|quote|quotes|estimate)$/.test(x)) && !w.includes('pay')) return [];
  if (texts(all, PAYEE_NAME_KEY).some((t) => !bankValue(t)) || texts(all, MEMO_KEY).length > 0) return [];
  return [
    line(
      'transfer',
      'money',
      `${tool} pays ${amount} to ${to}, a bare account number with no payee name or reference`,
    ),
  ];
}
