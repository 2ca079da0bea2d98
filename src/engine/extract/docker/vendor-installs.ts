/**
 * Hosts that publish the install scripts their own documentation pipes into a shell inside a
 * Dockerfile (`curl -fsSL https://deb.nodesource.com/setup_22.x | bash -`). Only the vendor serves
 * content there, so a build step running it installs what the vendor ships (red team r3 FP).
 * A shared host (raw.githubusercontent.com, gist, a CDN) is not a vendor: anyone can publish on it.
 */
const VENDOR_INSTALL_HOSTS: ReadonlySet<string> = new Set([
  'deb.nodesource.com',
  'rpm.nodesource.com',
  'sh.rustup.rs',
  'astral.sh',
  'install.python-poetry.org',
  'get.docker.com',
  'bun.sh',
  'deno.land',
  'get.pnpm.io',
  'get.sdkman.io',
  'pyenv.run',
  'ollama.com',
  'get.k3s.io',
  'tailscale.com',
  'starship.rs',
  'fnm.vercel.app',
  'get.volta.sh',
  'dot.net',
  'install.determinate.systems',
  'nixos.org',
  'getcomposer.org',
  'install.meteor.com',
  'foundry.paradigm.xyz',
  'cli.doppler.com',
  'sdk.cloud.google.com',
  'mise.run',
  'get.jenkins.io',
  // More vendors' documented installers seen in real Dockerfiles (fp r10); aka.ms is Microsoft's own
  // link service (the Azure CLI's documented install), not a public shortener.
  'aka.ms',
  'bootstrap.pypa.io',
  'code-server.dev',
  'firebase.tools',
  'cli-assets.heroku.com',
  'get.rvm.io',
  'get.pulumi.com',
  'get.haskellstack.org',
  'get-ghcup.haskell.org',
  'goreleaser.com',
  'get.jetify.com',
  'claude.ai',
  'cli.moonrepo.dev',
  'opentofu.org',
  'fly.io',
  'install.julialang.org',
]);

/**
 * On a shared host the publisher is the repository, named by the path's first two segments: only
 * its maintainers can change what `raw.githubusercontent.com/nvm-sh/nvm/v0.40.1/install.sh` serves.
 * These are projects whose own install docs pipe a script from their repository into a shell
 * (nvm, Homebrew, oh-my-zsh, the devcontainer script library; real Dockerfiles, fp r10).
 */
const VENDOR_REPOS: ReadonlySet<string> = new Set([
  'github/git-lfs',
  'nvm-sh/nvm',
  'creationix/nvm',
  'homebrew/install',
  'ohmyzsh/ohmyzsh',
  'robbyrussell/oh-my-zsh',
  'microsoft/vscode-dev-containers',
  'devcontainers/features',
  'helm/helm',
  'golangci/golangci-lint',
  'rbenv/rbenv-installer',
  'pyenv/pyenv-installer',
  'tj/n',
]);

/** Hosts where anyone can publish, and the path segments before the repository's owner/name. */
const REPO_HOSTS: ReadonlyMap<string, readonly string[]> = new Map([
  ['raw.githubusercontent.com', []],
  ['github.com', []],
  // packagecloud.io/install/repositories/OWNER/REPO/script.deb.sh (git-lfs's documented install).
  ['packagecloud.io', ['install', 'repositories']],
]);

/** A commit id as the ref: a fork's commit is served under its parent's name too. */
const COMMIT_REF = /^[0-9a-f]{7,40}$/i;

/** `raw.githubusercontent.com/OWNER/REPO/REF/...` names a listed vendor repository at a branch or tag. */
function vendorRepo(host: string, path: string): boolean {
  const lead = REPO_HOSTS.get(host);
  if (lead === undefined) return false;
  const segs = path.split('/');
  if (lead.some((seg, i) => segs[i] !== seg)) return false;
  const [owner, repo, ...rest] = segs.slice(lead.length);
  if (owner === undefined || repo === undefined || !VENDOR_REPOS.has(`${owner}/${repo}`.toLowerCase()))
    return false;
  return !rest.slice(0, 2).some((seg) => COMMIT_REF.test(seg));
}

/** The URL is an https address on a vendor's own install host (or a subdomain of one). */
export function isVendorInstall(url: string): boolean {
  const m = /^https:\/\/([^/:?#@]+)(?::443)?(?:\/([^?#]*)|[?#]|$)/i.exec(url);
  if (!m) return false;
  let host = m[1]!.toLowerCase();
  // `..` or an encoded slash could climb out of the named repository on some servers.
  const path = m[2] ?? '';
  if (/\.\.|%2f|%5c|\\/i.test(path)) return false;
  if (vendorRepo(host, path)) return true;
  // deno.land/x/NAME serves anyone's published module; only the Deno team's `install` is its installer.
  if (host === 'deno.land' && /^x\//.test(path) && !/^x\/install(?:@[\w.-]+)?\//.test(path)) return false;
  for (;;) {
    if (VENDOR_INSTALL_HOSTS.has(host)) return true;
    const dot = host.indexOf('.');
    if (dot < 0 || host.indexOf('.', dot + 1) < 0) return false;
    host = host.slice(dot + 1);
  }
}
