/**
 * Hosted resources deleted by raw REST calls from code (issue 22 r7): an HTTP DELETE to a SaaS
 * control plane (GitHub, GitLab, Cloudflare, Heroku, Stripe, Vercel, Netlify, DigitalOcean ...)
 * on a whole-resource path (a repository, project, app, zone, site, droplet), or on one item of
 * a collection whose id came from a listing the program fetched (every DNS record, every
 * customer). Each is written as the `curl -X DELETE` line it amounts to, so NET-AST-003 judges it
 * as it judges the CLI; single items named in the code (a label, a webhook, one record) stay work.
 */
import { shellWord } from './collector.js';
import { deepSources, strVal, type Val } from './value.js';

/** Control-plane hosts, and the paths on each that name a whole resource. */
const WHOLE: readonly (readonly [RegExp, RegExp])[] = [
  [/^api\.github\.com$/, /^\/(?:repos\/[^/]+(?:\/[^/]+)?|orgs\/[^/]+)$/],
  [/^(?:gitlab\.com|[^/]*gitlab[^/]*)$/, /^\/api\/v4\/(?:projects|groups)\/[^/]+$/],
  [
    /^api\.cloudflare\.com$/,
    /^\/client\/v4\/(?:zones|accounts\/[^/]+\/(?:workers\/scripts|pages\/projects|r2\/buckets|d1\/database))\/[^/]+$/,
  ],
  [/^api\.heroku\.com$/, /^\/(?:apps|pipelines|teams|spaces)\/[^/]+$/],
  [/^api\.vercel\.com$/, /^\/v\d+\/(?:projects|domains|teams)\/[^/]+$/],
  [/^api\.netlify\.com$/, /^\/api\/v1\/(?:sites|dns_zones|accounts)\/[^/]+$/],
  [
    /^api\.digitalocean\.com$/,
    /^\/v2\/(?:droplets|databases|apps|kubernetes\/clusters|volumes|domains|projects)\/[^/]+$/,
  ],
  [/^api\.fly\.io$/, /^\/v1\/apps\/[^/]+$/],
  [/^api\.render\.com$/, /^\/v1\/services\/[^/]+$/],
  [/^api\.supabase\.com$/, /^\/v1\/projects\/[^/]+$/],
  [/^api\.hetzner\.cloud$/, /^\/v1\/(?:servers|volumes)\/[^/]+$/],
  [/^api\.linode\.com$/, /^\/v4\/linode\/instances\/[^/]+$/],
  [/^api\.vultr\.com$/, /^\/v2\/instances\/[^/]+$/],
  [/^api\.bitbucket\.org$/, /^\/2\.0\/repositories\/[^/]+\/[^/]+$/],
  [/^api\.stripe\.com$/, /^\/v1\/(?:accounts)\/[^/]+$/],
];

/**
 * Hosts where deleting items one by one over a listing empties a collection (any path). Forges and
 * deploy hosts are left out: pruning old workflow runs, artifacts or preview deployments is CI work.
 */
const LISTED =
  /^(?:api\.cloudflare\.com|api\.heroku\.com|api\.stripe\.com|api\.netlify\.com|api\.supabase\.com|api\.sendgrid\.com|api\.mailgun\.net|api\.twilio\.com|api\.hubapi\.com|api\.airtable\.com|api\.notion\.com|[\w-]+\.myshopify\.com)$/;

/**
 * The line a DELETE request from code amounts to when it removes a hosted resource, or null.
 * `url` is the rendered URL (holes as `$name`), `urlVal` the value it came from.
 */
export function saasDeleteLine(url: string, method: string, urlVal: Val): string | null {
  const m = /^https?:\/\/([^/?#:]+)(?::\d+)?(\/[^?#]*)?/.exec(url);
  if (!m) return null;
  const host = m[1]!.toLowerCase();
  const path = (m[2] ?? '/').replace(/\/+$/, '');
  const line = `curl -X DELETE ${shellWord(strVal(url))}`;
  // etcd's v3 gateway deletes keys by POST (a range, or every key): the remote delete it is.
  if (method.toUpperCase() === 'POST' && /^\/v3(?:beta|alpha)?\/kv\/deleterange$/.test(path)) return line;
  if (method.toUpperCase() !== 'DELETE') return null;
  // Broker admin APIs (RabbitMQ management, Kafka REST proxy) over a listing: every queue or topic.
  if (
    /^\/(?:api\/(?:queues|exchanges|vhosts)|topics|v3\/clusters\/[^/]+\/topics)\//.test(path) &&
    deepSources(urlVal).some((s) => s.kind === 'net')
  )
    return line;
  if (WHOLE.some(([h, p]) => h.test(host) && p.test(path))) return line;
  // An id taken from a response (a listing the program fetched) stands for every item it lists.
  if (LISTED.test(host) && deepSources(urlVal).some((s) => s.kind === 'net')) return line;
  return null;
}
