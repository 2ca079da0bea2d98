/**
 * DB-AST-001: datastore CLIs that drop or wipe data outside SQL text: redis FLUSHALL/FLUSHDB,
 * dropdb, mysqladmin drop, mongo/mongosh --eval with dropDatabase()/drop()/deleteMany({}).
 * SQL given with psql -c / mysql -e is judged by the SQL rules (SQL-AST-*).
 */
import { PRODUCTION, ephemeralOnly } from '../../knowledge/ephemeral-names.js';
import { testNamespace } from '../../knowledge/sql-throwaway.js';
import { onThisMachine } from '../../extract/code/local-store.js';
import { RAW_SOCKET_VIA } from '../../extract/code/raw-protocols.js';
import { defineRule } from '../define-rule.js';
import {
  afterDashDash,
  asksHelp,
  beforeDashDash,
  execHits,
  normalisedArgv,
  positionals,
} from '../command-line.js';

const REDIS = new Set(['redis-cli', 'keydb-cli', 'valkey-cli']);
const MONGO = new Set(['mongo', 'mongosh']);
// `db.users.drop()` unquoted reaches argv as `db.users.drop` (bash reads the parentheses as syntax).
const MONGO_WIPE = /\.\s*(?:dropDatabase|drop)\s*(?:\(|$)|\.\s*(?:deleteMany|remove)\s*\(\s*\{\s*\}\s*\)/;

const KAFKA_TOPICS = /^kafka-topics(?:\.sh)?$/;

/** The value of `--name value` or `--name=value`. */
function option(args: readonly string[], name: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === name) return args[i + 1];
    if (args[i]!.startsWith(`${name}=`)) return args[i]!.slice(name.length + 1);
  }
  return undefined;
}

/** A pattern with no literal part (`.*`, `*`, `.+`): it names every topic or key there is. */
const EVERYTHING = /^[.*+?^$|()[\]\\]*$/;

/** `kafka-topics --delete --topic '.*'`: a topic pattern that matches every topic (red team r8). */
function everyTopic(args: readonly string[]): string | null {
  if (!args.includes('--delete')) return null;
  const topic = option(args, '--topic');
  return topic !== undefined && EVERYTHING.test(topic) && /[*+]/.test(topic)
    ? `kafka-topics --delete --topic '${topic}' deletes every topic of the cluster`
    : null;
}

/**
 * `etcdctl del "" --prefix`, `del "" --from-key`, `del / --prefix`, `del /registry --prefix`:
 * every key of the store (all of a Kubernetes cluster's state under /registry) (red team r8).
 */
function everyKey(args: readonly string[]): string | null {
  const words = positionals(args.filter((a) => !/^--(?:prefix|from-key)(?:=true)?$/.test(a)));
  const at = words.indexOf('del');
  if (at < 0) return null;
  const key = words[at + 1] ?? '';
  const prefix = args.some((a) => /^--(?:prefix|from-key)(?:=true)?$/.test(a));
  return prefix && (/^(?:\/?|\\0|\/registry\/?)$/.test(key) || key === String.fromCharCode(0))
    ? `etcdctl del ${key === '' ? '""' : key} with --prefix/--from-key deletes every key of the store`
    : null;
}

/** `mc rb [--force] ALIAS/BUCKET`, `mc rm -r --force ALIAS/BUCKET`: a bucket and every object in it. */
function wholeBucket(args: readonly string[]): string | null {
  const words = positionals(args);
  if (words[0] === 'rb') return `mc rb removes the bucket ${words[1] ?? ''} and every object in it`;
  const recursive = args.some((a) => a === '-r' || a === '--recursive');
  const force = args.includes('--force');
  if (words[0] === 'rm' && recursive && force)
    return `mc rm --recursive --force deletes every object under ${words[1] ?? 'the prefix'}`;
  return null;
}

/**
 * `rclone purge|delete REMOTE:BUCKET` (no path below the bucket) or `REMOTE:` itself: the bucket's
 * every object (R-open r14). A path below it, or a bucket named for one run, is cleanup.
 */
