/**
 * Code that runs the same request many times: a counted loop of thousands of turns, an endless
 * loop that never sleeps, a timer firing every few milliseconds, or a loop over a password list.
 * Requests made inside are marked on their NetOpFact (`repeated`, `guesses`) so the flood, spam and
 * credential-guessing rules see traffic aimed at someone else, not a single call.
 */
import type { NetOpFact } from '../../facts.js';
import type { Span } from '../../types.js';
import { acquiredList, isMessage, lureLinked } from './bulk-messages.js';
import type { Collector, LoopFrame } from './collector.js';
import { parseTarget } from './net.js';
import { constText, type Val } from './value.js';

/** Turns from which a loop without a pause is a flood rather than a batch (a page of results is tens). */
export const MANY_TURNS = 1000;
/** A timer at this period or faster fires hundreds of times a second. */
export const FAST_TIMER_MS = 50;

export interface HotRegion {
  /** Why the body runs many times ('100000 times', 'every 1 ms', 'without end'). */
  readonly many?: string;
  /** A password list the loop goes through, one entry per turn. */
  readonly list?: string;
  /** A user list the loop goes through (password spraying when one password is tried for each). */
  readonly users?: string;
  /** Any other file the loop goes through (a combo list when each entry is split into login and password). */
  readonly file?: string;
  /** Every code of a character set and length (`itertools.product(digits, repeat=4)`): a keyspace. */
  readonly keyspace?: string;
  /** A list of people come by rather than kept (scraped, bought): messages sent over it are spam (bulk-messages.ts). */
  readonly recipients?: string;
  /** The region's source text: whether each turn logs in is read from it. */
  readonly text: string;
  /** Bodies of the input's own functions called inside (each turn's login may be one of them). */
  readonly bodies: string[];
  /** Indices, in the collector's facts, of the network facts made inside. */
  readonly nets: number[];
}

/**
 * Password and credential lists by the names wordlists ship under (SecLists, rockyou, combo lists)
 * and by their shapes: a ranked cut (`top10k`, `10-million`, `100k.txt`), "common" or "leaked".
 */
const PASSWORD_LIST =
  /(?:^|[/_.-])(?:rockyou|seclists|wordlists?|passwords?|passwds?|pwds?|passlist|pass|dict(?:ionary)?|creds?|credentials|combos?|combolist|leaked|breach(?:ed)?|common|top[-_]?\d+k?|\d+[-_]?(?:k|m|million))(?:[/_.-]|\d|$)/i;
/** Names only a list of many passwords goes by (a plural, a wordlist, a ranked cut). */
const WORDLIST =
  /(?:rockyou|seclists|wordlists?|passwords|passlist|combos|combolist|leaked|breach|fasttrack|top[-_]?\d+k?|\d+[-_]?(?:k|m|million))/i;
/** User lists: a spray tries one password for each. */
const USER_LIST =
  /(?:^|[/_.-])(?:users?|usernames?|logins?|accounts?|emails?|employees?|staff|members?|people)(?:[/_.-]|\d|$)/i;
