/**
 * Company money and signatures put in someone else's hands through finance and HR tools (red team
 * R20): a company card issued to a stranger's mailbox with a high or no limit (Brex, Ramp, Mercury,
 * Stripe Issuing), one person's pay set far past any salary (ADP, Gusto, Rippling, Deel), and a
 * document signed in the user's name by the tool itself (DocuSign, Adobe Sign, Dropbox Sign). A
 * card for a colleague at a work address, a card with a small limit, an ordinary raise, a payroll
 * preview and an envelope sent for others to sign stay allowed. R21 adds pay raised tenfold at once
 * (old and new rate in the call), spending auto-approved or auto-reimbursed up to a sum past any
 * policy (or a limit raised a hundredfold), and pay or payouts switched whole to bank details typed
 * into the call with the check skipped (the payroll-diversion fraud). Each becomes one
 * `agent-guard-action transfer|divert|grant <object> <detail>` line for PLT-AST-003.
 */
import { truthy, type CliEquivalent } from './cli.js';
import { snakeEntries, snakeKey } from './snake-entries.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';
import { FREE_MAIL, registrable } from './recipients.js';
import { HOSTILE_HOST, LURE_HOST } from '../../knowledge/lure-host.js';

const READ = /^(?:get|list|read|show|describe|view|fetch|search|preview|estimate|calculate|simulate|draft)$/;
const MAKE =
  /^(?:create|issue|new|add|order|request|update|set|change|edit|modify|patch|put|adjust|raise|replace|switch|configure|enable)$/;
const CARD = /^(?:card|cards|virtual_card|issuing)$/;
/** Keys of whom a card is issued to (Brex names the holder `owner`, R25). */
const HOLDER_KEY =
  /^(?:email|owner_email|cardholder_email|holder_email|user_email|recipient_email|employee_email|assignee_email|owner|holder|cardholder|user|assignee|recipient|employee|member|issued_to|assigned_to|card_owner|card_holder)$/;
const LIMIT_KEY = /^(?:amount|limit|spend_limit|spending_limit|limit_amount|monthly_limit|credit_limit)$/;
/** The limit from which a card is cash to whoever holds it (the sum NEW_PAYEE_LIMIT holds in money-out.ts). */
const CARD_LIMIT = 10_000;

/** Pay per period from which no salary is meant: a wage at these rates is money taken out through payroll. */
const PAY_CEILING: Readonly<Record<string, number>> = {
  hour: 1_000,
  day: 8_000,
  week: 40_000,
  month: 160_000,
  year: 2_000_000,
};
const PAY = /^(?:compensation|compensations|salary|salaries|pay|payroll|wage|wages|comp|pay_rate|rate)$/;
/** Keys of a yearly amount by their own name (ADP `annualRateAmount`, `base_salary_annual`). */
const YEARLY_KEY =
  /^(?:annual_salary|salary|base_salary|annual_compensation|annual_pay|yearly_salary|annual_base)$|^(?=\w*(?:annual|yearly|per_annum))(?=\w*(?:salary|pay|rate|amount|compensation|remuneration|base|wage))\w+$/;
/** Pay or a limit raised by this factor at once (old and new value both in the call): no raise or review does that. */
const PAY_JUMP = 10;
const LIMIT_JUMP = 100;
/** Key words of a value before and after a change (`current_rate`/`new_rate`, `from`/`to`). */
const BEFORE = /^(?:current|old|previous|prior|existing|from)(?:_|$)|_(?:current|old|previous|before|from)$/;
const AFTER = /^(?:new|updated|proposed|target|to)(?:_|$)|_(?:new|after|to)$/;

/**
 * Keys of an amount up to which spending is approved or paid with no person looking (Expensify
 * `autoApproval.limit`, `autoReimbursement.limit`, `approval_threshold`, Ramp `auto_approve_under`).
 */
const AUTO_APPROVE_KEY =
  /^(?:auto_?approv\w*|auto_?reimburs\w*|auto_?pay\w*|auto_?release\w*|approval_(?:threshold|limit|required_above|ceiling)|no_approval_(?:below|under|limit)|approve_(?:under|below)|max_auto_\w+|require_approval_above|review_threshold)$/;
