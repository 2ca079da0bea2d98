/**
 * A host that something shows to be outside anyone's own estate, read from its name alone: a bare
 * public address, a paste, file-drop or request-capture host, a name borrowing a vendor's brand
 * (`cdn-jsdelivr.cc`, `jquery-cdn-static.com`), another domain spelled inside it
 * (`google.com.track.io`), or a lure shape or throwaway ending (`px.track-cdn.top`). Used where the
 * company's own domains are not known (browser code in extract/node/page.ts, SEC-AST-010).
 */
import { classifyHost } from '../net/address.js';
import { captureHost, fileDropUrl } from './file-drop-hosts.js';
import { LURE_HOST, posesAsBrand } from './lure-host.js';

/**
 * Registered names built around a word for where gathered data lands (`evt-sink.io`,
 * `callflow-relay.net`, `forms-collect.net`, `drop-ingest.xyz`, R20): a receiver someone set up to
 * catch what is pointed at it. A company's own collector is a subdomain (`ingest.acme.com`).
 */
const COLLECTOR_HOST =
  /(?:^|[.-])(?:sink|collect|collector|ingest|relay|harvest|siphon|drop|dump|grab|catch|catcher)(?:[.-]|$)/i;

/** Subdomain labels of a receiver (`ingest.`, `collect.`, `sink.`, `intake.`). */
const COLLECTOR_SUB =
  /^(?:[a-z0-9-]+\.)*(?:sink|collect|collector|ingest|intake|relay|harvest|dump|drop|catch|catcher)\.$/;
/** A company's name with its legal form (`acme-corp`), which is one name, not two words. */
const LEGAL_FORM = /^[a-z0-9]{3,}-(?:corp|inc|hq|group|labs|ltd|llc|gmbh|co)$/;

/** The name a registrant chose: the last two labels, three under a country's `co.uk`-style level. */
function registered(h: string): string {
  const labels = h.split('.');
  const n =
    /^(?:co|com|net|org|gov|ac|edu)$/.test(labels.at(-2) ?? '') && labels.at(-1)!.length === 2 ? 3 : 2;
  return labels.slice(-n).join('.');
}

/** Why the host is outside, or undefined when its name shows nothing. */
export function suspectHost(host: string): string | undefined {
  const h = host.toLowerCase().replace(/\.$/, '');
  const info = classifyHost(h);
  if (info.class === 'public') return `${h}, a bare address`;
  if (info.class !== 'name') return undefined;
  if (fileDropUrl(h)) return `${h}, a paste or file-drop host`;
  if (captureHost(h)) return `${h}, a request-capture host`;
  if (posesAsBrand(h)) return `${h}, a host borrowing a vendor's name`;
  // `x.com.au` is a country's own second level, not another domain.
  if (/[a-z0-9-]{2,}\.(?:com|net|org|io)(?:-[a-z]|\.(?![a-z]{2}$)[a-z])/.test(h))
    return `${h}, a host with another domain in its name`;
  // Lure words count in the domain someone registered, not in a company's own subdomain (auth.acme.com).
  if (LURE_HOST.test(registered(h))) return `${h}, a host shaped for lures`;
  if (COLLECTOR_HOST.test(registered(h))) return `${h}, a host named for collecting what is sent to it`;
  // `ingest.parsehub-data.io`, `collect.data-sync.io` (R24): a collector under a name composed of two
  // words; a company's own is under its one-word name (`ingest.acme.com`, `ingest.acme-corp.com`).
  const reg = registered(h);
  const label = reg.split('.')[0]!;
  if (
    COLLECTOR_SUB.test(h.slice(0, h.length - reg.length)) &&
    /^[a-z0-9]+-[a-z0-9-]+$/.test(label) &&
    !LEGAL_FORM.test(label)
  )
    return `${h}, a collector host under a composed name`;
  return undefined;
}

/**
 * Registered names built around a word for passing on what reaches them (`smshooks.io`,
 * `hookforward.net`, `payments-callback.io`, `mailrelay-inbound.net`, R24): a relay someone set up
 * to receive a company's events, texts or mail. Read where an account's route is pointed (webhooks,
 * a number's SMS URL, an MX record); a company's own receiver is a subdomain (`hooks.acme.com`).
 */
const RELAY_NAME = /(?:hook|callback|relay|forward|siphon|catch|intercept|mirror)/i;
/** Integrations whose webhook endpoints are where teams send their own events (chat, paging, webhook gateways). */
export const KNOWN_HOOK_HOSTS =
  /(?:^|\.)(?:hooks\.slack\.com|discord(?:app)?\.com|webhook\.office\.com|outlook\.office\.com|chat\.googleapis\.com|api\.github\.com|gitlab\.com|atlassian\.net|atlassian\.com|pagerduty\.com|opsgenie\.com|circleci\.com|travis-ci\.com|vercel\.com|netlify\.com|buildkite\.com|codecov\.io|sentry\.io|linear\.app|readthedocs\.org|zapier\.com|hookdeck\.com|webhookrelay\.com|hookrelay\.dev)$/i;

export function relayNamed(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  if (classifyHost(h).class !== 'name') return false;
  const reg = registered(h);
  return !KNOWN_HOOK_HOSTS.test(h) && RELAY_NAME.test(reg.split('.')[0]!);
}
