/** Accounts and homes handed over by a call (src/engine/extract/tool-call/account-takeover.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { accountTakeoverLines } from '../../../../src/engine/extract/tool-call/account-takeover.js';

const hit = (name: string, args: unknown): boolean => accountTakeoverLines(nameWords(name), args).length > 0;

describe('accountTakeoverLines', () => {
  it.each<[string, unknown, boolean]>([
    ['update_user_info', { email: 'x@evil-mail.io' }, true],
    ['update_user_info', { street: 'Main Street 12' }, false],
    ['create_user', { email: 'jo@acme.example' }, false],
    ['set_mfa', { phone: '+12025550188', replace_existing: true }, true],
    ['set_mfa', { method: 'totp' }, false],
    // R24: an e-mail method named in a vendor's word (Entra `emailAuthenticationMethod`) on another user.
    [
      'add_authentication_method',
      { user: 'ceo@acme.com', method: 'emailAuthenticationMethod', emailAddress: 'h@tutanota.com' },
      true,
    ],
    [
      'update_authentication_method',
      { user: 'ceo@acme.com', method: 'EMAIL_OTP', email: 'c.x@proton.me' },
      true,
    ],
    [
      'add_authentication_method',
      { user: 'ceo@acme.com', method: 'emailAuthenticationMethod', emailAddress: 'ceo.office@acme.com' },
      false,
    ],
    ['update_password', { password: 'new_password' }, true],
    ['update_password', { password: 'N3w-Str0ng-Pass!' }, false],
    ['add_oauth_app', { redirect_uri: 'https://x.example/cb', scopes: ['admin'] }, true],
    ['add_oauth_app', { redirect_uri: 'https://x.example/cb', scopes: ['chat:write'] }, false],
    ['smart_lock_grant_guest_access', { guest: 'amy', permanent: true }, true],
    ['smart_lock_grant_guest_access', { guest: 'joe', start: '09:00', end: '12:00' }, false],
  ])('%s %j', (name, args, want) => {
    expect(hit(name, args)).toBe(want);
  });
});
