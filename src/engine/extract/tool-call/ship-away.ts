/**
 * Goods bought on the user's account and sent to a street address typed into the call (InjecAgent
 * and R14-R22 injected orders: AmazonPlaceOrder shipped to an unknown Miami flat, a prescription
 * refill mailed to a stranger, a FedEx or UPS parcel redirected mid-way): an order, checkout,
 * purchase or refill whose ship-to is a street address written out, or a shipment, package or
 * order redirected to one. A saved address (`address_id`, `saved:home`), store pickup, a gift the
 * call marks as one, a merchant's order for a customer, quotes, tracking and new shipping labels
 * stay allowed. R23: a gift mark does not cover gift cards (cash to whoever reads the code) or a bulk
 * order (BULK of one item: stock for a drop address, not a present). Becomes one `agent-guard-action transfer goods <detail>` line (PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { leaves, type Leaf } from './control-words.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';
import { giftCardText } from './gift-card.js';

/** Name words of buying on the user's account. */
const BUY = /^(?:order|checkout|buy|purchase|refill|reorder)$/;
/** Name words of sending an existing parcel elsewhere. */
const REDIRECT = /^(?:redirect|reroute|intercept|reship)$/;
/** Name words of parcels and orders a redirect moves. */
const PARCEL = /^(?:shipment|shipments|package|packages|parcel|parcels|delivery|deliveries|order|orders)$/;
/** Keys or values of a redirect given as the call's operation (`operation: redirect`). */
const OP_KEY = /^(?:operation|action|op|type|change|request)$/;
const OP_REDIRECT = /^\s*(?:redirect|reroute|re-route|change_address|change_delivery_address|intercept)\s*$/i;
/** Words of reads, quotes and undoing. */
const NOT_SEND =
  /^(?:get|list|search|view|show|track|status|history|describe|quote|estimate|rate|rates|cancel|return|refund|preview|validate|find)$/;
/** Key words of where goods go. */
const SHIP_KEY =
  /(?:^|_)(?:ship|shipping|deliver|delivery|destination|receiver|recipient|consignee|address|street|to)(?:_|$)/;
/** Keys of an address's first line: any text with a number there is a street address written out. */
const LINE_KEY =
  /^(?:street|street_address|line1|line_1|address1|address_1|address_line1|address_line_1|addr1)$/;
