/**
 * Records streamed or exported, from now on or once, to a destination a side field names (red
 * team r21 outside send): an Auth0 log stream's `httpEndpoint`, a Mailgun route's
 * `forward('https://…')`, a SendGrid inbound parse `url`, an SNS `Endpoint`, a MirrorMaker
 * `target.cluster.bootstrap.servers`, a DynamoDB export's `S3BucketOwner`, a BigQuery extract's
 * `destinationUris`, a calendar shared with a stranger's `email`. The destination is outside when
 * its host is a request-capture or suspect host, when another host or AWS account of the same call
 * shows the organisation's own and the destination is not it, or when it is a public mailbox. A
 * destination nothing shows to be outside (the company's own collector, a colleague, a friend's mailbox
 * for a person's own calendar) stays allowed.
 * Becomes one `agent-guard-action leak data <detail>` line for PLT-AST-003.
 */
import { quote, type CliEquivalent } from './cli.js';
import { ACTION_PROGRAM } from './saas.js';
import { snakeEntries } from './snake-entries.js';
import { FREE_MAIL, registrable } from './recipients.js';
import { union, type Gate } from './signals.js';
import { captureHost } from '../../knowledge/file-drop-hosts.js';
import { suspectHost } from '../../knowledge/suspect-host.js';
import { LURE_HOST } from '../../knowledge/lure-host.js';
import { copiesOut, namedOutside, storeOfUrl } from '../../knowledge/bucket-owners.js';

/** Name words of a feed or export of records: a stream, route, subscription, connector, extract, share. */
const FEED =
  /^(?:stream|streams|streaming|route|routes|parse|subscription|subscriptions|subscribe|connector|connectors|mirror|mirrormaker|destination|destinations|export|exports|extract|sink|sinks|share|forward|forwarding|replicate|replication|bulk|pipeline|pipelines|pipe|sync|dump|unload|deliver|delivery)$/;
const NOT_FEED =
  /^(?:get|list|read|describe|show|view|delete|remove|disable|test|cancel|status|unsubscribe)$/;
/** Keys (snake case, dots and dashes as underscores) whose value is where the records go. */
const DEST_KEY =
  /(?:^|_)(?:endpoint|url|uri|uris|urls|destination|destinations|destination_arn|destination_uris|sink|target|action|actions|email|email_results_to|results_to|subscriber|bucket_owner|s3_bucket_owner|bootstrap_servers|account|account_id|bucket|bucket_name|post_to|push_to|send_to|export_to|upload_to|deliver_to)$|^(?:target|destination)_/;
/** Keys of where the records come from (`source.cluster.bootstrap.servers`): the organisation's own side. */
const SOURCE_KEY = /^(?:source|src|from|origin)_/;
/** Keys whose bare value is a host or domain (not a dotted class or topic name). */
const HOST_KEY = /(?:^|_)(?:host|hostname|domain|domain_name|fqdn)$/;
const URL_HOST = /\bhttps?:\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)+)/gi;
const HOST_PORT = /^([a-z0-9-]+(?:\.[a-z0-9-]+)+):\d{2,5}$/i;
const EMAIL = /@([a-z0-9-]+(?:\.[a-z0-9-]+)+)\s*$/i;
const ACCOUNT = /\barn:aws[\w-]*:[\w-]+:[\w-]*:(\d{12}):/g;

const leak = (w: readonly string[], reason: string): CliEquivalent => ({
  code: [ACTION_PROGRAM, 'leak', 'data', quote(`${w.join('_')}: ${reason}`.slice(0, 200))].join(' '),
  runtime: 'bash',
});

/** Whether `w[i]` is the noun `list` after a word of `verbs` (`export_list`), not the verb of a read. */
export const nounAfter = (w: readonly string[], i: number, verbs: RegExp): boolean =>
  w[i] === 'list' && w.slice(0, i).some((x) => verbs.test(x));

/** When sideStreamLines can answer (signals.ts): a feed or export name word. */
export const SIDE_STREAM_GATE: Gate = { name: union(FEED) };

