/**
 * Filters and key sets that reach every document or key of a data store (issue 22 r6): a mongo
 * filter no document fails (`{}`, `{_id: {$exists: true}}`, `{_id: {$ne: null}}`, `$gte: MinKey`,
 * `$where: 'true'`, a creation time before now), and a redis key list that is every key
 * (`keys('*')`, `scan_iter()`, `scanIterator({MATCH: '*'})`). code/sdk.ts writes a delete over them
 * as the FLUSHDB or `deleteMany({})` line it amounts to; a real filter or a key prefix stays work.
 */
import type { Sdk } from './sdk.js';
import { constText, UNKNOWN, type Val } from './value.js';

/** One key of every key a redis server holds. */
export const EVERY_KEY = 'redis.every_key';

const EVERY_KEY_VAL: Val = { ...UNKNOWN, ref: EVERY_KEY };

/** A pattern that matches every key: none given, `*`. */
function everyPattern(v: Val | undefined): boolean {
  return v === undefined || constText(v) === '*';
}

/**
 * The keys a listing or scan of a redis client yields when it lists every key, or undefined. The
 * list is one known item (spread into a delete it stays that item) and also each item of a loop.
 */
export function redisEveryKey(
  sdk: Sdk,
  method: string,
  args: readonly Val[],
  kw: ReadonlyMap<string, Val>,
): Val | undefined {
  const opts = args[0]?.fields;
  let pattern: Val | undefined;
  switch (method) {
    case 'keys':
      pattern = args[0] ?? kw.get('pattern');
      break;
    case 'scan_iter':
    case 'scanIterator':
    case 'scanStream':
    case 'scan':
      pattern =
        kw.get('match') ??
        opts?.get('MATCH') ??
        opts?.get('match') ??
        (opts ? undefined : args[method === 'scan' ? 1 : 0]);
      // `scan(cursor)` alone is one page of every key, as `scan_iter()` is all of them.
      if (method === 'scan' && opts === undefined && args.length > 1 && constText(args[1]) !== 'MATCH')
        pattern = UNKNOWN;
      if (method === 'scan' && constText(args[1]) === 'MATCH') pattern = args[2];
      break;
    default:
      return undefined;
  }
  if (!everyPattern(pattern)) return undefined;
  return { ...UNKNOWN, items: [EVERY_KEY_VAL], each: EVERY_KEY_VAL, sdk: { ...sdk, path: ['*'] } };
}

/** A value that is, holds or yields a key of every key. */
function everyKey(v: Val): boolean {
  return (
    v.ref === EVERY_KEY || v.each?.ref === EVERY_KEY || (v.items?.some((i) => i.ref === EVERY_KEY) ?? false)
  );
}

/** Redis commands that remove the keys they are given. */
const KEY_REMOVERS = new Set(['del', 'delete', 'unlink', 'getdel', 'getDel', 'expire', 'pexpire']);

/** A delete of every key (`r.delete(*r.keys('*'))`, `for k in r.scan_iter(): r.unlink(k)`). */
export function deletesEveryKey(method: string, args: readonly Val[]): boolean {
  return KEY_REMOVERS.has(method) && args.some(everyKey);
}

/** A value named MinKey / MaxKey (bson's ends of the ordering). */
function keyBound(v: Val | undefined, bound: 'MinKey' | 'MaxKey'): boolean {
  return v?.ref !== undefined && new RegExp(`(?:^|[.\\s])${bound}(?:\\(\\))?$`).test(v.ref);
}

/** The current time as python asks for it (`datetime.utcnow()`, `timezone.now()`); `new Date(x)` is not told apart from `new Date()`. */
function now(v: Val | undefined): boolean {
  return (
    v?.ref !== undefined &&
    /^(?:datetime\.)?(?:datetime\.(?:now|utcnow|today)|django\.utils\.timezone\.now)\(\)$/.test(v.ref)
  );
}

