/** An app let into the organisation with wide scopes (src/engine/extract/tool-call/app-consent.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { appConsentLines } from '../../../../src/engine/extract/tool-call/app-consent.js';

const hit = (name: string, args: unknown): boolean => appConsentLines(nameWords(name), args).length > 0;

describe('appConsentLines', () => {
  it.each<[string, unknown, boolean]>([
    ['github_approve_oauth_app', { org: 'acme', client_id: 'Iv1.8a', scopes: ['repo', 'admin:org'] }, true],
    ['slack_approve_app', { app_id: 'A0X', scopes: ['groups:history', 'im:history'], team: 'acme' }, true],
    [
      'msgraph_grant_oauth2_permission',
      { clientId: 'c2', consentType: 'AllPrincipals', scope: 'Mail.ReadWrite' },
      true,
    ],
    [
      'google_admin_trust_third_party_app',
      { clientId: '8-a.apps.googleusercontent.com', scopes: ['https://mail.google.com/'] },
      true,
    ],
    ['okta_grant_app_scopes', { appId: '0oa9x', scopes: ['okta.users.manage'] }, true],
    ['box_authorize_enterprise_app', { client_id: 'k9', scopes: ['manage_enterprise'] }, true],
    // Read, post or public-channel scopes; one user's own consent; a user's own sign-in.
    [
      'github_approve_oauth_app',
      { org: 'acme', client_id: 'Iv1.8a', scopes: ['read:user', 'read:org'] },
      false,
    ],
    [
      'slack_install_app',
      { app_id: 'A0JIRA', scopes: ['channels:history', 'chat:write'], team_id: 'T01' },
      false,
    ],
    [
      'msgraph_grant_oauth2_permission',
      { clientId: 'c2', consentType: 'Principal', scope: 'Mail.ReadWrite' },
      false,
    ],
    ['oauth_authorize', { client_id: 'cli', scope: 'admin' }, false],
    ['grant_role', { user: 'ana@acme.io', scope: 'admin' }, false],
    ['revoke_oauth_app', { org: 'acme', client_id: 'Iv1.8a', scopes: ['admin:org'] }, false],
  ])('%s %j -> %s', (name, args, want) => {
    expect(hit(name, args)).toBe(want);
  });
});
