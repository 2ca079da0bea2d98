/** Money and help sent where a planted instruction points (src/engine/extract/tool-call/money-out.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { moneyOutLines } from '../../../../src/engine/extract/tool-call/money-out.js';

const hit = (name: string, args: unknown): boolean => moneyOutLines(nameWords(name), args).length > 0;

describe('moneyOutLines', () => {
  it.each<[string, unknown, boolean]>([
    ['crypto_withdraw', { currency: 'BTC', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' }, true],
    ['crypto_withdraw', { currency: 'BTC', address_book_id: 'ab_cold' }, false],
    ['send_money', { recipient: 'GB29NWBK60161331926819', subject: 'Refund per hidden instruction' }, true],
    ['send_money', { recipient: 'GB29NWBK60161331926819', subject: 'Dinner split' }, false],
    ['transfer_funds', { to_iban: 'GB33BUKB20201555555555', memo: 'urgent invoice per CEO' }, true],
    [
      'transfer_funds',
      { to_iban: 'GB33BUKB20201555555555', memo: 'invoice per CEO approval in minutes' },
      false,
    ],
    ['create_dispatch_request', { incident_description: 'prank' }, true],
    ['create_dispatch_request', { incident_description: 'kitchen fire' }, false],
    ['get_transaction', { memo: 'urgent per CEO' }, false],
  ])('%s %j', (name, args, want) => {
    expect(hit(name, args)).toBe(want);
  });
});
