/**
 * Work that never ends or holds the server for hours (red team r7): a recursive CTE whose recursive
 * step has no condition, a loop with no way out or one that doubles a table, BENCHMARK with a huge
 * count, a sleep of hours. Each test is a keyword gate and bounded scans of the statement text.
 */
import { sleepSeconds } from './sql-load.js';
import { withoutComments } from './sql-text.js';

/**
 * A sleep of half an hour or more (seconds), bare or in called code: far past any statement
 * timeout, it holds a connection and a snapshot that stops vacuum on every table the while (r8
 * decision: the r6 twin `SELECT pg_sleep(86400)` is denied; short waits in tests stay).
 */
const HUGE_SLEEP_S = 1800;
/** BENCHMARK repetitions that keep a core busy for minutes and more. */
const HUGE_BENCHMARK = 100_000_000;

/** The text from `from` up to the parenthesis that closes the one it sits in (or the end). */
function toClose(text: string, from: number): string {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return text.slice(from, i);
  }
  return text.slice(from);
}

/**
 * A recursive CTE whose recursive step reads only itself with no WHERE and no JOIN (`SELECT n + 1
 * FROM r`): nothing stops it (PostgreSQL, or SQL Server with MAXRECURSION 0), unless the outer
 * query takes a LIMIT / TOP / FETCH FIRST. A walk of a tree (JOIN to the table) ends by itself.
 */
function endlessRecursion(text: string): boolean {
  const head = /\bwith\s+(recursive\s+)?([\w"]+)/i.exec(text);
  if (!head || (head[1] === undefined && !/\bmaxrecursion\s+0\b/i.test(text))) return false;
  const name = head[2]!.replace(/"/g, '').toLowerCase();
  const union = /\bunion(?:\s+all)?\s*\(?\s*select\b/gi;
  union.lastIndex = head.index;
  const u = union.exec(text);
  if (!u) return false;
  const step = toClose(text, u.index + u[0].length);
  const rest = text.slice(u.index + u[0].length + step.length);
  if (/\b(?:where|join|limit|fetch|top)\b/i.test(step) || /\b(?:limit|fetch\s+first|top)\b/i.test(rest))
    return false;
  const from = /\bfrom\s+([\w"]+)(?:\s+(?:as\s+)?[\w"]+)?\s*$/i.exec(step.trim());
  return from !== null && from[1]!.replace(/"/g, '').toLowerCase() === name;
}

/** Loop heads: bare LOOP (PL/pgSQL, PL/SQL, MySQL), WHILE of a constant truth, REPEAT ... UNTIL false. */
const BARE_LOOP = /(?:^|;|\bbegin\b|\bthen\b|\belse\b|>>|\w\s*:)\s*loop\b/gi;
const WHILE_TRUE =
  /\bwhile\s*\(?\s*(?:1\s*=\s*1|true|1|'(\w*)'\s*=\s*'\1'|0\s*=\s*0|1\s*<>\s*0|not\s+false)\s*\)?\s*(?:begin|do|loop)\b/gi;
const REPEAT_FALSE = /\buntil\s*\(?\s*(?:false|0|1\s*=\s*0|0\s*=\s*1)\s*\)?\s*end\s+repeat\b/i;
const WAY_OUT = /\b(?:exit|return|leave|break|raise|signal|goto|throw)\b/i;
/** `INSERT INTO t SELECT ... FROM t`: each pass doubles the table. */
const SELF_INSERT = /\binsert\s+(?:into\s+)?([\w."]+)(?:\s*\([^)]*\))?\s+select\b[^;]*?\bfrom\s+([\w."]+)/gi;
const ANY_LOOP = /\b(?:loop|while|repeat)\b|\bgo\s+\d{2,}\b/i;

function loopBody(text: string, at: number): string {
  const end = /\bend\s*(?:loop|while|repeat)?\b/gi;
  end.lastIndex = at;
  // Nested BEGIN ... END blocks: take the text to the batch end when the first END is not the loop's.
  const m = end.exec(text);
  return m ? text.slice(at, m.index) : text.slice(at);
}

function endlessLoop(text: string): boolean {
  for (const re of [BARE_LOOP, WHILE_TRUE]) {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
      const body =
        re === BARE_LOOP ? loopBody(text, m.index + m[0].length) : text.slice(m.index + m[0].length);
      if (!WAY_OUT.test(body)) return true;
    }
  }
  return REPEAT_FALSE.test(text) && !WAY_OUT.test(text);
}

function doublingLoop(text: string): boolean {
  if (!ANY_LOOP.test(text)) return false;
  for (const m of text.matchAll(SELF_INSERT)) {
    const bare = (x: string): string => x.replace(/"/g, '').toLowerCase().split('.').pop()!;
    if (bare(m[1]!) === bare(m[2]!)) return true;
  }
  return false;
}

/** Why the statement (or batch) keeps the server busy without end, or undefined. */
export function exhaustion(raw: string): string | undefined {
  if (!/recursive|maxrecursion|loop|while|repeat|benchmark|sleep|waitfor|\bgo\b/i.test(raw)) return undefined;
  const text = withoutComments(raw);
  const bench = /\bbenchmark\s*\(\s*(\d[\d_]*(?:\.\d+)?(?:e\+?\d+)?)/i.exec(text);
  if (bench && Number(bench[1]!.replace(/_/g, '')) >= HUGE_BENCHMARK)
    return `BENCHMARK repeats an expression ${Number(bench[1]!.replace(/_/g, '')).toExponential(0)} times`;
  const sleep = sleepSeconds(text);
  if (sleep >= HUGE_SLEEP_S) return `the session sleeps ${sleep} seconds, holding its connection`;
  if (/recursive|maxrecursion/i.test(text) && endlessRecursion(text))
    return 'a recursive query whose recursive step has no condition never ends';
  if (doublingLoop(text)) return 'a loop inserts a table into itself, doubling it on every pass';
  if (endlessLoop(text)) return 'a loop with no exit runs until the server gives out';
  return undefined;
}
