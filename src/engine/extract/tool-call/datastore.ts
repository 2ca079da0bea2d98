/**
 * Structured datastore calls rewritten as the SQL they amount to, so the SQL rules judge them
 * (red team r3, issue #22): a Mongo `deleteMany`/`updateMany` whose filter matches every document
 * is `DELETE FROM c` / `UPDATE c SET ...` with no WHERE; deleting an Elasticsearch/OpenSearch index,
 * a Kafka topic or a Firestore collection drops the whole store (`DROP TABLE`). A filter that names
 * documents, a single-document delete and reads give no line.
 */
import { any, has, list, quote, str, type CliEquivalent } from './cli.js';
import { scratchOnly } from './whole-resource.js';
import {
  disposableDatabase,
  disposableOnly,
  PRODUCTION,
  testDatabase,
} from '../../knowledge/ephemeral-names.js';
import { selectsEverything } from './select-all.js';

const ident = (n: string): string => `"${n.replace(/"/g, '""')}"`;

/** Keys naming the database, schema or dataset a dropped table or collection lives in. */
const HOME_KEYS = [
  'database',
  'db',
  'database_name',
  'db_name',
  'schema',
  'schema_name',
  'keyspace',
  'dataset',
];

/**
 * A drop inside a store named disposable (`drop_collection {database: app_dev}`, `delete_database
 * {database: feature_xyz_preview}`: R13 twin-whole), as tool-call/whole-resource.ts lets a named
 * preview, dev or test resource go: `databases` are the names dropped when the call drops whole
 * databases. Nothing in the call (a host, a project) may name production.
 */
export function disposableStore(f: Map<string, unknown>, databases: readonly string[] = []): boolean {
  if ([...f.values()].some((v) => typeof v === 'string' && PRODUCTION.test(v))) return false;
  if (databases.length > 0) return databases.every(disposableDatabase);
  const home = list(f, ...HOME_KEYS);
  return home.length > 0 && home.every(disposableDatabase);
}

/**
 * A filter every document matches: absent, `{}`, `{$where: 'true'}`, `{$expr: true}`, `{$or: [{}]}`,
 * `{$and: []}`, or only always-true field conditions (`{_id: {$exists: true}}`, not `{deleted_at:
 * {$exists: true}}`). Depth-bounded.
 */
export function matchesEverything(filter: unknown, depth = 0): boolean {
  if (filter === undefined || filter === null) return true;
  if (typeof filter === 'string') {
    const t = filter.trim();
    if (t === '' || t === '{}' || t === '*') return true;
    if (!t.startsWith('{') || depth > 0) return false;
    try {
      return matchesEverything(JSON.parse(t) as unknown, depth + 1);
    } catch {
      return false;
    }
  }
  if (typeof filter !== 'object' || Array.isArray(filter) || depth > 8) return false;
  // Field conditions, `$where` and `$expr` are read as every other filter language is (select-all.ts).
  return selectsEverything(filter, 'filter', depth);
}

/** What a Mongo-style call does, from its name (`mongodb_delete_many`) or an `operation` field. */
function documentOp(w: readonly string[], f: Map<string, unknown>): 'delete' | 'update' | undefined {
  const named = w.join('_');
  const field = str(f, 'operation', 'op', 'action', 'method', 'command');
  const op = `${named}_${(field ?? '').replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase()}`;
  if (/(?:^|_)(?:delete|remove)_(?:many|all)(?:$|_)|(?:^|_)(?:remove|delete)_documents(?:$|_)/.test(op))
    return 'delete';
  if (/(?:^|_)(?:update|replace)_(?:many|all)(?:$|_)|(?:^|_)update_documents(?:$|_)/.test(op))
    return 'update';
  // `{"operation": "remove"}` on a collection with no filter removes every document (mongo shell remove({})).
  if (field !== undefined && /^(?:remove|delete)$/i.test(field) && has(w, 'mongo', 'mongodb'))
    return 'delete';
  return undefined;
}

const FILTER_KEY =
  /^(?:filter|query|where|selector|criteria|conditions|match|filter_by)$|(?:^|_)(?:filter|filters|query|where|selector|condition|conditions|criteria|expression)(?:$|_)/;

