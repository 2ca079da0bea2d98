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
]);

/** The URL is an https address on a vendor's own install host (or a subdomain of one). */
export function isVendorInstall(url: string): boolean {
  const m = /^https:\/\/([^/:?#@]+)(?::443)?(?:[/?#]|$)/i.exec(url);
  if (!m) return false;
  let host = m[1]!.toLowerCase();
  for (;;) {
    if (VENDOR_INSTALL_HOSTS.has(host)) return true;
    const dot = host.indexOf('.');
    if (dot < 0 || host.indexOf('.', dot + 1) < 0) return false;
    host = host.slice(dot + 1);
  }
}
