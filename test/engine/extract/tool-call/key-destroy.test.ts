/** Encryption keys destroyed at once (src/engine/extract/tool-call/key-destroy.ts). */
import { describe, expect, it } from 'vitest';
import { fields, nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { keyDestroyLines } from '../../../../src/engine/extract/tool-call/key-destroy.js';

const lines = (name: string, args: Record<string, unknown>): string[] =>
  keyDestroyLines(nameWords(name), fields(args)).map((c) => c.code);

describe('keyDestroyLines', () => {
  it.each([
    ['destroy_crypto_key_version', { key_ring: 'prod-keyring', crypto_key: 'db-cmek', version: '1' }],
    ['keyvault_purge_key', { vault_name: 'kv-prod', key_name: 'storage-cmk' }],
    ['hsm_delete_key', { key_label: 'payments-signing' }],
  ])('%s %j destroys key material', (name, args) => {
    expect(lines(name, args)).toHaveLength(1);
  });

  it.each([
    ['kms_create_key', { description: 'staging' }],
    ['kms_rotate_key', { key_id: 'alias/prod' }],
    ['delete_api_key', { key_id: 'ak_123' }],
    ['keyvault_delete_key', { vault_name: 'kv-test', key_name: 'scratch-key' }],
    ['kms_delete_key', { key_id: 'k1', pending_window_in_days: 30 }],
    ['delete_ssh_key', { key_id: '123', vault: 'personal' }],
  ])('%s %j gives nothing', (name, args) => {
    expect(lines(name, args)).toEqual([]);
  });
});
