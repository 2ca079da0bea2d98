/**
 * GCP-AST-003: a Google Cloud resource opened to every address on the internet (red team R14/R18:
 * `gcloud sql instances patch orders-prod --authorized-networks=0.0.0.0/0`): a Cloud SQL or AlloyDB
 * instance or a GKE control plane whose authorised networks include 0.0.0.0/0 (or ::/0, or a public
 * block of /8 or wider), and a VPC firewall rule letting everyone reach any port but an
 * internet-facing service's (world-open.ts: web, mail, DNS, VPN), as AWS-AST-002 reads security groups.
 */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits } from '../command-line.js';
import { portsArePublic, WORLD_SOURCE } from '../world-open.js';

/** The values of `--name v`, `--name=v` (comma lists split). */
function values(args: readonly string[], name: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a === name ? args[i + 1] : a.startsWith(`${name}=`) ? a.slice(name.length + 1) : undefined;
    if (v !== undefined) out.push(...v.split(',').map((x) => x.trim()));
  }
  return out;
}

/** An address range as wide as the internet: 0.0.0.0/0, ::/0, or a public IPv4 block of /8 or wider. */
function everyone(range: string): boolean {
  if (WORLD_SOURCE.test(range) && range !== '*') return true;
  const m = /^(\d{1,3})\.\d{1,3}\.\d{1,3}\.\d{1,3}\/(\d{1,2})$/.exec(range);
  if (m === null) return /^[0-9a-f:]+\/(?:[0-9]|1[0-5])$/i.test(range);
  const first = Number(m[1]);
  // 10.0.0.0/8 and the other private or local blocks are the company's own network.
  return Number(m[2]) < 8 || (Number(m[2]) === 8 && first !== 10 && first !== 127 && first !== 100);
}

/** Flags that list who may connect to an instance or a control plane. */
const NETWORK_FLAGS = [
  '--authorized-networks',
  '--master-authorized-networks',
  '--authorized-external-networks',
];

function opens(words: readonly string[]): string | null {
  if (words[0] !== 'gcloud') return null;
  const args = words.slice(1);
  if (asksHelp(args)) return null;
  const pos = args.filter((a) => !a.startsWith('-'));
  const changes = pos.some((p) => /^(?:create|patch|update)$/.test(p));
  if (!changes) return null;
  for (const flag of NETWORK_FLAGS) {
    const wide = values(args, flag).find(everyone);
    if (wide !== undefined)
      return `gcloud ${pos.slice(0, 3).join(' ')} ${flag}=${wide} lets every address connect`;
  }
  if (pos.includes('firewall-rules')) {
    const wide = values(args, '--source-ranges').find(everyone);
    if (wide === undefined || values(args, '--direction').some((d) => /^(?:egress|out)$/i.test(d)))
      return null;
    if (args.some((a) => a === '--action=DENY' || a === '--action=deny')) return null;
    const allow = [...values(args, '--allow'), ...values(args, '--rules')];
    // Without the ports it lets in (an update of its ranges only), the rule's ports are not known here.
    if (allow.length === 0) return null;
    const open = allow.filter((a) => !/^icmp$/i.test(a) && (!/^(?:tcp|udp):/i.test(a) || !portsArePublic(a)));
    if (open.length === 0) return null;
    return `gcloud compute firewall-rules lets every address (${wide}) reach ${open.join(',')}`;
  }
  return null;
}

export default defineRule({
  id: 'GCP-AST-003',
  invariant: 'NO_PRIVILEGE_ESCALATION',
  pack: 'cloud.gcp',
  kinds: ['exec'],
  programs: ['gcloud'],
  summary:
    'gcloud opening a resource to every address: Cloud SQL/AlloyDB authorised networks or a GKE control plane’s including 0.0.0.0/0 (or ::/0, a public /8), a VPC firewall rule letting everyone reach SSH, a database or any port but web/mail/DNS/VPN.',
  remediationHint:
    'Do not open a database, a control plane or an admin port to the whole internet. Authorise the named office or VPN range (a /24 or narrower), or connect through the Cloud SQL Auth Proxy or IAP.',
  *check(facts) {
    yield* execHits(facts, (words) => opens(words));
  },
  examples: {
    deny: [
      { input: 'gcloud sql instances patch orders-prod --authorized-networks=0.0.0.0/0 --quiet' },
      { input: 'gcloud sql instances create pg-1 --authorized-networks 203.0.113.4/32,0.0.0.0/0' },
      { input: 'gcloud container clusters update prod --master-authorized-networks=0.0.0.0/0' },
      {
        input:
          'gcloud compute firewall-rules create allow-db --allow tcp:5432 --source-ranges=0.0.0.0/0 --network prod',
      },
      { input: 'gcloud compute firewall-rules create ssh-all --allow=tcp:22 --source-ranges 0.0.0.0/0' },
      { input: 'gcloud compute firewall-rules create all --allow all --source-ranges=0.0.0.0/0' },
    ],
    allow: [
      {
        input: 'gcloud sql instances patch orders-prod --authorized-networks=203.0.113.0/24',
        why: 'one office range',
      },
      {
        input: 'gcloud sql instances patch dev-pg --authorized-networks=10.0.0.0/8',
        why: 'the private network',
      },
      {
        input: 'gcloud compute firewall-rules create web --allow tcp:80,tcp:443 --source-ranges=0.0.0.0/0',
        why: 'a website answers everyone',
      },
      { input: 'gcloud sql instances describe orders-prod', why: 'reads' },
      {
        input:
          'gcloud compute firewall-rules create block --action=DENY --rules=tcp:22 --source-ranges=0.0.0.0/0',
        why: 'takes access away',
      },
    ],
  },
});