/** Hosts named by a value: URLs in it, or a bare `host:port` (a cluster's bootstrap servers). */
function hostsOf(v: string): string[] {
  const out = [...v.slice(0, 2048).matchAll(URL_HOST)].slice(0, 8).map((m) => m[1]!.toLowerCase());
  for (const part of v.split(',').slice(0, 8)) {
    const m = HOST_PORT.exec(part.trim());
    if (m !== null) out.push(m[1]!.toLowerCase());
  }
  return out;
}

export function sideStreamLines(w: readonly string[], args: unknown): CliEquivalent[] {
  // `list` after the feed word is what is exported (`mailchimp_export_list`), not a read.
  if (!w.some((x) => FEED.test(x)) || w.some((x, i) => NOT_FEED.test(x) && !nounAfter(w, i, FEED))) return [];
  if (args === null || typeof args !== 'object') return [];
  const all: [string, string, boolean][] = [];
  for (const [k0, v] of snakeEntries(args, { depth: 4, pairs: 96, items: 8 })) {
    const k = k0.toLowerCase().replace(/[.-]/g, '_');
    const dest = DEST_KEY.test(k) && !SOURCE_KEY.test(k);
    for (const x of Array.isArray(v) ? v.slice(0, 8) : [v])
      if (typeof x === 'string' && x.length < 2048) all.push([k, x, dest]);
  }
  // What the call shows to be the organisation's own: hosts, mail domains and AWS accounts outside its destinations.
  const ownHosts = new Set<string>();
  const ownAccounts = new Set<string>();
  const sourceStores: string[] = [];
  for (const [k, v, dest] of all) {
    if (dest) continue;
    for (const h of hostsOf(v)) ownHosts.add(registrable(h));
    const d = v.includes('@') ? EMAIL.exec(v)?.[1] : undefined;
    if (d !== undefined && !FREE_MAIL.test(registrable(d))) ownHosts.add(registrable(d));
    // A bare domain (`hostname: support.acme.io`) names the company's own mail or site.
    if (HOST_KEY.test(k) && /^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(v)) ownHosts.add(registrable(v));
    for (const m of v.matchAll(ACCOUNT)) ownAccounts.add(m[1]!);
    // BigQuery's `project.dataset.table`: the project owns the table.
    const project = /^([a-z][\w-]{1,62})[.:]\w{1,1024}\.\w{1,1024}$/i.exec(v)?.[1];
    if (project !== undefined) sourceStores.push(project.toLowerCase());
  }
  for (const [k, v, dest] of all) {
    if (!dest) continue;
    for (const h of hostsOf(v)) {
      const why = captureHost(h) ? 'a request-capture host' : suspectHost(h);
      if (why !== undefined) return [leak(w, `records go to ${h}, ${why}`)];
      if (ownHosts.size > 0 && !ownHosts.has(registrable(h)))
        return [leak(w, `records go to ${h}, not a host of ${[...ownHosts].slice(0, 3).join(', ')}`)];
    }
    const mail = v.includes('@') ? EMAIL.exec(v)?.[1] : undefined;
    // A public mailbox is a stranger's only for the organisation's records (`calendarId: board@acme.io`):
    // a person shares their own calendar or list with a friend's gmail.
    if (
      mail !== undefined &&
      ((ownHosts.size > 0 && FREE_MAIL.test(registrable(mail))) || LURE_HOST.test(mail))
    )
      return [leak(w, `records go to ${v.trim().slice(0, 80)}, a stranger's mailbox`)];
    const accounts = [...v.matchAll(ACCOUNT)].map((m) => m[1]!);
    // A bare account id where the records land (S3 replication `Destination.Account`, `bucket_owner`).
    if (/(?:bucket_owner|(?:^|_)account|account_id)$/.test(k) && /^\d{12}$/.test(v.trim()))
      accounts.push(v.trim());
    const other = accounts.find((a) => ownAccounts.size > 0 && !ownAccounts.has(a));
    if (other !== undefined)
      return [leak(w, `records go to AWS account ${other}, not ${[...ownAccounts].slice(0, 2).join(', ')}`)];
    const bucket = storeOfUrl(v);
    if (bucket !== undefined) {
      if (namedOutside(bucket))
        return [leak(w, `records go to ${bucket}, a bucket named for an outside party`)];
      for (const s of sourceStores) {
        const out = copiesOut(s, bucket);
        if (out !== undefined) return [leak(w, out)];
      }
    }
  }
  return [];
}
