/**
 * What names a gift card, prepaid card or store-credit code in an order or a send (R20-R23: Apple,
 * Google Play, Steam and Visa prepaid cards bought in bulk for a stranger): the codes are cash to
 * whoever reads them, and the classic scam's ask. Shared by money-out.ts (cards sent to a mailbox)
 * and ship-away.ts (cards shipped to a street address, gift wrapping or not).
 */

/** A gift card, prepaid card or a store's wallet credit, by its product words. */
export const GIFT_CARD =
  /\b(?:gift\s*-?\s*cards?|giftcards?|e-?gifts?(?:\s*cards?)?|prepaid\s+(?:visa|mastercard|amex|debit\s+)?cards?|(?:steam|psn|playstation|xbox|nintendo|google\s+play|itunes|apple|razer\s+gold|amazon|roblox)(?:\s+(?:store|wallet|eshop))?\s+(?:gift\s+)?(?:cards?|codes?|credit|wallet)|store\s+credit|vanilla\s+(?:visa|gift))\b/i;

/** Product words may be joined by `-` or `_` in a SKU (`egift-visa-500`). */
export const giftCardText = (v: unknown): boolean =>
  typeof v === 'string' && v.length < 300 && GIFT_CARD.test(v.replace(/[-_]+/g, ' '));
