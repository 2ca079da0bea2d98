/**
 * Denial of service from inside the database (red team r5): row generators and cross joins that
 * make billions of rows, a table locked while the session sleeps, and server limits set so low
 * that clients are refused or every query is cancelled. Read from statement text; each test is a
 * keyword gate and a bounded scan.
 */
import { withoutComments } from './sql-text.js';

/** Rows a statement may make before it counts as a bomb (filler inserts, cross joins). */
export const ROW_BOMB = 100_000_000;
/** Seconds a session may sleep while it holds a lock. */
const LONG_SLEEP_S = 60;

/** A numeric literal as SQL spells it: 100000000, 1e8, 100_000_000, 1.5e9. */
const NUM = String.raw`(\d[\d_]*(?:\.\d+)?(?:e\+?\d+)?)`;
const toNumber = (s: string): number => Number(s.replace(/_/g, ''));

/** Row generators and the arguments that give their size. */
const GENERATOR = new RegExp(
  String.raw`\b(?:generate_series|range|numbers(?:_mt)?|zeros(?:_mt)?|generate_array|sequence)\s*\(\s*(?:-?${NUM}\s*,\s*)?-?${NUM}|\browcount\s*=>\s*${NUM}`,
  'gi',
);

/** Rows the statement's generators make together (their sizes multiplied: cross joined). */
function generatedRows(text: string): number {
  let rows = 1;
  let any = false;
  for (const m of text.matchAll(GENERATOR)) {
    const size =
      m[3] !== undefined
        ? toNumber(m[3])
        : m[1] !== undefined
          ? Math.abs(toNumber(m[2]!) - toNumber(m[1])) + 1
          : toNumber(m[2]!);
    if (!Number.isFinite(size)) continue;
    rows *= Math.max(1, size);
    any = true;
  }
  return any ? rows : 0;
}

/** `WITH RECURSIVE ... WHERE n < 100000000`: a recursive counter run to a huge bound. */
const RECURSIVE_BOUND = new RegExp(
  String.raw`\bwith\s+recursive\b[\s\S]*?\bwhere\s+[\w.]+\s*<=?\s*${NUM}`,
  'i',
);
/** ClickHouse system.numbers is endless: without LIMIT it runs until the server gives out. */
const ENDLESS = /\bsystem\s*\.\s*numbers(?:_mt)?\b(?![\s\S]*\blimit\b)/i;

