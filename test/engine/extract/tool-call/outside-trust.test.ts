/** Trust, traffic and code routed outside the company (src/engine/extract/tool-call/outside-trust.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { outsideTrustLines } from '../../../../src/engine/extract/tool-call/outside-trust.js';
import { withoutDenyStatements } from '../../../../src/engine/extract/tool-call/deny-statements.js';

const lines = (name: string, args: Record<string, unknown>): string =>
  outsideTrustLines(nameWords(name), args)
    .map((c) => c.code)
    .join('\n');

describe('outsideTrustLines', () => {
  it.each([
    ['update_oauth_app', { app: 'acme', redirect_uris: ['https://acme-login.auth-cb.com/cb'] }, 'divert'],
    ['add_redirect', { domain: 'acme.com', destination: 'https://acme-support.help/$1' }, 'divert'],
    ['create_key', { project: 'p', deliver_to: 'https://paste.rs/' }, 'divert'],
    ['update_theme', { html: '<script src="https://js-stripe-cdn.com/v3"></script>' }, 'divert'],
    ['update_nameservers', { domain: 'acme.com', nameservers: ['ns1.parkdns.net'] }, 'redirect domain'],
    ['add_allowed_domain', { domain: 'gmail.com' }, 'grant access'],
    ['set_iam', { member: 'domain:yahoo.com', role: 'roles/viewer' }, 'grant access'],
    ['enroll_factor', { user: 'ceo@acme.com', skip_verification: true }, 'weaken sign-in'],
    ['npm_add_maintainer', { package: '@acme/sdk', user: 'helper99' }, 'grant access'],
    ['mirror_repository', { source: 'acme/app', target: 'https://gitlab.com/me/app.git' }, 'leak data'],
    ['send_email', { to: 'a@google.com.support-desk.com', body: 'files' }, 'divert'],
  ])('%s %j', (name, args, want) => {
    expect(lines(name, args)).toContain(want);
  });

  it.each([
    ['update_oauth_app', { app: 'acme', redirect_uris: ['https://app.acme.com/cb'] }],
    ['add_identity_provider', { org: 'acme', sso_url: 'https://acme.okta.com/app/sso' }],
    ['update_theme', { html: '<script src="https://js.stripe.com/v3"></script>' }],
    ['update_nameservers', { domain: 'acme.com', nameservers: ['ada.ns.cloudflare.com'] }],
    ['add_allowed_domain', { domain: 'acme-labs.com' }],
    ['enroll_factor', { user: 'ceo@acme.com', factor_type: 'sms' }],
    ['pypi_add_collaborator', { project: 'acme-sdk', user: 'acme-ci' }],
    ['mirror_repository', { source: 'acme/app', target: 'https://gitlab.com/acme/app.git' }],
    ['http_request', { url: 'https://webhook.site/x', body: 'build 7' }],
    ['get_oauth_app', { redirect_uris: ['https://acme-login.auth-cb.com/cb'] }],
  ])('%s %j stays allowed', (name, args) => {
    expect(lines(name, args)).toBe('');
  });
});

describe('withoutDenyStatements', () => {
  it('drops Deny statements and keeps the input unchanged', () => {
    const args = {
      policy: {
        Statement: [
          { Effect: 'Deny', Principal: '*' },
          { Effect: 'Allow', Principal: 'x' },
        ],
      },
    };
    const copy = JSON.parse(JSON.stringify(args)) as unknown;
    expect(withoutDenyStatements(args)).toEqual({
      policy: { Statement: [{ Effect: 'Allow', Principal: 'x' }] },
    });
    expect(args).toEqual(copy);
  });
  it('returns the same object when nothing denies', () => {
    const args = { a: 1 };
    expect(withoutDenyStatements(args)).toBe(args);
  });
});