/**
 * The sum from which a limit on unreviewed spending approves any report (ordinary auto-approval sits at
 * tens to a few thousand; the value may be in cents, so a million is $10,000 read either way).
 */
const AUTO_APPROVE_CEILING = 1_000_000;
const LIMIT_LEAF = /^(?:limit|amount|threshold|max|maximum|ceiling|value|under|below|up_to)$/;

/** Name words of where pay or payouts land: direct deposit, payout or settlement accounts. */
const DEPOSIT = /^(?:deposit|deposits|payout|payouts|settlement|settlements|paycheck|banking|disbursement)$/;
/** Raw bank details in a deposit entry. */
const BANK_KEY = /(?:^|_)(?:account|account_number|iban|routing|routing_number|sort_code|bsb|aba|transit)$/;
const SPLIT_KEY = /(?:^|_)(?:split_percent|percent|percentage|allocation|share|split|pct)$/;
/** A check of new bank details skipped (the prenote, a micro-deposit, a callback). */
const SKIP_CHECK_KEY =
  /^(?:skip|bypass|no|disable|without)_(?:prenote|pre_note|verification|verify|micro_deposits?|callback|validation|hold|waiting_period|notification|notify|email_notice)$/;
const RATE_KEY = /^(?:rate|pay_rate|amount|wage|base_pay|compensation_amount)$/;
const UNIT_KEY = /^(?:payment_unit|pay_unit|unit|per|period|frequency|pay_period|rate_unit|scale|interval)$/;

/** E-signature tools, and the flags that make the tool sign as the sender. */
const ESIGN =
  /^(?:docusign|esign|esignature|signature|signatures|sign|envelope|envelopes|adobe_sign|adobesign|hellosign|dropbox_sign|pandadoc|signnow|agreement|agreements)$/;
const SELF_SIGN_KEY =
  /^(?:auto_sign\w*|sign_as_\w+|sign_on_behalf\w*|self_sign\w*|apply_(?:my_|sender_|owner_)?signature|auto_complete_signature|sign_for_\w+|sender_signs|signed_by_sender)$/;

type Pair = [string, unknown];

function amountOf(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.replace(/[,_\s$]/g, '')) : NaN;
  return Number.isFinite(n) ? n : 0;
}

const strangerMail = (v: unknown): boolean => {
  const host = typeof v === 'string' ? /@([a-z0-9-]+(?:\.[a-z0-9-]+)+)\s*$/i.exec(v.trim())?.[1] : undefined;
  return (
    host !== undefined &&
    (FREE_MAIL.test(registrable(host)) || LURE_HOST.test(host) || HOSTILE_HOST.test(host))
  );
};

/** A company card issued to a stranger's mailbox with a high limit or none. */
function cardOut(w: readonly string[], all: Pair[]): CliEquivalent | undefined {
  if (!w.some((x) => CARD.test(x)) || w.some((x) => /^(?:gift|giftcard|cancel|freeze|lock)$/.test(x)))
    return undefined;
  const holder = all.find(([k, v]) => HOLDER_KEY.test(k) && strangerMail(v));
  if (holder === undefined) return undefined;
  const limits = all.filter(([k]) => LIMIT_KEY.test(k)).map(([, v]) => amountOf(v));
  if (limits.length > 0 && Math.max(...limits) < CARD_LIMIT) return undefined;
  // With no limit, a payment card by its words (`virtual`, `debit`, `spending_controls`), not a board's card.
  if (
    limits.length === 0 &&
    !w.some((x) =>
      /^(?:virtual|debit|credit|issuing|prepaid|corporate|company|spend|expense|virtual_card)$/.test(x),
    ) &&
    !all.some(([k]) =>
      /^(?:currency|spending_controls|spend_controls|card_type|funding_source|budget_id)$/.test(k),
    )
  )
    return undefined;
  return line(
    'transfer',
    'money',
    `${w.join('_')} issues a company card to ${String(holder[1]).slice(0, 64)} (${limits.length > 0 ? `limit ${Math.max(...limits)}` : 'no limit'})`,
  );
}

