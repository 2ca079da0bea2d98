import { describe, expect, it } from 'vitest';
import {
  isSecretColumn,
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
