/**
 * A security filter's allow list told to match everything (red team r15/r16 injected: a DNS
 * security policy allowlisting `*`): every domain, URL or sender on the list passes the filter, so
 * the filter stops nothing, whatever its vendor calls it (Umbrella, NextDNS, a web proxy, a mail
 * gateway, a WAF). Named entries (`*.acme.com`, `github.com`) stay allowed. Becomes one
 * `agent-guard-action weaken filter <detail>` line for PLT-AST-003.
 */
import { quote, type CliEquivalent } from './cli.js';
import { ACTION_PROGRAM } from './saas.js';
import type { Gate } from './signals.js';

const READ = /^(?:get|list|read|show|describe|view|search|check|test|delete|remove)$/;
/** Words that say a list lets through (in the tool's name, a key, or a list-type value). */
const ALLOW =
  /^(?:allow|allowed|allowlist|allowlists|allowlisted|whitelist|whitelists|whitelisted|bypass|exempt|exemption|exemptions|exception|exceptions|trusted|trust|safelist|safe|permit|permitted|pass)$/;
/** Words that say the list blocks (a block list of everything is not this harm). */
const BLOCK = /^(?:block|blocked|blocklist|blacklist|deny|denied|denylist|drop|reject)$/;
/** Entries that match every domain, URL, address or sender. */
const EVERYTHING =
  /^(?:\*|\*\.\*|\*\.|\.\*|\.|\*:\/\/\*|https?:\/\/\*(?:\/\*)?|\*\/\*|\*@\*|@\*|all|any|everything|\*\.\*\.\*)$/i;
/** Keys of the entries of a list. */
const ENTRY_KEY =
  /^(?:domains?|hosts?|hostnames?|urls?|patterns?|entries|entry|items?|values?|list|destinations?|senders?|addresses|sites?|rules?|id|allow|allowlist|whitelist)$/;

type Pair = [string, unknown];

/** Every (key, leaf) pair, and every key on the way (`bypass` of `bypass.senders`) in `keys`. */
function pairs(v: unknown, key: string, out: Pair[], keys: string[], depth = 0): void {
  if (depth > 5 || out.length > 256) return;
  if (Array.isArray(v)) for (const x of v.slice(0, 64)) pairs(x, key, out, keys, depth + 1);
  else if (v !== null && typeof v === 'object')
    for (const [k0, x] of Object.entries(v as Record<string, unknown>).slice(0, 64)) {
      const k = k0.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
      // An emptied block list (`blocked_categories: []`) blocks nothing: its key does not make the list a block list.
      if (keys.length < 256 && !(Array.isArray(x) && x.length === 0)) keys.push(k);
      pairs(x, k, out, keys, depth + 1);
    }
  else out.push([key, v]);
}

const words = (s: string): string[] =>
  s
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);

/** When allowAllLines can answer (signals.ts): an entry matching everything among the values. */
export const ALLOW_ALL_GATE: Gate = {
  when: (s) => s.strings.some((x) => x.length <= 16 && EVERYTHING.test(x.trim())),
};

export function allowAllLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (w.some((x) => READ.test(x)) || args === null || typeof args !== 'object') return [];
  const all: Pair[] = [];
  const keys: string[] = [];
  pairs(args, '', all, keys);
  const said = [
    ...w,
    ...keys.flatMap(words),
    ...all.flatMap(([, v]) => (typeof v === 'string' && v.length < 64 ? words(v) : [])),
  ];
  if (!said.some((x) => ALLOW.test(x)) || said.some((x) => BLOCK.test(x))) return [];
  const hit = all.find(
    ([k, v]) =>
      ENTRY_KEY.test(k.split('_').at(-1) ?? k) && typeof v === 'string' && EVERYTHING.test(v.trim()),
  );
  if (hit === undefined) return [];
  return [
    {
      code: [
        ACTION_PROGRAM,
        'weaken',
        quote('filter'),
        quote(`${w.join('_')} allows ${String(hit[1])} under ${hit[0]}: the filter lets everything through`),
      ].join(' '),
      runtime: 'bash',
    },
  ];
}