/** A street address written out: a house number, a street name and its kind, or a PO box. */
const STREET =
  /\b\d{1,6}[a-z]?\s+(?:[a-z0-9.'-]+\s+){0,4}(?:st|street|ave|avenue|rd|road|blvd|boulevard|ln|lane|dr|drive|ct|court|way|pl|place|pkwy|parkway|hwy|highway|ter|terrace|cir|circle|sq|square|pier|wharf|row|loop|trail|plaza|quay|close|crescent|strasse|straße)\b|\bp\.?\s?o\.?\s+box\s+\d+/i;
/** Keys of a merchant's order for a customer, and of a gift the call says it is. */
const MERCHANT_KEY = /^(?:customer|customer_id|customer_email|draft|draft_order|fulfillment|fulfillments)$/;
const GIFT_KEY = /^(?:gift|is_gift|as_gift|gift_message|gift_note|gift_wrap|gift_options)$/;
/** Keys of an item's count, and the count of one item from which an order is stock, not a present. */
const QUANTITY_KEY = /^(?:quantity|qty|count|units|number|amount)$/;
const BULK = 5;
/**
 * Printed matter made to the user's own design (business cards, letterhead, flyers from a print
 * shop): worth nothing to whoever else receives it, so an office address typed for it is no lure (fp14).
 */
const PRINTED =
  /\b(?:business\s+cards?|letterheads?|stationery|flyers?|leaflets?|brochures?|posters?|banners?|stickers?|postcards?|name\s+badges?|signage)\b/i;
/** Keys of what an order holds. */
const PRODUCT_KEY = /^(?:product|product_name|product_type|item|item_name|title|description|sku_name|name)$/;

const last = (p: readonly string[]): string => p[p.length - 1] ?? '';

/** Name words of an address changed in place, and of the address a parcel or card goes to. */
const EDIT = /^(?:update|change|edit|set|modify|patch|replace|correct)$/;
const WHERE = /^(?:shipping|delivery|ship|destination|address|mailing)$/;
/** Keys naming an order or parcel already on its way: changing its address moves the goods. */
const ORDER_KEY =
  /^(?:order|order_id|order_number|order_no|tracking|tracking_number|tracking_id|shipment|shipment_id|package_id|parcel_id|awb|waybill|consignment)$/;
/** Items that open a person's identity or money to whoever receives them by post (R24: a passport to a PO box). */
const IDENTITY_ITEM =
  /\b(?:passports?|birth\s+certificates?|social\s+security\s+cards?|ssn\s+cards?|driver'?s?\s+licen[cs]es?|national\s+id|id\s+cards?|identity\s+(?:cards?|documents?)|(?:debit|credit|bank|atm|payment)\s+cards?(?!\s+(?:readers?|terminals?|machines?|holders?|cases?|sleeves?))|check\s?books?|cheque\s?books?|blank\s+(?:checks|cheques)|hardware\s+wallets?)\b/i;
/** Keys of what a parcel holds. */
const CONTENT_KEY =
  /^(?:contents|content|items?|item|description|goods|package_contents|what|commodity|declared_contents)$/;
/** Name words of a card sent anew, and keys asking for one beside an address change. */
const CARD = /^(?:card|cards|debit|credit)$/;
const REISSUE = /^(?:replace|replacement|reissue|reissued|renew|resend)$/;
/** Words before `cards` of printed or hardware cards, not the user's payment card. */
const NOT_PAYMENT_CARD =
  /^(?:business|greeting|gift|playing|post|index|trading|name|place|birthday|holiday|thank|report|sd|memory|sim|video|graphics|network|id|key)$/;
const REISSUE_KEY =
  /^(?:(?:order_|request_|send_)?(?:replacement|new|reissue[ds]?)_cards?|reissue_cards?|reissue|replace_cards?|send_new_card|card_reissue|replacement)$/;

/** When shipAwayLines can answer (signals.ts): a buying or redirecting word in the name. */
export const SHIP_AWAY_GATE: Gate = {
  name: wordSet(
    'order checkout buy purchase refill reorder redirect reroute intercept reship shipment package parcel shipping delivery address mailing ship mail send courier card cards replacement reissue profile',
  ),
};

/** The leaf that writes out a street address where the goods go, if any. */
function typedAddress(all: readonly Leaf[]): Leaf | undefined {
  return all.find(
    ([p, v]) =>
      typeof v === 'string' &&
      v.length < 300 &&
      p.some((k) => SHIP_KEY.test(k)) &&
      (STREET.test(v) || (LINE_KEY.test(last(p)) && /\d/.test(v) && /[a-z]{3}/i.test(v))),
  );
}

/**
 * Identity documents or payment cards sent to an address typed into the call, or a card reissued to
 * one (R24: a passport to a Lagos PO box; a replacement card to a new street; a mailing address
 * changed with a card reissue): whoever is at that address holds the person's identity or money.
 */
function identityAway(w: readonly string[], all: readonly Leaf[]): CliEquivalent | undefined {
  const item = all.find(
    ([p, v]) =>
      typeof v === 'string' && v.length < 300 && p.some((k) => CONTENT_KEY.test(k)) && IDENTITY_ITEM.test(v),
  );
  const reissued =
    (w.some((x, i) => CARD.test(x) && !NOT_PAYMENT_CARD.test(w[i - 1] ?? '')) &&
      w.some((x) => REISSUE.test(x))) ||
    all.some(([p, v]) => REISSUE_KEY.test(last(p)) && v !== false && v !== null && v !== '' && v !== 'false');
  if (item === undefined && !reissued) return undefined;
  const to = typedAddress(all);
  if (to === undefined) return undefined;
  const what = item !== undefined ? String(item[1]).slice(0, 60) : 'a payment card';
  return line('transfer', 'goods', `${w.join('_')} sends ${what} to ${String(to[1])}, typed into the call`);
}

export function shipAwayLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => NOT_SEND.test(x))) return [];
  const all = leaves(args);
  const away = identityAway(w, all);
  if (away !== undefined) return [away];
  // `update_shipping_address {order_id}`: an order already placed sent to a new address (R24 reshipper row).
  const readdressed =
    w.some((x) => EDIT.test(x)) &&
    w.some((x) => WHERE.test(x)) &&
    all.some(([p, v]) => ORDER_KEY.test(last(p)) && (typeof v === 'string' || typeof v === 'number'));
  const redirect =
    readdressed ||
    w.some((x) => REDIRECT.test(x)) ||
    (w.some((x) => PARCEL.test(x)) &&
      all.some(([p, v]) => OP_KEY.test(last(p)) && typeof v === 'string' && OP_REDIRECT.test(v)));
  if (!redirect && !w.some((x) => BUY.test(x))) return [];
  if (w.includes('draft') || all.some(([p]) => p.some((k) => MERCHANT_KEY.test(k)))) return [];
  const bulk = all.some(([p, v]) => QUANTITY_KEY.test(last(p)) && Number(v) >= BULK);
  const cards = all.some(([p, v]) => !p.some((k) => GIFT_KEY.test(k)) && giftCardText(v));
  if (
    !bulk &&
    !cards &&
    all.some(([p, v]) => p.some((k) => GIFT_KEY.test(k)) && v !== false && v !== null && v !== '')
  )
    return [];
  const to = typedAddress(all);
  if (to === undefined) return [];
  if (
    !redirect &&
    !cards &&
    (PRINTED.test(w.join(' ')) ||
      all.some(([p, v]) => PRODUCT_KEY.test(last(p)) && typeof v === 'string' && PRINTED.test(v)))
  )
    return [];
  const how = redirect ? 'redirects a parcel' : 'buys on the user account';
  return [
    line(
      'transfer',
      'goods',
      `${w.join('_')} ${how} to ${String(to[1])}, typed into the call, not a saved address`,
    ),
  ];
}