const NAMES = ['collection', 'collection_name', 'table', 'table_name', 'name'];

/** Keys listing the documents a bulk call acts on by id (`ids`, `document_ids`, Meilisearch's bulk delete). */
const ITEM_IDS =
  /^(?:ids|_ids|keys|primary_keys|(?:document|doc|object|record|item|row|point|vector|entry)_?(?:ids|keys))$/;

/** The call names its documents by id (`ids: ["tt0111161"]`, R13 twin-container): those, not every one. */
function namesItems(f: Map<string, unknown>): boolean {
  return [...f].some(([k, v]) => {
    if (!ITEM_IDS.test(k)) return false;
    const ids = Array.isArray(v) ? v : [v];
    return (
      ids.length > 0 &&
      ids.every((x) => (typeof x === 'string' && x.trim() !== '' && !/[*%]/.test(x)) || typeof x === 'number')
    );
  });
}

/** Mongo `deleteMany`/`updateMany` that match every document, as unbounded SQL writes. */
function documentWrites(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  const op = documentOp(w, f);
  if (op === undefined) return undefined;
  // Any filter-like key (`filter_by`, `filter_expression`) holds the filter, not only the Mongo names.
  const filter = [...f.keys()].find((k) => FILTER_KEY.test(k));
  const value = filter === undefined ? undefined : f.get(filter);
  if (!matchesEverything(value) && !selectsEverything(value, filter)) return undefined;
  if (namesItems(f)) return undefined;
  const name = ident(str(f, ...NAMES) ?? 'documents');
  return {
    code: op === 'delete' ? `DELETE FROM ${name};` : `UPDATE ${name} SET changed = 1;`,
    runtime: 'sql',
  };
}

/** Search indices, topics and document collections whose deletion drops the store. */
function storeDrops(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  if (!has(w, 'delete', 'remove', 'drop', 'destroy', 'purge', 'wipe')) return undefined;
  let names: string[] = [];
  if (has(w, 'elasticsearch', 'opensearch', 'elastic', 'es') && has(w, 'index', 'indices', 'indexes'))
    names = list(f, 'index', 'indices', 'index_name', 'indexes', 'name', 'target');
  else if (has(w, 'topic', 'topics')) names = list(f, 'topic', 'topics', 'topic_name', 'name');
  else if (
    has(w, 'firestore', 'firebase') &&
    (has(w, 'collection', 'collections', 'documents') ||
      has(w, 'recursive', 'recursively') ||
      any(f, 'recursive'))
  ) {
    // A recursive delete of a top-level path (`recursive_delete {path: "users"}`, R21) drops that
    // collection with every document under it; a document's path (`users/u1`) is that document's.
    const byPath = !has(w, 'collection', 'collections', 'documents');
    // Documents deleted by a query or by id (`where: [["email", "==", ...]]`): those, not the collection.
    const filter = [...f.keys()].find((k) => FILTER_KEY.test(k));
    if (
      has(w, 'documents') &&
      ((filter !== undefined &&
        !matchesEverything(f.get(filter)) &&
        !selectsEverything(f.get(filter), filter)) ||
        namesItems(f))
    )
      return undefined;
    names = list(f, 'path', 'collection', 'collection_path', 'collection_id', 'name');
    if (byPath) names = names.filter((n) => n.split('/').filter((x) => x !== '').length <= 1);
  } else if (has(w, 'bucket') && has(w, 'gcs', 'storage', 'minio', 'r2') && any(f, 'force', 'recursive'))
    names = list(f, 'bucket', 'bucket_name', 'name');
  // A test or scratch index, topic or collection is the owner's to drop (`test-logs-2026.11.27`).
  if (
    names.length === 0 ||
    ((scratchOnly(names) || disposableOnly(names)) && !names.some((n) => /[*?]/.test(n))) ||
    disposableStore(f)
  )
    return undefined;
  // An index's dots and dashes are part of its name (`test-logs-2026.11.27`), not a schema: as one SQL name.
  const table = (n: string): string => ident(/^[\w.-]+$/.test(n) ? n.replace(/[.-]/g, '_') : n);
  return { code: names.map((n) => `DROP TABLE ${table(n)};`).join('\n'), runtime: 'sql' };
}

