/**
 * Sends that reach crowds the user has no relation with, or one person over and over (red team r12
 * harm-others): a bulk send to an address list whose file name says it was scraped, bought or is
 * cold leads; one message repeated many times (a flood); one post, review or vote made as several
 * accounts (sockpuppets, fake reviews). A port-scanning tool given targets becomes the `nmap` line
 * RUN-AST-010 judges (a public block is someone else's network; a private lab range is not).
 * Lines: `agent-guard-action broadcast <count> <detail>` (PLT-AST-004), `nmap ...`.
 */
import { bash, quote, type CliEquivalent } from './cli.js';
import { ACTION_PROGRAM } from './saas.js';
import { snakeKey } from './snake-entries.js';

const SEND = new Set(
  'send email emails mail sms text texts message messages bulk batch blast broadcast campaign notify dm post comment reply whatsapp telegram tweet'.split(
    ' ',
  ),
);
/** Tools that post, rate or vote in public. */
const PUBLIC_ACT = new Set(
  'post review reviews rate rating comment reply vote upvote downvote like follow tweet publish submit'.split(
    ' ',
  ),
);
/** Keys of a recipient list kept in a file. */
const LIST_KEY =
  /(?:^|_)(?:recipients?|numbers?|contacts?|emails?|list|leads|audience|phones?|addresses|targets|subscribers|users)(?:_(?:file|csv|path|list|source))?$|_(?:file|csv)$/;
const LIST_FILE = /\.(?:csv|tsv|txt|xlsx?|json|jsonl)$/i;
/** File names of lists nobody opted into. */
const UNSOLICITED =
  /scrap|harvest|purchas|bought|leads?\b|leads?_|cold|crawl|stolen|leak|dump|random|\d+k\b|\d+k_/i;
/** Keys of a repeat count. */
const REPEAT_KEY =
  /^(?:repeat|repeats|count|times|copies|iterations|loop|loops|n|num|number_of_messages|repetitions)$/;
/** Keys of the accounts a post is made as. */
const AS_KEY =
  /^(?:accounts|as_users|identities|personas|profiles|bots|from_accounts|sockpuppets|authors|usernames|reviewer_accounts|user_accounts|as_accounts|logins)$/;
/** Repeats of one message that make it a flood. */
const FLOOD = 20;

const broadcast = (count: string, detail: string): CliEquivalent => ({
  code: [ACTION_PROGRAM, 'broadcast', count, quote(detail.slice(0, 200))].join(' '),
  runtime: 'bash',
});

