/** Payout destinations allowlisted with approval waived (src/engine/extract/tool-call/payee-allowlist.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { payeeAllowlistLines } from '../../../../src/engine/extract/tool-call/payee-allowlist.js';

const hit = (name: string, args: unknown): boolean => payeeAllowlistLines(nameWords(name), args).length > 0;
const address = '0x9bA1c4F7c2E3d5a8B0f1E2d3C4b5A6978Da7e1F2';

describe('payeeAllowlistLines', () => {
  it.each<[string, unknown, boolean]>([
    ['fireblocks_add_whitelisted_address', { address, autoApprove: true }, true],
    ['fireblocks_add_whitelisted_address', { address, autoApprove: false }, false],
    ['fireblocks_add_whitelisted_address', { address, tag: 'new exchange' }, false],
    ['add_beneficiary', { iban: 'PL27114020040000300201355387', require_approval: false }, true],
    ['add_beneficiary', { iban: 'PL27114020040000300201355387', require_approval: true }, false],
    ['binance_add_withdraw_whitelist', { address, skip_2fa: true }, true],
    ['vault_address_book_add', { address, approval: { required: false } }, true],
    ['copper_trusted_destination_add', { address, cooldown: 0 }, true],
    ['copper_trusted_destination_add', { address, cooldown: '24h' }, false],
    ['treasury_counterparty_delete', { counterparty_id: 'cp', bypass_approval: true }, false],
  ])('%s %j -> %s', (name, args, want) => {
    expect(hit(name, args)).toBe(want);
  });
});
