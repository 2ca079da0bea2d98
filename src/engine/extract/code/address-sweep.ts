/**
 * A loop over every address of a network block that connects to each (issue 22, R23: a python
 * `for ip in ipaddress.ip_network("172.16.0.0/12").hosts()` trying admin ports): a port scan
 * written by hand. It becomes the `nmap` line RUN-AST-010 judges, so a public block or a whole
 * internal network is a sweep and one lab segment stays allowed, as for the tool itself.
 */
import type { Fact } from '../../facts.js';

/** A network block literal given to python's ipaddress (or netaddr) constructors. */
const BLOCK =
  /\b(?:ip_network|IPv4Network|IPv6Network|ip_interface|IPv4Interface|IPNetwork)\s*\(\s*[rub]?['"]([0-9a-f.:]+\/\d{1,3})['"]/i;

/**
 * The block an address built per turn covers (`10.0.${a >> 4}.${a}` read as `10.0.$x.$a`): its
 * written octets then zeros, one variable octet or more at the end (`10.0.0.0/16`).
 */
export function templateBlock(host: string): string | undefined {
  const octets = host.split('.');
  if (octets.length !== 4) return undefined;
  const fixed = octets.findIndex((o) => !/^\d{1,3}$/.test(o));
  if (fixed < 1 || !octets.slice(fixed).every((o) => /^\$\w+$/.test(o))) return undefined;
  return `${[...octets.slice(0, fixed), ...Array<string>(4 - fixed).fill('0')].join('.')}/${fixed * 8}`;
}

/**
 * The nmap line for a loop whose iterable (`iterText`) goes through a block's addresses and whose
 * body, the facts from `from` on, connects to an address chosen per turn (or one built per turn from a
 * block's written octets, templateBlock); undefined otherwise.
 */
export function sweepLine(
  iterText: string,
  program: string,
  facts: readonly Fact[],
  from: number,
): string | undefined {
  let block = BLOCK.exec(iterText)?.[1];
  // `for ip in net.hosts()` / `for ip in net` with `net = ipaddress.ip_network("...")` earlier.
  const name = /^([A-Za-z_]\w*)(?:\.hosts\s*\(\s*\))?$/.exec(iterText.trim())?.[1];
  if (block === undefined && name !== undefined) {
    const at = program.search(
      new RegExp(`\\b${name}\\s*=\\s*(?:[\\w.]+\\.)?(?:ip_network|IPv4Network|IPv6Network|IPNetwork)\\s*\\(`),
    );
    if (at >= 0) block = BLOCK.exec(program.slice(at, at + 200))?.[1];
  }
  const ports = new Set<number>();
  let connects = false;
  for (let i = from; i < facts.length && i < from + 256; i++) {
    const f = facts[i]!;
    if (f.kind !== 'net' || f.direction !== 'connect' || !/[$]/.test(f.host)) continue;
    connects = true;
    block ??= templateBlock(f.host);
    if (f.port !== undefined && ports.size < 32) ports.add(f.port);
  }
  if (!connects || block === undefined) return undefined;
  return ['nmap', '-Pn', ports.size > 0 ? `-p ${[...ports].join(',')}` : '', block]
    .filter((x) => x !== '')
    .join(' ');
}
