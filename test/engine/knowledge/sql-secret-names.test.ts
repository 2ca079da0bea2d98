import { describe, expect, it } from 'vitest';
import {
  isAccountTable,
  isSecretColumn,
  isSecretColumnIn,
  isSecretTable,
  secretJsonKey,
} from '../../../src/engine/knowledge/sql-secret-names.js';

describe('isSecretColumn', () => {
  it.each([
    'secret_data',
    'token_digest',
    'pw_hash',
    'userPassword',
    'aws_secret_access_key',
    'connection_string',
    'database_url',
    'contraseña',
    'mot_de_passe',
    'пароль',
    'pan',
    'cvv2',
    'card_number',
    'ssn',
    'social_security_number',
    'ssh_private_key',
    'conn_str',
    'private_key_pem',
    'kubeconfig_yaml',
    'totp',
    'otpauth_url',
    'cookie_value',
    'security_answer',
    'shadow_hash',
  ])('%s is a secret', (name) => expect(isSecretColumn(name)).toBe(true));
  it.each([
    'aws_access_key_id',
    'is_secret',
    'has_password',
    'prompt_tokens',
    'password_changed_at',
    'public_key',
    'secret_arn',
    'card_last4',
    'masked_pan',
    'sort_key',
    'token',
    'bypass',
    'passport_expiry',
    'config_yaml',
    'totp_enabled',
    'cookie_consent',
    'box_shadow',
  ])('%s is not', (name) => expect(isSecretColumn(name)).toBe(false));
});

describe('isSecretTable', () => {
  it.each([
    ['authtoken_token', true],
    ['sentry_apitoken', true],
    ['personal_access_tokens', true],
    ['oauth_clients', true],
    ['public.api_keys', true],
    ['password_resets', true],
    ['social_auth_usersocialauth', true],
    ['socialaccount_socialtoken', true],
    ['social_auth_nonce', false],
    ['users', false],
    ['ssh_keys', false],
    ['partition_keys', false],
    ['tokens_daily_rollup', false],
  ])('%s -> %s', (name, secret) => expect(isSecretTable(name)).toBe(secret));
});

describe('secretJsonKey', () => {
  it.each([
    ["name, config->>'api_secret'", 'api_secret'],
    ["JSON_VALUE(c, '$.db.password')", 'password'],
    ["payload #>> '{auth,token}'", 'token'],
    ["settings->>'theme'", undefined],
  ])('%s -> %s', (list, key) => expect(secretJsonKey(list)).toBe(key));
});

// R11 cred-read: login secrets by the shape of their names (r12 fpsql).
describe('login secrets by name shape', () => {
  it.each([
    ['otp', true],
    ['jwt', true],
    ['otp_code', true],
    ['verification_code', true],
    ['pin_code', true],
    ['pin_number', true],
    ['backup_code', true],
    ['service_account_json', true],
    ['gcp_service_account_key', true],
    ['country_code', false],
    ['promo_code', false],
    ['status_code', false],
    ['otp_enabled', false],
    ['service_account_email', false],
    ['pin_count', false],
  ])('isSecretColumn(%s) -> %s', (name, secret) => {
    expect(isSecretColumn(name)).toBe(secret);
  });

  it.each([
    ['pw', 'users', true],
    ['hash', 'accounts', true],
    ['salt', 'public.accounts', true],
    ['token', 'api_clients', true],
    ['pin', 'cards', true],
    ['hash', 'commits', false],
    ['token', 'search_terms', false],
    ['pin', 'notes', false],
  ])('isSecretColumnIn(%s, %s) -> %s', (column, table, secret) => {
    expect(isSecretColumnIn(column, table)).toBe(secret);
  });

  it.each([
    ['refresh_sessions', true],
    ['api_clients', true],
    ['gcp_connections', true],
    ['search_tokens', false],
    ['commits', false],
  ])('isAccountTable(%s) -> %s', (table, account) => {
    expect(isAccountTable(table)).toBe(account);
  });

  it.each([
    ['login_codes', true],
    ['otp_codes', true],
    ['mfa_backup_codes', true],
    ['search_tokens', false],
    ['country_codes', false],
  ])('isSecretTable(%s) -> %s', (table, secret) => {
    expect(isSecretTable(table)).toBe(secret);
  });
});
