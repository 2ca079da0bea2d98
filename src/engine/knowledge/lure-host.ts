/**
 * Host names shaped like a site set up to catch sign-ins or pose as another (`acme-sso-login.com`,
 * `wm-rewards.top`, `micros0ft-sso.com`): a sign-in or account word as a label part, a cheap
 * throwaway ending, or a digit standing in for a letter. Shared by the tool-call lure reader and
 * the SQL reader of application addresses (knowledge/sql-trust-redirect.ts).
 */
export const LURE_HOST =
  /(?:^|[.-])(?:secure|security|verify|verification|login|signin|sso|auth|account|accounts|update|support|helpdesk|billing|wallet|reward|rewards|prize|claim|bonus|gift|alert|unlock|recover|confirm|validate|portal|payroll|bank)(?:[.-]|$)|\.(?:top|xyz|online|site|info|help|click|link|live|shop|icu|buzz|rest|cam|support|tk|ml|ga|cf|gq|zip|mov|work|vip|win|bid|loan|pw|su|monster|cyou|sbs)$|[a-z][01][a-z]/i;
