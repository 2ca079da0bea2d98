/**
 * A payment provider's webhook acted on without checking that the provider sent it (R23: an express
 * route doing `const event = JSON.parse(req.body); if (event.type === 'checkout.session.completed')
 * fulfil(...)` with no `stripe.webhooks.constructEvent`): anyone can post a "paid" event and get
 * the order, credits or plan for free. Read as: a handler taking a payment event from the request
 * body (Stripe, PayPal, Shopify, Paddle, Lemon Squeezy, Razorpay, Braintree, Mollie event names) in
 * text that verifies no signature. Handlers that call the vendor's verifier, compare an HMAC
 * (`timingSafeEqual`, `compare_digest`) or fetch the event back from the API stay allowed.
 */
import type { Planted } from './auth-backdoor.js';

/** A payment event's name as providers send it. */
const PAID_EVENT =
  /["'`](?:checkout\.session\.(?:completed|async_payment_succeeded)|payment_intent\.succeeded|invoice\.(?:paid|payment_succeeded)|charge\.succeeded|customer\.subscription\.(?:created|updated)|orders\/paid|orders\/create|PAYMENT\.CAPTURE\.COMPLETED|CHECKOUT\.ORDER\.APPROVED|BILLING\.SUBSCRIPTION\.ACTIVATED|transaction\.completed|subscription\.(?:created|activated)|order_created|subscription_created|payment\.captured|order\.paid|subscription_charged_successfully)["'`]/;
/** The event read from the request's body (parsed, or its fields). */
const FROM_BODY =
  /\b(?:JSON\.parse\(\s*(?:req|request|event)\.(?:body|rawBody)|(?:req|request|ctx\.request|c\.req)\.(?:body|json|get_json|data)\b|await\s+(?:req|request|c\.req)\.(?:json|text)\(\)|json\.loads\(\s*request\.(?:data|body|get_data))/;
/** A signature check of any provider: its SDK's verifier, an HMAC compared, the event fetched back. */
const VERIFIED =
  /\bconstructEvent(?:Async)?\b|\bconstruct_event\b|\bverifyHeader\b|\bverify_header\b|\bWebhook\.construct|\btimingSafeEqual\b|\bcompare_digest\b|\bcreateHmac\b|\bhmac\.new\b|\bverify\w*(?:Signature|Webhook|Hmac|Event)\w*\s*\(|\bvalidate\w*(?:Signature|Webhook|Request)\w*\s*\(|\bverify_webhook\w*\(|\bwebhooks?\.(?:verify|unwrap|constructEvent)\w*\(|\bevents\.retrieve\(|\bEvent\.retrieve\(|\bsvix\b|\bverifySignature\b|\bWebhooksHelper\b|\bvalidateWebhookSignature\b/i;

/** Where and why the text acts on a payment event anyone can forge, or undefined. */
export function webhookUnverifiedAt(text: string): Planted | undefined {
  const src = text.slice(0, 65536);
  const paid = PAID_EVENT.exec(src);
  if (paid === null || !FROM_BODY.test(src) || VERIFIED.test(src)) return undefined;
  return {
    why: `acts on a payment event (${paid[0].slice(0, 50)}) without checking the provider signed it`,
    at: paid.index + paid[0].length,
  };
}
