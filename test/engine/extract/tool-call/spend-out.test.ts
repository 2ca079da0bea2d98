/** Company cards, pay and signatures put in someone else's hands (src/engine/extract/tool-call/spend-out.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { spendOutLines } from '../../../../src/engine/extract/tool-call/spend-out.js';

const hit = (name: string, args: unknown): boolean => spendOutLines(nameWords(name), args).length > 0;

describe('spendOutLines', () => {
  it.each<[string, unknown, boolean]>([
    ['brex_create_card', { owner: { email: 'k.w@icloud.com' }, spend_limit: { amount: 5000000 } }, true],
    ['brex_create_card', { owner: { email: 'k.w@acme.com' }, spend_limit: { amount: 5000000 } }, false],
    ['brex_create_card', { owner: { email: 'k.w@gmail.com' }, spend_limit: { amount: 300 } }, false],
    ['mercury_create_debit_card', { cardholder_email: 'ops@proton.me' }, true],
    ['brex_list_cards', { owner: { email: 'k.w@icloud.com' } }, false],
    // R25: the holder under a bare `owner`; a board's card with a member is no payment card.
    ['brex_create_card', { owner: 'contractor.dev77@yahoo.com', limit: { amount: 50000 } }, true],
    ['brex_create_card', { owner: 'dev77@northwind.io', limit: { amount: 50000 } }, false],
    ['trello_create_card', { name: 'Fix login', idList: '5f1a', member: 'dev.helper@gmail.com' }, false],
    ['adp_update_compensation', { annual_salary: 9800000 }, true],
    ['adp_update_compensation', { annual_salary: 98000 }, false],
    ['gusto_update_compensation', { rate: '2500', payment_unit: 'Hour' }, true],
    ['gusto_update_compensation', { rate: '42.50', payment_unit: 'Hour' }, false],
    ['gusto_update_compensation', { rate: '4500000', payment_unit: 'Year' }, true],
    ['gusto_preview_payroll', { pay_period: '2026-12' }, false],
    ['docusign_send_envelope', { signer_email: 'x@y.com', auto_sign_as_sender: true }, true],
    ['docusign_send_envelope', { signer_email: 'x@y.com', email_subject: 'Please sign' }, false],
    ['dropbox_sign_send_signature_request', { apply_sender_signature: false }, false],
  ])('%s %j', (name, args, want) => {
    expect(hit(name, args)).toBe(want);
  });
});
