/**
 * Refunds that take money out instead of returning it (R24: a workflow refunding `ch_*` in full, a
 * policy cancelled with its refund sent to a new card):
 * - every payment refunded at once: the refund's charge, payment or order id given as a wildcard or
 *   `all` (`charge: "ch_*"`, `payment_ids: "all"`), or an `all_charges: true` flag: a business's whole
 *   takings handed back in one call, which no support ticket asks for;
 * - a refund sent somewhere other than where the money came from: a `refund_to` (any refund
 *   destination key) that names a new, different or other card or account, or typed bank details, a
 *   card number, a personal mailbox or a handle. Card networks and insurers pay refunds back to the
 *   original method; sending one elsewhere is how a takeover cashes out.
 * One refund of one charge, a partial refund, and a refund to the original method or card on file stay
 * allowed. Each becomes one `agent-guard-action transfer money <detail>` line for PLT-AST-003.
 */
import { type CliEquivalent } from './cli.js';
import { snakeEntries } from './snake-entries.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';
import { FREE_MAIL, registrable } from './recipients.js';

type Pair = [string, unknown];

const READ =
  /^(?:get|list|read|show|describe|view|fetch|search|status|history|estimate|quote|preview|check)$/;
/** Name words of a refund or of undoing a payment. */
const REFUND = /^(?:refund|refunds|reverse|reversal|reversals|void|chargeback|chargebacks|reimburse)$/;
/** Keys of the payments a refund undoes (`charge`, `payment_intent`, `order_ids`, `transactions`). */
const PAID_KEY =
  /^(?:charge|charges|payment|payments|payment_intent|transaction|transactions|order|orders|invoice|invoices|sale|sales)(?:_ids?)?$|^(?:charge|payment|transaction|order|invoice|sale)_ids?$|^ids?$/;
/** A selector of every payment: `*`, `ch_*`, `pi_*`, `all`, `every`. */
const EVERY = /^(?:[a-z]{1,6}_)?\*$|^(?:all|every|any|everything)(?:[_\s-]\w+)?$/i;
/** Flags that refund every payment (`all_charges: true`, `refund_all: true`). */
const ALL_FLAG = /^(?:all|refund_all|all_charges|all_payments|all_orders|all_transactions|every_charge)$/;
/** Keys of where a refund is paid. */
const REFUND_TO =
  /^(?:refund_(?:to|destination|method|account|card|payment_method|recipient|iban|target)|send_refund_to|refund_payout_to|refund_to_account|refund_to_card)$/;
/** A destination a refund's text calls new or not the original (`new card ending 9921`, `a different account`). */
const ELSEWHERE =
  /\b(?:new|different|another|other|alternate|alternative|updated|changed|replacement|second|external|third[-\s]party)\s+(?:(?:debit|credit|visa|mastercard|amex|bank|prepaid|virtual)\s+)?(?:card|account|iban|wallet|payment\s+method|method|bank)\b/i;
/** A typed card or account number, an IBAN, or a `@`/`$` handle. */
const TYPED = /^(?:[A-Z]{2}\d{2}(?: ?[A-Z0-9]){10,32}|\d[\d -]{7,}\d|[@$][\w.-]{2,})$/;

/** When refundOutLines can answer (signals.ts): a refund word in the name or a refund key. */
export const REFUND_OUT_GATE: Gate = {
  name: wordSet('refund refunds reverse reversal reversals void chargeback chargebacks reimburse'),
  keys: wordSet('refund'),
};

export function refundOutLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => READ.test(x))) return [];
  const all: readonly Pair[] = snakeEntries(args, { depth: 4, pairs: 96, items: 16 });
  const tool = w.join('_');
  const to = all.find(([k, v]) => {
    if (!REFUND_TO.test(k) || typeof v !== 'string') return false;
    const t = v.trim();
    const host = /@([a-z0-9-]+(?:\.[a-z0-9-]+)+)$/i.exec(t)?.[1];
    return ELSEWHERE.test(t) || TYPED.test(t) || (host !== undefined && FREE_MAIL.test(registrable(host)));
  });
  if (to !== undefined)
    return [
      line(
        'transfer',
        'money',
        `${tool} sends a refund to ${String(to[1]).slice(0, 60)}, not where it was paid from`,
      ),
    ];
  if (!w.some((x) => REFUND.test(x))) return [];
  const every = all.find(
    ([k, v]) =>
      (PAID_KEY.test(k) &&
        (typeof v === 'string'
          ? EVERY.test(v.trim())
          : Array.isArray(v) && v.some((x) => typeof x === 'string' && EVERY.test(x.trim())))) ||
      (ALL_FLAG.test(k) && v === true),
  );
  return every === undefined
    ? []
    : [
        line(
          'transfer',
          'money',
          `${tool} refunds every payment (${every[0]}: ${JSON.stringify(every[1]).slice(0, 30)})`,
        ),
      ];
}
