/** A form asking for passwords or codes handed to people (src/engine/extract/tool-call/credential-form.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { credentialFormLines } from '../../../../src/engine/extract/tool-call/credential-form.js';

const hit = (name: string, args: unknown): boolean => credentialFormLines(nameWords(name), args).length > 0;

describe('credentialFormLines', () => {
  it.each<[string, unknown, boolean]>([
    [
      'create_google_form',
      { title: 'Expiry', fields: ['email', 'current password'], share_to: 'all@acme.com' },
      true,
    ],
    [
      'create_google_form',
      { title: 'Password Expiry', fields: ['name', 'email'], share_to: 'all@acme.com' },
      false,
    ],
    [
      'microsoft_forms_create',
      { questions: [{ title: 'Enter your MFA code' }], send_to: 'all@acme.com' },
      true,
    ],
    [
      'typeform_create_form',
      { fields: [{ title: 'How often do you change your password?' }], share_to: 'x' },
      false,
    ],
    ['typeform_create_form', { fields: [{ title: 'Okta password' }] }, false],
    ['CreateFormPhish', { fields: [{ title: 'Okta password' }] }, true],
    ['list_forms', { fields: ['password'], share_to: 'all@acme.com' }, false],
  ])('%s %j', (name, args, want) => {
    expect(hit(name, args)).toBe(want);
  });
});
