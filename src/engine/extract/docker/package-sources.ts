/**
 * Package sources whose integrity an image build switches off (red team r5): installs then run
 * whatever that host serves (setup.py, postinstall, go generate). Only the spellings that turn a
 * check off are read: a private mirror over https with checks on is everyday work.
 */

import { foreignPackageSource, packageSourceHost } from '../../knowledge/package-hosts.js';

/** Extra indexes that ship wheels the public index lacks (CUDA builds): not a confusion risk. */
const KNOWN_EXTRA =
  /^https:\/\/(?:download\.pytorch\.org|pypi\.nvidia\.com|data\.pyg\.org|storage\.googleapis\.com\/jax-releases|pypi\.org|files\.pythonhosted\.org|wheels\.[\w.-]+)(?:[/:]|$)/i;

/**
 * Hosted private registries (JFrog, Artifactory and Nexus paths, Azure Artifacts, CodeArtifact,
 * Google Artifact Registry, GitLab's package API, Gemfury, Cloudsmith): the organisation's own
 * packages beside the public index, as their docs configure it (R11 fp). An https index anywhere
 * is already allowed as the primary one; this is the same trust for the extra one.
 */
const PRIVATE_REGISTRY =
  /^https:\/\/(?:[^/\s]*@)?(?:[\w-]+\.jfrog\.io|pkgs\.dev\.azure\.com|[\w-]+\.d\.codeartifact\.[\w-]+\.amazonaws\.com|[\w-]+-python\.pkg\.dev|gitlab\.com\/api\/v4\/(?:projects|groups)|pypi\.fury\.io|dl\.cloudsmith\.io|[\w.-]+\/(?:artifactory\/api\/pypi|repository\/[\w.-]+\/simple))(?:[/:]|$)/i;

const LOOPBACK = /^https?:\/\/(?:localhost|127\.\d+\.\d+\.\d+|\[::1\])(?:[:/]|$)/i;

/**
 * `NAME=URL`, `NAME URL` or a config file's `NAME = URL` line, also inside the quoted text a RUN
 * writes into .npmrc or pip.conf (`echo "registry=http://…" > ~/.npmrc`, `printf "[global]\nindex-url = …"`).
 */
const URL_AFTER = (name: string): RegExp =>
  new RegExp(String.raw`(?:^|[\s;&|"']|\\[nt])${name}(?:\s*=\s*|\s+)["']?((?:https?://)?[^\s"';&|\\]+)`, 'i');

/** Compiled once (not per instruction). */
const EXTRA_INDEX = URL_AFTER('(?:--extra-index-url|extra-index-url|PIP_EXTRA_INDEX_URL|UV_EXTRA_INDEX_URL)');
const ANY_EXTRA_INDEX = URL_AFTER(
  '(?:--extra-index-url|extra-index-url|PIP_EXTRA_INDEX_URL|UV_EXTRA_INDEX_URL|--index)',
);
const INDEX_URL = URL_AFTER('(?:--index-url|index-url|-i|PIP_INDEX_URL|UV_INDEX_URL|UV_DEFAULT_INDEX)');
const APK_REPOSITORY = URL_AFTER('(?:--repository|-X)');
const TRUSTED_HOST = URL_AFTER('(?:--trusted-host|trusted-host|PIP_TRUSTED_HOST)');
const NPM_REGISTRY = URL_AFTER('(?:registry|--registry|NPM_CONFIG_REGISTRY|npm_config_registry)');
const GOPROXY_URL = URL_AFTER('GOPROXY');

/** Variables pip/uv read their index from, and the pip config key each one is. */
const PIP_VARIABLES: ReadonlyMap<string, string> = new Map([
  ['PIP_INDEX_URL', 'global.index-url'],
  ['UV_INDEX_URL', 'global.index-url'],
  ['UV_DEFAULT_INDEX', 'global.index-url'],
  ['PIP_EXTRA_INDEX_URL', 'global.extra-index-url'],
  ['UV_EXTRA_INDEX_URL', 'global.extra-index-url'],
  ['UV_INDEX', 'global.extra-index-url'],
]);
/** Variables npm, yarn and bun read their registry from. */
const NPM_VARIABLE = /^(?:npm_config_registry|YARN_REGISTRY|YARN_NPM_REGISTRY_SERVER|BUN_CONFIG_REGISTRY)$/i;

