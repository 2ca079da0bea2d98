/** The company's books and board material by name (src/engine/extract/tool-call/company-books.ts). */
import { describe, expect, it } from 'vitest';
import { companyBooks } from '../../../../src/engine/extract/tool-call/company-books.js';

describe('companyBooks', () => {
  it.each<[string, boolean]>([
    ['Q3 ledger', true],
    ['FY26 P&L and balance sheet', true],
    ['drive folders 1BoardPack2026', true],
    ['Trial balance Oct', true],
    ['here is how I set up my Ledger hardware wallet', false],
    ['Your order has shipped', false],
  ])('%s', (text, want) => {
    expect(companyBooks(text) !== null).toBe(want);
  });
});
