/**
 * Package manager settings in home (~/.npmrc, ~/.yarnrc.yml, pip.conf, ~/.condarc, uv.toml, cargo's
 * config): every later install fetches, and runs the build code of, what the index named there
 * serves, so FS-AST-021 names them (issue 22 r4). Settings that only tune installs, and indexes on
 * the public registries, hosted artifact services or the organisation's own network
 * (package-hosts.ts), run nothing new (R11 twin-config); an outside index, a proxy, TLS checks
 * turned off, or a program to run keep the path rule deciding.
 */
import { foreignPackageSource } from './package-hosts.js';

/** Keys that name a program, a proxy, a certificate, another settings file, or turn TLS checks off. */
const RISKY_KEY =
  /^(?:script-shell|shell|node-options|git|onload-script|init-module|editor|browser|viewer|globalconfig|userconfig|prefix|strict-ssl|enableStrictSsl|ssl_verify|ca|cafile|caFilePath|cert|client-cert|client_cert|key|keyfile|proxy|https?-proxy|https?Proxy|https?_proxy|proxy_servers|yarnPath|yarn-path|plugins|injectEnvironmentFiles|runner|linker|rustc-wrapper|rustc-workspace-wrapper|rustc|rustdoc|credential-provider|credential-process|global-credential-providers|build-backend|pre_command|post_command)$/i;
/** Keys whose value is a bare host the tool then trusts without TLS checks. */
const HOST_KEY = /^(?:trusted-host|allow-insecure-host|unsafeHttpWhitelist)$/i;
/** conda channels by name that conda's own hosts serve (others are any user's anaconda.org channel). */
const KNOWN_CHANNEL = /^(?:conda-forge|defaults|bioconda|pytorch|nvidia|main|r|free|msys2|anaconda)$/;
/** A value with nothing expanded but `${ENV}` references (npm reads tokens from the environment). */
const PLAIN_VALUE = /^(?:[\w@%+=:,./~*\s'"[\]{}-]|\$\{\w+\})*$/;
const URL = /\b[a-z][a-z0-9+.-]*:\/\/[^\s'",\]]+/gi;

function urlsLocal(value: string): boolean {
  for (const m of value.matchAll(URL))
    if (foreignPackageSource(m[0].replace(/^sparse\+/, '')) !== null) return false;
  return true;
}

/** One `key = value` / `key: value` / `- item` line under `section` (the last key seen). */
function plainLine(line: string, listKey: string): boolean {
  const t = line.trim();
  if (t === '' || t.startsWith('#') || t.startsWith(';') || /^\[\[?[\w."' :-]+\]\]?$/.test(t)) return true;
  if (/[`]|\$\(/.test(t)) return false;
  const item = /^-\s+(.+)$/.exec(t);
  if (item !== null) {
    const v = item[1]!.replace(/^(["'])(.*)\1$/, '$2');
    if (/:\/\//.test(v)) return urlsLocal(v);
    return listKey !== 'channels' || KNOWN_CHANNEL.test(v);
  }
  // npm's `//registry.example/:_authToken=${NPM_TOKEN}`: the token goes to that host.
  const auth = /^\/\/([^/\s:]+)[^=]*=/.exec(t);
  if (auth !== null) return foreignPackageSource(`https://${auth[1]}/`) === null;
  const kv = /^([@\w.:-]+)\s*(?:=|:)\s*(.*)$/.exec(t);
  if (kv === null) return false;
  const [, key, value] = kv as unknown as [string, string, string];
  if (RISKY_KEY.test(key.replace(/^.*[.:]/, ''))) return false;
  if (HOST_KEY.test(key))
    return value
      .replace(/[[\]"',]/g, ' ')
      .split(/\s+/)
      .filter((h) => h !== '')
      .every((h) => foreignPackageSource(`https://${h}/`) === null);
  return PLAIN_VALUE.test(value) && urlsLocal(value);
}

/** Whether package manager settings only tune installs and name indexes the organisation may use. */
export function packageIndexInert(content: string): boolean {
  let listKey = '';
  return content.split('\n').every((line) => {
    const key = /^\s*([\w-]+)\s*:\s*$/.exec(line);
    if (key !== null) {
      listKey = key[1]!;
      return !RISKY_KEY.test(listKey);
    }
    return plainLine(line, listKey);
  });
}