/**
 * The config command an image's `ENV`/`ARG NAME=value` amounts to for the package managers that
 * read NAME (`PIP_INDEX_URL=U` is `pip config set global.index-url U`), or undefined: every later
 * install in the image takes packages from that source, which PKG-AST-003 judges (r6).
 */
export function sourceVariable(name: string, value: string): string | undefined {
  if (value === '' || /[$`]/.test(value) || value.length > 4096) return undefined;
  // Space-separated lists (PIP_EXTRA_INDEX_URL), uv's `name=URL` entries.
  const urls = value
    .split(/[\s,]+/)
    .map((u) => u.replace(/^[\w-]+=(?=[a-z]+:\/\/)/i, ''))
    .filter((u) => u !== '')
    .slice(0, 8);
  const key = PIP_VARIABLES.get(name);
  if (key !== undefined) return urls.map((u) => `pip config set ${key} ${shellWord(u)}`).join('; ');
  if (NPM_VARIABLE.test(name)) return `npm config set registry ${shellWord(urls[0] ?? value)}`;
  if (name === 'GOPROXY') return `go env -w ${shellWord(`GOPROXY=${value}`)}`;
  return undefined;
}

/** A value as one single-quoted shell word. */
function shellWord(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * The source a command line or `NAME=value` text installs from with a check off, and why; undefined
 * when there is none. Read: pip/uv `--trusted-host` (TLS off for that host), an extra index beside
 * the public one (a name both serve resolves to the higher version: dependency confusion), an index
 * over plain http, Go's checksum database switched off (GONOSUMDB, GOSUMDB=off, GOINSECURE,
 * GOFLAGS=-insecure), npm/yarn strict-ssl off or a registry over plain http.
 */
export function uncheckedSource(text: string): { url: string; why: string } | undefined {
  if (text.length > 65536) return undefined;
  const index = INDEX_URL.exec(text)?.[1] ?? ANY_EXTRA_INDEX.exec(text)?.[1];
  const trusted = TRUSTED_HOST.exec(text)?.[1];
  if (trusted !== undefined)
    return { url: index ?? `https://${trusted}`, why: `pip trusts ${trusted} without TLS checks` };
  const extra = EXTRA_INDEX.exec(text)?.[1];
  if (
    extra !== undefined &&
    /^https?:\/\//i.test(extra) &&
    !KNOWN_EXTRA.test(extra) &&
    !PRIVATE_REGISTRY.test(extra) &&
    !LOOPBACK.test(extra) &&
    !ownIndex(extra)
  )
    return {
      url: extra,
      why: `an extra package index ${extra} beside the public one (dependency confusion)`,
    };
  if (index !== undefined && /^http:\/\//i.test(index) && !LOOPBACK.test(index))
    return { url: index, why: `a package index over plain http (${index})` };
  if (
    /\bGONOSUMDB=|\bGONOSUMCHECK=|\bGOSUMDB=off\b|\bGOINSECURE=|\bGOFLAGS=["']?[^\n]*-insecure/.test(text)
  ) {
    const proxy = GOPROXY_URL.exec(text)?.[1];
    const url = proxy?.split(',')[0];
    if (url !== undefined && /^https?:\/\//i.test(url) && !LOOPBACK.test(url))
      return { url, why: `Go modules from ${url} with the checksum database off` };
  }
  const registry = NPM_REGISTRY.exec(text)?.[1];
  if (/\bstrict-ssl[= ]+false\b|NODE_TLS_REJECT_UNAUTHORIZED=["']?0/i.test(text) && registry !== undefined)
    return { url: registry, why: `npm installs from ${registry} with TLS checks off` };
  if (registry !== undefined && /^http:\/\//i.test(registry) && !LOOPBACK.test(registry))
    return { url: registry, why: `an npm registry over plain http (${registry})` };
  return systemSource(text);
}

/**
 * The organisation's own index over https (R16 twin: `--extra-index-url https://pkgs.acme.internal/simple
 * acme-sdk`): a name only its network resolves (`.internal`, `.corp`, a private address). An own
 * mirror on a public name is PKG-AST-003's policy allow entry.
 */
function ownIndex(url: string): boolean {
  return /^https:\/\//i.test(url) && packageSourceHost(url) !== null && foreignPackageSource(url) === null;
}

/** A host that is not the build machine's own or its network's: a public IP literal. */
const PUBLIC_IP =
  /^https?:\/\/(?!(?:10|127)\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.|169\.254\.)\d+\.\d+\.\d+\.\d+(?:[:/]|$)/i;
/** Public forges `cargo install --git` builds crates from. */
const FORGE = /^(?:https:\/\/|ssh:\/\/git@)(?:github\.com|gitlab\.com|codeberg\.org|bitbucket\.org)\//i;
const ANY_URL = /(?:https?|ftp):\/\/[^\s"';&|)\]]+/i;

/**
 * System and language package managers told to install without a signature or from a foreign source
 * (red team r7): an apt source marked `[trusted=yes]` or installs with authentication off, apk
 * `--allow-untrusted` from a `--repository` URL, dnf/yum `--nogpgcheck`, an apt proxy at a public
 * address, gem `--source` over http, cargo `install --git` of a host other than a public forge.
 */
function systemSource(text: string): { url: string; why: string } | undefined {
  const firstUrl = (s: string): string => ANY_URL.exec(s)?.[0] ?? 'http://unverified-package-source.invalid';
  const deb = /\bdeb\s+\[[^\]]*\btrusted=yes\b[^\]]*\]\s+(\S+)/.exec(text)?.[1];
  // A local directory of the build's own .debs (`deb [trusted=yes] file:/debs ./`) is not a source.
  if (deb !== undefined && /^(?:https?|ftp):\/\//i.test(deb))
    return { url: firstUrl(deb), why: `an apt source marked trusted=yes (${deb})` };
  if (
    /--allow-unauthenticated\b|AllowUnauthenticated[= "']+(?:true|1)|AllowInsecureRepositories[= "']+(?:true|1)/i.test(
      text,
    )
  )
    return { url: firstUrl(text), why: 'apt installs with package signatures unchecked' };
  if (/\bapk\b[^\n;&|]*--allow-untrusted\b/.test(text)) {
    const repo = APK_REPOSITORY.exec(text)?.[1];
    if (repo !== undefined && /^(?:https?|ftp):\/\//i.test(repo))
      return { url: repo, why: `apk installs unsigned packages from ${repo}` };
  }
  if (
    /\b(?:dnf|yum|microdnf|zypper)\b[^\n;&|]*(?:--nogpgcheck\b|--no-gpg-checks\b)|\bgpgcheck\s*=\s*0\b/.test(
      text,
    )
  )
    return { url: firstUrl(text), why: 'rpm packages installed with signatures unchecked' };
  const proxy =
    /Acquire::(?:https?|ftp)::Proxy(?:::[\w.-]+)?\s*["']?\s*((?:https?|socks5h?):\/\/[^\s"';]+)/i.exec(
      text,
    )?.[1];
  if (proxy !== undefined && PUBLIC_IP.test(proxy.replace(/^socks5h?/i, 'http')))
    return { url: proxy.replace(/^socks5h?/i, 'http'), why: `apt fetches through a proxy at ${proxy}` };
  const gem = /\bgem\s+install\b[^\n;&|]*--source[= ]\s*["']?(http:\/\/[^\s"';&|]+)/.exec(text)?.[1];
  if (gem !== undefined && !LOOPBACK.test(gem)) return { url: gem, why: `gems over plain http (${gem})` };
  const crate = /\bcargo\s+install\b[^\n;&|]*--git[= ]\s*["']?([^\s"';&|]+)/.exec(text)?.[1];
  if (crate !== undefined && /^[a-z]+:\/\//i.test(crate) && !FORGE.test(crate) && !LOOPBACK.test(crate))
    return { url: crate.replace(/^git:\/\//i, 'http://'), why: `a crate built from ${crate}` };
  return undefined;
}
