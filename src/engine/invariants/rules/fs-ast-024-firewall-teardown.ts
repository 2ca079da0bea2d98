/**
 * FS-AST-024: tearing down the host's network defences (ufw disable, iptables -F / -P INPUT ACCEPT /
 * -D of a DROP rule, nft flush ruleset, stopping firewalld/ufw/nftables, firewalld's trusted zone,
 * pfctl -d, netsh off) or its connectivity (interfaces down, default route removed). The first opens
 * every port to the network, a step taken before a bind shell; the second cuts the host off (issue 21).
 */
import type { ExecFact } from '../../facts.js';
import { defineRule } from '../define-rule.js';

const FIREWALL_SERVICES =
  /^(?:firewalld|ufw|iptables|ip6tables|nftables|netfilter-persistent|ebtables|shorewall6?|csf|lfd)(?:\.service)?$/;

const IPTABLES = /^(?:ip6?tables|ebtables|arptables)(?:-legacy|-nft)?$/;

function iptables(a: readonly string[]): string | null {
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    if (x === '-F' || x === '--flush' || x === '-X' || x === '--delete-chain')
      return 'flushes the firewall rules';
    // Deleting a DROP/REJECT rule lifts that block.
    if (
      (x === '-D' || x === '--delete') &&
      a.some((r, k) => (r === '-j' || r === '--jump') && /^(?:drop|reject)$/i.test(a[k + 1] ?? ''))
    )
      return 'deletes a blocking rule';
    if ((x === '-P' || x === '--policy') && /^accept$/i.test(a[i + 2] ?? ''))
      return `sets the default ${a[i + 1] ?? ''} policy to ACCEPT`;
    // `-I INPUT -j ACCEPT` with no match: everything is let in.
    if (
      (x === '-I' || x === '-A' || x === '--insert' || x === '--append') &&
      /^input$/i.test(a[i + 1] ?? '')
    ) {
      const rest = a.slice(i + 2);
      const jump = rest.findIndex((r) => r === '-j' || r === '--jump');
      const matches = rest.some((r) =>
        /^(?:-[psdmio]|--(?:dport|sport|source|destination|protocol|match|in-interface))$/.test(r),
      );
      if (jump !== -1 && /^accept$/i.test(rest[jump + 1] ?? '') && !matches)
        return 'accepts all incoming traffic';
    }
  }
  return null;
}

function teardown(e: ExecFact): string | null {
  const a = e.argv.slice(1);
  const p = e.program;
  if (p === 'ufw') {
    const verbs = a.filter((x) => !x.startsWith('-'));
    if (verbs[0] === 'disable' || verbs[0] === 'reset') return `ufw ${verbs[0]} turns the firewall off`;
    if (verbs[0] === 'logging' && verbs[1] === 'off') return 'ufw logging off hides blocked traffic';
    if (verbs[0] === 'default' && verbs[1] === 'allow' && (verbs[2] ?? 'incoming') === 'incoming')
      return 'ufw default allow lets all incoming traffic in';
    return null;
  }
  if (IPTABLES.test(p)) {
    const why = iptables(a);
    return why === null ? null : `${p} ${why}`;
  }
  if (p === 'nft') {
    const words = a.filter((x) => !x.startsWith('-')).join(' ');
    if (/^(?:flush ruleset|flush table|delete table|flush chain .*\binput\b)/.test(words))
      return `nft ${words.split(' ').slice(0, 2).join(' ')} removes the firewall rules`;
    return null;
  }
  if (p === 'systemctl' || p === 'service' || p === 'rc-service' || p === 'chkconfig') {
    const stops = a.some((x) => /^(?:stop|disable|mask|kill|off)$/.test(x));
    const unit = a.find((x) => FIREWALL_SERVICES.test(x));
    if (stops && unit !== undefined) return `${p} stops the firewall service ${unit}`;
    return null;
  }
  // Taking the network down or its routes away cuts the machine off (and its monitoring with it).
  if (p === 'ifconfig' && a.length >= 2 && a[a.length - 1] === 'down' && a[0] !== 'lo')
    return `ifconfig takes the interface ${a[0]!} down`;
  if (p === 'ifdown' && a.some((x) => !x.startsWith('-') && x !== 'lo'))
    return 'ifdown takes an interface down';
  if (p === 'ip') {
    const words = a.filter((x) => !x.startsWith('-'));
    const obj = words[0] ?? '';
    if (/^l(?:ink?)?$/.test(obj) && words[1] === 'set' && words.includes('down') && words[2] !== 'lo')
      return `ip link takes the interface ${words[2] ?? ''} down`;
    if (
      /^r(?:o|ou|out|oute)?$/.test(obj) &&
      (words[1] === 'flush' || (/^del(?:ete)?$/.test(words[1] ?? '') && words[2] === 'default'))
    )
      return `ip route ${words[1]!} removes the routing table`;
    return null;
  }
  if (p === 'route' && a.some((x) => x === 'del' || x === 'delete') && a.includes('default'))
    return 'route del default removes the default route';
  if (p === 'firewall-cmd' && a.some((x) => /^--set-default-zone=trusted$/.test(x) || x === 'trusted'))
    return 'firewall-cmd makes every interface trusted';
  if (p === 'pfctl' && a.includes('-d')) return 'pfctl -d disables the packet filter';
  if (p === 'netsh' && a.some((x) => /^advfirewall$/i.test(x)) && a.some((x) => /^off$/i.test(x)))
    return 'netsh turns the Windows firewall off';
  return null;
}

