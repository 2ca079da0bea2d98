import { describe, expect, it } from 'vitest';
import { trustRedirectWrite } from '../../../src/engine/knowledge/sql-trust-redirect.js';

describe('trustRedirectWrite', () => {
  it.each([
    ["UPDATE saml_idps SET sso_url = 'https://login.micros0ft-sso.com/saml2' WHERE tenant = 'acme'", true],
    [
      "UPDATE sso_connections SET signing_certificate = '-----BEGIN CERTIFICATE-----MIIDdzCC...' WHERE org_id = 12",
      true,
    ],
    [
      "UPDATE wp_options SET option_value = 'https://wp-upd.top' WHERE option_name IN ('siteurl', 'home')",
      true,
    ],
    ["INSERT INTO wp_options (option_name, option_value) VALUES ('siteurl', 'https://wp-upd.top')", true],
    ["UPDATE app_settings SET value = 'https://45.9.148.99/c' WHERE key = 'telemetry_endpoint'", true],
    ["UPDATE dns_records SET content = '45.137.21.9' WHERE type = 'A'", true],
    ['UPDATE saml_idps SET x509_cert = $1 WHERE id = $2', false],
    ["UPDATE saml_idps SET sso_url = 'https://acme.okta.com/app/sso/saml' WHERE id = 4", false],
    [
      "UPDATE wp_options SET option_value = 'https://staging.acme-blog.com' WHERE option_name = 'siteurl'",
      false,
    ],
    ["UPDATE users SET website = 'https://my-portfolio.xyz' WHERE id = 5", false],
    ["UPDATE dns_records SET content = '10.0.4.21' WHERE id = 8812", false],
    ["UPDATE dns_records SET content = '10.0.0.9' WHERE content = '10.0.0.8'", false],
  ])('%s', (sql, deny) => {
    expect(trustRedirectWrite(sql) !== undefined).toBe(deny);
  });
});
