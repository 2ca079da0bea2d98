/**
 * Proxy settings from the environment (red team r1 SSRF): curl and wget send every request
 * through `http_proxy`/`HTTPS_PROXY`/`ALL_PROXY`, so `http_proxy=http://169.254.169.254 curl
 * http://example.com/latest/meta-data/` connects to the metadata address. Pure.
 */

/** The variables curl and wget read a proxy from (curl reads http_proxy only in lower case). */
export const PROXY_VARIABLES = [
  'http_proxy',
  'HTTP_PROXY',
  'https_proxy',
  'HTTPS_PROXY',
  'all_proxy',
  'ALL_PROXY',
  'ftp_proxy',
] as const;

/** A text naming every proxy variable, for an environment lookup by name (`$http_proxy ...`). */
export const PROXY_NAMES_TEXT = PROXY_VARIABLES.map((n) => '$' + n).join(' ');

/** The proxy values in `NAME=value` lines (single-quoted values unquoted); at most 8. */
export function proxyValues(assignments: string): string[] {
  const out: string[] = [];
  for (const line of assignments.split('\n')) {
    const m = /^([A-Za-z_]+)=(.*)$/.exec(line);
    if (!m || !(PROXY_VARIABLES as readonly string[]).includes(m[1]!)) continue;
    const value = m[2]!
      .replace(/^'(.*)'$/s, '$1')
      .replace(/'\\''/g, "'")
      .trim();
    if (value !== '' && out.length < 8) out.push(value);
  }
  return out;
}
