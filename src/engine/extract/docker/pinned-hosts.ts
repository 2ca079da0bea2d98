/**
 * Public services' names pinned to another address inside a container (R15/R16: compose
 * `extra_hosts: ["api.stripe.com:193.42.33.12", "login.microsoftonline.com:193.42.33.12"]`,
 * `--add-host registry.npmjs.org:203.0.113.5`): the service's payments, sign-ins or packages then go
 * to whoever holds that address, which answers as the vendor. Read: a vendor's, identity provider's
 * or registry's name pinned to a public address, or names of several domains pinned to one public
 * address (one box posing as many services). A name pinned to the host, a private address
 * (stripe-mock on the compose network), or one own name pinned to a new server stays the operator's.
 */
import { classifyHost } from '../../net/address.js';
import { registrable } from '../tool-call/recipients.js';

/** Registrable domains of payment, identity, code, package and cloud services an application trusts. */
const VENDOR =
  /(?:^|\.)(?:stripe\.com|stripe\.network|paypal\.com|braintreegateway\.com|adyen\.com|squareup\.com|checkout\.com|plaid\.com|wise\.com|coinbase\.com|microsoftonline\.com|microsoft\.com|live\.com|windows\.net|azure\.com|office\.com|office365\.com|okta\.com|oktapreview\.com|auth0\.com|onelogin\.com|duosecurity\.com|pingidentity\.com|google\.com|googleapis\.com|gstatic\.com|apple\.com|icloud\.com|facebook\.com|github\.com|githubusercontent\.com|gitlab\.com|bitbucket\.org|npmjs\.org|npmjs\.com|yarnpkg\.com|pypi\.org|pythonhosted\.org|rubygems\.org|crates\.io|golang\.org|proxy\.golang\.org|maven\.org|docker\.io|docker\.com|ghcr\.io|quay\.io|amazonaws\.com|cloudflare\.com|twilio\.com|sendgrid\.net|sendgrid\.com|mailgun\.net|postmarkapp\.com|slack\.com|salesforce\.com|atlassian\.net|openai\.com|anthropic\.com|letsencrypt\.org|hashicorp\.com|vault\.io)$/i;

/** An address outside this machine and its networks (documentation ranges count: they are no one's own). */
function publicAddress(ip: string): boolean {
  const a = ip.replace(/^\[|\]$/g, '');
  return /^[\d.]+$|:/.test(a) && classifyHost(a).class === 'public';
}

/** Why the `name → address` pins send a public service's traffic elsewhere, or undefined. */
export function pinnedOutside(entries: readonly (readonly [string, string])[]): string | undefined {
  const byAddress = new Map<string, Set<string>>();
  for (const [raw, ip] of entries.slice(0, 64)) {
    const name = raw.trim().toLowerCase().replace(/\.$/, '');
    if (!/^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/.test(name) || !publicAddress(ip.trim())) continue;
    if (VENDOR.test(name))
      return `${name} pinned to ${ip.trim()}: that service's traffic goes to whoever holds the address`;
    const set = byAddress.get(ip.trim()) ?? new Set<string>();
    set.add(registrable(name));
    byAddress.set(ip.trim(), set);
  }
  for (const [ip, domains] of byAddress)
    if (domains.size >= 2)
      return `${[...domains].join(', ')} all pinned to ${ip}: one address answers as several services`;
  return undefined;
}