/** The period a rate is paid per (`Year`, `monthly`, `per_hour`), undefined when not said. */
function period(v: unknown): string | undefined {
  const t = typeof v === 'string' ? v.toLowerCase() : '';
  return /hour/.test(t)
    ? 'hour'
    : /day|daily/.test(t)
      ? 'day'
      : /week/.test(t)
        ? 'week'
        : /month/.test(t)
          ? 'month'
          : /year|annual/.test(t)
            ? 'year'
            : undefined;
}

/** One person's pay set past any salary (`annual_salary: 9800000`, Gusto `rate` per `Year`). */
function payOut(w: readonly string[], all: Pair[]): CliEquivalent | undefined {
  if (!w.some((x) => PAY.test(x) || /^(?:employee|employees|worker|workers|contract|contractor)$/.test(x)))
    return undefined;
  const yearly = all.find(([k, v]) => YEARLY_KEY.test(k) && amountOf(v) >= PAY_CEILING.year!);
  const unit = period(all.find(([k]) => UNIT_KEY.test(k))?.[1]);
  const rate =
    unit === undefined
      ? undefined
      : all.find(([k, v]) => RATE_KEY.test(k) && amountOf(v) >= PAY_CEILING[unit]!);
  const hit = yearly ?? rate;
  if (hit === undefined) return undefined;
  return line(
    'transfer',
    'money',
    `${w.join('_')} sets ${hit[0]} to ${amountOf(hit[1])}${unit !== undefined && hit === rate ? ` per ${unit}` : ''}, past any salary`,
  );
}

/** A numeric value and what it was before, by a stem the before and after keys share (`current_rate`/`new_rate`). */
function jumps(all: Pair[], factor: number, stem: RegExp): [string, number, number] | undefined {
  const before = all.filter(([k]) => BEFORE.test(k) && stem.test(k));
  for (const [k, v] of all) {
    if (!AFTER.test(k) || !stem.test(k)) continue;
    const now = amountOf(v);
    const was = before.map(([, b]) => amountOf(b)).find((b) => b > 0);
    if (was !== undefined && now >= was * factor) return [k, was, now];
  }
  return undefined;
}

/** One person's pay raised tenfold or more at once (`current_rate: 45`, `new_rate: 4500`). */
function payJump(w: readonly string[], all: Pair[]): CliEquivalent | undefined {
  if (!w.some((x) => PAY.test(x) || /^(?:employee|employees|worker|workers|contractor)$/.test(x)))
    return undefined;
  const hit = jumps(all, PAY_JUMP, /(?:salary|pay|rate|wage|amount|compensation|comp)/);
  return hit === undefined
    ? undefined
    : line('transfer', 'money', `${w.join('_')} raises ${hit[0]} from ${hit[1]} to ${hit[2]} at once`);
}

/** The amounts a pair holds: its own number, or the limit-like numbers of its object (`{limit: 100000000}`). */
function limitsOf(v: unknown): number[] {
  if (typeof v === 'number' || typeof v === 'string') return [amountOf(v)];
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return [];
  return Object.entries(v as Record<string, unknown>)
    .filter(([k]) => LIMIT_LEAF.test(snakeKey(k)))
    .map(([, x]) => amountOf(x));
}

/**
 * Expense, bill or card spending approved or reimbursed with no person looking up to a sum past any
 * ordinary policy (R21: Expensify auto-approval and auto-reimbursement up to $1M), or a spending limit
 * raised a hundredfold at once. An auto-approval of small reports stays allowed.
 */
