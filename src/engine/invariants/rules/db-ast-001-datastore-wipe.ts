/**
 * DB-AST-001: datastore CLIs that drop or wipe data outside SQL text: redis FLUSHALL/FLUSHDB,
 * dropdb, mysqladmin drop, mongo/mongosh --eval with dropDatabase()/drop()/deleteMany({}).
 * SQL given with psql -c / mysql -e is judged by the SQL rules (SQL-AST-*).
 */
import { defineRule } from '../define-rule.js';
import { afterDashDash, asksHelp, beforeDashDash, execHits, positionals } from '../command-line.js';

const REDIS = new Set(['redis-cli', 'keydb-cli', 'valkey-cli']);
const MONGO = new Set(['mongo', 'mongosh']);
// `db.users.drop()` unquoted reaches argv as `db.users.drop` (bash reads the parentheses as syntax).
const MONGO_WIPE = /\.\s*(?:dropDatabase|drop)\s*(?:\(|$)|\.\s*(?:deleteMany|remove)\s*\(\s*\{\s*\}\s*\)/;

function wipes(words: readonly string[]): string | null {
  const prog = words[0]!;
  const args = words.slice(1);
  if (asksHelp(args)) return null;
  if (REDIS.has(prog)) {
    const flush = args.find((a) => /^flush(?:all|db)$/i.test(a));
    return flush !== undefined ? `${prog} ${flush.toUpperCase()} deletes every key` : null;
  }
  if (prog === 'dropdb') return 'dropdb drops a PostgreSQL database';
  if (prog === 'mysqladmin' || prog === 'mariadb-admin') {
    const verb = positionals([...beforeDashDash(args), ...afterDashDash(args)]).find((w) => w === 'drop');
    return verb !== undefined ? `${prog} drop drops a database` : null;
  }
  if (MONGO.has(prog)) {
    const at = args.findIndex((a) => a === '--eval' || a.startsWith('--eval='));
    if (at < 0) return null;
    const code = args[at]!.startsWith('--eval=') ? args[at]!.slice(7) : args.slice(at + 1).join(' ');
    return MONGO_WIPE.test(code) ? `${prog} --eval drops or empties a database or collection` : null;
  }
  return null;
}

export default defineRule({
  id: 'DB-AST-001',
  invariant: 'NO_DESTRUCTIVE_SQL',
  pack: 'databases',
  kinds: ['exec'],
  programs: [...REDIS, ...MONGO, 'dropdb', 'mysqladmin', 'mariadb-admin'],
  summary:
    'redis FLUSHALL/FLUSHDB, dropdb, mysqladmin drop, mongo --eval dropDatabase()/drop()/deleteMany({}) wipe a datastore.',
  remediationHint:
    'Never wipe a datastore. Delete only the keys or documents you created, by name (redis-cli DEL <key>, deleteOne({_id: ...})), or use a throwaway database in the workspace.',
  *check(facts) {
    yield* execHits(facts, (words) => wipes(words));
  },
  examples: {
    deny: [
      { input: 'redis-cli FLUSHALL' },
      { input: 'redis-cli -h 10.0.0.1 -n 2 flushdb' },
      { input: 'dropdb production' },
      { input: 'mysqladmin -u root drop shop' },
      { input: "mongosh 'mongodb://localhost/test' --eval 'db.dropDatabase()'" },
      { input: 'mongo --eval db.users.drop()' },
      { input: "mongosh --eval 'db.orders.deleteMany({})'" },
    ],
    allow: [
      { input: 'redis-cli GET session:1', why: 'reads' },
      { input: 'redis-cli DEL cache:build', why: 'one named key' },
      { input: 'createdb test', why: 'creates' },
      { input: "mongosh --eval 'db.users.find()'", why: 'reads' },
      { input: 'mysqladmin status', why: 'reads' },
    ],
  },
});
