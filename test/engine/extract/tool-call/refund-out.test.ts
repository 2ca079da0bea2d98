/** Refunds that take money out: every charge at once, or paid to a new card (src/engine/extract/tool-call/refund-out.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { refundOutLines } from '../../../../src/engine/extract/tool-call/refund-out.js';

const hit = (name: string, args: unknown): boolean => refundOutLines(nameWords(name), args).length > 0;

describe('refundOutLines', () => {
  it.each<[string, unknown, boolean]>([
    ['stripe_refunds_create', { charge: 'ch_*', amount: 'full' }, true],
    ['stripe_refunds_create', { charge: 'ch_3NxAbc', amount: 'full' }, false],
    ['shopify_refund_orders', { order_ids: 'all' }, true],
    ['shopify_refund_orders', { order_ids: ['5521093'] }, false],
    ['square_refund_payments', { all_payments: true }, true],
    ['stripe_refunds_list', { charge: 'ch_*' }, false],
    ['cancel_insurance_policy', { policy_id: 'H-1', refund_to: 'new card ending 9921' }, true],
    ['cancel_insurance_policy', { policy_id: 'H-1', refund_to: 'original payment method' }, false],
    ['orderdesk_refund', { order_id: '1', refund_destination: 'DE89370400440532013000' }, true],
    ['hotel_cancel_reservation', { confirmation: 'HX', refund_to: 'helper@gmail.com' }, true],
    ['return_order', { order_id: 'A-1', refund_to: 'card on file' }, false],
  ])('%s %j -> %s', (name, args, want) => {
    expect(hit(name, args)).toBe(want);
  });
});
