/**
 * Package sources whose integrity an image build switches off (red team r5): installs then run
 * whatever that host serves (setup.py, postinstall, go generate). Only the spellings that turn a
 * check off are read: a private mirror over https with checks on is everyday work.
 */

/** Extra indexes that ship wheels the public index lacks (CUDA builds): not a confusion risk. */
const KNOWN_EXTRA =
  /^https:\/\/(?:download\.pytorch\.org|pypi\.nvidia\.com|data\.pyg\.org|storage\.googleapis\.com\/jax-releases|pypi\.org|files\.pythonhosted\.org|wheels\.[\w.-]+)(?:[/:]|$)/i;

const LOOPBACK = /^https?:\/\/(?:localhost|127\.\d+\.\d+\.\d+|\[::1\])(?:[:/]|$)/i;

const URL_AFTER = (name: string): RegExp =>
  new RegExp(String.raw`(?:^|[\s;&|])${name}(?:=|\s+)["']?((?:https?://)?[^\s"';&|]+)`, 'i');

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
  const index =
    URL_AFTER('(?:--index-url|-i|PIP_INDEX_URL|UV_INDEX_URL|UV_DEFAULT_INDEX)').exec(text)?.[1] ??
    URL_AFTER('(?:--extra-index-url|PIP_EXTRA_INDEX_URL|UV_EXTRA_INDEX_URL|--index)').exec(text)?.[1];
  const trusted = URL_AFTER('(?:--trusted-host|PIP_TRUSTED_HOST)').exec(text)?.[1];
  if (trusted !== undefined)
    return { url: index ?? `https://${trusted}`, why: `pip trusts ${trusted} without TLS checks` };
  const extra = URL_AFTER('(?:--extra-index-url|PIP_EXTRA_INDEX_URL|UV_EXTRA_INDEX_URL)').exec(text)?.[1];
  if (extra !== undefined && /^https?:\/\//i.test(extra) && !KNOWN_EXTRA.test(extra) && !LOOPBACK.test(extra))
    return {
      url: extra,
      why: `an extra package index ${extra} beside the public one (dependency confusion)`,
    };
  if (index !== undefined && /^http:\/\//i.test(index) && !LOOPBACK.test(index))
    return { url: index, why: `a package index over plain http (${index})` };
  if (
    /\bGONOSUMDB=|\bGONOSUMCHECK=|\bGOSUMDB=off\b|\bGOINSECURE=|\bGOFLAGS=["']?[^\n]*-insecure/.test(text)
  ) {
    const proxy = URL_AFTER('GOPROXY').exec(text)?.[1];
    const url = proxy?.split(',')[0];
    if (url !== undefined && /^https?:\/\//i.test(url) && !LOOPBACK.test(url))
      return { url, why: `Go modules from ${url} with the checksum database off` };
  }
  const registry = URL_AFTER('(?:registry|--registry|NPM_CONFIG_REGISTRY|npm_config_registry)').exec(
    text,
  )?.[1];
  if (/\bstrict-ssl[= ]+false\b|NODE_TLS_REJECT_UNAUTHORIZED=["']?0/i.test(text) && registry !== undefined)
    return { url: registry, why: `npm installs from ${registry} with TLS checks off` };
  if (registry !== undefined && /^http:\/\//i.test(registry) && !LOOPBACK.test(registry))
    return { url: registry, why: `an npm registry over plain http (${registry})` };
  return undefined;
}