/**
 * A database or collection dropped through an action field or the tool's name (red team r4:
 * `{"name": "mongodb", "arguments": {"action": "dropDatabase"}}`): DROP DATABASE / DROP TABLE.
 */
function actionDrops(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  const field = str(f, 'operation', 'op', 'action', 'method', 'command');
  const op = `${w.join('_')}_${(field ?? '').replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase()}`;
  if (/(?:^|_)drop_?(?:database|db)(?:$|_)/.test(op)) {
    const db = str(f, 'database', 'db', 'database_name', 'db_name', 'name');
    // A framework's test database is recreated by every test run (ephemeral-names.ts testDatabase).
    if (db !== undefined && (testDatabase(db) || disposableStore(f, [db]))) return undefined;
    return {
      code: `DROP DATABASE ${ident(db ?? 'database')};`,
      runtime: 'sql',
    };
  }
  if (
    /(?:^|_)drop_?(?:collection|table)s?(?:$|_)/.test(op) ||
    (field !== undefined && /^drop$/i.test(field) && has(w, 'mongo', 'mongodb'))
  ) {
    if (disposableStore(f)) return undefined;
    return { code: `DROP TABLE ${ident(str(f, ...NAMES) ?? 'documents')};`, runtime: 'sql' };
  }
  return undefined;
}

const VECTOR = [
  'pinecone',
  'qdrant',
  'weaviate',
  'chroma',
  'chromadb',
  'milvus',
  'vector',
  'vectors',
  'lancedb',
];

/** A vector store's `delete_all`/`deleteAll` (every vector of the index or namespace): DELETE FROM. */
function vectorWipe(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  if (!has(w, ...VECTOR) || !has(w, 'delete', 'remove', 'purge', 'wipe', 'clear')) return undefined;
  const filter = ['filter', 'where', 'selector'].find((k) => f.has(k));
  const all = any(f, 'delete_all', 'all', 'clear') || has(w, 'all', 'clear');
  // An empty filter (`{}`) matches every vector; ids or a real filter name some of them.
  if (!(all && filter === undefined) && !(filter !== undefined && matchesEverything(f.get(filter))))
    return undefined;
  const name =
    str(f, 'index', 'index_name', 'collection', 'collection_name', 'namespace', 'name') ?? 'vectors';
  return { code: `DELETE FROM ${ident(name)};`, runtime: 'sql' };
}

/**
 * An aggregation whose `$out` writes back into the collection it reads: the collection is replaced
 * by the pipeline's result, so what a `$match` leaves out is deleted (`$merge` only updates).
 */
function aggregateOverwrite(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  if (!has(w, 'aggregate', 'aggregation', 'pipeline') && str(f, 'operation', 'action') !== 'aggregate')
    return undefined;
  const source = str(f, 'collection', 'collection_name', 'coll');
  const pipeline = f.get('pipeline');
  if (source === undefined || !Array.isArray(pipeline)) return undefined;
  for (const stage of pipeline.slice(0, 64)) {
    if (stage === null || typeof stage !== 'object') continue;
    const s = stage as Record<string, unknown>;
    const target = s.$out;
    const into =
      typeof target === 'string'
        ? target
        : target !== null && typeof target === 'object'
          ? (target as Record<string, unknown>).coll
          : undefined;
    if (into === source) return { code: `DELETE FROM ${ident(source)};`, runtime: 'sql' };
  }
  return undefined;
}

/** The script of an EVAL given as argv (`argv: ["EVAL", "<lua>", "0"]`, `command: ["EVAL", ...]`). */
function evalScript(f: Map<string, unknown>): string | undefined {
  for (const key of ['argv', 'args', 'command', 'cmd', 'arguments']) {
    const v = f.get(key);
    if (
      Array.isArray(v) &&
      typeof v[0] === 'string' &&
      /^eval(?:_ro)?$/i.test(v[0]) &&
      typeof v[1] === 'string'
    )
      return v[1];
  }
  return undefined;
}