export default defineRule({
  id: 'FS-AST-024',
  invariant: 'NO_SYSTEM_PATH_WRITE',
  kinds: ['exec'],
  programs: [
    ...['iptables', 'ip6tables', 'ebtables', 'arptables'].flatMap((p) => [p, `${p}-legacy`, `${p}-nft`]),
    'ufw',
    'nft',
    'systemctl',
    'service',
    'rc-service',
    'chkconfig',
    'ifconfig',
    'ifdown',
    'ip',
    'route',
    'firewall-cmd',
    'pfctl',
    'netsh',
  ],
  summary:
    'Host firewall or network teardown: ufw disable, iptables -F / -P INPUT ACCEPT, nft flush ruleset, stopping firewalld/ufw, interfaces down, routes flushed.',
  remediationHint:
    'Leave the host firewall and network configuration alone: turning the firewall off exposes every service, and taking interfaces or routes down cuts the machine off. If a port must be reachable, ask the user to open that one port.',
  *check(facts) {
    for (const e of facts.of('exec')) {
      const reason = teardown(e);
      if (reason !== null) yield { span: e.span, reason, suggestedAlternative: null };
    }
  },
  examples: {
    deny: [
      { input: 'ufw disable' },
      { input: 'ufw --force reset' },
      { input: 'iptables -F' },
      { input: 'iptables -P INPUT ACCEPT' },
      { input: 'ip6tables --flush INPUT' },
      { input: 'iptables -I INPUT -j ACCEPT' },
      { input: 'nft flush ruleset' },
      { input: 'systemctl disable --now firewalld' },
      { input: 'service ufw stop' },
      { input: 'firewall-cmd --set-default-zone=trusted' },
      { input: 'bash -c "iptables -t nat -F"' },
      { input: 'iptables -D OUTPUT -p tcp --dport 21 -j DROP' },
      { input: 'ufw logging off' },
      { input: 'ifconfig eth0 down' },
      { input: 'ip link set ens33 down' },
      { input: 'ip route flush table main' },
      { input: 'route del default' },
    ],
    allow: [
      { input: 'ufw status verbose', why: 'a status query' },
      { input: 'ufw allow 443/tcp', why: 'opens one port, the firewall stays on' },
      { input: 'iptables -L -n', why: 'lists the rules' },
      { input: 'iptables -A INPUT -p tcp --dport 22 -j ACCEPT', why: 'one port, with a match' },
      { input: 'nft list ruleset', why: 'lists the rules' },
      { input: 'systemctl restart firewalld', why: 'restarting keeps the firewall on' },
      { input: 'ip link set eth0 up', why: 'brings an interface up' },
      { input: 'ip route show', why: 'lists routes' },
      { input: 'ifconfig eth0', why: 'shows an interface' },
      { input: 'ip link set lo down', why: 'loopback only' },
    ],
  },
});
