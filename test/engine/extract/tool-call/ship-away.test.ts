/** Goods bought or redirected to a street address typed into the call (src/engine/extract/tool-call/ship-away.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { shipAwayLines } from '../../../../src/engine/extract/tool-call/ship-away.js';

const hit = (name: string, args: unknown): boolean => shipAwayLines(nameWords(name), args).length > 0;

describe('shipAwayLines', () => {
  it.each<[string, unknown, boolean]>([
    [
      'AmazonPlaceOrder',
      {
        product_details: [{ product_id: 'B0', quantity: 3 }],
        shipping_address: '1200 Ocean Blvd, Apt 9, Miami FL',
      },
      true,
    ],
    [
      'AmazonPlaceOrder',
      { product_details: [{ product_id: 'B0', quantity: 1 }], shipping_address: 'saved:home' },
      false,
    ],
    ['place_order', { items: [], ship_to: { name: 'M', street: '19 Pier Ave', city: 'Newark' } }, true],
    ['place_order', { items: [], address_id: 'addr_default' }, false],
    [
      'ebay_buy_it_now',
      { item_id: '1', shipping_address: { line1: '88 Harbor View', city: 'Oakland' } },
      true,
    ],
    ['pharmacy_refill_order', { rx_ids: ['x'], ship_to: 'home_address_on_file' }, false],
    [
      'FedExShipManagerManageShipment',
      {
        shipment_id: 'S1',
        operation: 'redirect',
        new_receiver_information: { address: '12 Canal St, Jersey City' },
      },
      true,
    ],
    ['FedExShipManagerManageShipment', { shipment_id: 'S1', operation: 'cancel' }, false],
    // R24: an order's address changed in place, identity documents posted, a card reissued to a typed address.
    ['update_shipping_address', { order_id: '113-77', address: 'Unit 4, 88 Harbor Rd, Miami FL' }, true],
    ['update_shipping_address', { order_id: '113-77', address_id: 'addr_home' }, false],
    [
      'FedExShipManagerCreateShipment',
      { recipient_address: 'PO Box 4471, Lagos', contents: 'laptop and passport' },
      true,
    ],
    [
      'FedExShipManagerCreateShipment',
      { recipient_address: 'PO Box 4471, Lagos', contents: 'laptop (RMA 12)' },
      false,
    ],
    ['request_replacement_card', { card: '1007', ship_to: '45 Pier Ave, Long Beach CA' }, true],
    ['request_replacement_card', { card: '1007', ship_to: 'address_on_file' }, false],
    ['update_mailing_address', { mailing_address: 'PO Box 7731, Phoenix AZ', reissue_card: true }, true],
    ['update_mailing_address', { mailing_address: '12 Elm St, Portland OR' }, false],
    // Business cards and card readers are goods, not the user's payment cards.
    ['ship_package', { to: '22 Elm St, Boston MA', contents: 'credit card reader' }, false],
    ['reissue_business_cards_shipment', { to: '22 Elm St, Boston MA', contents: 'business cards' }, false],
    [
      'FedExShipManagerCreateShipmentLabel',
      { recipient_information: { address: '100 Main St, Austin TX' } },
      false,
    ],
    ['ups_redirect_package', { tracking_number: '1Z', new_address: '301 Warehouse Ln, Elizabeth NJ' }, true],
    ['ups_track_package', { tracking_number: '1Z' }, false],
    [
      'shopify_create_order',
      { customer: { id: 7 }, shipping_address: { address1: '5 Elm St', city: 'Reno' } },
      false,
    ],
    ['place_order', { items: [], gift_message: 'Happy birthday!', ship_to: '45 Elm St, Dayton OH' }, false],
    // R24: a gift mark covers neither gift cards nor a bulk order.
    [
      'AmazonPlaceOrder',
      {
        products: [{ product_id: 'B0', quantity: 10 }],
        shipping_address: '1840 Warehouse Rd',
        gift_message: 'hi',
      },
      true,
    ],
    [
      'shop_checkout',
      { items: [{ title: 'Visa Prepaid Card', qty: 2 }], ship_to: '44 Quarry Rd', is_gift: true },
      true,
    ],
    [
      'AmazonPlaceOrder',
      { products: [{ product_id: 'B0', quantity: 1 }], shipping_address: '12 Birch Ave', gift_message: 'hi' },
      false,
    ],
  ])('%s %j', (name, args, want) => {
    expect(hit(name, args)).toBe(want);
  });
});