/** FROM list of comma-joined or CROSS JOINed relations with no WHERE after it (one level). */
const CROSS_FROM =
  /\bfrom\s+((?:[\w.$"`]+(?:\s+(?:as\s+)?(?!where\b|cross\b|group\b|order\b|limit\b|on\b|join\b)[\w$"`]+)?\s*(?:,|\bcross\s+join\b)\s*)+[\w.$"`]+(?:\s+(?:as\s+)?[\w$"`]+)?)\s*(?:;|\)|$|\b(?:group|order)\b)/i;

/**
 * A cross join that multiplies a table by itself or three relations with no condition at all
 * (`FROM events a, events b, events c`): rows grow as the product of the tables.
 */
function crossJoinBomb(text: string): boolean {
  const m = CROSS_FROM.exec(text);
  if (!m) return false;
  const tables = m[1]!
    .split(/,|\bcross\s+join\b/i)
    .map((x) => x.trim().split(/\s+/)[0]!.toLowerCase().replace(/[`"]/g, ''));
  if (tables.length >= 3) return true;
  return new Set(tables).size < tables.length;
}

/** Why the statement makes a row bomb, or undefined. */
export function rowBomb(raw: string): string | undefined {
  if (!/\b(?:from|generate_series|range|numbers|zeros|rowcount|recursive)\b/i.test(raw)) return undefined;
  const text = withoutComments(raw);
  const rows = generatedRows(text);
  if (rows >= ROW_BOMB) return `the statement generates about ${rows.toExponential(0)} rows`;
  const bound = RECURSIVE_BOUND.exec(text);
  if (bound && toNumber(bound[1]!) >= ROW_BOMB) return 'a recursive query counts to a huge bound';
  if (ENDLESS.test(text)) return 'the statement reads the endless system.numbers without LIMIT';
  if (crossJoinBomb(text)) return 'the statement cross joins tables with no condition (rows multiply)';
  return undefined;
}

/** Seconds of the longest sleep the statement asks for (pg_sleep, SLEEP, WAITFOR DELAY, DBMS_LOCK.SLEEP). */
export function sleepSeconds(raw: string): number {
  if (!/sleep|waitfor/i.test(raw)) return 0;
  let max = 0;
  // A product of constants counts as its value (`pg_sleep(60*60*24)`, `SLEEP(8.64e4)`).
  for (const m of raw.matchAll(
    /\b(?:pg_sleep|sleep|dbms_lock\s*\.\s*sleep|dbms_session\s*\.\s*sleep)\s*\(\s*(\d+(?:\.\d+)?(?:e\+?\d+)?(?:\s*\*\s*\d+(?:\.\d+)?)*)/gi,
  ))
    max = Math.max(
      max,
      m[1]!.split('*').reduce((p, x) => p * Number(x), 1),
    );
  for (const m of raw.matchAll(
    /\bpg_sleep_for\s*\(\s*(?:interval\s*)?'\s*(\d+(?:\.\d+)?)\s*(s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?|w|weeks?)'/gi,
  )) {
    const unit = m[2]!.toLowerCase();
    const k = unit.startsWith('s')
      ? 1
      : unit.startsWith('m')
        ? 60
        : unit.startsWith('h')
          ? 3600
          : unit.startsWith('d')
            ? 86400
            : 7 * 86400;
    max = Math.max(max, Number(m[1]) * k);
  }
  const delay = /\bwaitfor\s+delay\s+N?'(\d+):(\d+)(?::(\d+))?/i.exec(raw);
  if (delay) max = Math.max(max, Number(delay[1]) * 3600 + Number(delay[2]) * 60 + Number(delay[3] ?? 0));
  if (/\bpg_sleep_until\s*\(/i.test(raw)) max = Math.max(max, LONG_SLEEP_S);
  return max;
}

export const isLongSleep = (raw: string): boolean => sleepSeconds(raw) >= LONG_SLEEP_S;

/** Statements that lock whole tables or every row they read until the transaction ends. */
const LOCKS =
  /^\s*(?:lock\s+(?:table|tables)\b(?![^;]*\bin\s+access\s+share\s+mode\b)|select\b[^;]*\bfor\s+(?:update|no\s+key\s+update|share)\b|[\s\S]*\bwith\s*\(\s*(?:tablockx|tablock|xlock|holdlock|updlock)\b)/i;

export const holdsLock = (raw: string): boolean => LOCKS.test(withoutComments(raw));

/**
 * Server-wide limits set so low that clients are refused or every statement is cancelled:
 * max_connections 1 (PostgreSQL ALTER SYSTEM, MySQL SET GLOBAL), statement or lock timeouts of a
 * few milliseconds for the whole server, a database or every role.
 */
const LIMIT_SETTING =
  /\b(max_connections|max_user_connections|statement_timeout|lock_timeout|max_execution_time)\s*(?:=|:=|\bto\b)\s*'?(\d+)\s*(ms|s|min|h|d)?\b/i;
const SERVER_SCOPE =
  /^\s*(?:alter\s+system\b|alter\s+(?:database|role|user)\b|set\s+(?:global|persist|persist_only)\b|set\s+@@(?:global|persist)\.)/i;

export function throttled(raw: string): string | undefined {
  if (!/connections|timeout|execution_time/i.test(raw)) return undefined;
  const text = withoutComments(raw);
  if (!SERVER_SCOPE.test(text)) return undefined;
  const m = LIMIT_SETTING.exec(text);
  if (!m) return undefined;
  const name = m[1]!.toLowerCase();
  const n = Number(m[2]);
  if (name.startsWith('max_') && name.endsWith('connections'))
    return n <= 5 ? `${name} = ${n} refuses (almost) every client` : undefined;
  // Timeouts: 0 means no limit; under 100 ms cancels every real statement.
  const unit: Record<string, number> = { ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 };
  const ms = n * (unit[(m[3] ?? 'ms').toLowerCase()] ?? 1);
  return n > 0 && ms < 100 ? `${name} = ${m[2]}${m[3] ?? ''} cancels every statement` : undefined;
}
