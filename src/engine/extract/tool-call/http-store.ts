/**
 * Datastores wiped through a generic HTTP request tool (red team r6, issue #22): the request's
 * method, path and body say what it does to the store behind the URL. Elasticsearch/OpenSearch
 * `DELETE /_all` or `/*` and `_delete_by_query` matching everything, SQL sent to an HTTP SQL
 * interface (ClickHouse `?query=` or body, CrateDB `/_sql`, Druid/Trino statements), Solr
 * `delete *:*`, Consul KV recursive deletes of the root, CouchDB database deletes. Each becomes the
 * SQL it amounts to (`DROP TABLE`, `DELETE FROM`), so the SQL rules decide; searches, reads and
 * single-document deletes give nothing.
 */
import { looksLikeSql } from '../sql.js';
import { matchesEverything } from './datastore.js';
import { str, type CliEquivalent } from './cli.js';

const sql = (code: string): CliEquivalent => ({ code, runtime: 'sql' });
const ident = (n: string): string => `"${n.replace(/"/g, '""')}"`;

function parseUrl(url: string): URL | undefined {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`);
  } catch {
    return undefined;
  }
}

function bodyOf(f: Map<string, unknown>): unknown {
  const v = ['body', 'json', 'data', 'payload', 'content'].map((k) => f.get(k)).find((x) => x !== undefined);
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (t.startsWith('{') || t.startsWith('[')) {
    try {
      return JSON.parse(t) as unknown;
    } catch {
      return v;
    }
  }
  return v;
}

/** `{"query": {"match_all": {}}}`, no query, or a bool with only match_all: every document. */
function esMatchesAll(body: unknown): boolean {
  if (body === undefined || body === null || body === '') return true;
  if (typeof body !== 'object' || Array.isArray(body)) return false;
  const q = (body as Record<string, unknown>).query;
  if (q === undefined) return true;
  if (q === null || typeof q !== 'object') return false;
  const keys = Object.keys(q);
  return (
    keys.length === 1 &&
    (keys[0] === 'match_all' ||
      (keys[0] === 'bool' &&
        /^\{"must":\[?\{"match_all":\{\}\}\]?\}$/.test(JSON.stringify((q as Record<string, unknown>).bool))))
  );
}

/** SQL in a raw text body, or in CrateDB's `stmt` field (`query`/`sql` fields are read by the field walk). */
function bodySql(body: unknown): string[] {
  if (typeof body === 'string') return looksLikeSql(body) ? [body] : [];
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return [];
  const out: string[] = [];
  const v = (body as Record<string, unknown>).stmt;
  if (typeof v === 'string' && looksLikeSql(v)) out.push(v);
  return out;
}

export function httpStoreLines(f: Map<string, unknown>): CliEquivalent[] {
  const raw = str(f, 'url', 'uri', 'endpoint', 'target_url');
  if (raw === undefined) return [];
  const url = parseUrl(raw);
  if (url === undefined) return [];
  const method = (str(f, 'method', 'http_method', 'verb') ?? 'GET').toUpperCase();
  const path = decodeURIComponent(url.pathname);
  const segs = path.split('/').filter((s) => s !== '');
  const body = bodyOf(f);
  const out: CliEquivalent[] = [];
  // SQL in the URL's query parameter or the body (ClickHouse's HTTP interface takes either).
  for (const k of ['query', 'sql', 'q', 'stmt']) {
    const v = url.searchParams.get(k);
    if (v !== null && looksLikeSql(v)) out.push(sql(v));
  }
  for (const s of bodySql(body)) out.push(sql(s));
  // Elasticsearch / OpenSearch.
  const first = segs[0] ?? '';
  if (method === 'DELETE' && segs.length === 1 && /^(?:_all|\*|_data_stream)$|[*,]/.test(first))
    out.push(sql(`DROP TABLE ${ident(first)};`));
  if (segs.at(-1) === '_delete_by_query' && esMatchesAll(body))
    out.push(sql(`DELETE FROM ${ident(segs.length > 1 ? first : 'all')};`));
  // Solr: a delete by a query that matches every document.
  if (
    segs.includes('update') &&
    /<delete>\s*<query>\s*\*:\*\s*<\/query>|"delete"\s*:\s*\{\s*"query"\s*:\s*"\*:\*"/.test(
      typeof body === 'string' ? body : JSON.stringify(body ?? ''),
    )
  )
    out.push(sql(`DELETE FROM ${ident(segs.find((s) => s !== 'solr') ?? 'core')};`));
  // Consul KV: a recursive delete of the root (or of every key under a bare prefix).
  if (
    method === 'DELETE' &&
    segs[0] === 'v1' &&
    segs[1] === 'kv' &&
    url.searchParams.has('recurse') &&
    segs.length <= 2
  )
    out.push(sql('DELETE FROM "kv";'));
  // etcd v3: deleterange over the whole keyspace (key and range_end both "\0").
  if (segs.join('/').endsWith('kv/deleterange') && body !== null && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    if (b.key === 'AA==' && b.range_end === 'AA==') out.push(sql('DELETE FROM "etcd";'));
  }
  // CouchDB (port 5984): DELETE /db drops the database.
  if (method === 'DELETE' && url.port === '5984' && segs.length === 1 && !first.startsWith('_'))
    out.push(sql(`DROP DATABASE ${ident(first)};`));
  // A Mongo-style data API deleteMany with a filter every document meets.
  if (/(?:^|\/)action\/deleteMany$/.test(path) && body !== null && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    const name = typeof b.collection === 'string' ? b.collection : 'documents';
    if (matchesEverything(b.filter)) out.push(sql(`DELETE FROM ${ident(name)};`));
  }
  return out;
}
