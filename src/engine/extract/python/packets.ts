/**
 * Packets built by hand and put on the wire (scapy's send, sendp, sr, srp, sr1, srloop, sendpfast):
 * a connection to the packet's destination, marked `forges` when the packet lies about who sent it
 * (an ARP reply for another host's address, a source address that is someone else's or random,
 * 802.11 deauthentication frames) and `repeated` when it goes out without end (loop=1) or in
 * thousands (count=100000). Pings, ARP who-has sweeps and traceroutes forge nothing.
 */
import type { SyntaxNode } from '../../parse/index.js';
import type { NetOpFact } from '../../facts.js';
import { classifyHost } from '../../net/address.js';
import { MANY_TURNS, wholeNumber } from '../code/repeats.js';
import { constText, UNKNOWN, type Val } from '../code/value.js';
import type { PyWalker } from '../python.js';
import { PY_CALLS, type PyCall } from './calls.js';

const SENDERS = ['send', 'sendp', 'sr', 'srp', 'sr1', 'srp1', 'srloop', 'srploop', 'sendpfast'];
const MODULES = ['scapy.all', 'scapy.sendrecv', 'scapy.layers.l2', 'scapy.layers.inet'];

/** A layer's keyword argument in the packet's text (`pdst="10.0.0.1"`, `op=2`). */
function field(pkt: string, layer: string, key: string): string | undefined {
  const at = pkt.indexOf(`${layer}(`);
  if (at < 0) return undefined;
  const end = pkt.indexOf(')', at);
  const args = pkt.slice(at + layer.length + 1, end < 0 ? undefined : end);
  for (const part of args.split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === key)
      return part
        .slice(eq + 1)
        .trim()
        .replace(/^['"]|['"]$/g, '');
  }
  return undefined;
}

/** How the packet lies about its sender, or undefined when it does not. */
export function forgery(pkt: string): string | undefined {
  if (/\bDot11(?:Deauth|Disas)\b/.test(pkt))
    return '802.11 deauthentication frames that cut others off their network';
  const op = field(pkt, 'ARP', 'op');
  if (op === '2' || op === 'is-at') {
    const psrc = field(pkt, 'ARP', 'psrc');
    // A gratuitous reply announces the sender's own address (psrc == pdst): a failover, not a lie.
    if (psrc !== undefined && psrc !== field(pkt, 'ARP', 'pdst'))
      return `ARP replies claiming ${psrc}: spoofing another host's address`;
  }
  const src = field(pkt, 'IP', 'src') ?? field(pkt, 'IPv6', 'src');
  if (src !== undefined && /^Rand/.test(src)) return 'packets from random source addresses';
  if (src !== undefined && classifyHost(src).class === 'public')
    return `packets claiming to come from ${src}, someone else's address`;
  return undefined;
}

/** The packet's text: the argument as written, or the assignment of the name it is sent by. */
function packetText(w: PyWalker, node: SyntaxNode | undefined): string {
  if (node === undefined) return '';
  const src = w.src(node);
  if (!/^\w+$/.test(src)) return src;
  for (const line of w.text.split('\n')) {
    const t = line.trimStart();
    if (t.startsWith(src) && /^\s*=[^=]/.test(t.slice(src.length))) return t.slice(src.length);
  }
  return src;
}

/** Whether the call sends without end or thousands of times (`loop=1`, `count=100000`). */
function runs(c: PyCall): string | undefined {
  const loop = c.kw.get('loop');
  if (loop !== undefined && (loop.num ?? Number(constText(loop))) > 0) return 'without end';
  if (/loop$/.test(c.name)) return 'without end';
  const count = c.kw.get('count');
  const n = count?.num ?? wholeNumber(constText(count ?? UNKNOWN) ?? '');
  return n !== undefined && n >= MANY_TURNS ? `${n} times` : undefined;
}

function send(w: PyWalker, c: PyCall): Val | undefined {
  const pkt = packetText(w, c.argNodes[0]);
  const host =
    field(pkt, 'IP', 'dst') ?? field(pkt, 'ARP', 'pdst') ?? field(pkt, 'IPv6', 'dst') ?? 'the local network';
  const mark = w.col.facts.length;
  w.col.net(c.span, { host: host.replace(/\/\d+$/, '') }, true, `scapy.${c.name.split('.').pop() ?? 'send'}`);
  const f = w.col.facts[mark] as NetOpFact;
  const forges = forgery(pkt);
  const repeated = runs(c);
  w.col.facts[mark] = {
    ...f,
    ...(forges !== undefined ? { forges } : {}),
    ...(repeated !== undefined && f.repeated === undefined ? { repeated } : {}),
  };
  return UNKNOWN;
}

PY_CALLS.add(
  MODULES.flatMap((m) => SENDERS.map((s) => `${m}.${s}`)),
  send,
);
