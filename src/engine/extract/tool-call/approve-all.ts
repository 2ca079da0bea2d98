/**
 * Every pending bill, payment, payout, payroll or expense approved or released in one call (R25:
 * Bill.com `approve_all_pending {bills: "*"}`; Ramp, Tipalti, Gusto, Concur, Melio and the like): the
 * approval is the one person's look that stops a fake invoice or an injected payment, and approving
 * the whole queue pays whatever was slipped into it. The name says all (`approve_all_bills`), a
 * selector takes everything (`payment_ids: "*"`, `select: all_pending`, `approve_all: true`), or a
 * status filter stands where the ids would be. One approval by id, a list of ids, reads, and approving
 * things that are not money (comments, pull requests) stay allowed. One `agent-guard-action transfer
 * money <detail>` line for PLT-AST-003.
 */
import { type CliEquivalent } from './cli.js';
import { snakeEntries } from './snake-entries.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';
import { EVERY_BILL_KEY, EVERY_BILL_VALUE } from './money-out.js';

type Pair = [string, unknown];

const APPROVE = /^(?:approve|approves|release|authorize|authorise)$/;
const READ = /^(?:get|list|read|show|describe|view|fetch|search|count|preview|status|history)$/;
/** Name and key words of money waiting for someone's approval. */
const OWED =
  /^(?:bills?|invoices?|payables?|payments?|payouts?|transfers?|wires?|expenses?|reimbursements?|payrolls?|disbursements?|remittances?|withdrawals?|claims?|purchases?|batch)$/;
const ALL = /^(?:all|every|everything|entire)$/;
/** Flags that approve the whole queue (`approve_all: true`, `all_pending: true`). */
const ALL_FLAG = /^(?:all|approve_all|release_all|all_pending|select_all|approve_all_\w+|release_all_\w+)$/;
/** Keys naming which items (`bill_id`, `payment_ids`, `items`), not the account's scope (`company_id`). */
const ID_KEY =
  /^(?:ids?|items|(?:\w+_)?(?:bill|invoice|payable|payment|payout|transfer|wire|expense|reimbursement|payroll|disbursement|claim|report|request|item)s?(?:_ids?)?)$/;
/** A status filter where the ids would be (`status: pending`). */
const QUEUE_STATUS =
  /^(?:pending|pending_approval|awaiting_approval|awaiting|submitted|open|unpaid|unapproved|due|outstanding|all)$/i;

/** When approveAllLines can answer (signals.ts): an approval verb in the name. */
export const APPROVE_ALL_GATE: Gate = { name: wordSet('approve approves release authorize authorise') };

/** What selects the whole queue: a name word, a selector value, a flag or a lone status filter. */
function everything(w: readonly string[], all: readonly Pair[]): string | undefined {
  const ids = all.filter(([k]) => ID_KEY.test(k));
  // A list of named items is the approver's pick, even under an `approve_all_` name.
  const picked = ids.some(
    ([, v]) =>
      (Array.isArray(v) &&
        v.length > 0 &&
        v.every((x) => typeof x === 'string' && !EVERY_BILL_VALUE.test(x))) ||
      (typeof v === 'string' && !EVERY_BILL_VALUE.test(v.trim())) ||
      typeof v === 'number',
  );
  if (picked) return undefined;
  if (w.some((x) => ALL.test(x))) return w.join('_');
  const hit = all.find(
    ([k, v]) =>
      ((EVERY_BILL_KEY.test(k) || ID_KEY.test(k)) &&
        ((typeof v === 'string' && EVERY_BILL_VALUE.test(v.trim())) ||
          (Array.isArray(v) && v.some((x) => typeof x === 'string' && EVERY_BILL_VALUE.test(x.trim()))))) ||
      (ALL_FLAG.test(k) && (v === true || v === 'true')),
  );
  if (hit !== undefined) return `${hit[0]}: ${JSON.stringify(hit[1]).slice(0, 30)}`;
  const status = all.find(
    ([k, v]) =>
      /^(?:status|state|filter|queue)$/.test(k) && typeof v === 'string' && QUEUE_STATUS.test(v.trim()),
  );
  return status !== undefined && ids.length === 0 ? `${status[0]}: ${String(status[1])}` : undefined;
}

export function approveAllLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return [];
  if (!w.some((x) => APPROVE.test(x)) || w.some((x) => READ.test(x))) return [];
  const all = snakeEntries(args, { depth: 3, pairs: 64, items: 16 });
  const owed =
    w.some((x) => OWED.test(x)) ||
    all.some(
      ([k, v]) =>
        k.split('_').some((y) => OWED.test(y)) || (k === 'queue' && typeof v === 'string' && OWED.test(v)),
    );
  if (!owed) return [];
  const sel = everything(w, all);
  return sel === undefined
    ? []
    : [line('transfer', 'money', `${w.join('_')} approves every pending payment at once (${sel})`)];
}
