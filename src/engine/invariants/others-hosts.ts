/**
 * Whose host a request, a load test, a scan or a login attempt is aimed at: this machine and the
 * organisation's own network (loopback, private ranges, service names, internal suffixes) or
 * someone else's (a public address, a dotted public name). The harm-to-others rules (floods, bulk
 * mail, credential guessing, scans) only judge traffic aimed at someone else.
 */
import type { ExecFact, NetOpFact } from '../facts.js';
import { classifyHost, hostFromUrl, parseIpv4 } from '../net/address.js';
import type { FactIndex } from './define-rule.js';
import { argvUrls } from './helpers.js';

/** Names of the organisation's own hosts: services, clusters, intranets, names that never resolve. */
const OWN_NAME =
  /\.(?:local|internal|svc|lan|corp|intranet|home\.arpa|localdomain|consul|test|invalid|localhost)$/i;
/** A pre-production environment's label (`staging.acme.com`, `api.perf.acme.io`): the team's own load-test target. */
const OWN_STAGE = /^(?:[\w-]+\.)*(?:staging|stage|stg|dev|qa|uat|preview|sandbox|perf|loadtest)(?:[.-]|\d)/i;

/**
 * The host belongs to someone else: a public address or a dotted name outside the own suffixes.
 * `stages` counts a pre-production name as the team's own (a load test's staging target).
 */
export function othersHost(raw: string, stages = false): boolean {
  if (raw === '' || raw.includes('$') || raw.includes('{')) return false;
  const info = classifyHost(raw);
  if (info.class === 'public') return true;
  if (info.class !== 'name' || !info.host.includes('.') || OWN_NAME.test(info.host)) return false;
  return !(stages && OWN_STAGE.test(info.host));
}

/** Host and port from `host`, `host:port`, `[v6]:port`, a URL or `user@host`. */
function hostOf(arg: string): string {
  const url = hostFromUrl(arg);
  if (url !== null) return url.host;
  return arg
    .replace(/^[^@/]*@/, '')
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '');
}

/** Looks like a host: an IPv4 address, a CIDR block or range, or a dotted name. */
const HOSTLIKE = /^(?:\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2}|-\d{1,3})?|[a-z0-9][\w-]*(?:\.[\w-]+)+)(?::\d+)?$/i;

/** The targets a network tool names: URLs and host-like operands (not files: a name with a path or a list extension). */
export function toolTargets(e: ExecFact): string[] {
  const out = argvUrls(e).map((u) => u.host);
  for (let i = 1; i < e.argv.length; i++) {
    const a = e.argv[i]!.replace(/^[^@/]*@/, '');
    if (a.startsWith('-') || a.includes('://')) continue;
    if (/\.(?:txt|lst|csv|json|ya?ml|conf|xml|js|py|lua|sh|out|log|gz)$/i.test(a)) continue;
    if (HOSTLIKE.test(a)) out.push(a.replace(/:\d+$/, ''));
  }
  return out;
}

/** How many addresses a target covers: a CIDR block, an a.b.c.d-e range, or one host. */
export function targetSize(target: string): number {
  const cidr = /\/(\d{1,2})$/.exec(target);
  if (cidr) return 2 ** (32 - Math.min(32, Number(cidr[1])));
  const range = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.(\d{1,3})-(\d{1,3})$/.exec(target);
  if (range) return Math.max(1, Number(range[2]) - Number(range[1]) + 1);
  return 1;
}

/** The target's base address or name, without a block or range suffix. */
export function targetBase(target: string): string {
  const base = hostOf(target.replace(/\/\d{1,2}$/, '').replace(/-\d{1,3}$/, ''));
  // 0.0.0.0/0 is everyone: as a base it reads as the unspecified address, so name it public.
  return parseIpv4(base) === 0 && /\/\d/.test(target) ? '1.1.1.1' : base;
}

/** A client that sends mail or messages to people: SMTP, a mail API's SDK, SMS and chat APIs, or a mail port. */
const MAIL_ACTOR =
  /mail|smtp|send_message|sendgrid|mailgun|postmark|sparkpost|mailjet|\bses\b|\bsms\b|messages?\.create|direct_?message|twilio|vonage|nexmo|plivo/i;
const MAIL_PORTS: ReadonlySet<number> = new Set([25, 465, 587, 2525]);

/** The request sends mail. */
export function isMailSend(n: NetOpFact): boolean {
  return (
    MAIL_ACTOR.test(n.actor) ||
    /^smtps?$/i.test(n.scheme ?? '') ||
    (n.port !== undefined && MAIL_PORTS.has(n.port))
  );
}

/** An image's tool name: its repository's last part without tag or digest (`williamyeh/wrk:4` → `wrk`). */
function imageTool(image: string): string {
  return image
    .replace(/[:@].*$/, '')
    .replace(/^.*\//, '')
    .toLowerCase();
}

/**
 * Runs of the named tools: started directly, or as a container whose image is the tool (its
 * arguments are the command docker hands the image's entrypoint).
 */
export function toolRuns(facts: FactIndex, tools: ReadonlySet<string>): { program: string; e: ExecFact }[] {
  const out: { program: string; e: ExecFact }[] = [];
  for (const e of facts.of('exec')) {
    const p = e.program.toLowerCase();
    if (tools.has(p)) out.push({ program: p, e });
  }
  for (const c of facts.of('container')) {
    const tool = imageTool(c.image ?? '');
    if (!tools.has(tool)) continue;
    for (const e of facts.of('exec'))
      if (e.via === 'docker' && !tools.has(e.program.toLowerCase()))
        out.push({ program: tool, e: { ...e, program: tool, argv: [tool, ...e.argv] } });
  }
  return out;
}
