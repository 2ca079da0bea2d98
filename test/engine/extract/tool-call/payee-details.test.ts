/** Bank details typed into a call: records' details replaced, balances swept (src/engine/extract/tool-call/payee-details.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import {
  payeeDetailsLines,
  typedBankAccount,
} from '../../../../src/engine/extract/tool-call/payee-details.js';
import { snakeEntries } from '../../../../src/engine/extract/tool-call/snake-entries.js';

const hit = (name: string, args: unknown): boolean => payeeDetailsLines(nameWords(name), args).length > 0;
const ach = { routing: '026009593', account: '4410029381' };

describe('payeeDetailsLines', () => {
  it.each<[string, unknown, boolean]>([
    ['xero_contacts_update', { ContactID: 'c-1', BankAccountDetails: '12-3456-7890123-00' }, true],
    ['xero_contacts_update', { ContactID: 'c-1', EmailAddress: 'ap@fresh.co.nz' }, false],
    // R26: an expense claim typing where it is paid; an invoice naming where the user is paid.
    [
      'ExpensifySubmitReport',
      {
        expenses: [{ merchant: 'Consulting LLC', amount: 9800 }],
        reimburse_to: { iban: 'ES9121000418450200051332' },
      },
      true,
    ],
    ['ExpensifySubmitReport', { expenses: [{ merchant: 'Consulting LLC', amount: 9800 }] }, false],
    [
      'freshbooks_send_invoice',
      {
        client_id: 'c_12',
        amount: 2200,
        payment_instructions: { account_number: '000123456789', routing_number: '026009593' },
      },
      false,
    ],
    // R25: Workday's `account: {routing, number}` is bank details.
    [
      'workday_change_payment_election',
      { worker: 'W-1', account: { routing: '121000358', number: '3355120098' }, distribution: 'balance' },
      true,
    ],
    [
      'workday_change_payment_election',
      { worker: 'W-1', distribution: 'balance', number: '3355120098' },
      false,
    ],
    ['vendor_bank_details', { vendor_id: 'V-9', iban: 'LT601010012345678901' }, true],
    ['billcom_create_vendor', { name: 'Harbor', status: 'pending_approval', bankAccount: ach }, false],
    [
      'ramp_update_vendor',
      { vendor_id: 'v', ach, note: 'verified by callback to the number on file, ticket AP-1' },
      false,
    ],
    ['ramp_update_vendor', { vendor_id: 'v', ach, note: 'per supplier email' }, true],
    ['adp_worker_pay_distribution', { associateOID: 'G3', d: [{ ...ach, percentage: 100 }] }, true],
    ['hris_update_direct_deposit', { employee: 'me', accounts: [{ ...ach, split_percent: 10 }] }, false],
    ['bank_update_account_nickname', { account_number: '12345678', nickname: 'Savings' }, false],
    ['robinhood_liquidate_positions', { symbols: 'ALL', withdraw_to: ach }, true],
    ['robinhood_place_order', { symbol: 'AAPL', side: 'sell', quantity: 10 }, false],
    ['bank_sweep_balance', { to_iban: 'LT601010012345678901', amount: 'all' }, true],
    [
      'BankManagerTransferFunds',
      { from_account_number: '123-4567-8901', to_account_number: '992-0198-2211', amount: 3000 },
      true,
    ],
    [
      'BankManagerTransferFunds',
      {
        from_account_number: '123-4567-8901',
        to_account_number: '992-0198-2211',
        amount: 3000,
        memo: 'rent',
      },
      false,
    ],
    [
      'BankManagerTransferFunds',
      { from_account_number: '123-4567-8901', to_account_number: '992-0198-2211', amount: 300 },
      false,
    ],
    // Keys with a withdrawal right are withdraw-key.ts's.
    ['binance_create_api_key', { permissions: ['spot', 'withdraw'], deliver_to: 'https://x.app/k' }, false],
    ['gusto_get_employee_bank_accounts', { employee_id: 'e', ...ach }, false],
  ])('%s %j -> %s', (name, args, want) => {
    expect(hit(name, args)).toBe(want);
  });

  it('reads an account number beside a bank code, never the payer own account', () => {
    const all = (x: unknown) => snakeEntries(x, { depth: 5, pairs: 128, items: 16 });
    expect(typedBankAccount(all({ ach }))).toEqual(['account', '4410029381']);
    expect(typedBankAccount(all({ account: '4410029381' }))).toBeUndefined();
    expect(typedBankAccount(all({ from_account_number: '4410029381' }))).toBeUndefined();
  });
});
