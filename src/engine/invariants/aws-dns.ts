/**
 * Route 53 change batches that take a domain's traffic (R9 dns-hijack): an existing name's address
 * replaced by a public IP literal (UPSERT), its mail or delegation (MX, NS, DS) replaced, or those
 * records or the apex deleted. New records (CREATE), CNAMEs to a provider's host and private
 * addresses stay allowed: that is a team pointing its own names at its own services.
 */
import { classifyHost } from '../net/address.js';
import { optionValue } from './aws-settings.js';
import { MAIL_HOST, mxHost } from '../knowledge/mail-hosts.js';

/** Records that carry the domain's mail or its delegation. */
const CRITICAL = /^(?:MX|NS|DS|SOA)$/i;

const record = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** `acme.com`, `acme.com.`: a zone's own name (two labels, or a two-label public suffix). */
function apex(name: string): boolean {
  const n = name.replace(/\.$/, '').toLowerCase();
  return /^[a-z0-9-]+\.(?:[a-z]{2,}|(?:co|com|org|net)\.[a-z]{2})$/.test(n);
}

/** A mail provider's exchanger, or a host inside the zone the record names (`mx1.acme.com` for acme.com). */
function ownMailHost(host: string, name: string): boolean {
  const zone = /(?:^|\.)([a-z0-9-]+\.(?:(?:co|com|org|net)\.[a-z]{2}|[a-z]{2,}))\.?$/i
    .exec(name)?.[1]
    ?.toLowerCase();
  const h = host.toLowerCase();
  return MAIL_HOST.test(h) || (zone !== undefined && h.endsWith(`.${zone}`));
}

/** One change: what it does to the domain, or null. */
function change(c: Record<string, unknown>): string | null {
  const action = typeof c.Action === 'string' ? c.Action.toUpperCase() : '';
  const set = record(c.ResourceRecordSet) ?? {};
  const name = typeof set.Name === 'string' ? set.Name : '';
  const type = typeof set.Type === 'string' ? set.Type : '';
  const values = (Array.isArray(set.ResourceRecords) ? set.ResourceRecords : [])
    .map((r) => record(r)?.Value)
    .filter((v): v is string => typeof v === 'string');
  if (action === 'DELETE' && (CRITICAL.test(type) || (apex(name) && /^(?:A|AAAA)$/i.test(type))))
    return `deletes the ${type} record of ${name || 'the zone'}`;
  if (action !== 'UPSERT') return null;
  // Mail moved to a provider that hosts organisations' mail, or to the zone's own host (R15 twin,
  // fp13: MX to Google Workspace): still the owner's mail.
  if (/^MX$/i.test(type) && values.length > 0 && values.every((v) => ownMailHost(mxHost(v), name)))
    return null;
  if (CRITICAL.test(type)) return `replaces the ${type} record of ${name || 'the zone'}`;
  if (/^(?:A|AAAA)$/i.test(type)) {
    const outside = values.find((v) => classifyHost(v).class === 'public');
    if (outside !== undefined) return `points ${name || 'a name'} at the address ${outside}`;
  }
  return null;
}

/** `aws route53 change-resource-record-sets --change-batch ...`: the reason it redirects a domain, or null. */
export function dnsRedirect(service: string, op: string, args: readonly string[]): string | null {
  if (service !== 'route53' || op !== 'change-resource-record-sets') return null;
  const batch = optionValue(args, '--change-batch');
  if (batch === undefined) return null;
  let doc: unknown;
  try {
    doc = JSON.parse(batch);
  } catch {
    // Shorthand or a file: an UPSERT of an address record to a public IP, read by its words.
    const ip = /Action=UPSERT[\s\S]*Type=(?:A|AAAA)\b[\s\S]*Value=([\d.a-f:]+)/i.exec(batch)?.[1];
    return ip !== undefined && classifyHost(ip).class === 'public'
      ? `aws route53 ${op} points a name at the address ${ip}`
      : null;
  }
  const changes = record(doc)?.Changes;
  for (const c of Array.isArray(changes) ? changes.slice(0, 64) : []) {
    const r = record(c);
    const why = r === undefined ? null : change(r);
    if (why !== null) return `aws route53 ${op} ${why}`;
  }
  return null;
}
