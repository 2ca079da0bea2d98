/** Every pending payment approved at once (src/engine/extract/tool-call/approve-all.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { approveAllLines } from '../../../../src/engine/extract/tool-call/approve-all.js';

const hit = (name: string, args: unknown): boolean => approveAllLines(nameWords(name), args).length > 0;

describe('approveAllLines', () => {
  it.each<[string, unknown, boolean]>([
    ['bill_com_approve_all_pending', { approver: 'cfo', bills: '*' }, true],
    ['bill_com_approve_bill', { bill_id: '00n01' }, false],
    ['tipalti_approve_payments', { payment_ids: '*' }, true],
    ['tipalti_approve_payments', { payment_ids: ['p_1', 'p_2'] }, false],
    ['gusto_approve_all_payrolls', { company_id: 'c1' }, true],
    ['approve_expense_reports', { status: 'pending' }, true],
    ['approve_expense_reports', { status: 'pending', report_ids: ['R-1'] }, false],
    ['mercury_approve_pending_transfers', { approve_all: true }, true],
    ['list_all_pending_bills', {}, false],
    // Approvals outside money.
    ['wordpress_approve_all_pending_comments', { post_id: 12 }, false],
  ])('%s %j', (name, args, want) => {
    expect(hit(name, args)).toBe(want);
  });
});