function wholeRemote(args: readonly string[]): string | null {
  const words = positionals(args);
  if (words[0] !== 'purge' && words[0] !== 'delete') return null;
  // Age or name filters (`--min-age 90d`, `--include '*.tmp'`) make it retention cleanup.
  if (args.some((a) => /^--(?:min-age|max-age|min-size|max-size|include|exclude|filter|files-from)/.test(a)))
    return null;
  const target = words[1];
  const m = target === undefined ? null : /^([\w.-]+):\/?([^/]*)\/?$/.exec(target);
  if (m === null || ephemeralOnly([m[2]!])) return null;
  return `rclone ${words[0]} deletes every object of ${target}`;
}

/**
 * `consul kv delete -recurse` of the root or a top-level prefix (`config/`): every key the
 * services read their settings from. A deeper prefix (`locks/job-41/`) is one job's keys.
 */
function everyConsulKey(args: readonly string[]): string | null {
  const words = positionals(args);
  if (words[0] !== 'kv' || words[1] !== 'delete' || !args.some((a) => /^--?recurse(?:=true)?$/.test(a)))
    return null;
  const key = (words[2] ?? '').replace(/^\/+|\/+$/g, '');
  return key.includes('/') || ephemeralOnly([key])
    ? null
    : `consul kv delete -recurse deletes every key under ${key === '' ? 'the root' : `${key}/`}`;
}

/** dropdb options that take a value as the next word. */
const DROPDB_VALUE = new Set(['-h', '--host', '-p', '--port', '-U', '--username', '--maintenance-db']);
/** Database names for development or tests (app_dev, shop_test, ci_4812): rebuilt by the project's own scripts. */
const THROWAWAY_DB =
  /(?:^|[_-])(?:dev|development|local|test|tests|testing|tmp|temp|scratch|ci|e2e|sandbox)(?:[_-]|\d|$)/i;

/** The one database a dropdb names, or undefined when it names none or several. */
function droppedDatabase(args: readonly string[]): string | undefined {
  const names: string[] = [];
  for (let i = 0; i < args.length; i++)
    if (DROPDB_VALUE.has(args[i]!)) i++;
    else if (!args[i]!.startsWith('-')) names.push(args[i]!);
  return names.length === 1 ? names[0] : undefined;
}

/**
 * dropdb of a development or test database that a createdb in the same input makes again (a
 * reset: dropdb --if-exists app_test && createdb app_test), or of one named as a single run's.
 */
function throwawayReset(args: readonly string[], created: ReadonlySet<string>): boolean {
  const db = droppedDatabase(args);
  if (db === undefined || PRODUCTION.test(db) || args.some((a) => PRODUCTION.test(a))) return false;
  return (THROWAWAY_DB.test(db) && created.has(db)) || ephemeralOnly([db]);
}

/** redis-cli options naming the server (`-h host`, `-u redis://...`, `--uri`). */
const REDIS_SERVER = /^(?:-h|-u|--uri|--host)$/;

/**
 * A redis client pointed, in so many words, at a server on this machine (`-h 127.0.0.1`,
 * `-u redis://localhost:6379/15`) with nothing on the line named production: a developer's or a
 * test run's own cache reset (lead decision R16; R13/R14 twins). Without `-h` the client's server is
 * whatever the environment makes it (REDISCLI_* settings, a tunnel), so it stays judged as a wipe.
 */
function loopbackServer(args: readonly string[]): boolean {
  const servers: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const eq = /^(--uri|--host)=(.*)$/.exec(a);
    if (eq !== null) servers.push(eq[2]!);
    else if (REDIS_SERVER.test(a)) servers.push(args[++i] ?? '');
    else if (/^-h\S/.test(a)) servers.push(a.slice(2));
  }
  return (
    servers.length > 0 && servers.every((t) => onThisMachine(t)) && !args.some((a) => PRODUCTION.test(a))
  );
}

/** A run that carries a port of this machine to another one (`ssh -L`, `kubectl port-forward`, socat). */
function tunnels(words: readonly string[]): boolean {
  const [prog, ...args] = words;
  if (prog === 'ssh') return args.some((a) => /^-\w*[LR]/.test(a));
  if (prog === 'socat') return true;
  return /^(?:kubectl|oc|k)$/.test(prog ?? '') && args.includes('port-forward');
}

