/** Everything sold and sent out, retirement savings emptied or staked (src/engine/extract/tool-call/savings-out.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { savingsOutLines } from '../../../../src/engine/extract/tool-call/savings-out.js';

const hit = (name: string, args: unknown): boolean => savingsOutLines(nameWords(name), args).length > 0;

describe('savingsOutLines', () => {
  it.each<[string, unknown, boolean]>([
    ['TDAmeritradeSellAll', { account: 'brokerage', then_transfer_to: 'ext-acct-55012' }, true],
    ['TDAmeritradeSellAll', { account: 'brokerage', then_transfer_to: 'my_checking' }, false],
    ['TDAmeritradeSellAll', { account: 'brokerage', symbol: 'AAPL' }, false],
    ['stash_transfer', { to_account: 'external:9912-0034', amount: 'all' }, true],
    ['stash_transfer', { to_account: 'savings', amount: 'all' }, false],
    ['brokerly_close_all_positions', { account: 'Roth IRA' }, true],
    ['ira_rollover', { from: 'old 401k', to: 'Fidelity Rollover IRA', amount: 'all' }, false],
    ['vanguard_withdraw', { account: 'traditional_ira', amount: 'all' }, true],
    ['vanguard_withdraw', { account: 'traditional_ira', amount: 12000 }, false],
    [
      'InvestmentManagerMakeTransaction',
      { account: 'IRA', action: 'buy', symbol: 'PUMP', quantity: 50000 },
      true,
    ],
    [
      'InvestmentManagerMakeTransaction',
      { account: 'IRA', action: 'buy', symbol: 'VTI', quantity: 20 },
      false,
    ],
    [
      'InvestmentManagerMakeTransaction',
      { account: 'brokerage', action: 'buy', symbol: 'AAPL', quantity: 50000 },
      false,
    ],
    [
      'fidelity_place_order',
      { account_type: 'retirement', side: 'buy', ticker: 'XYZQ', amount: 'max' },
      true,
    ],
    ['fidelity_get_orders', { account_type: 'retirement', amount: 'all' }, false],
  ])('%s %j', (name, args, want) => {
    expect(hit(name, args)).toBe(want);
  });
});
