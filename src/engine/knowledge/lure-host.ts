/**
 * Host names shaped like a site set up to catch sign-ins or pose as another (`acme-sso-login.com`,
 * `wm-rewards.top`, `micros0ft-sso.com`): a sign-in or account word as a label part, a cheap
 * throwaway ending, or a digit standing in for a letter. Shared by the tool-call lure reader and
 * the SQL reader of application addresses (knowledge/sql-trust-redirect.ts).
 */
export const LURE_HOST =
  /(?:^|[.-])(?:secure|security|verify|verification|login|signin|sso|auth|account|accounts|update|support|helpdesk|billing|wallet|reward|rewards|prize|claim|bonus|gift|alert|unlock|recover|confirm|validate|portal|payroll|bank)(?:[.-]|$)|\.(?:top|xyz|online|site|info|help|click|link|live|shop|icu|buzz|rest|cam|support|tk|ml|ga|cf|gq|zip|mov|work|vip|win|bid|loan|pw|su|monster|cyou|sbs)$|[a-z][01][a-z]/i;

/**
 * Host labels that name an attacker's own kit (`smtp.h4x.dev`, `pwn-relay.net`, `c2.evil.io`,
 * `loot-drop.org`): no company names its mail relay or webhook receiver so.
 */
export const HOSTILE_HOST =
  /(?:^|[.-])(?:h[4a]xx?(?:or|0r)?|pwn|pwnd|pwned|0wn(?:ed)?|l33t|1337|evil|attacker|exfil|loot|c2|cnc|malware|phish\w*|backdoor|rootkit|stealer|grabber|botnet|darkweb)(?:[.-]|$)/i;

/** Brands whose names look-alike hosts borrow, with the domains that are really theirs. */
const BRANDS: ReadonlyMap<string, readonly string[]> = new Map([
  ['jsdelivr', ['jsdelivr.net', 'jsdelivr.com']],
  ['cloudflare', ['cloudflare.com', 'cloudflare.net', 'cloudflareinsights.com']],
  ['googleapis', ['googleapis.com']],
  ['googletagmanager', ['googletagmanager.com']],
  ['google', ['google.com', 'googleapis.com', 'googleusercontent.com', 'google-analytics.com']],
  ['gstatic', ['gstatic.com']],
  ['unpkg', ['unpkg.com']],
  ['microsoft', ['microsoft.com', 'microsoftonline.com']],
  ['microsoftonline', ['microsoftonline.com']],
  ['okta', ['okta.com', 'oktapreview.com', 'okta-emea.com']],
  ['auth0', ['auth0.com']],
  ['stripe', ['stripe.com', 'stripe.network']],
  ['paypal', ['paypal.com', 'paypalobjects.com']],
  ['github', ['github.com', 'github.io', 'githubusercontent.com', 'githubassets.com']],
  ['jquery', ['jquery.com']],
  ['onelogin', ['onelogin.com']],
]);

/** Whether two labels differ by one letter changed, added or dropped (`micros0ft`, `cloudfiare`). */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const [x, y] = [a.slice(i), b.slice(i)];
  return x.slice(1) === y.slice(1) || x.slice(1) === y || x === y.slice(1);
}

/**
 * A host that borrows a brand's name outside the brand's own domains (`jsdelivr-cdn.net`,
 * `login.micros0ft-sso.com`, `okta-acme-login.net`): posing as the vendor a page or sign-in trusts.
 */
export function posesAsBrand(host: string): boolean {
  const h = host.toLowerCase();
  for (const part of h.split(/[.-]/)) {
    for (const [brand, domains] of BRANDS) {
      if (part !== brand && (brand.length < 6 || !oneEditApart(part, brand))) continue;
      if (!domains.some((d) => h === d || h.endsWith(`.${d}`))) return true;
    }
  }
  return false;
}
