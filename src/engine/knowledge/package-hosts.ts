/**
 * Where packages may come from (PKG-AST-003, and the package-index settings FS-AST-021 reads): the
 * public registries and their mirrors, hosted artifact services, and the organisation's own network.
 * Any other host serves code every later install runs (setup.py, postinstall).
 */

import { HOSTILE_HOST } from './lure-host.js';
import { suspectHost } from './suspect-host.js';

/** Public registries, their CDNs and the widely used public mirrors. */
const PUBLIC_HOSTS = new Set([
  'registry.npmjs.org',
  'registry.npmjs.com',
  'registry.yarnpkg.com',
  'registry.npmmirror.com',
  'registry.npm.taobao.org',
  'npm.pkg.github.com',
  'pypi.org',
  'pypi.python.org',
  'files.pythonhosted.org',
  'download.pytorch.org',
  'pypi.nvidia.com',
  'pypi.ngc.nvidia.com',
  'data.pyg.org',
  'pypi.tuna.tsinghua.edu.cn',
  'mirrors.tuna.tsinghua.edu.cn',
  'mirrors.aliyun.com',
  'mirrors.cloud.tencent.com',
  'mirrors.ustc.edu.cn',
  'repo.huaweicloud.com',
  'pypi.douban.com',
  'github.com',
  'codeload.github.com',
  'objects.githubusercontent.com',
  'gitlab.com',
  'bitbucket.org',
  'proxy.golang.org',
  'goproxy.cn',
  'goproxy.io',
  'rubygems.org',
  'index.rubygems.org',
  'gems.ruby-china.com',
  'crates.io',
  'index.crates.io',
  'static.crates.io',
  'repo.maven.apache.org',
  'repo1.maven.org',
]);

/** Hosted artifact services organisations run their private registries on. */
const ARTIFACT_SERVICES =
  /(?:^|\.)(?:jfrog\.io|pkg\.dev|pkgs\.dev\.azure\.com|pkgs\.visualstudio\.com|cloudsmith\.io|fury\.io|packagecloud\.io)$|^[\w-]+-\d{12}\.d\.codeartifact\.[\w-]+\.amazonaws\.com$/;

/** Names that only resolve inside an organisation's network. */
const INTERNAL_SUFFIX = /\.(?:internal|corp|local|lan|intranet|private|localdomain|home\.arpa|svc|intra)$/;

const PRIVATE_IP =
  /^(?:127\.|10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.|169\.254\.|0\.0\.0\.0$)|^\[?(?:::1|f[cd][0-9a-f]{2}:)/i;

/** A registry server's own name as the first label (`pypi.acme.com`, `nexus.corp.acme.io`). */
const REGISTRY_LABEL =
  /^(?:npm|pypi|pip|registry|artifactory|nexus|artifacts|packages|verdaccio|devpi|maven|gems|goproxy|charts|helm|cargo|proget)\d*$/;
/** Package, mirror and download words: a registrant who names the domain so runs a mirror for others. */
const MIRROR_WORD =
  /npm|pypi|pkg|package|registr|mirror|cdn|repo|wheel|dist|download|update|proxy|cache|drop|files|yarn|pythonhosted|crate|gem|maven|goproxy/;

/**
 * An organisation's own registry server: a registry-named host under a domain whose name is not
 * about packages (`pypi.acme.com`, `artifactory.eu.acme.io`), unlike a third party's mirror
 * (`npm.pkg-mirror.net`, `pypi.x-mirror.example.org`) or a name showing it is outside anyone's estate.
 */
function ownRegistry(host: string): boolean {
  const labels = host.split('.');
  if (labels.length < 3 || !REGISTRY_LABEL.test(labels[0]!)) return false;
  if (labels.slice(1).some((l) => MIRROR_WORD.test(l))) return false;
  // Placeholder names (`pypi.x.example`, `npm.example.com`) stand for someone else's host, not a company's.
  if (/(?:^|\.)example(?:\.(?:com|net|org))?$|\.(?:test|invalid)$/.test(host)) return false;
  return suspectHost(host) === undefined && !HOSTILE_HOST.test(host);
}

/** The host a source URL names (scp-style `git@host:path` and bare `host/path` included). */
export function packageSourceHost(source: string): string | null {
  let s = source.replace(/^["']|["']$/g, '').replace(/^git\+/i, '');
  const scp = /^[\w.-]+@([\w.-]+):(?!\/\/)/.exec(s);
  if (scp) return scp[1]!.toLowerCase();
  if (!/^[a-z][\w+.-]*:\/\//i.test(s)) {
    if (!/^[\w-]+(?:\.[\w-]+)+(?::\d+)?(?:\/|$)/.test(s)) return null;
    s = `https://${s}`;
  }
  try {
    return new URL(s).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return null;
  }
}

/** Whether packages from this source come from outside both the public registries and the organisation. */
export function foreignPackageSource(source: string): string | null {
  const host = packageSourceHost(source);
  if (host === null || host === '') return null;
  if (!host.includes('.') || host === 'localhost' || PRIVATE_IP.test(host) || INTERNAL_SUFFIX.test(host))
    return null;
  if (PUBLIC_HOSTS.has(host) || ARTIFACT_SERVICES.test(host)) return null;
  // Plain http lets anyone on the path serve the packages, whoever owns the name.
  if (ownRegistry(host) && !/^["']?(?:git\+)?http:/i.test(source)) return null;
  return host;
}