/** Each turn authenticates: a password argument, a login call, an auth tuple or header, `FTP(host, user, passwd)`. */
const LOGIN =
  /\b(?:password|passwd|pwd|pass)\b['"]?\s*[=:]|\.login\s*\(|\bauth\s*[=:]|\bauthenticate\s*\(|\bbind_s\s*\(|\bAuthorization\b|\bsshpass\b|\s-(?:u|-user)\s+["']?[\w.@-]+:\$|\s-p\s*["']?\$|[{,]\s*(?:password|passwd|pwd|pass)\s*[,}]|\.pass_\s*\(|\.bind\s*\(\s*['"`]|\bBasicAuth\s*\(|\bgrant_type\W+password\b|\.(?:type|fill)\s*\(\s*['"`][^'"`]*pass|\bFTP(?:_TLS)?\s*\(\s*[^,()]+,\s*[^,()]+,\s*[^,()=]+[,)]/i;
/** Each entry is a `login:password` pair split apart: a combo list, whatever its file is called. */
const COMBO_SPLIT = /\.split\s*\(\s*(?:['"`]:['"`]|\/:\/)/;
/** A one-time code, PIN or token field: guessed when the loop runs through a keyspace. */
const CODE_FIELD = /\b(?:otp|pin|code|passcode|totp|mfa|2fa|token|password|pwd)\b/i;
/** ... with one password written into the code (a spray over users). */
const FIXED_PASSWORD = /\b(?:password|passwd|pwd|pass)\b['"]?\s*[=:]\s*(?:f|b|r)?['"`][^'"`\s]{4,}['"`]/i;

/** Runs `body` inside `region`, then marks the requests made there when the region is a flood or a guess list. */
export function inHotRegion(
  col: Collector,
  region: HotRegion | undefined,
  frame: LoopFrame | undefined,
  body: () => void,
): void {
  if (region === undefined) {
    body();
    return;
  }
  col.hot.push(region);
  try {
    body();
  } finally {
    col.hot.pop();
  }
  if (region.nets.length === 0) return;
  const m = regionMarks(region, frame?.sleeps ?? false, frame?.exits ?? false);
  const { recipients } = region;
  if (m === undefined && recipients === undefined) return;
  const { repeated, guesses } = m ?? {};
  for (const i of region.nets) {
    const f = col.facts[i] as NetOpFact;
    const spams = recipients !== undefined && f.spams === undefined && isMessage(f) ? recipients : undefined;
    col.facts[i] = {
      ...f,
      ...(repeated !== undefined && f.repeated === undefined ? { repeated } : {}),
      ...(guesses !== undefined && f.guesses === undefined ? { guesses } : {}),
      ...(spams !== undefined ? { spams } : {}),
    };
  }
}

/** What a region's requests are, once its body is known: repeated with no pause, guesses from a list, or neither. */
export function regionMarks(
  region: HotRegion,
  sleeps: boolean,
  exits: boolean,
): { readonly repeated?: string; readonly guesses?: string } | undefined {
  // A pause in every turn is a throttled job (a crawler, a retry with backoff), and a way out is
  // a search (pagination until an empty page): neither is a flood.
  const repeated = region.many !== undefined && !sleeps && !exits ? region.many : undefined;
  const login = (re: RegExp): boolean => re.test(region.text) || region.bodies.some((b) => re.test(b));
  const guesses =
    region.keyspace !== undefined && login(CODE_FIELD)
      ? region.keyspace
      : region.list !== undefined && login(LOGIN)
        ? region.list
        : region.users !== undefined && login(FIXED_PASSWORD)
          ? region.users
          : region.file !== undefined && login(COMBO_SPLIT) && login(LOGIN)
            ? region.file
            : undefined;
  if (repeated === undefined && guesses === undefined) return undefined;
  return { ...(repeated !== undefined ? { repeated } : {}), ...(guesses !== undefined ? { guesses } : {}) };
}

/**
 * Passwords sprayed by their shape (`Winter2025!`, `Password1`, `Welcome123`, `P@ssw0rd`): a season,
 * month or stock word with a number or symbol after it, a bare word only a password list holds, or
 * a device or service default (`root`, `toor`, `ubnt`, `raspberry`, `1234`, R24 paramiko sweep).
 */
const COMMON_PASSWORD =
  /^(?:(?:spring|summer|autumn|fall|winter|january|february|march|april|may|june|july|august|september|october|november|december|password|passw0rd|p@ssw0rd|p@ssword|welcome|letmein|qwerty|changeme|admin|secret|company|monkey|dragon|football|baseball|sunshine|princess|master|hello|login|abc)[!@#$%^&*._-]?(?:\d{1,4}[!@#$%^&*.?]*|[!@#$%^&*.?]+)|password|passw0rd|p@ssw0rd|letmein|qwerty|changeme|iloveyou|trustno1|123456\d{0,4}|12345678|1q2w3e4r|qwerty123|abc123|(?:root|toor|admin|administrator|default|ubnt|raspberry|mysql|postgres|oracle|cisco|alpine|vagrant|tomcat|pass|passwd)\d{0,4}|1234|12345|0{4,8}|1{4,8}|654321|123123|111111)$/i;

/** A literal list of three or more such passwords (`for pw in ["Winter2025!", "Password1", ...]`). */
function commonPasswords(v: Val): string | undefined {
  const items = v.items;
  if (items === undefined || items.length < 3 || items.length > 256) return undefined;
  const hits = items.filter((x) => COMMON_PASSWORD.test(constText(x) ?? '')).length;
  return hits >= 3 && hits * 2 >= items.length ? 'a list of common passwords' : undefined;
}

/** A cartesian product's value (python/products.ts): its factors are its fields. */
export const PRODUCT_REF = 'itertools.product()';

/** A password list by its file's name or by its entries. */
function passwordList(v: Val): string | undefined {
  const path = listPath(v);
  return path !== undefined && PASSWORD_LIST.test(path) ? path : commonPasswords(v);
}

/** The hot region of a loop: its turn count when it is large, the list it goes through, or none. */
export function loopRegion(
  text: string,
  unbounded: boolean,
  turns: number | undefined,
  iterated: Val | string | undefined,
  keyspace?: string,
): HotRegion | undefined {
  const many = unbounded
    ? 'without end'
    : turns !== undefined && turns >= MANY_TURNS
      ? `${turns} times`
      : undefined;
  // `itertools.product(hosts, passwords)`: each pair tries one entry of its password factor (R25).
  const factors =
    typeof iterated === 'object' && iterated.ref === PRODUCT_REF
      ? [...(iterated.fields?.values() ?? [])]
      : [];
  const guessed = factors.find((f) => passwordList(f) !== undefined);
  const path =
    iterated === undefined || typeof iterated === 'string' ? iterated : listPath(guessed ?? iterated);
  const list =
    path !== undefined && PASSWORD_LIST.test(path)
      ? path
      : iterated !== undefined && typeof iterated !== 'string'
        ? commonPasswords(guessed ?? iterated)
        : undefined;
  const users = list === undefined && path !== undefined && USER_LIST.test(path) ? path : undefined;
  const file = list === undefined && users === undefined ? path : undefined;
  const recipients = acquiredList(path) ?? (iterated !== undefined ? lureLinked(text) : undefined);
  if (
    many === undefined &&
    list === undefined &&
    users === undefined &&
    file === undefined &&
    keyspace === undefined &&
    recipients === undefined
  )
    return undefined;
  return {
    ...(many !== undefined ? { many } : {}),
    ...(list !== undefined ? { list } : {}),
    ...(users !== undefined ? { users } : {}),
    ...(file !== undefined ? { file } : {}),
    ...(keyspace !== undefined ? { keyspace } : {}),
    ...(recipients !== undefined ? { recipients } : {}),
    text,
    bodies: [],
    nets: [],
  };
}

/**
 * An `await`: loops around it wait on it. Waiting on its own request is no pause between requests
 * (`while (true) await fetch(u)` floods as a synchronous loop does), though the loop is not busy.
 */
export function awaited(col: Collector, visit: () => Val): Val {
  const mark = col.facts.length;
  const v = visit();
  const own = col.facts.slice(mark).some((f) => f.kind === 'net' && f.direction === 'connect');
  col.markLoop(own ? 'yields' : 'sleeps');
  return v;
}

/** An own function's body walked inside hot regions: each turn's login may be written there. */
export function inlinedBody(col: Collector, body: string): void {
  for (const h of col.hot) if (h.bodies.length < 8) h.bodies.push(body);
}

/** The file a loop's items come from: an open file iterated by line, or text read from one. */
function listPath(v: Val): string | undefined {
  const opened = v.file !== undefined ? constText(v.file.path) : null;
  if (opened !== null) return opened;
  for (const s of v.sources) if (s.kind === 'file') return s.path;
  return undefined;
}

/** A whole number as code writes it: `100000`, `100_000`, `1e5`, `10**5`, `int(1e5)`. */
export function wholeNumber(src: string): number | undefined {
  const t = src
    .replace(/^int\((.*)\)$/, '$1')
    .replace(/_/g, '')
    .trim();
  let m = /^(\d+)$/.exec(t);
  if (m) return Number(m[1]);
  m = /^(\d+(?:\.\d+)?)e(\d+)$/i.exec(t);
  if (m) return Number(m[1]) * 10 ** Number(m[2]);
  m = /^(\d+)\s*\*\*\s*(\d+)$/.exec(t);
  if (m && Number(m[2]) <= 12) return Number(m[1]) ** Number(m[2]);
  return undefined;
}

/** Character sets by the names python's `string` module gives them. */
const CHARSETS: Readonly<Record<string, number>> = {
  'string.digits': 10,
  'string.hexdigits': 22,
  'string.octdigits': 8,
  'string.ascii_lowercase': 26,
  'string.ascii_uppercase': 26,
  'string.ascii_letters': 52,
  'string.printable': 100,
};

const PRODUCT =
  /^(?:itertools\.)?product\s*\(\s*(?:(['"])([^'"]*)\1|(string\.\w+))\s*,\s*repeat\s*=\s*(\d+)\s*\)$/;

/**
 * Every code of a length over a character set, `itertools.product('0123456789', repeat=4)` or
 * `product(string.digits, repeat=6)`: its size and words, or undefined for other iterables.
 */
export function keyspaceOf(src: string): { turns: number; what: string } | undefined {
  const m = PRODUCT.exec(src.trim());
  if (!m) return undefined;
  const size = m[2] !== undefined ? new Set(m[2]).size : CHARSETS[m[3]!];
  const len = Number(m[4]);
  if (size === undefined || size < 2 || len > 12) return undefined;
  const set = m[2] !== undefined ? `"${m[2]}"` : m[3]!;
  return { turns: size ** len, what: `every ${len}-character code over ${set}` };
}

/** Turns of python's `range(n)`, `range(a, b)`, `range(a, b, step)` over literal numbers. */
export function rangeTurns(src: string): number | undefined {
  const m = /^range\s*\(([^()]*(?:\([^()]*\))?[^()]*)\)$/.exec(src.trim());
  if (!m) return undefined;
  const args = m[1]!.split(',').map((a) => wholeNumber(a));
  if (args.some((a) => a === undefined) || args.length === 0 || args.length > 3) return undefined;
  const [a, b, step] = args.length === 1 ? [0, args[0]!, 1] : [args[0]!, args[1]!, args[2] ?? 1];
  return step > 0 && b > a ? Math.floor((b - a) / step) : undefined;
}

/** Turns of a C-style loop condition over a literal bound (`i < 2000`, `i <= 1e5`, `2000 > i`). */
export function boundTurns(cond: string): number | undefined {
  const m = /^\s*[\w$.]+\s*<=?\s*([\w.]+)\s*$/.exec(cond) ?? /^\s*([\w.]+)\s*>=?\s*[\w$.]+\s*$/.exec(cond);
  return m ? wholeNumber(m[1]!) : undefined;
}

/**
 * A login whose password is an entry read from a password list (`password: pws[i]` with `pws`
 * read from rockyou.txt), however the entries are gone through (a loop, a callback that retries
 * with the next one): the network facts made since `mark` are guesses from that list (RUN-AST-009).
 */
export function guessedLogin(col: Collector, mark: number, password: Val | undefined): void {
  // A file named as one secret (`/run/secrets/db_password`) is one password unless a loop goes through it.
  const list = password?.sources.find(
    (s) =>
      s.kind === 'file' &&
      PASSWORD_LIST.test(s.path) &&
      (WORDLIST.test(s.path) || col.hot.some((h) => h.list === s.path)),
  );
  if (list?.kind !== 'file') return;
  for (let i = mark; i < col.facts.length; i++) {
    const f = col.facts[i]!;
    if (f.kind === 'net' && f.guesses === undefined) col.facts[i] = { ...f, guesses: list.path };
  }
}

/**
 * A client given a host and a password that is an entry of a password list (`mysql.createConnection({
 * host, password: pw })`, `asyncssh.connect(host, password=pw)`), whatever the client: a login to
 * that host, marked as a guess (RUN-AST-009) when no handler made the connection already. Inside a
 * loop over a password or user list (`for pw in ['root', 'toor', ...]`, `for u in open('users.txt')`)
 * the login is kept for the loop to judge (regionMarks), whichever client library makes it (R24
 * pymysql, ldap3 `Connection(Server(host), password=...)`).
 */
export function listLogin(
  col: Collector,
  mark: number,
  span: Span,
  actor: string,
  host: Val | undefined,
  password: Val | undefined,
): void {
  if (host === undefined || password === undefined) return;
  const judged = col.hot.some((h) => h.list !== undefined || h.users !== undefined || h.file !== undefined);
  if (password.sources.length === 0 && !judged) return;
  // A server object (`ldap3.Server('ldaps://dc01:636')`) stands for its host.
  const name =
    (constText(host) ?? host.peer?.host ?? null)?.replace(/^[a-z][\w+.-]*:\/\/|\/.*$/gi, '') ?? null;
  if (name === null || !/^[\w.-]+(?::\d+)?$/.test(name)) return;
  if (!col.facts.slice(mark).some((f) => f.kind === 'net')) {
    const probe = col.facts.length;
    col.net(span, parseTarget(name), false, actor);
    guessedLogin(col, probe, password);
    // No list behind the password and no list loop around it: the connection stays as the handlers left it (none).
    const made = col.facts[probe];
    if (made?.kind === 'net' && made.guesses === undefined && !judged) {
      col.facts.splice(probe, 1);
      for (const h of col.hot) if (h.nets.at(-1) === probe) h.nets.pop();
    }
    return;
  }
  guessedLogin(col, mark, password);
}
