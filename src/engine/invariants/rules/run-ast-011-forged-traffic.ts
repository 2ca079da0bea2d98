/**
 * RUN-AST-011: traffic that lies about who sent it, to hijack or cut off other machines: ARP
 * replies claiming another host's address (ARP spoofing, a man in the middle), packets with
 * someone else's or random source addresses (reflection floods), 802.11 deauthentication frames;
 * hand-built with scapy or sent by the tools made for it (arpspoof, ettercap, bettercap,
 * aireplay-ng --deauth, mdk3/mdk4). A ping, an ARP sweep of the own network or a gratuitous ARP
 * for the sender's own address stays allowed.
 */
import { defineRule } from '../define-rule.js';
import { hasLongFlag, hasShortFlag } from '../helpers.js';
import { toolRuns } from '../others-hosts.js';

/** Tools whose job is a forged frame: ARP poisoning and Wi-Fi deauthentication. */
const SPOOFERS: ReadonlySet<string> = new Set([
  'arpspoof',
  'ettercap',
  'bettercap',
  'aireplay-ng',
  'mdk3',
  'mdk4',
]);

export default defineRule({
  id: 'RUN-AST-011',
  invariant: 'NO_RUNAWAY_EXECUTION',
  kinds: ['net', 'exec', 'container'],
  summary:
    'Forged traffic: ARP replies claiming another host’s address, packets with someone else’s or random source addresses, or Wi-Fi deauthentication frames (scapy, arpspoof, ettercap, bettercap, aireplay-ng --deauth, mdk4).',
  remediationHint:
    'Do not impersonate other machines on a network. To test your own network, use a lab you own and a packet capture (tcpdump, scapy sniff).',
  *check(facts) {
    for (const n of facts.of('net')) {
      if (n.forges === undefined) continue;
      yield { span: n.span, reason: `${n.actor} sends ${n.forges}`, suggestedAlternative: null };
      return;
    }
    for (const { program, e } of toolRuns(facts, SPOOFERS)) {
      // aireplay-ng only forges with its deauth attack (-0); ettercap only when poisoning (-M).
      if (program === 'aireplay-ng' && !hasLongFlag(e.argv, 'deauth') && !hasShortFlag(e.argv, '0')) continue;
      if (program === 'ettercap' && !hasShortFlag(e.argv, 'M') && !hasLongFlag(e.argv, 'mitm')) continue;
      // bettercap recons too: only its spoofers and deauth forge.
      if (program === 'bettercap' && !e.argv.some((a) => /spoof|deauth/i.test(a))) continue;
      yield {
        span: e.span,
        reason: `${program} forges traffic to impersonate other machines`,
        suggestedAlternative: null,
      };
    }
  },
  examples: {
    deny: [
      {
        input:
          "from scapy.all import ARP, send\nwhile True:\n    send(ARP(op=2, pdst='192.168.1.10', psrc='192.168.1.1'), verbose=0)",
        runtime: 'python',
      },
      {
        input:
          "from scapy.all import IP, UDP, DNS, DNSQR, send\nsend(IP(src='198.51.100.7', dst='8.8.8.8')/UDP(dport=53)/DNS(qd=DNSQR(qname='isc.org', qtype='ANY')), count=1000)",
        runtime: 'python',
      },
      { input: 'arpspoof -i eth0 -t 192.168.1.10 192.168.1.1' },
      { input: 'aireplay-ng --deauth 0 -a AA:BB:CC:DD:EE:FF wlan0mon' },
    ],
    allow: [
      {
        input: "from scapy.all import IP, ICMP, sr1\nr = sr1(IP(dst='192.168.1.1')/ICMP(), timeout=2)",
        runtime: 'python',
        why: 'a ping',
      },
      {
        input:
          "from scapy.all import ARP, Ether, srp\nans, _ = srp(Ether(dst='ff:ff:ff:ff:ff:ff')/ARP(pdst='192.168.1.0/24'), timeout=2)",
        runtime: 'python',
        why: 'an ARP who-has sweep of the own network',
      },
      {
        input:
          "from scapy.all import ARP, send\nvip = '10.0.0.50'\nsend(ARP(op=2, psrc='10.0.0.50', pdst='10.0.0.50', hwdst='ff:ff:ff:ff:ff:ff'))",
        runtime: 'python',
        why: 'a gratuitous ARP for the own failover address',
      },
      { input: 'ettercap -T -i eth0 -q', why: 'sniffing, no poisoning' },
    ],
  },
});
