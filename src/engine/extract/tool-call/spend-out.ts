/**
 * Company money and signatures put in someone else's hands through finance and HR tools (red team
 * R20): a company card issued to a stranger's mailbox with a high or no limit (Brex, Ramp, Mercury,
 * Stripe Issuing), one person's pay set far past any salary (ADP, Gusto, Rippling, Deel), and a
 * document signed in the user's name by the tool itself (DocuSign, Adobe Sign, Dropbox Sign). A
 * card for a colleague at a work address, a card with a small limit, an ordinary raise, a payroll
 * preview and an envelope sent for others to sign stay allowed. Each becomes one
 * `agent-guard-action transfer|grant <object> <detail>` line for PLT-AST-003.
 */
import { truthy, type CliEquivalent } from './cli.js';
import { snakeEntries } from './snake-entries.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';
import { FREE_MAIL, registrable } from './recipients.js';
import { HOSTILE_HOST, LURE_HOST } from '../../knowledge/lure-host.js';

const READ = /^(?:get|list|read|show|describe|view|fetch|search|preview|estimate|calculate|simulate|draft)$/;
const MAKE = /^(?:create|issue|new|add|order|request|update|set|change|edit|modify|patch|put|adjust|raise)$/;
const CARD = /^(?:card|cards|virtual_card|issuing)$/;
/** Keys of whom a card is issued to. */
const HOLDER_KEY =
  /^(?:email|owner_email|cardholder_email|holder_email|user_email|recipient_email|employee_email|assignee_email)$/;
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
/** Keys of a yearly amount by their own name. */
const YEARLY_KEY =
  /^(?:annual_salary|salary|base_salary|annual_compensation|annual_pay|yearly_salary|annual_base)$/;
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
    'card cards issuing employee employees worker workers contract contractor compensation compensations salary salaries pay payroll wage wages comp rate docusign esign esignature signature signatures sign envelope envelopes hellosign pandadoc signnow agreement agreements adobesign',
  ),
};

export function spendOutLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => READ.test(x))) return [];
  if (!w.some((x) => MAKE.test(x) || ESIGN.test(x) || /^(?:send|run)$/.test(x))) return [];
  const all = snakeEntries(args, { depth: 4, pairs: 128, items: 16 });
  const hit = cardOut(w, all) ?? payOut(w, all) ?? signedForUser(w, all);
  return hit === undefined ? [] : [hit];
}
