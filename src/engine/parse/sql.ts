/**
 * SQL parser instances, used synchronously: libpg-query (the PostgreSQL parser compiled to WASM,
 * about 10 MB resident) first, instantiated by `loadParsers()` at engine start or, when that has not
 * run, on the first statement; node-sql-parser's MySQL and SQLite grammars (about 27 MB together)
 * for what PostgreSQL rejects, each required on its first use since most deployments never see a
 * statement PostgreSQL rejects. docs/architecture.md ("SQL parsing") explains the choice. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import vm from 'node:vm';
import type { AST, Option, TableColumnAst } from 'node-sql-parser';
import { AgentGuardError } from '../../errors.js';

interface NspParser {
  parse(sql: string, opt?: Option): TableColumnAst;
}
type NspModule = { Parser?: new () => NspParser; default?: { Parser: new () => NspParser } };

/** The part of libpg-query's Emscripten module object that parsing uses. */
interface PgModule {
  lengthBytesUTF8(text: string): number;
  stringToUTF8(text: string, ptr: number, max: number): void;
  UTF8ToString(ptr: number): string;
  getValue(ptr: number, type: 'i32'): number;
  _malloc(size: number): number;
  _free(ptr: number): void;
  _wasm_parse_query_raw(queryPtr: number): number;
  _wasm_free_parse_result(resultPtr: number): void;
}

/** The WebAssembly constructors used here (the TypeScript lib in use declares no WebAssembly values). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => object;
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

let pg: PgModule | undefined;
const nsp: { mysql?: NspParser; sqlite?: NspParser } = {};
const require = createRequire(import.meta.url);

/**
 * Instantiates libpg-query's WASM build synchronously. Its Emscripten loader is an async function,
 * although with the module compiled here (`instantiateWasm`) nothing in it waits for I/O: only for
 * already-settled promises. Run inside a vm context whose microtasks are drained as soon as a script
 * returns, the loader finishes before `runInContext` does. The package's own entry point is not
 * imported: it instantiates the module at import time.
 */
function instantiatePg(): PgModule {
  const dir = join(dirname(require.resolve('libpg-query/package.json')), 'wasm');
  const loaderFile = join(dir, 'libpg-query.js');
  const compiled = new wasm.Module(readFileSync(join(dir, 'libpg-query.wasm')));
  const cjs = { exports: {} as unknown };
  const state: { module?: PgModule; error?: unknown } = {};
  const sandbox = {
    module: cjs,
    exports: cjs.exports,
    require,
    __filename: loaderFile,
    __dirname: dir,
    process,
    performance,
    crypto: globalThis.crypto,
    TextDecoder,
    TextEncoder,
    URL,
    setTimeout,
    clearTimeout,
    console,
    state,
    options: {
      instantiateWasm(imports: object, receive: (instance: object) => void) {
        receive(new wasm.Instance(compiled, imports));
        return {};
      },
    },
  };
  const context = vm.createContext(sandbox, { name: 'libpg-query', microtaskMode: 'afterEvaluate' });
  new vm.Script(readFileSync(loaderFile, 'utf8'), { filename: loaderFile }).runInContext(context);
  new vm.Script(
    'module.exports(options).then((m) => { state.module = m; }, (e) => { state.error = e; });',
  ).runInContext(context);
  if (state.module === undefined) {
    // An error from inside the context is of that context's Error class: read its message by shape.
    const detail = (state.error as { message?: unknown } | undefined)?.message;
    const reason = state.error === undefined ? 'did not finish synchronously' : 'failed';
    throw new Error(`the WASM loader ${reason}${typeof detail === 'string' ? `: ${detail}` : ''}`, {
      cause: state.error,
    });
  }
  return state.module;
}

/** libpg-query, instantiated once (about 40 ms); AG_ERR_ENGINE_PARSER_LOAD when that fails. */
function pgModule(): PgModule {
  if (pg) return pg;
  try {
    pg = instantiatePg();
  } catch (err) {
    throw new AgentGuardError(
      'AG_ERR_ENGINE_PARSER_LOAD',
      { runtime: 'sql', reason: err instanceof Error ? err.message : String(err) },
      { cause: err },
    );
  }
  return pg;
}

/** The dialect's node-sql-parser build, required synchronously on first use (CommonJS builds). */
function nspParser(dialect: 'mysql' | 'sqlite'): NspParser {
  const cached = nsp[dialect];
  if (cached) return cached;
  const mod = require(
    dialect === 'mysql' ? 'node-sql-parser/build/mysql.js' : 'node-sql-parser/build/sqlite.js',
  ) as NspModule;
  const Ctor = mod.Parser ?? mod.default?.Parser;
  if (!Ctor) throw new Error(`node-sql-parser ${dialect} build has no Parser export`);
  const parser = new Ctor();
  nsp[dialect] = parser;
  return parser;
}

/** Instantiates libpg-query now if it is not yet (what loadParsers does); throws AG_ERR_ENGINE_PARSER_LOAD. */
export function ensureSqlParser(): void {
  pgModule();
}

/** Promise form of ensureSqlParser for callers that load parsers ahead (tests, benchmarks). */
export function loadSqlParser(): Promise<void> {
  try {
    pgModule();
    return Promise.resolve();
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
}

/** True once libpg-query is instantiated (by loadSqlParser or a first statement). */
export const sqlParserReady = (): boolean => pg !== undefined;

export interface PgParseResult {
  readonly stmts?: readonly {
    readonly stmt?: unknown;
    readonly stmt_location?: number;
    readonly stmt_len?: number;
  }[];
}

/**
 * PostgreSQL parse; undefined when the text is not valid PostgreSQL. The same calls as libpg-query's
 * parseSync (which refuses an empty string), with any error read as a rejection.
 */
export function parsePg(text: string): PgParseResult | undefined {
  const m = pgModule();
  if (text === '') return undefined;
  const len = m.lengthBytesUTF8(text) + 1;
  const queryPtr = m._malloc(len);
  let resultPtr = 0;
  try {
    m.stringToUTF8(text, queryPtr, len);
    resultPtr = m._wasm_parse_query_raw(queryPtr);
    if (!resultPtr) return undefined;
    // PgQueryParseResult: { char *parse_tree; char *stderr_buffer; PgQueryError *error }
    const treePtr = m.getValue(resultPtr, 'i32');
    const errorPtr = m.getValue(resultPtr + 8, 'i32');
    if (errorPtr || !treePtr) return undefined;
    return JSON.parse(m.UTF8ToString(treePtr)) as PgParseResult;
  } catch {
    return undefined;
  } finally {
    m._free(queryPtr);
    if (resultPtr) m._wasm_free_parse_result(resultPtr);
  }
}

export interface NspResult {
  readonly ast: readonly AST[];
}

/** MySQL or SQLite parse of one statement; undefined when rejected. */
export function parseNsp(text: string, dialect: 'mysql' | 'sqlite'): NspResult | undefined {
  const p = nspParser(dialect);
  try {
    const r = p.parse(text, { database: dialect === 'mysql' ? 'MySQL' : 'Sqlite' });
    const ast = Array.isArray(r.ast) ? r.ast : [r.ast];
    return { ast: ast.filter((a) => a !== null && a !== undefined) };
  } catch {
    return undefined;
  }
}