/** A nothing value: null, None, undefined, false, an empty string. */
function nothing(v: Val | undefined): boolean {
  return v !== undefined && (v.bool === false || constText(v) === '');
}

/** A JavaScript condition that is always true (`'true'`, `'return true'`, `'1 == 1'`). */
const TRUE_JS = /^\s*(?:return\s+)?(?:true|1|!0|(\d+)\s*===?\s*\1|this\._id\s*!==?\s*null)\s*;?\s*$/;

/** A condition on one field that every document meets. */
function everyValue(field: string, cond: Val): boolean {
  const ops = cond.fields;
  if (ops === undefined || ops.size === 0) return false;
  const id = field === '_id';
  return [...ops].some(([op, v]) => {
    switch (op) {
      case '$exists':
        return id && (v.bool === true || v.num === 1);
      case '$ne':
        return id && nothing(v);
      case '$nin':
        return id && (v.items?.length === 0 || (v.items?.every(nothing) ?? false));
      case '$gt':
      case '$gte':
        return keyBound(v, 'MinKey');
      case '$lt':
      case '$lte':
        return (
          keyBound(v, 'MaxKey') ||
          (/^(?:_id|created\w*|inserted\w*|createdAt|created_at|ts|timestamp)$/i.test(field) && now(v))
        );
      default:
        return false;
    }
  });
}

/** A mongo filter that matches every document: none, `{}`, or only conditions every document meets. */
export function matchesEveryDocument(filter: Val | undefined): boolean {
  if (filter === undefined) return true;
  const f = filter.fields;
  if (f === undefined) return false;
  if (f.size === 0) return true;
  return [...f].every(([k, v]) => {
    if (k === '$where') return TRUE_JS.test(constText(v) ?? '') || v.bool === true;
    if (k === '$expr') return v.bool === true;
    if (k === '$or') return (v.items ?? []).some(matchesEveryDocument);
    if (k === '$and') return (v.items ?? []).every(matchesEveryDocument);
    return everyValue(k, v);
  });
}

/** An ORM key naming the primary key (Django's `pk`/`id`, prisma's `id`). */
const PRIMARY = /^(?:pk|id|_id)$/;

/** A number the primary key of every row is above: autoincrement ids start at 1. */
const belowEveryId = (v: Val | undefined): boolean => v?.num !== undefined && v.num <= 0;

/**
 * Django lookups that keep every row: `filter(id__gte=0)`, `filter(pk__gt=0)`,
 * `filter(pk__isnull=False)`, `exclude(pk=None)`, `exclude(id__isnull=True)`, no lookup at all.
 */
export function djangoEveryRow(
  method: 'filter' | 'exclude',
  kw: ReadonlyMap<string, Val>,
  args: readonly Val[],
): boolean {
  if (args.length > 0) return false;
  return [...kw].every(([k, v]) => {
    const m = /^(pk|id)(?:__(gte|gt|isnull|exact))?$/.exec(k);
    if (m === null) return false;
    const op = m[2] ?? 'exact';
    if (method === 'filter')
      return (
        (op === 'gte' && belowEveryId(v)) ||
        (op === 'gt' && belowEveryId(v)) ||
        (op === 'isnull' && v.bool === false)
      );
    return (op === 'exact' && nothing(v)) || (op === 'isnull' && v.bool === true);
  });
}

/** A prisma-style `where` every row meets: none, `{}`, `{ id: { gte: 0 } }`, `{ id: { not: null } }`. */
export function ormWhereEveryRow(where: Val | undefined): boolean {
  if (where === undefined) return true;
  const f = where.fields;
  if (f === undefined) return false;
  return [...f].every(([k, v]) => {
    if (!PRIMARY.test(k)) return false;
    const ops = v.fields;
    if (ops === undefined || ops.size === 0) return false;
    return [...ops].every(
      ([op, x]) => ((op === 'gte' || op === 'gt') && belowEveryId(x)) || (op === 'not' && nothing(x)),
    );
  });
}
