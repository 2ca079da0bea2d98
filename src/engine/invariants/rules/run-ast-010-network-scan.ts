/**
 * RUN-AST-010: scanning other people's networks at scale: an internet scanner (masscan, zmap,
 * zgrab) pointed at public addresses, or a port scanner (nmap, rustscan, naabu) given a public
 * block of 256 addresses or more or random targets (-iR), or any scanner over a private block of a
 * /16 or more (a whole internal network: lateral-movement reconnaissance). A scan of this machine,
 * a private lab range or one public host the team runs stays allowed.
 */
import type { ExecFact } from '../../facts.js';
import { defineRule } from '../define-rule.js';
import { classifyHost } from '../../net/address.js';
import { othersHost, targetBase, targetSize, toolRuns, toolTargets } from '../others-hosts.js';

/** Built to sweep the internet: any public target is someone else's network. */
const SWEEPERS = new Set(['masscan', 'zmap', 'zgrab', 'zgrab2', 'unicornscan']);
/** Port scanners: a single host is an audit, a public block is a sweep. */
const SCANNERS = new Set(['nmap', 'rustscan', 'naabu', 'sx']);
/** A block this size or larger is a network, not a host. */
const BLOCK = 256;
/** A private block this size or larger (a /16 and up) is an organisation's internal network, not one lab segment. */
const WHOLE_NETWORK = 65536;

/** Every tool this rule judges. */
const TOOLS: ReadonlySet<string> = new Set([...SWEEPERS, ...SCANNERS]);

function scan(p: string, e: ExecFact): string | null {
  if (p === 'nmap' && e.argv.includes('-iR')) return 'nmap scans random internet hosts (-iR)';
  for (const t of toolTargets(e)) {
    if (!othersHost(targetBase(t))) {
      // A private block of 65536+ addresses is a company's whole internal network, not a lab range.
      if (targetSize(t) >= WHOLE_NETWORK && classifyHost(targetBase(t)).class === 'private')
        return `${p} sweeps ${t}, a whole internal network`;
      continue;
    }
    if (SWEEPERS.has(p) || targetSize(t) >= BLOCK) return `${p} sweeps ${t}, someone else's network`;
  }
  return null;
}

export default defineRule({
  id: 'RUN-AST-010',
  invariant: 'NO_RUNAWAY_EXECUTION',
  kinds: ['exec', 'container'],
  summary:
    'Scanning others’ networks: masscan, zmap or zgrab at public addresses, or nmap, rustscan or naabu over a public block of 256+ addresses or random targets (-iR).',
  remediationHint: 'Scan only this machine, your lab’s private range or a host your team runs.',
  *check(facts) {
    for (const { program, e } of toolRuns(facts, TOOLS)) {
      const reason = scan(program, e);
      if (reason !== null) yield { span: e.span, reason, suggestedAlternative: null };
    }
  },
  examples: {
    deny: [
      { input: 'masscan 0.0.0.0/0 -p 6379 --rate 100000' },
      { input: 'nmap -sS -p 22,3389 198.51.100.0/16' },
      { input: 'nmap -iR 100000 -p 23' },
      { input: 'zmap -p 9200 -o es.csv 45.77.0.0/16' },
      { input: 'nmap -p 22,445,3389 172.16.0.0/12' },
      {
        input: 'docker run --rm --net host ilyaglow/masscan 0.0.0.0/0 -p 3389 --rate 100000',
        runtime: 'docker',
      },
    ],
    allow: [
      { input: 'nmap -sV localhost', why: 'this machine' },
      { input: 'nmap -sn 10.0.5.0/24', why: 'a private lab range' },
      { input: 'nmap -p 443 api.acme.com', why: 'one host' },
    ],
  },
});
