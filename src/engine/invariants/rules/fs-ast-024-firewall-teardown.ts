/**
 * FS-AST-024: tearing down the host firewall (ufw disable, iptables -F / -P INPUT ACCEPT, nft flush
 * ruleset, stopping firewalld/ufw/nftables, firewalld's trusted zone, pfctl -d, netsh off). It opens
 * every port of the machine to the network: a step attackers take before a bind shell (issue 21).
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
  summary:
    'Host firewall teardown: ufw disable, iptables -F / -P INPUT ACCEPT, nft flush ruleset, stopping firewalld/ufw/nftables.',
  remediationHint:
    'Leave the host firewall alone: turning it off exposes every service on the machine. If a port must be reachable, ask the user to open that one port.',
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
    ],
    allow: [
      { input: 'ufw status verbose', why: 'a status query' },
      { input: 'ufw allow 443/tcp', why: 'opens one port, the firewall stays on' },
      { input: 'iptables -L -n', why: 'lists the rules' },
      { input: 'iptables -A INPUT -p tcp --dport 22 -j ACCEPT', why: 'one port, with a match' },
      { input: 'nft list ruleset', why: 'lists the rules' },
      { input: 'systemctl restart firewalld', why: 'restarting keeps the firewall on' },
    ],
  },
});