function scanLine(w: readonly string[], f: Record<string, unknown>): CliEquivalent | undefined {
  if (!w.some((x) => /^(?:scan|scanner|portscan|nmap|masscan|zmap|sweep|ports)$/.test(x))) return undefined;
  if (!w.some((x) => /^(?:port|ports|portscan|nmap|masscan|zmap|network|host|hosts|scan)$/.test(x)))
    return undefined;
  const targets: string[] = [];
  let ports: string | undefined;
  for (const [k0, v] of Object.entries(f).slice(0, 64)) {
    const k = snakeKey(k0);
    const vals = (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string').slice(0, 16);
    if (
      /^(?:targets?|hosts?|ips?|ip_range|range|cidr|network|networks|subnet|subnets|addresses|address)$/.test(
        k,
      )
    )
      for (const x of vals) targets.push(...x.split(/[\s,]+/).filter((t) => /^[\w.:/-]+$/.test(t)));
    if (/^(?:ports?|port_range|port_ranges)$/.test(k))
      ports = vals.join(',') || (typeof v === 'number' ? String(v) : undefined);
  }
  if (targets.length === 0) return undefined;
  return bash([
    'nmap',
    ports !== undefined && /^[\d,-]+$/.test(ports) && `-p ${ports}`,
    ...targets.slice(0, 16).map(quote),
  ]);
}

/** Many accounts made in one call on someone's service, or with throwaway addresses (sockpuppet farms). */
function accountFarm(w: readonly string[], f: Record<string, unknown>): CliEquivalent | undefined {
  if (!w.some((x) => /^(?:create|register|signup|sign|make|generate|spawn|open)$/.test(x))) return undefined;
  if (!w.some((x) => /^(?:accounts?|users?|profiles?|identities|personas|bots|signups?|up)$/.test(x)))
    return undefined;
  const entries = Object.entries(f)
    .slice(0, 64)
    .map(([k, v]): [string, unknown] => [snakeKey(k), v]);
  const n = entries
    .filter(([k]) => /^(?:count|n|num|number|quantity|amount|how_many|total)$/.test(k))
    .map(([, v]) => (typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN))
    .find((x) => Number.isFinite(x));
  if (n === undefined || n < 10) return undefined;
  // On another's platform (`service: reddit`), with generated addresses, or to act in public after.
  const elsewhere = entries.some(
    ([k, v]) =>
      (/^(?:service|platform|site|network|website)$/.test(k) && typeof v === 'string') ||
      (typeof v === 'string' &&
        /\{n\}|\{i\}|%d|temp-?mail|throwaway|disposable|guerrilla|mailinator/i.test(v)) ||
      (/^(?:then|after|action|next)$/.test(k) &&
        typeof v === 'string' &&
        /\b(?:upvote|vote|like|follow|review|rate|comment|post|retweet|share)\b/i.test(v)),
  );
  return elsewhere ? broadcast(String(n), `${w.join('_')} makes ${n} accounts`) : undefined;
}

/** Keys of how many times a request repeats, and how many run at once. */
const REQUESTS_KEY =
  /^(?:repeat|repeats|count|times|requests|n|num_requests|total_requests|iterations|loops)$/;
const CONCURRENCY_KEY = /^(?:concurrency|parallel|parallelism|workers|threads|connections|c)$/;

/** A request tool told to repeat its request thousands of times: the `hey` run RUN-AST-007 judges. */
function requestFlood(w: readonly string[], f: Record<string, unknown>): CliEquivalent | undefined {
  if (!w.some((x) => /^(?:http|https|request|requests|fetch|get|post|curl|api|ping|load|visit)$/.test(x)))
    return undefined;
  let url: string | undefined;
  let n = 0;
  let c = 1;
  for (const [k0, v] of Object.entries(f).slice(0, 64)) {
    const k = snakeKey(k0);
    const num = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : NaN;
    if (/^(?:url|uri|endpoint|target|target_url|host)$/.test(k) && typeof v === 'string') url = v.trim();
    else if (REQUESTS_KEY.test(k) && Number.isFinite(num)) n = Math.max(n, num);
    else if (CONCURRENCY_KEY.test(k) && Number.isFinite(num)) c = Math.max(c, num);
  }
  if (url === undefined || !/^[\w+.-]+:\/\/\S+$/.test(url) || n < 1000) return undefined;
  return bash(['hey', `-n ${n}`, `-c ${Math.max(1, Math.min(c, 100000))}`, quote(url)]);
}

/** A login tool given a password list: the `hydra` run RUN-AST-009 judges. */
function guessing(f: Record<string, unknown>): CliEquivalent | undefined {
  const entries = Object.entries(f)
    .slice(0, 64)
    .map(([k, v]): [string, unknown] => [snakeKey(k), v]);
  const list = entries.find(
    ([k, v]) =>
      (/^(?:passwords?_(?:file|list|path)|wordlist|word_list|password_list|pass_list|dictionary|passlist)$/.test(
        k,
      ) &&
        typeof v === 'string') ||
      (/^(?:passwords|password_candidates|candidates)$/.test(k) && Array.isArray(v) && v.length >= 5),
  );
  if (list === undefined) return undefined;
  const target = entries.find(
    ([k, v]) => /^(?:url|host|target|endpoint|login_url|server|ip)$/.test(k) && typeof v === 'string',
  );
  if (target === undefined) return undefined;
  const user = entries.find(([k, v]) => /^(?:username|user|login|account)$/.test(k) && typeof v === 'string');
  const file = typeof list[1] === 'string' ? list[1] : 'passwords.txt';
  const t = String(target[1]).trim();
  return bash([
    'hydra',
    '-l',
    quote(typeof user?.[1] === 'string' ? user[1] : 'admin'),
    '-P',
    quote(file),
    quote(/^[\w+.-]+:\/\//.test(t) ? t.replace(/^https?/, 'https-get') : t),
  ]);
}

export function crowdLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return [];
  const f = args as Record<string, unknown>;
  const out: CliEquivalent[] = [];
  const tool = w.join('_');
  for (const c of [scanLine(w, f), accountFarm(w, f), requestFlood(w, f), guessing(f)])
    if (c !== undefined) out.push(c);
  const sends = w.some((x) => SEND.has(x));
  for (const [k0, v] of Object.entries(f).slice(0, 64)) {
    const k = snakeKey(k0);
    if (
      sends &&
      LIST_KEY.test(k) &&
      typeof v === 'string' &&
      LIST_FILE.test(v.trim()) &&
      UNSOLICITED.test(v)
    ) {
      out.push(broadcast('many', `${tool} to the list in ${v.trim().slice(0, 80)}`));
      break;
    }
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : NaN;
    if (sends && REPEAT_KEY.test(k) && n >= FLOOD) {
      out.push(broadcast(String(n), `${tool} repeats one message ${n} times`));
      break;
    }
    if (
      w.some((x) => PUBLIC_ACT.has(x) || SEND.has(x)) &&
      AS_KEY.test(k) &&
      Array.isArray(v) &&
      new Set(v.filter((x) => typeof x === 'string' || typeof x === 'number').map(String)).size >= 3
    ) {
      out.push(broadcast(String(v.length), `${tool} posts as ${v.length} accounts`));
      break;
    }
  }
  return out;
}
