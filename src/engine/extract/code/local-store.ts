/**
 * A store on this machine, reset by dev or test code: a client made for a loopback address
 * (`redis.Redis(host='localhost')`, `mongodb://127.0.0.1:27017`, DynamoDB Local's
 * `endpoint_url='http://localhost:8000'`). Emptying it is everyday work (a dev reset, a test's
 * fixture), unless the input also names a production target (a prod word, a hosted store's host).
 */
import { classifyHost } from '../../net/address.js';
import { parseTarget } from './net.js';
import { productionTarget } from './test-scope.js';

/** A database, key space or resource name with a prod word as one of its parts (`prod`, `shop_production`). */
const PROD_NAME = /(?:^|[^a-z0-9])(?:prod|production|prd|live)(?:[^a-z0-9]|$)/i;

/** Whether `target` (a URL, `host:port` or host, as written) is this machine. */
export function onThisMachine(target: string | undefined): boolean {
  if (target === undefined || target.includes('$') || target.includes(',')) return false;
  const { host } = parseTarget(target.trim());
  if (host === '') return false;
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return classifyHost(host).class === 'loopback';
}

/**
 * Whether a wipe through a client made for `target` stays on this machine: the target is loopback
 * and no string of the input names a production database or a hosted store.
 */
export function localReset(target: string | undefined, strings: readonly string[]): boolean {
  if (!onThisMachine(target)) return false;
  if (productionTarget(strings)) return false;
  return !strings.some((s) => s.length < 120 && PROD_NAME.test(s));
}

/** A database URL as a driver takes it (`postgresql://app@localhost/app_test`, `mysql+pymysql://...`). */
const DB_URL =
  /^(?:postgres(?:ql)?|mysql|mariadb|mssql|sqlserver|cockroachdb|redis|rediss|mongodb(?:\+srv)?)(?:\+\w+)?:\/\//i;

/**
 * Whether every database the input names by URL is on this machine (at least one is), and none is
 * production: its resets (TRUNCATE, DROP, DELETE of all rows) reset a dev or test database.
 */
/** libpq's keyword form (`dbname=app_dev user=dev host=localhost`): pairs only, one naming the database or host. */
const KEYWORD_DSN = /^\s*(?:[a-z_]+\s*=\s*(?:'[^']*'|[^\s=']+)\s*)+$/;
const DSN_NAMES = /(?:^|\s)(?:dbname|host|hostaddr)\s*=/;

/** The hosts a keyword DSN names (`host=/var/run/postgresql` is a socket directory here). */
function dsnHosts(dsn: string): string[] {
  return [...dsn.matchAll(/(?:^|\s)(?:host|hostaddr)\s*=\s*'?([^\s']+)/g)].flatMap((m) => m[1]!.split(','));
}

export function localDatabases(strings: readonly string[]): boolean {
  return namedDatabases(strings) === 'local' && localReset('localhost', strings);
}

/**
 * Whether a reset run by a test's set-up or tear-down empties a test database: no string names a
 * database on another host (by URL or DSN), a production database or a hosted store. The database
 * then comes from the test run's own settings (Prisma's DATABASE_URL, a knexfile's test entry).
 */
export function testDatabase(strings: readonly string[]): boolean {
  return namedDatabases(strings) !== 'remote' && localReset('localhost', strings);
}

/** An environment variable naming a database (`DATABASE_URL`, `PG_DSN`, `MONGO_URI`). */
const DB_ENV = /(?:^|_)(?:DATABASE|DATABASES|DB|DSN|PG|POSTGRES|POSTGRESQL|MYSQL|MONGO|MONGODB)(?:_|$)/i;

/**
 * Whether the input reaches its database through a variable named for the test run's database
 * (`process.env.TEST_DATABASE_URL`, `os.environ['DATABASE_URL_TEST']`) and through no other one,
 * with no database named elsewhere: its resets empty the database the test run makes (fp13 FP).
 * A reset that also reads `DATABASE_URL`, or names a remote host, stays judged.
 */
export function testEnvDatabase(envReads: ReadonlySet<string>, strings: readonly string[]): boolean {
  let test = false;
  for (const name of envReads) {
    if (!DB_ENV.test(name)) continue;
    if (!/(?:^|_)TEST(?:_|$)/i.test(name)) return false;
    test = true;
  }
  return test && testDatabase(strings);
}

/** The databases the input names by URL or keyword DSN: none, all on this machine, or one elsewhere. */
function namedDatabases(strings: readonly string[]): 'none' | 'local' | 'remote' {
  let named = false;
  for (const s of strings) {
    if (s.length < 300 && KEYWORD_DSN.test(s) && DSN_NAMES.test(s)) {
      // No host: libpq takes PGHOST from the environment, which may name any server.
      const hosts = dsnHosts(s);
      if (hosts.length === 0 || !hosts.every((h) => onThisMachine(h) || h.startsWith('/'))) return 'remote';
      named = true;
      continue;
    }
    if (!DB_URL.test(s)) continue;
    if (!onThisMachine(s)) return 'remote';
    named = true;
  }
  return named ? 'local' : 'none';
}

/**
 * Statements that only empty or drop data, each alone: TRUNCATE, DROP TABLE/DATABASE/SCHEMA, DELETE
 * FROM; and the empty schema or database made again (`DROP SCHEMA public CASCADE; CREATE SCHEMA public`).
 */
const RESET_STATEMENT =
  /^\s*(?:truncate\b[^;]*|drop\s+(?:table|database|schema|collection)\b[^;]*|delete\s+from\s+[\w."`]+\s*|create\s+(?:schema|database)\s+(?:if\s+not\s+exists\s+)?[\w."`]+(?:\s+authorization\s+[\w"]+)?\s*)$/i;

/** Whether the SQL text is only resets (`TRUNCATE a, b CASCADE; DROP TABLE IF EXISTS c`). */
export function onlyResets(sql: string): boolean {
  const parts = sql.split(';').filter((p) => p.trim() !== '');
  return parts.length > 0 && parts.every((p) => RESET_STATEMENT.test(p));
}
