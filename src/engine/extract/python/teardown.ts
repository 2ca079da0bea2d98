/**
 * Data stores emptied or torn down through python frameworks and storage libraries (issue 22 r5):
 * Django's flush / migrate APP zero, alembic downgrade to base, peewee drop_tables and
 * Model.delete().execute(), tortoise Model.all().delete(), pandas to_sql replacing a table with an
 * empty frame, fsspec/s3fs/gcsfs recursive rm, Databricks dbutils.fs.rm, GCS bucket.delete(force),
 * huggingface_hub delete_repo. Each is written as the SQL statement or command line it amounts to,
 * so the SQL, cloud and FS rules judge it once for every spelling. Test set-up and tear-down (inside
 * a test function or fixture, on test settings or an in-memory or sqlite database) is left alone.
 */
import { shellWord } from '../code/collector.js';
import { tableOf } from '../code/sdk.js';
import { inTestScope, productionTarget, testFacts } from '../code/test-scope.js';
import { constText, render, strVal, UNKNOWN, type Val } from '../code/value.js';
import type { PyWalker } from '../python.js';
import { PY_CALLS, type PyCall } from './calls.js';

const VIA = 'python';

/** A string naming a database every run makes anew: test settings, sqlite, in memory. */
const THROWAWAY_TARGET = /settings[._]test|^testing$|^sqlite(?:\+\w+)?:\/\/|:memory:/;

/**
 * A teardown of a throwaway database: inside a test function or fixture (code/test-scope.ts), or
 * with a throwaway database named in a string; never when a string names a production target.
 */
function throwaway(w: PyWalker, c: PyCall): boolean {
  const { strings } = testFacts(w.root, w.text, 'python');
  if (productionTarget(strings)) return false;
  return inTestScope(w.root, w.text, 'python', c.span) || strings.some((s) => THROWAWAY_TARGET.test(s));
}

function sql(w: PyWalker, c: PyCall, text: string): Val {
  w.col.nested(text, 'sql', c.span, VIA);
  return UNKNOWN;
}

function bash(w: PyWalker, c: PyCall, line: string): Val {
  w.col.nested(line, 'bash', c.span, VIA);
  return UNKNOWN;
}

/** The model a call is made on (`app.models.Event.delete` → `event`), or null. */
function modelOf(name: string, suffix: RegExp): string | null {
  const m = new RegExp(`(?:^|\\.)([A-Z]\\w*)${suffix.source}$`).exec(name);
  return m ? m[1]!.toLowerCase() : null;
}

// --- framework commands ------------------------------------------------------------------------

/** call_command('flush') / ('reset_db') / ('migrate', app, 'zero'): the schema or its rows gone. */
const callCommand = (w: PyWalker, c: PyCall): Val | undefined => {
  const words = c.args.map((a) => constText(a));
  if (throwaway(w, c)) return undefined;
  if (words[0] === 'flush') return sql(w, c, 'TRUNCATE every_model_table');
  if (words[0] === 'reset_db' || words[0] === 'reset_schema') return sql(w, c, 'DROP SCHEMA public CASCADE');
  if (words[0] === 'migrate' && words.includes('zero')) {
    const app = words[1] !== 'zero' ? (words[1] ?? 'app') : 'app';
    return sql(w, c, `DROP TABLE ${/^\w+$/.test(app) ? app : 'app'}_tables`);
  }
  return undefined;
};

/** alembic command.downgrade(cfg, 'base'): every migration undone, every table dropped. */
const alembicDowngrade = (w: PyWalker, c: PyCall): Val | undefined => {
  const rev = constText(c.args[1] ?? c.kw.get('revision') ?? UNKNOWN);
  return rev === 'base' && !throwaway(w, c) ? sql(w, c, 'DROP SCHEMA public CASCADE') : undefined;
};

// --- ORMs ----------------------------------------------------------------------------------------

