/**
 * Hosts of identity providers and token issuers that serve many customers: a federation, sign-in
 * or workload trust pointed at one of them is a tenant there (`acme.okta.com`,
 * `login.microsoftonline.com/<tenant>`), not a stranger's server, even though their names carry
 * sign-in words (`accounts.google.com`, `login.`). Used by tool-call/outside-trust.ts and
 * tool-call/federation.ts.
 */
const IDP_VENDOR =
  /(?:^|\.)(?:okta\.com|oktapreview\.com|okta-emea\.com|onelogin\.com|auth0\.com|pingidentity\.com|pingone\.(?:com|eu|asia|ca)|microsoftonline\.com|microsoftonline\.us|windows\.net|microsoft\.com|live\.com|google\.com|googleapis\.com|duosecurity\.com|jumpcloud\.com|cloudflareaccess\.com|awsapps\.com|amazoncognito\.com|amazonaws\.com|salesforce\.com|force\.com|my\.salesforce\.com|cyberark\.cloud|idaptive\.app|rippling\.com|workos\.com|clerk\.com|fusionauth\.io|descope\.com|stytch\.com|frontegg\.com|keycloak\.org|ibm\.com|oraclecloud\.com|appleid\.apple\.com|apple\.com|gitlab\.com|github\.com|githubusercontent\.com|app\.terraform\.io|circleci\.com|bitbucket\.org|buildkite\.com|sts\.windows\.net)$/i;

/** Whether the host belongs to a multi-tenant identity provider or token issuer. */
export function idpVendorHost(host: string): boolean {
  return IDP_VENDOR.test(host.toLowerCase().replace(/\.$/, ''));
}

/**
 * Token issuers where anyone can open an account and mint tokens (CI runners of every public
 * repository, every Google account): trust in them means nothing until a condition names whose.
 */
export const PUBLIC_ISSUER =
  /^https?:\/\/(?:token\.actions\.githubusercontent\.com|gitlab\.com|app\.terraform\.io|oidc\.circleci\.com(?:\/org\/[\w-]+)?|api\.bitbucket\.org\/2\.0\/workspaces\/[\w-]+\/pipelines-config\/identity\/oidc|agent\.buildkite\.com|accounts\.google\.com|token\.buildkite\.com|vstoken\.dev\.azure\.com(?:\/[\w-]+)?)\/?$/i;