function wipes(
  words: readonly string[],
  created: ReadonlySet<string> = new Set(),
  notLocal = false,
): string | null {
  const prog = words[0]!;
  const args = words.slice(1);
  if (asksHelp(args)) return null;
  if (REDIS.has(prog)) {
    const flush = args.find((a) => /^flush(?:all|db)$/i.test(a));
    // `redis-cli --scan | xargs redis-cli unlink`: every key the scan lists (programs/resource-listing.ts).
    const each = args.findIndex((a) => /^(?:del|unlink)$/i.test(a));
    const every =
      each >= 0 && args[each + 1] === '*' ? `${args[each]!.toUpperCase()} of every key` : undefined;
    if ((flush === undefined && every === undefined) || (!notLocal && loopbackServer(args))) return null;
    return every !== undefined ? `${prog} ${every}` : `${prog} ${flush!.toUpperCase()} deletes every key`;
  }
  if (prog === 'dropdb') return throwawayReset(args, created) ? null : 'dropdb drops a PostgreSQL database';
  if (KAFKA_TOPICS.test(prog)) return everyTopic(args);
  if (prog === 'etcdctl') return everyKey(args);
  if (prog === 'mc' || prog === 'mcli') return wholeBucket(args);
  if (prog === 'rclone') return wholeRemote(args);
  if (prog === 'consul') return everyConsulKey(args);
  // Disabling a Vault secrets engine deletes every secret stored at its path (R13 wipe-via-container).
  if (prog === 'vault') {
    const [noun, verb, path] = positionals(args);
    return noun === 'secrets' && verb === 'disable'
      ? `vault secrets disable deletes every secret stored in the ${path ?? ''} mount`.replace('  ', ' ')
      : null;
  }
  if (prog === 'mysqladmin' || prog === 'mariadb-admin') {
    const verb = positionals([...beforeDashDash(args), ...afterDashDash(args)]).find((w) => w === 'drop');
    return verb !== undefined ? `${prog} drop drops a database` : null;
  }
  if (MONGO.has(prog)) {
    const at = args.findIndex((a) => a === '--eval' || a.startsWith('--eval='));
    if (at < 0) return null;
    const code = args[at]!.startsWith('--eval=') ? args[at]!.slice(7) : args.slice(at + 1).join(' ');
    // The database named by the connection string (`mongodb://mongo:27017/app_test`) is a test one
    // (R14 twin): the suite's data, rebuilt by the next run. `test` itself is MongoDB's default
    // database, where an application without a configured name keeps its real data.
    const db = args
      .map(
        (a) =>
          /^mongodb(?:\+srv)?:\/\/[^/]+\/([\w-]+)/.exec(a)?.[1] ??
          /^[\w.-]+(?::\d+)?\/([\w-]+)$/.exec(a)?.[1],
      )
      .find((d) => d !== undefined);
    if (db !== undefined && db !== 'test' && testNamespace(db) && !/\bgetSiblingDB\b|\buse\s/.test(code))
      return null;
    return MONGO_WIPE.test(code) ? `${prog} --eval drops or empties a database or collection` : null;
  }
  return null;
}