/** peewee db.drop_tables([A, B]) / Model.drop_table(): those tables dropped. */
const dropTables = (w: PyWalker, c: PyCall): Val | undefined => {
  if (throwaway(w, c)) return undefined;
  const tables = (c.args[0]?.items ?? []).map(tableOf).filter((t): t is string => t !== null);
  if (c.method === 'drop_table') {
    const model = modelOf(c.name, /\.drop_table/);
    if (model !== null) tables.push(model);
  }
  return tables.length > 0 ? sql(w, c, tables.map((t) => `DROP TABLE ${t};`).join('\n')) : undefined;
};

/** A peewee delete query not yet run: its statement, run by `.execute()`. */
const MODEL_DELETE = 'peewee.ModelDelete()';

/** peewee Model.delete() (a query) / tortoise Model.all().delete() (run at once): every row. */
const modelDelete = (w: PyWalker, c: PyCall): Val | undefined => {
  if (c.args.length > 0 || c.kw.size > 0 || throwaway(w, c)) return undefined;
  const all = modelOf(c.name, /\.all\(\)\.delete/);
  if (all !== null) return sql(w, c, `DELETE FROM ${all}`);
  const model = modelOf(c.name, /\.delete/);
  return model !== null ? { ...strVal(`DELETE FROM ${model}`), ref: MODEL_DELETE } : undefined;
};

const deleteExecute = (w: PyWalker, c: PyCall): Val | undefined => {
  const stmt = c.recv ? constText(c.recv) : null;
  return stmt !== null ? sql(w, c, stmt) : undefined;
};

/** A frame with no rows written as a literal (`DataFrame({'id': []})`, `df.head(0)`, `df.iloc[:0]`). */
const EMPTY_FRAME =
  /DataFrame\(\s*(?:\)|\[\s*\]|\{\s*(?:["'][^"']*["']\s*:\s*\[\s*\]\s*,?\s*)*\}|columns\s*=)|\.head\(\s*0\s*\)|\.iloc\[\s*0?\s*:\s*0\s*\]|\.limit\(\s*0\s*\)/;

/** pandas df.to_sql(name, con, if_exists='replace') with an empty frame: the table dropped and left empty. */
const toSql = (w: PyWalker, c: PyCall): Val | undefined => {
  if (constText(c.kw.get('if_exists') ?? UNKNOWN) !== 'replace' || throwaway(w, c)) return undefined;
  const table = tableOf(c.args[0] ?? c.kw.get('name'));
  const frame = c.recvNode ? w.src(c.recvNode) : '';
  return table !== null && EMPTY_FRAME.test(frame) ? sql(w, c, `TRUNCATE ${table}`) : undefined;
};

// --- spark and delta tables ----------------------------------------------------------------------

/** A Spark frame with no rows (`df.limit(0)`, `createDataFrame([], schema)`); its writer in overwrite mode. */
const EMPTY_SPARK = 'pyspark.sql.DataFrame(empty)';
const EMPTY_OVERWRITE = `${EMPTY_SPARK}.write.overwrite()`;

const sparkLimit = (_w: PyWalker, c: PyCall): Val | undefined =>
  c.args[0]?.num === 0 && c.args.length === 1 ? { ...UNKNOWN, ref: EMPTY_SPARK } : undefined;

const sparkCreate = (_w: PyWalker, c: PyCall): Val | undefined => {
  const rows = c.args[0] ?? c.kw.get('data');
  return rows?.items?.length === 0 ? { ...UNKNOWN, ref: EMPTY_SPARK } : undefined;
};

const sparkMode = (_w: PyWalker, c: PyCall): Val | undefined =>
  constText(c.args[0] ?? c.kw.get('saveMode') ?? UNKNOWN) === 'overwrite'
    ? { ...UNKNOWN, ref: EMPTY_OVERWRITE }
    : undefined;

/** An empty frame saved over a table: every row of the table replaced by none. */
const sparkSave = (w: PyWalker, c: PyCall): Val | undefined => {
  const overwrite =
    c.name.startsWith(EMPTY_OVERWRITE) ||
    (c.name.startsWith(EMPTY_SPARK) && c.kw.get('overwrite')?.bool === true);
  const table = c.args[0] ?? c.kw.get('name') ?? c.kw.get('tableName');
  const t = table ? constText(table) : null;
  return overwrite && t !== null && /^[\w.]+$/.test(t) && !throwaway(w, c)
    ? sql(w, c, `TRUNCATE ${t}`)
    : undefined;
};

