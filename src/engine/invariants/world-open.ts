/**
 * Firewall rules opened to the whole internet (a security group, a VPC firewall, a network security
 * group): which ports a service is meant to answer everyone on. Anything else open to 0.0.0.0/0
 * (a database, a cache, SSH, an admin console, a custom port) needs a human (R9 cloud-open-sg).
 */

/** Sources that mean everyone on the internet, as the clouds' CLIs and SDKs spell them. */
export const WORLD_SOURCE = /^(?:0\.0\.0\.0\/0|::\/0|\*|any|internet|0\.0\.0\.0)$/i;

/**
 * Ports whose services are built to face the internet: the web (80, 443 and their alternates),
 * mail delivery and access, DNS, NTP and the VPN and TURN endpoints that exist to be reached.
 */
const PUBLIC_PORTS: ReadonlySet<number> = new Set([
  53, 80, 123, 443, 500, 1194, 3478, 4500, 5349, 8080, 8443, 25, 465, 587, 110, 143, 993, 995, 51820,
]);

/** Whether a port range open to everyone holds only internet-facing services (`to` defaults to `from`). */
export function onlyPublicPorts(from: number, to: number = from): boolean {
  if (!Number.isInteger(from) || !Number.isInteger(to) || to < from || to - from > 16) return false;
  for (let p = from; p <= to; p++) if (!PUBLIC_PORTS.has(p)) return false;
  return true;
}

/** A port list as written (`443`, `80,443`, `8000-8100`, `tcp:5432`): whether every entry is public. */
export function portsArePublic(spec: string): boolean {
  const parts = spec
    .split(/[\s,]+/)
    .map((p) => p.replace(/^(?:tcp|udp):/i, '').replace(/^["'[]+|["'\]]+$/g, ''))
    .filter((p) => p !== '');
  if (parts.length === 0) return false;
  return parts.every((p) => {
    const m = /^(\d+)(?:-(\d+))?$/.exec(p);
    return m !== null && onlyPublicPorts(Number(m[1]), Number(m[2] ?? m[1]));
  });
}
