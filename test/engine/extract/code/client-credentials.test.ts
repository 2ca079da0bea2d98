/** A server's client's credentials read off its request (code/client-credentials.ts). */
import { describe, expect, it } from 'vitest';
import {
  CLIENT_AUTH,
  clientCredentialCall,
  clientCredentialMember,
} from '../../../../src/engine/extract/code/client-credentials.js';
import { CLIENT_REQUEST } from '../../../../src/engine/extract/code/effects.js';
import { UNKNOWN, type Val } from '../../../../src/engine/extract/code/value.js';

const client: Val = { ...UNKNOWN, sources: [CLIENT_REQUEST] };
const local: Val = UNKNOWN;

describe('clientCredentialMember', () => {
  it.each([
    ['the Authorization header', client, 'authorization', true],
    ["Django's META key", client, 'HTTP_AUTHORIZATION', true],
    ['a session cookie', client, 'session', true],
    ['an API key header', client, 'x-api-key', true],
    ['a password field', client, 'password', true],
    ['a tracking cookie', client, 'ajs_anonymous_id', false],
    ['the user agent', client, 'user-agent', false],
    ['an authorization of local data', local, 'authorization', false],
  ])('%s', (_name, base, prop, want) => {
    expect(clientCredentialMember(base, prop, base).sources.includes(CLIENT_AUTH)).toBe(want);
  });
});

describe('clientCredentialCall', () => {
  it.each([
    ["ctx.get('authorization')", client, 'get', 'authorization', true],
    ["req.header('Cookie')", client, 'header', 'Cookie', true],
    ["cookies.get('connect.sid')", client, 'get', 'connect.sid', true],
    ["ctx.get('accept-language')", client, 'get', 'accept-language', false],
    ["map.get('authorization') of local data", local, 'get', 'authorization', false],
    ["a setter named like a getter ('set')", client, 'set', 'authorization', false],
  ])('%s', (_name, recv, method, key, want) => {
    expect(clientCredentialCall(recv, method, key, recv).sources.includes(CLIENT_AUTH)).toBe(want);
  });
});
