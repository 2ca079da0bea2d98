/** Sign-in trust handed to an outsider through a federation call (src/engine/extract/tool-call/federation.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { federationLines } from '../../../../src/engine/extract/tool-call/federation.js';

const hit = (name: string, args: unknown): boolean => federationLines(nameWords(name), args).length > 0;

describe('federationLines', () => {
  it.each<[string, unknown, boolean]>([
    // The company's domain federated to a host that is neither its own nor an identity vendor's.
    [
      'entra_add_federated_domain',
      { domain: 'acme.com', issuerUri: 'https://sts.adfs-cloud.net/acme' },
      true,
    ],
    ['onelogin_create_trusted_idp', { domain: 'acme.com', issuer: 'https://idp.corpfed.net/saml' }, true],
    [
      'workos_create_connection',
      { organization: 'acme', idp_metadata_url: 'https://meta.corpfed.net/x.xml' },
      true,
    ],
    ['entra_add_federated_domain', { domain: 'acme.com', issuerUri: 'https://sts.acme.com/adfs' }, false],
    ['okta_create_idp', { org: 'acme', issuer: 'https://login.microsoftonline.com/72f9/v2.0' }, false],
    [
      'workos_create_connection',
      { organization: 'acme', idp_metadata_url: 'https://acme.okta.com/app/x/sso/saml/metadata' },
      false,
    ],
    // No company named: outside-trust.ts reads the host from lure words instead.
    ['okta_create_idp', { name: 'Partner', issuer: 'https://sts.partnercorp.com' }, false],
    // A workload trust any token of a public issuer meets.
    [
      'gcp_iam_create_workload_identity_provider',
      { issuer_uri: 'https://token.actions.githubusercontent.com', attribute_condition: 'true' },
      true,
    ],
    [
      'azure_ad_add_federated_credential',
      { issuer: 'https://token.actions.githubusercontent.com', subject: 'repo:*' },
      true,
    ],
    [
      'gcp_iam_create_workload_identity_provider',
      {
        issuer_uri: 'https://token.actions.githubusercontent.com',
        attribute_condition: "assertion.repository_owner == 'acme'",
      },
      false,
    ],
    [
      'azure_ad_add_federated_credential',
      { issuer: 'https://token.actions.githubusercontent.com', subject: 'repo:acme/api:environment:prod' },
      false,
    ],
    // Every outside tenant's MFA claims accepted, not one partner's.
    ['entra_update_cross_tenant_access_default', { inboundTrust: { isMfaAccepted: true } }, true],
    [
      'entra_update_cross_tenant_access_partner',
      { tenantId: '3b5c1e2a', inboundTrust: { isMfaAccepted: true } },
      false,
    ],
    // An outside account invited into the organisation; a new member account is the company's own.
    ['aws_organizations_invite_account', { Target: { Id: '999988887777', Type: 'ACCOUNT' } }, true],
    [
      'aws_organizations_create_account',
      { AccountName: 'acme-sandbox', Email: 'aws-sandbox@acme.com' },
      false,
    ],
    ['list_federated_domains', { domain: 'acme.com', issuerUri: 'https://sts.adfs-cloud.net' }, false],
  ])('%s %j -> %s', (name, args, want) => {
    expect(hit(name, args)).toBe(want);
  });
});