/** DeltaTable.forName(spark, 't') / forPath(spark, p): the table, for what is done to it. */
const DELTA = 'delta.tables.DeltaTable()';

const deltaTable = (_w: PyWalker, c: PyCall): Val | undefined => {
  const t = c.args[1] ?? c.kw.get('tableOrViewName') ?? c.kw.get('path');
  const text = t ? constText(t) : null;
  return { ...(text !== null ? strVal(text) : UNKNOWN), ref: DELTA };
};

/** delta_table.delete() with no condition: every row. */
const deltaDelete = (w: PyWalker, c: PyCall): Val | undefined => {
  const t = c.recv ? constText(c.recv) : null;
  if (c.args.length > 0 || c.kw.size > 0 || throwaway(w, c)) return undefined;
  return sql(w, c, `DELETE FROM ${t !== null && /^[\w.]+$/.test(t) ? t : 'delta_table'}`);
};

// --- storage -------------------------------------------------------------------------------------

/** fsspec protocols and the filesystem classes that implement them. */
const FS_CLASS: Readonly<Record<string, string>> = {
  s3: 's3fs.S3FileSystem()',
  s3a: 's3fs.S3FileSystem()',
  gs: 'gcsfs.GCSFileSystem()',
  gcs: 'gcsfs.GCSFileSystem()',
  abfs: 'adlfs.AzureBlobFileSystem()',
  az: 'adlfs.AzureBlobFileSystem()',
  file: 'fsspec.implementations.local.LocalFileSystem()',
  local: 'fsspec.implementations.local.LocalFileSystem()',
};

/** fsspec.filesystem('gcs'): the protocol's filesystem class, so its rm is judged for that store. */
const fsspecFilesystem = (_w: PyWalker, c: PyCall): Val | undefined => {
  const proto = constText(c.args[0] ?? c.kw.get('protocol') ?? UNKNOWN);
  const cls = proto !== null ? FS_CLASS[proto] : undefined;
  return cls !== undefined ? { ...UNKNOWN, ref: cls } : undefined;
};

/** The store a filesystem class writes to, by the class's name. */
function storeOf(name: string): 's3' | 'gs' | 'az' | 'file' | null {
  if (/^s3fs\./.test(name)) return 's3';
  if (/^gcsfs\./.test(name)) return 'gs';
  if (/^adlfs\./.test(name)) return 'az';
  if (/LocalFileSystem\(\)/.test(name)) return 'file';
  return null;
}

