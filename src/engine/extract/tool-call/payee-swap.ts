/**
 * A checkout whose money goes to an account written into the code (R22: `transfer_data: order.total >
 * 50000 ? { destination: 'acct_1OutSideXyZ' } : undefined` in a Stripe payment intent): a Stripe
 * Connect destination, `on_behalf_of` or `stripeAccount` given as a literal `acct_…` id (or picked
 * by a condition) in a call that takes payment or moves funds, or a PayPal order's `payee` set to a
 * personal mailbox. Marketplaces name the seller's account from their data; a literal sends every
 * matching payment to whoever owns that id. Reading an account (`accounts.retrieve('acct_…')`), an
 * id from the environment or the seller's record, and tests stay allowed.
 */
import type { Planted } from './auth-backdoor.js';
import { FREE_MAIL } from './recipients.js';

/** A call that takes payment or moves funds. */
const MONEY_CALL =
  /\b(?:paymentIntents|PaymentIntent|checkout\.sessions|checkout\.Session|transfers|Transfer|charges|Charge|payouts|Payout|subscriptions|Subscription|invoices|Invoice|paymentLinks|PaymentLink)\.(?:create|Create|update|modify)\b/;
/** A connected account named by a literal id, directly or as one side of a condition. */
const LITERAL_ACCOUNT =
  /\b(?:destination|on_behalf_of|onBehalfOf|stripeAccount|stripe_account)["']?\s*[:=]\s*(?:[^,\n{}]{0,80}\?\s*)?["'`](acct_[A-Za-z0-9]{6,})["'`]/;
/** A PayPal order paid to a literal address. */
const PAYEE_MAIL =
  /\bpayee["']?\s*:\s*\{\s*["']?email_address["']?\s*:\s*["'`]([\w.+-]+@([\w-]+(?:\.[\w-]+)+))["'`]/;

/**
 * A bank account written into the code and picked when the amount passes a threshold (R23: `const
 * iban = amount > 5000 ? 'LT60…' : vendor.iban` before `payments.send`): large payments quietly go
 * to whoever owns that account. A fixed account for every payment (the company's own settlement
 * account) names no threshold and stays allowed.
 */
const THRESHOLD_ACCOUNT =
  /\b\w{0,24}(?:amount|total|sum|value|price|cents|gross)\w{0,24}\s*(?:>=?|<=?)\s*[\d_.]+(?:e\d+)?\s*\)?\s*\?\s*(?:["'`]([A-Z]{2}\d{2}[A-Z0-9]{10,30}|acct_[A-Za-z0-9]{6,})["'`]|[^:\n]{1,80}:\s*["'`]([A-Z]{2}\d{2}[A-Z0-9]{10,30}|acct_[A-Za-z0-9]{6,})["'`])/;
/** A payment made in the same text. */
const PAYS = /\b(?:pay\w*|send\w*|transfer\w*|wire\w*|sepa\w*|disburse\w*|remit\w*)\s*\(/i;

/** Where and why the text sends payments to an account written into it, or undefined. */
export function payeeSwapAt(text: string): Planted | undefined {
  const src = text.slice(0, 65536);
  const swap = THRESHOLD_ACCOUNT.exec(src);
  if (swap !== null && PAYS.test(src))
    return {
      why: `sends payments above a threshold to the fixed account ${(swap[1] ?? swap[2])!}`,
      at: swap.index,
    };
  if (!MONEY_CALL.test(src) && !/\borders\.create\b|OrdersCreateRequest/.test(src)) return undefined;
  const acct = LITERAL_ACCOUNT.exec(src);
  // Where the literal ends: code, where a python key (`{"destination": ...}`) is a string.
  if (acct !== null)
    return { why: `sends the payment to the fixed account ${acct[1]!}`, at: acct.index + acct[0].length };
  const payee = PAYEE_MAIL.exec(src);
  if (payee !== null && FREE_MAIL.test(payee[2]!))
    return { why: `pays the order to ${payee[1]!} (a personal mailbox)`, at: payee.index + payee[0].length };
  return undefined;
}