/** `redis.call('FLUSHALL')` in a Lua script an eval tool runs: each call as its redis-cli line. */
function luaCalls(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  if (!has(w, 'redis', 'valkey', 'keydb')) return undefined;
  const script = str(f, 'script', 'lua', 'lua_script', 'source', 'code', 'body') ?? evalScript(f);
  if (script === undefined || script.length > 65536) return undefined;
  const lines: string[] = [];
  for (const m of script.matchAll(
    /redis\.p?call\s*\(\s*(['"])(\w+)\1((?:\s*,\s*(?:'[^']*'|"[^"]*"|[\w.[\]]+))*)\s*\)/g,
  )) {
    const args = [...m[3]!.matchAll(/'([^']*)'|"([^"]*)"|([\w.[\]]+)/g)].map((a) => a[1] ?? a[2] ?? 'x');
    lines.push(['redis-cli', m[2]!, ...args.map(quote)].join(' '));
    if (lines.length >= 64) break;
  }
  // Keys listed by a match-everything KEYS/SCAN and deleted one by one: the whole database emptied.
  if (
    /redis\.p?call\s*\(\s*['"](?:KEYS|SCAN)['"][^)]*['"]\*['"]/i.test(script) &&
    /redis\.p?call\s*\(\s*['"](?:DEL|UNLINK)['"]/i.test(script)
  )
    lines.push('redis-cli FLUSHDB');
  return lines.length > 0 ? { code: lines.join('\n'), runtime: 'bash' } : undefined;
}

/** Keys a database command document is given under (`runCommand`'s argument). */
const COMMAND_KEYS = ['command', 'cmd', 'command_document', 'db_command', 'document', 'spec'];

/**
 * A Mongo command document (`db.runCommand({dropDatabase: 1})`, `{drop: "orders"}`, `{delete:
 * "orders", deletes: [{q: {}}]}`) under any tool's name: the SQL it amounts to (red team r9).
 */
export function commandDocument(f: Map<string, unknown>): CliEquivalent | undefined {
  for (const key of COMMAND_KEYS) {
    let doc = f.get(key);
    if (typeof doc === 'string' && doc.trim().startsWith('{') && doc.length < 65536) {
      try {
        doc = JSON.parse(doc) as unknown;
      } catch {
        continue;
      }
    }
    if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) continue;
    const d = doc as Record<string, unknown>;
    const db = str(f, 'database', 'db', 'database_name', 'db_name') ?? 'database';
    if ('dropDatabase' in d) return { code: `DROP DATABASE ${ident(db)};`, runtime: 'sql' };
    if (typeof d.drop === 'string') return { code: `DROP TABLE ${ident(d.drop)};`, runtime: 'sql' };
    const deletes = Array.isArray(d.deletes) ? (d.deletes as unknown[]) : [];
    if (
      typeof d.delete === 'string' &&
      deletes.some((x) => x !== null && typeof x === 'object' && matchesEverything((x as { q?: unknown }).q))
    )
      return { code: `DELETE FROM ${ident(d.delete)};`, runtime: 'sql' };
  }
  return undefined;
}

/** The SQL a datastore call amounts to, when it wipes or rewrites a whole store. */
export function datastoreLines(w: readonly string[], f: Map<string, unknown>): CliEquivalent[] {
  return [
    documentWrites(w, f),
    storeDrops(w, f),
    actionDrops(w, f),
    vectorWipe(w, f),
    aggregateOverwrite(w, f),
    luaCalls(w, f),
    commandDocument(f),
  ].filter((c): c is CliEquivalent => c !== undefined);
}

/** Name words that can start a rewrite above (cli.ts gates on these before reading fields). */
export const DATASTORE_WORDS = [
  'mongo',
  'mongodb',
  'database',
  'db',
  'nosql',
  'couchdb',
  'cosmos',
  'cosmosdb',
  'many',
  'documents',
  'elasticsearch',
  'opensearch',
  'elastic',
  'es',
  'topic',
  'topics',
  'firestore',
  'firebase',
  'bucket',
  ...VECTOR,
  'aggregate',
  'aggregation',
  'pipeline',
  'redis',
  'valkey',
  'keydb',
];
