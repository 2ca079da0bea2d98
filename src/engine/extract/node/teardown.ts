/**
 * Data stores emptied through node ORMs with no client object the walk knows (issue 22 r5): a
 * mongoose model's `deleteMany({})` / `deleteMany()` and a TypeORM repository's `clear()` or
 * `delete({})`. Each is written as the mongosh line or SQL statement it amounts to, so DB-AST-001
 * and the SQL rules judge it. Test set-up and tear-down (inside jest/mocha hooks or a NODE_ENV test
 * guard, on an in-memory server or sqlite) is left alone.
 */
import { shellWord } from '../code/collector.js';
import { inTestScope, productionTarget, testFacts } from '../code/test-scope.js';
import { constText, strVal, UNKNOWN, type Val } from '../code/value.js';
import type { JsWalker } from '../node.js';
import { JS_CALLS, type JsCall } from './calls.js';

const VIA = 'node';

/** A string naming a database every run makes anew: an in-memory server or sqlite. */
const THROWAWAY_TARGET = /mongodb-memory-server|sqlite::memory:|:memory:/;

/**
 * A teardown of a throwaway database: inside a test hook or a NODE_ENV test guard
 * (code/test-scope.ts), or with an in-memory store named in a string; never when a string names a
 * production target.
 */
function throwaway(w: JsWalker, c: JsCall): boolean {
  const { strings } = testFacts(w.root, w.text, 'node');
  if (productionTarget(strings)) return false;
  return inTestScope(w.root, w.text, 'node', c.span) || strings.some((s) => THROWAWAY_TARGET.test(s));
}

/** A filter that matches every document or row: none, `{}`. */
function everything(v: Val | undefined): boolean {
  return v === undefined || (v.fields !== undefined && v.fields.size === 0);
}

/** Listing a database's collections (to visit each). */
const LISTS = /\b(?:listCollections|collections)\s*\(/;

/** `Order.deleteMany({})` on a model named in the source (a capitalised receiver): every document. */
const modelDeleteMany = (w: JsWalker, c: JsCall): Val | undefined => {
  const model = c.recvNode && c.recvNode.type === 'identifier' ? w.src(c.recvNode) : '';
  // `db.collection(name)` for every name listCollections gives (the driver, no client the walk knows).
  const listed = c.recvNode !== undefined && /\.collection\(/.test(w.src(c.recvNode)) && LISTS.test(w.text);
  if ((!/^[A-Z]\w*$/.test(model) && !listed) || !everything(c.args[0]) || throwaway(w, c)) return undefined;
  const coll = listed ? 'every_collection' : `${model.toLowerCase()}s`;
  const js = `db.getCollection(${JSON.stringify(coll)}).deleteMany({})`;
  w.col.nested(`mongosh --eval ${shellWord(strVal(js))}`, 'bash', c.span, VIA);
  return UNKNOWN;
};

/** A TypeORM repository of one entity (`dataSource.getRepository(Order)`): the entity's table. */
const REPOSITORY = 'typeorm.Repository()';

const getRepository = (_w: JsWalker, c: JsCall): Val | undefined => {
  const entity = c.args[0];
  const name = entity ? (entity.ref?.split('.').pop() ?? constText(entity)) : null;
  if (name === null || name === undefined || !/^\w+$/.test(name)) return undefined;
  return { ...strVal(name.toLowerCase()), ref: REPOSITORY };
};

/** repository.clear() truncates the table; delete({}) removes every row. */
const repositoryWipe = (w: JsWalker, c: JsCall): Val | undefined => {
  const table = c.recv ? constText(c.recv) : null;
  if (table === null || throwaway(w, c)) return undefined;
  if (c.method === 'clear') w.col.nested(`TRUNCATE ${table}`, 'sql', c.span, VIA);
  else if (c.args.length === 1 && everything(c.args[0]))
    w.col.nested(`DELETE FROM ${table}`, 'sql', c.span, VIA);
  else return undefined;
  return UNKNOWN;
};

JS_CALLS.add(['typeorm.getRepository'], getRepository);
JS_CALLS.add([`${REPOSITORY}.clear`, `${REPOSITORY}.delete`], repositoryWipe);
JS_CALLS.methods([
  ['deleteMany', modelDeleteMany],
  ['getRepository', getRepository],
]);