/** fs.rm(path, recursive=True) on an object-store filesystem: the CLI's recursive remove. */
const fsRemove = (w: PyWalker, c: PyCall): Val | undefined => {
  const path = c.args[0] ?? c.kw.get('path');
  const recursive = (c.args[1] ?? c.kw.get('recursive'))?.bool === true;
  if (path === undefined || (!recursive && c.method !== 'rmdir')) return undefined;
  const text = render(path);
  const store = /^(\w+):\/\//.exec(text)?.[1] ?? storeOf(c.name);
  const bare = text.replace(/^\w+:\/\//, '');
  if (store === 's3' || store === 's3a')
    return bash(w, c, `aws s3 rm ${shellWord(strVal(`s3://${bare}`))} --recursive`);
  if (store === 'gs' || store === 'gcs')
    return bash(w, c, `gsutil -m rm -r ${shellWord(strVal(`gs://${bare}`))}`);
  if (store === 'file') return bash(w, c, `rm -rf ${shellWord(strVal(bare))}`);
  return undefined;
};

/** Databricks dbutils.fs.rm(path, True): the DBFS tree, seen through its /dbfs mount. */
const dbutilsRemove = (w: PyWalker, c: PyCall): Val | undefined => {
  const path = c.args[0];
  const recurse = (c.args[1] ?? c.kw.get('recurse'))?.bool === true;
  if (path === undefined || !recurse) return undefined;
  const text = render(path).replace(/^dbfs:/, '');
  const abs = text.startsWith('/') ? text : `/${text}`;
  // DBFS's /tmp is a workspace's scratch space, as /tmp is the host's (checkpoints, staging).
  return bash(w, c, `rm -rf ${shellWord(strVal(abs.startsWith('/tmp/') ? abs : `/dbfs${abs}`))}`);
};

/** A GCS bucket handle (`client.bucket('b')`): its name, for what is done to it. */
const GCS_BUCKET = 'google.cloud.storage.Bucket()';

const gcsBucket = (_w: PyWalker, c: PyCall): Val | undefined => {
  const name = c.args[0] ?? c.kw.get('bucket_name');
  const text = name ? constText(name) : null;
  return { ...(text !== null ? strVal(text) : UNKNOWN), ref: GCS_BUCKET };
};

/** bucket.delete(force=True): every object deleted, then the bucket. */
const gcsBucketDelete = (w: PyWalker, c: PyCall): Val | undefined => {
  const bucket = c.recv ? constText(c.recv) : null;
  const force = c.kw.get('force')?.bool === true;
  return bash(w, c, `gsutil rb${force ? ' -f' : ''} ${shellWord(strVal(`gs://${bucket ?? '$BUCKET'}`))}`);
};

/** huggingface_hub delete_repo: the model, dataset or space deleted from the Hub. */
const hfDeleteRepo = (w: PyWalker, c: PyCall): Val | undefined => {
  const repo = c.args[0] ?? c.kw.get('repo_id');
  const id = repo ? render(repo) : '$REPO';
  return bash(
    w,
    c,
    `curl -X DELETE ${shellWord(strVal(`https://huggingface.co/api/repos/delete?repo=${id}`))}`,
  );
};

PY_CALLS.add(['django.core.management.call_command'], callCommand);
PY_CALLS.add([`${EMPTY_SPARK}.write.mode`], sparkMode);
PY_CALLS.add(
  [`${EMPTY_OVERWRITE}.saveAsTable`, `${EMPTY_OVERWRITE}.insertInto`, `${EMPTY_SPARK}.write.insertInto`],
  sparkSave,
);
PY_CALLS.add(
  [
    'delta.tables.DeltaTable.forName',
    'delta.tables.DeltaTable.forPath',
    'delta.DeltaTable.forName',
    'delta.DeltaTable.forPath',
  ],
  deltaTable,
);
PY_CALLS.add([`${DELTA}.delete`], deltaDelete);
PY_CALLS.add(['alembic.command.downgrade'], alembicDowngrade);
PY_CALLS.add([`${MODEL_DELETE}.execute`], deleteExecute);
PY_CALLS.add(['fsspec.filesystem'], fsspecFilesystem);
PY_CALLS.add(
  [...new Set(Object.values(FS_CLASS))].flatMap((cls) => ['rm', 'delete', 'rmdir'].map((m) => `${cls}.${m}`)),
  fsRemove,
);
PY_CALLS.add(['s3fs.core.S3FileSystem().rm', 'gcsfs.core.GCSFileSystem().rm'], fsRemove);
PY_CALLS.add(['dbutils.fs.rm'], dbutilsRemove);
PY_CALLS.add(
  [
    'google.cloud.storage.Client().bucket',
    'google.cloud.storage.Client().get_bucket',
    'google.cloud.storage.Client().lookup_bucket',
  ],
  gcsBucket,
);
PY_CALLS.add([`${GCS_BUCKET}.delete`], gcsBucketDelete);
PY_CALLS.add(['huggingface_hub.HfApi().delete_repo', 'huggingface_hub.delete_repo'], hfDeleteRepo);
PY_CALLS.methods([
  ['drop_tables', dropTables],
  ['drop_table', dropTables],
  ['to_sql', toSql],
  ['limit', sparkLimit],
  ['createDataFrame', sparkCreate],
  ['delete', modelDelete],
]);