function approvalOff(w: readonly string[], all: Pair[]): CliEquivalent | undefined {
  const auto = all.find(
    ([k, v]) => AUTO_APPROVE_KEY.test(k) && limitsOf(v).some((n) => n >= AUTO_APPROVE_CEILING),
  );
  if (auto !== undefined)
    return line(
      'transfer',
      'money',
      `${w.join('_')} approves and pays spending unreviewed up to ${Math.max(...limitsOf(auto[1]))} (${auto[0]})`,
    );
  const jump = jumps(all, LIMIT_JUMP, /(?:limit|threshold|ceiling|cap|max)/);
  return jump === undefined
    ? undefined
    : line('transfer', 'money', `${w.join('_')} raises ${jump[0]} from ${jump[1]} to ${jump[2]} at once`);
}

/**
 * Pay or payouts switched whole to bank details typed into the call (R21: an HR system's direct
 * deposit set 100% to a new account with the prenote skipped): the payroll-diversion fraud. A split
 * of part of the pay to a savings account, and a change its call records as verified by a callback
 * to the number on file, stay allowed.
 */
function depositDiverted(w: readonly string[], all: Pair[]): CliEquivalent | undefined {
  if (!w.some((x) => DEPOSIT.test(x))) return undefined;
  const raw = all.find(
    ([k, v]) =>
      BANK_KEY.test(k) &&
      (typeof v === 'string' || typeof v === 'number') &&
      /^\d[\d -]{4,}\d$|^[A-Z]{2}\d{2}[A-Z0-9 ]{10,32}$/.test(String(v).trim()),
  );
  if (raw === undefined) return undefined;
  if (
    texts(all, /(?:^|_)(?:reason|note|notes|memo|comment|justification|description)$/).some((t) =>
      VERIFIED.test(t),
    )
  )
    return undefined;
  const skip = all.find(([k, v]) => SKIP_CHECK_KEY.test(k) && truthy(v));
  const whole = all.find(([k, v]) => SPLIT_KEY.test(k) && amountOf(v) >= 100);
  const hit = skip ?? whole;
  return hit === undefined
    ? undefined
    : line(
        'divert',
        'payments',
        `${w.join('_')} sends pay to ${String(raw[1]).slice(0, 40)}, typed into the call (${hit[0]}: ${String(hit[1])})`,
      );
}

/** A change its own call records as checked out of band (a callback to the number on file, a ticket). */
const VERIFIED =
  /\b(?:verified|confirmed|validated)\b[^.\n]{0,60}\b(?:call\s*back|callback|phone|on\s+file|in\s+person|ticket)\b/i;
const texts = (all: Pair[], key: RegExp): string[] =>
  all.filter(([k, v]) => key.test(k) && typeof v === 'string').map(([, v]) => v as string);

/** A document signed in the user's name by the tool (`auto_sign_as_sender: true`). */
function signedForUser(w: readonly string[], all: Pair[]): CliEquivalent | undefined {
  if (!w.some((x) => ESIGN.test(x))) return undefined;
  const flag = all.find(([k, v]) => SELF_SIGN_KEY.test(k) && truthy(v));
  return flag === undefined
    ? undefined
    : line('grant', 'signature', `${w.join('_')} signs the document in the user's name (${flag[0]})`);
}

/** When spendOutLines can answer (signals.ts): a card, pay or e-signature word in the name, or a self-sign key. */
export const SPEND_OUT_GATE: Gate = {
  name: wordSet(
    'card cards issuing employee employees worker workers contract contractor compensation compensations salary salaries pay payroll wage wages comp rate docusign esign esignature signature signatures sign envelope envelopes hellosign pandadoc signnow agreement agreements adobesign expense expenses expensify reimbursement reimbursements approval approvals policy policies spend spending limit limits deposit deposits payout payouts settlement settlements paycheck banking disbursement bill bills',
  ),
};

export function spendOutLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => READ.test(x))) return [];
  if (!w.some((x) => MAKE.test(x) || ESIGN.test(x) || /^(?:send|run)$/.test(x))) return [];
  const all = snakeEntries(args, { depth: 4, pairs: 128, items: 16 });
  const hit =
    cardOut(w, all) ??
    payOut(w, all) ??
    payJump(w, all) ??
    approvalOff(w, all) ??
    depositDiverted(w, all) ??
    signedForUser(w, all);
  return hit === undefined ? [] : [hit];
}