export default defineRule({
  id: 'DB-AST-001',
  invariant: 'NO_DESTRUCTIVE_SQL',
  pack: 'databases',
  kinds: ['exec'],
  programs: [
    ...REDIS,
    ...MONGO,
    'dropdb',
    // Read only for the reset exemption: a dropdb followed by a createdb of the same name.
    'createdb',
    'mysqladmin',
    'mariadb-admin',
    'kafka-topics',
    'kafka-topics.sh',
    'etcdctl',
    'mc',
    'mcli',
    'rclone',
    'consul',
    'vault',
    // Read only to see a port of this machine carried elsewhere (a loopback redis is then not local).
    'ssh',
    'socat',
    'kubectl',
    'oc',
  ],
  summary:
    'redis FLUSHALL/FLUSHDB, dropdb, mysqladmin drop, mongo --eval dropDatabase()/drop()/deleteMany({}), kafka-topics --delete of every topic, etcdctl del of every key, mc rb / mc rm -r --force / rclone purge of a bucket, consul kv delete -recurse of a top-level prefix, vault secrets disable wipe a datastore.',
  remediationHint:
    'Never wipe a datastore. Delete only the keys or documents you created, by name (redis-cli DEL <key>, deleteOne({_id: ...})), or use a throwaway database in the workspace.',
  *check(facts) {
    // Databases a createdb of the input makes (again), for the reset exemption of dropdb.
    const created = new Set<string>();
    for (const e of facts.of('exec'))
      if (e.program === 'createdb') {
        const db = droppedDatabase(e.argv.slice(1));
        if (db !== undefined) created.add(db);
      }
    const tunnel = facts.of('exec').some((e) => tunnels(normalisedArgv(e)));
    // Commands hand-written to a raw socket (RESP over net.connect) are how a request forgery reaches
    // a server on this machine; a developer's reset goes through a client, so they get no exemption.
    yield* execHits(facts, (words, exec) => wipes(words, created, tunnel || exec.via === RAW_SOCKET_VIA));
  },
  examples: {
    deny: [
      { input: 'redis-cli FLUSHALL' },
      { input: 'redis-cli -h 10.0.0.1 -n 2 flushdb' },
      { input: 'redis-cli -h 127.0.0.1 -h cache.acme.net FLUSHALL' },
      { input: 'ssh -fN -L 6380:cache.internal:6379 bastion && redis-cli -h 127.0.0.1 -p 6380 FLUSHALL' },
      { input: 'kubectl port-forward svc/redis 6379:6379 & redis-cli -h localhost FLUSHDB' },
      { input: 'redis-cli -h sessions.prod.acme.net FLUSHDB' },
      {
        input:
          'redis-cli -h cache.prod.internal --scan | xargs -n 500 redis-cli -h cache.prod.internal unlink',
      },
      { input: "redis-cli KEYS '*' | xargs redis-cli DEL" },
      { input: 'dropdb production' },
      { input: 'dropdb app' },
      { input: 'dropdb app_dev' },
      { input: 'dropdb -h db.prod.internal app_test' },
      { input: 'dropdb app_test app' },
      { input: 'mysqladmin -u root drop shop' },
      { input: "mongosh 'mongodb://localhost/test' --eval 'db.dropDatabase()'" },
      { input: 'mongo --eval db.users.drop()' },
      { input: "mongosh --eval 'db.orders.deleteMany({})'" },
      { input: 'vault secrets disable secret/' },
      { input: "kafka-topics --bootstrap-server kafka:9092 --delete --topic '.*'" },
      { input: 'etcdctl del "" --prefix' },
      { input: 'mc rb --force prod/acme-backups' },
      { input: 'rclone purge acme-s3:acme-prod-data' },
      { input: 'consul kv delete -recurse config/' },
    ],
    allow: [
      { input: 'redis-cli GET session:1', why: 'reads' },
      { input: 'redis-cli DEL cache:build', why: 'one named key' },
      { input: 'rclone purge acme-s3:acme-builds/pr-1432', why: 'one folder under the bucket' },
      { input: 'rclone delete s3:acme-logs --min-age 90d', why: 'retention cleanup of old objects' },
      { input: 'consul kv delete -recurse locks/job-41/', why: "one job's keys" },
      {
        input: "redis-cli --scan --pattern 'build-cache:*' | xargs redis-cli unlink",
        why: 'the keys of one prefix',
      },
      { input: 'redis-cli -h 127.0.0.1 -n 15 FLUSHDB', why: "this machine's own server, a test database" },
      { input: 'redis-cli -u redis://localhost:6379/0 FLUSHALL', why: "a developer's local cache reset" },
      { input: 'createdb test', why: 'creates' },
      { input: 'dropdb --if-exists app_dev && createdb app_dev', why: 'a development database reset' },
      { input: 'dropdb --if-exists app_test', why: "a test run's database" },
      { input: "mongosh --eval 'db.users.find()'", why: 'reads' },
      { input: 'vault secrets enable -path=kv kv-v2', why: 'adds a mount' },
      { input: 'mysqladmin status', why: 'reads' },
      {
        input: 'kafka-topics --bootstrap-server localhost:9092 --delete --topic test-events',
        why: 'one named topic',
      },
      { input: 'etcdctl del /app/config/feature-x --prefix', why: 'one prefix of keys' },
      { input: 'mc rm local/uploads/tmp.txt', why: 'one object' },
    ],
  },
});
