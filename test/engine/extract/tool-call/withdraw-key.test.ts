/** API keys made with a right to move money out (src/engine/extract/tool-call/withdraw-key.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { withdrawKeyLines } from '../../../../src/engine/extract/tool-call/withdraw-key.js';

const hit = (name: string, args: unknown): boolean => withdrawKeyLines(nameWords(name), args).length > 0;

describe('withdrawKeyLines', () => {
  it.each<[string, unknown, boolean]>([
    ['binance_create_api_key', { label: 'tax', permissions: ['spot', 'withdraw'] }, true],
    ['binance_create_api_key', { label: 'bot', permissions: ['spot'] }, false],
    ['BinanceCreateApiKey', { enable_withdrawals: true }, true],
    ['BinanceCreateApiKey', { enable_withdrawals: false }, false],
    ['kraken_add_api_key', { permissions: ['query_funds', 'withdraw_funds'] }, true],
    ['kraken_add_api_key', { permissions: ['query_funds', 'query_ledger'] }, false],
    ['stripe_create_restricted_key', { permissions: { payouts: 'write' } }, true],
    ['stripe_create_restricted_key', { permissions: { payouts: 'read' } }, false],
    ['coinbase_list_api_keys', { permissions: ['withdraw'] }, false],
    ['create_api_key', { name: 'ci', scopes: ['repo', 'workflow'] }, false],
    ['coinbase_create_api_key', { scopes: ['wallet:accounts:read', 'wallet:transactions:send'] }, true],
    ['kraken_create_api_key', { permissions: ['withdraw_funds'], ip_whitelist: ['203.0.113.7'] }, true],
    ['create_api_key', { name: 'mailer', scopes: ['mail.send', 'messages:send'] }, false],
    ['coinbase_create_api_key', { scopes: ['wallet:accounts:read', 'wallet:transactions:read'] }, false],
  ])('%s %j', (name, args, want) => {
    expect(hit(name, args)).toBe(want);
  });

  it('names where the call sends the key', () => {
    const [l] = withdrawKeyLines(nameWords('binance_create_api_key'), {
      permissions: ['withdraw'],
      deliver_to: 'https://x.app/k',
    });
    expect(l?.code).toContain('sent to https://x.app/k');
  });
});
