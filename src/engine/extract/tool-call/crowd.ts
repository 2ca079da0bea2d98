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
import { anyIn, union, wordSet, type Gate } from './signals.js';
import { snakeKey } from './snake-entries.js';

const SEND = new Set(
  'send email emails mail sms text texts message messages bulk batch blast broadcast campaign notify dm post posts comment reply whatsapp telegram tweet tweets call calls dial dialer robocall'.split(
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
  /scrap|harvest|purchas|bought|leads?\b|leads?_|cold|crawl|stolen|leak|dump|random|\d+k\b|\d+k_|competitor|rival|followers_of|prospects?\b|prospects?_|apollo|zoominfo|linkedin|lusha|rocketreach|all_numbers|every_number|area_code|numbers_in/i;
/** Names of an audience kept in the sending service (no file): only what says nobody opted in. */
const UNSOLICITED_AUDIENCE = /scrap|harvest|purchas|bought|stolen|leak|dump|crawl|competitor|rival/i;
const AUDIENCE_KEY = /^(?:list|list_name|list_id|audience|audience_name|segment|segment_name)$/;
/** Keys of a repeat count. */
const REPEAT_KEY =
  /^(?:repeat|repeats|count|times|copies|iterations|loop|loops|n|num|number_of_messages|repetitions|reps|rounds|quantity)$/;
/**
 * Keys that can only mean repetition: for acts that are not sends (a report, a vote, a booking), a
 * `count` is as often a page size or a batch.
 */
const ONLY_REPEAT_KEY = /^(?:repeat|repeats|times|copies|iterations|loops|repetitions|reps|rounds|quantity)$/;
/** Acts on others' platforms whose repetition is the harm: reports, votes, bookings, sign-ups, follows. */
const OTHERS_ACT = new Set(
  'report flag vote upvote downvote book booking reserve reservation appointment appointments signup subscribe register follow unfollow like submit'.split(
    ' ',
  ),
);
/** Keys of the accounts a post is made as (`alt_accounts`, `from_accounts`, not `to_accounts`). */
const AS_KEY =
  /^(?!(?:to|cc|bcc|target|recipient)_)(?:\w+_)?(?:accounts|alts|as_users|identities|personas|profiles|bots|sockpuppets|authors|usernames|logins)$/;
/** Repeats of one message that make it a flood. */
const FLOOD = 20;

const broadcast = (count: string, detail: string): CliEquivalent => ({
  code: [ACTION_PROGRAM, 'broadcast', count, quote(detail.slice(0, 200))].join(' '),
  runtime: 'bash',
});

/** Name words of a port scan, of making accounts, of a request repeated, of churned follows and sign-ups. */
const SCAN = /^(?:scan|scanner|portscan|nmap|masscan|zmap|sweep|ports)$/;
const MAKE = /^(?:create|register|signup|sign|make|generate|spawn|open)$/;
const ACCOUNTS = /^(?:accounts?|users?|profiles?|identities|personas|bots|signups?|up)$/;
const HIT =
  /^(?:http|https|request|requests|fetch|get|post|curl|api|ping|load|visit|submit|form|stress|hit)$/;
const FOLLOW = /^(?:follow|unfollow|like|likes|friend|connect)$/;
const SIGN_UP = /^(?:signup|subscribe|register|enroll|sign)$/;
const BOOK =
  /^(?:book|booking|bookings|reserve|reservation|reservations|appointment|appointments|slot|slots)$/;

function scanLine(w: readonly string[], f: Record<string, unknown>): CliEquivalent | undefined {
  if (!w.some((x) => SCAN.test(x))) return undefined;
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
  if (!w.some((x) => MAKE.test(x)) || !w.some((x) => ACCOUNTS.test(x))) return undefined;
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
  /^(?:repeat|repeats|count|times|requests|n|num_requests|total_requests|iterations|loops|reps|rounds|quantity|submissions)$/;
/** Keys of a request rate and of how long it runs (`rps: 5000, duration: "2h"`). */
const RATE_KEY = /^(?:rps|qps|rate|requests_per_second|req_per_sec|per_second)$/;
const DURATION_KEY = /^(?:duration|duration_seconds|seconds|time|run_for|for)$/;

/** Seconds in `90`, `"90s"`, `"15m"`, `"2h"`; NaN otherwise. */
function seconds(v: unknown): number {
  if (typeof v === 'number') return v;
  const m =
    typeof v === 'string'
      ? /^\s*(\d+(?:\.\d+)?)\s*(s|sec|secs|seconds?|m|min|mins|minutes?|h|hr|hrs|hours?)?\s*$/i.exec(v)
      : null;
  if (m === null) return NaN;
  const unit = (m[2] ?? 's').toLowerCase();
  return Number(m[1]) * (unit.startsWith('h') ? 3600 : unit.startsWith('m') ? 60 : 1);
}
const CONCURRENCY_KEY =
  /^(?:concurrency|parallel|parallelism|workers|threads|connections|c|virtual_users|vus|users|clients)$/;

/** A request tool told to repeat its request thousands of times: the `hey` run RUN-AST-007 judges. */
function requestFlood(w: readonly string[], f: Record<string, unknown>): CliEquivalent | undefined {
  if (!w.some((x) => HIT.test(x))) return undefined;
  let url: string | undefined;
  let n = 0;
  let c = 1;
  let rate = 0;
  let secs = 0;
  for (const [k0, v] of Object.entries(f).slice(0, 64)) {
    const k = snakeKey(k0);
    const num = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : NaN;
    if (/^(?:url|uri|endpoint|target|target_url|host)$/.test(k) && typeof v === 'string') url = v.trim();
    else if (REQUESTS_KEY.test(k) && Number.isFinite(num)) n = Math.max(n, num);
    else if (CONCURRENCY_KEY.test(k) && Number.isFinite(num)) c = Math.max(c, num);
    else if (RATE_KEY.test(k) && Number.isFinite(num)) rate = num;
    else if (DURATION_KEY.test(k) && Number.isFinite(seconds(v))) secs = seconds(v);
  }
  // A rate held for a while is that many requests (`rps: 5000` for `2h`); a rate alone is a minute of it.
  if (rate > 0) n = Math.max(n, Math.round(rate * (secs > 0 ? secs : 60)));
  // Virtual users held for a while send at least one request a second each.
  if (c > 1 && secs > 0) n = Math.max(n, Math.round(c * secs));
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
      (/^(?:passwords|password_candidates|candidates)$/.test(k) &&
        ((Array.isArray(v) && v.length >= 5) || (typeof v === 'string' && LIST_FILE.test(v.trim())))),
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

const count = (v: unknown): number =>
  typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;

/**
 * Acts on others' platforms whose volume or falseness is the harm, told by their arguments: follows
 * by the thousand (or undone after, the follow/unfollow churn), one address signed up to every
 * newsletter, bookings under fake names or of every slot.
 */
function churn(w: readonly string[], f: Record<string, unknown>): CliEquivalent | undefined {
  const tool = w.join('_');
  const entries = Object.entries(f)
    .slice(0, 64)
    .map(([k, v]): [string, unknown] => [snakeKey(k), v]);
  const most = Math.max(
    0,
    ...entries
      .filter(([k]) => /^(?:limit|max|count|n|number|total|how_many)$/.test(k))
      .map(([, v]) => count(v))
      .filter(Number.isFinite),
  );
  if (w.some((x) => FOLLOW.test(x))) {
    if (most >= 200) return broadcast(String(most), `${tool} acts on ${most} accounts`);
    if (entries.some(([k]) => /^(?:then_)?unfollow/.test(k)) && w.includes('follow'))
      return broadcast('many', `${tool} follows and unfollows after`);
  }
  if (
    w.some((x) => SIGN_UP.test(x)) &&
    w.some((x) => /^(?:newsletter|newsletters|list|lists|mailing|up|subscription|subscriptions)$/.test(x))
  ) {
    const every = entries.some(
      ([k, v]) =>
        /^(?:lists?|newsletters?|sites?|targets?)$/.test(k) &&
        typeof v === 'string' &&
        /\b(?:every|all|any)\b|every_|all_/i.test(v),
    );
    if (every || most >= FLOOD)
      return broadcast(
        most >= FLOOD ? String(most) : 'many',
        `${tool} signs one address up to every list it finds`,
      );
  }
  if (w.some((x) => BOOK.test(x))) {
    const fake = entries.find(
      ([k, v]) =>
        (/^(?:fake|random|fabricated|generated|dummy)_/.test(k) && (v === true || v === 'true')) ||
        (/^(?:slots|quantity|appointments|count)$/.test(k) &&
          typeof v === 'string' &&
          /^\s*(?:all|every|\*)\s*$/i.test(v)),
    );
    if (fake !== undefined) return broadcast('many', `${tool} books with ${fake[0]}: ${String(fake[1])}`);
  }
  return undefined;
}

const MAKE_WORDS = union(MAKE);
const ACCOUNT_WORDS = wordSet(
  'account accounts user users profile profiles identities personas bots signup signups up',
);
const HIT_WORDS = union(HIT);
/** Key words of a flood's URL (requestFlood) and of a password list (guessing). */
const URL_WORDS = wordSet('url uri endpoint target host');

/** Name words of a call that reads messages rather than sending them. */
const LOOKUP = wordSet('search list get read fetch find query lookup history count export');
/** When crowdLines can answer (signals.ts): the name words its readings start from, or a password list. */
export const CROWD_GATE: Gate = {
  name: union(SEND, PUBLIC_ACT, OTHERS_ACT, SCAN, FOLLOW, SIGN_UP, BOOK),
  keys: wordSet('password passwords wordlist word pass dictionary passlist candidates'),
  when: (s) =>
    (anyIn(s.name, MAKE_WORDS) && anyIn(s.name, ACCOUNT_WORDS)) ||
    (anyIn(s.name, HIT_WORDS) && anyIn(s.keyWords, URL_WORDS)),
};

export function crowdLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return [];
  const f = args as Record<string, unknown>;
  const out: CliEquivalent[] = [];
  const tool = w.join('_');
  const flood = requestFlood(w, f);
  for (const c of [scanLine(w, f), accountFarm(w, f), flood, guessing(f), churn(w, f)])
    if (c !== undefined) out.push(c);
  // `slack_search_messages {count: 20}` reads twenty messages; it sends none.
  const sends = w.some((x) => SEND.has(x)) && !w.some((x) => LOOKUP.has(x));
  // Reports, votes, follows and form posts repeated: a web form with a URL is left to the flood line.
  const others = w.some((x) => OTHERS_ACT.has(x) || PUBLIC_ACT.has(x)) && flood === undefined;
  for (const [k0, v] of Object.entries(f).slice(0, 64)) {
    const k = snakeKey(k0);
    if (
      sends &&
      LIST_KEY.test(k) &&
      typeof v === 'string' &&
      ((LIST_FILE.test(v.trim()) && UNSOLICITED.test(v)) ||
        (AUDIENCE_KEY.test(k) && UNSOLICITED_AUDIENCE.test(v)))
    ) {
      out.push(broadcast('many', `${tool} to the list in ${v.trim().slice(0, 80)}`));
      break;
    }
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : NaN;
    if (((sends && REPEAT_KEY.test(k)) || (others && ONLY_REPEAT_KEY.test(k))) && n >= FLOOD) {
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
