/**
 * What the SQL rules know about database built-ins: functions and tables that reach outside the
 * database (files, programs, network) or hold credentials. Names are lowercase; the extractor
 * lowercases what it reports, so rules compare with plain set lookups.
 */
import { memoBatch } from './name-memo.js';
import { PRODUCTION } from './ephemeral-names.js';

/** Functions that read files on the database server (PostgreSQL, MySQL, H2, SQLite fileio, MSSQL). */
export const FILE_READ_FUNCTIONS: ReadonlySet<string> = new Set([
  'pg_read_file',
  'pg_read_binary_file',
  'pg_ls_dir',
  'pg_stat_file',
  'pg_ls_logdir',
  'pg_ls_waldir',
  'pg_ls_tmpdir',
  'lo_import',
  'load_file',
  'file_read',
  'csvread',
  'readfile',
  'openrowset',
  'opendatasource',
  'bfilename',
]);

/** Functions that write files on the server. */
export const FILE_WRITE_FUNCTIONS: ReadonlySet<string> = new Set([
  'lo_export',
  'pg_file_write',
  'writefile',
  'file_write',
  'csvwrite',
  'utl_file',
  // adminpack deletes and renames server files (red team r3: pg_file_unlink of postgresql.conf)
  'pg_file_unlink',
  'pg_file_rename',
]);

/** Functions and procedures that run operating-system programs or arbitrary code. */
export const PROGRAM_FUNCTIONS: ReadonlySet<string> = new Set([
  'xp_cmdshell',
  'sp_oacreate',
  'sp_oamethod',
  'sp_addextendedproc',
  'sp_dropextendedproc',
  'sp_execute_external_script',
  'sys_exec',
  'sys_eval',
  'shell_exec',
  'dbms_java',
  'dbms_scheduler',
  'dbms_export_extension',
  'get_domain_index_tables',
  'load_extension',
  'sp_configure',
  // Registry writes (a Run key runs a program at the next logon; red team r3)
  'xp_regwrite',
  'xp_instance_regwrite',
  'xp_regaddmultistring',
  'xp_regdeletekey',
  'xp_regdeletevalue',
]);

/** Functions that open network connections from the database server. */
export const NETWORK_FUNCTIONS: ReadonlySet<string> = new Set([
  'dblink',
  'dblink_exec',
  'dblink_connect',
  'dblink_connect_u',
  'dblink_send_query',
  'utl_http',
  'utl_inaddr',
  'utl_tcp',
  'utl_smtp',
  'httpuritype',
  'xp_dirtree',
  'xp_fileexist',
  'xp_subdirs',
  'url',
  'http_get',
  'http_post',
  // SQL Server linked-server and ad hoc remote queries, Oracle mail (issue 22)
  'openquery',
  'opendatasource',
  'sp_addlinkedserver',
  'sp_send_dbmail',
  'xp_sendmail',
  // Aurora/RDS PostgreSQL export to S3 (red team r3)
  'query_export_to_s3',
  // Azure SQL REST calls, Snowflake mail, Aurora Lambda calls with a payload (red team r5)
  'sp_invoke_external_rest_endpoint',
  'system$send_email',
  'invoke_lambda',
  // pgsql-http verbs that send a body (red team r7: http_put of a query result)
  'http_put',
  'http_patch',
  'http_delete',
]);

/** Server-side languages that run outside the SQL sandbox (plpython3u, plperlu, pltclu, plsh). */
export const UNTRUSTED_LANGUAGE = /^(?:pl(?:python|perl|tcl|sh|java|v8|r)\w*u|plsh|plr)$/;

/** Package prefixes (Oracle PL/SQL packages) whose every member reaches outside the database. */
export const DANGEROUS_PACKAGES: ReadonlySet<string> = new Set([
  'utl_http',
  'utl_inaddr',
  'utl_tcp',
  'utl_smtp',
  'utl_file',
  'dbms_java',
  'dbms_scheduler',
  'dbms_export_extension',
]);

/**
 * Tables that hold password hashes, matched on the lowercased name with its schema when written
 * (`mysql.user`) or on the bare name when it is unambiguous (`pg_shadow`). `sqlite_master` is
 * deliberately absent: it describes the schema, it holds no credentials.
 */
export const CREDENTIAL_TABLES: ReadonlySet<string> = new Set([
  'pg_shadow',
  'pg_authid',
  'pg_user_mappings',
  'pg_catalog.pg_shadow',
  'pg_catalog.pg_authid',
  'mysql.user',
  'mysql.global_priv',
  'sys.user$',
  'user$',
  'sys.sql_logins',
  'master.sys.sql_logins',
  'sql_logins',
  'sysxlogins',
  'master.sysxlogins',
  'syslogins',
  'master.syslogins',
  'information_schema.system_users',
  'information_schema.users',
  'v_catalog.passwords',
  'system_.sys_users_',
  'sysuser.sysintauthusers',
  'dba_users',
  'sys.dba_users',
  // Connection strings and user mappings with passwords (red team r3)
  'pg_subscription',
  'pg_catalog.pg_subscription',
  'pg_user_mapping',
  'information_schema.user_mapping_options',
  'mysql.slave_master_info',
  'mysql.servers',
  'sys.link$',
  'link$',
  // Oracle password history and Redshift's user catalog with the hash (red team r7)
  'sys.user_history$',
  'user_history$',
  'pg_user_info',
  'pg_catalog.pg_user_info',
]);

/**
 * Tables named for people, money or secrets (`customers`, `auth.users`, `user_profiles`,
 * `payments`, `api_keys`): a read-for-everyone policy there publishes them, unlike a catalogue.
 * Also the files people upload (R17: Supabase's `storage.objects` with `USING (true)` makes every
 * object of every bucket public; a policy naming one bucket is the usual public-avatars one).
 */
const PERSONAL_TABLE =
  /(?:^|_)(?:users?|customers?|clients?|accounts?|profiles?|members?|employees?|staff|patients?|contacts?|people|persons?|orders?|payments?|invoices?|transactions?|billing|cards?|credentials?|secrets?|tokens?|api_?keys?|keys|sessions?|messages?|addresses|passwords?|objects|files|uploads|attachments|documents)$/;

/** The bare, unquoted, lowercased table name is one of PERSONAL_TABLE's. */
export const holdsPersonalData = (name: string): boolean =>
  PERSONAL_TABLE.test(
    name
      .replace(/["`[\]]/g, '')
      .split('.')
      .pop()!
      .toLowerCase(),
  );

/** Column names that hold credentials: passwords and their hashes, secrets, tokens and keys. */
export const CREDENTIAL_COLUMN = new RegExp(
  [
    // Passwords and their hashes under any prefix (user_pass, admin_password, pass_hash, pwd_digest).
    String.raw`^(?:[a-z0-9]+_)*(?:password|passwd|passwort|passphrase|pwd|pass)(?:_?(?:hash|hashed|digest|salt|enc|encrypted|crypt|crypted|bcrypt|sha\d*|md5))?$`,
    String.raw`^(?:hashed|encrypted|crypted|salted)_?(?:password|passwd|pass|pwd)$|^passwordhash$|^authentication_string$|^spare4$`,
    // Secrets, tokens and keys a login or API call accepts (OTP seeds, OAuth, API and signing keys).
    String.raw`^(?:[a-z0-9]+_)*(?:secret|secret_key|client_secret|api_secret|app_secret|otp_secret|totp_secret|mfa_secret|two_factor_secret|otp_seed|totp_seed|otp_key|private_key|secret_token|access_token|refresh_token|auth_token|api_token|api_key|apikey|session_token|session_key|remember_token|reset_token|reset_password_token|password_reset_token|confirmation_token|bearer_token|oauth_token|oauth_token_secret|id_token|signing_key|signing_secret|encryption_key|webhook_secret|recovery_codes?|backup_codes?)(?:_?(?:enc|encrypted|hash|digest|ciphertext|value))?$`,
  ].join('|'),
);

/** Roles whose membership amounts to superuser or server file/program access (PostgreSQL, cloud). */
export const POWERFUL_ROLES: ReadonlySet<string> = new Set([
  'postgres',
  'pg_read_server_files',
  'pg_write_server_files',
  'pg_execute_server_program',
  'pg_signal_backend',
  'rds_superuser',
  'cloudsqlsuperuser',
  'azure_pg_admin',
  'sysadmin',
  'db_owner',
  // Oracle and SQL Server equivalents (issue 22: GRANT DBA, ALTER SERVER ROLE sysadmin ADD MEMBER)
  'dba',
  'sysdba',
  'sysoper',
  'sysbackup',
  'imp_full_database',
  'exp_full_database',
  'serveradmin',
  'securityadmin',
  'setupadmin',
  'db_securityadmin',
  'alloydbsuperuser',
  // Snowflake system roles that administer the account, its users or its roles (red team r6)
  'accountadmin',
  'orgadmin',
  'useradmin',
  // Predefined roles that read or write every table, or replicate from anywhere, and server roles
  // that load files, create databases or kill sessions (red team r7)
  'pg_read_all_data',
  'pg_write_all_data',
  'pg_create_subscription',
  'bulkadmin',
  'dbcreator',
  'diskadmin',
  'processadmin',
  'datapump_exp_full_database',
  'datapump_imp_full_database',
]);

/** Settings whose change lets the server run programs or load code. */
export const DANGEROUS_SETTINGS: ReadonlySet<string> = new Set([
  'archive_command',
  'restore_command',
  'shared_preload_libraries',
  'session_preload_libraries',
  'local_preload_libraries',
  'dynamic_library_path',
  'xp_cmdshell',
  'ole automation procedures',
  'ad hoc distributed queries',
  'clr enabled',
  'external scripts enabled',
  'secure_file_priv',
  'general_log_file',
  'slow_query_log_file',
  // Commands and libraries the server runs (red team r3: ALTER SYSTEM SET ssl_passphrase_command)
  'ssl_passphrase_command',
  'archive_cleanup_command',
  'recovery_end_command',
  'archive_library',
  'jit_provider',
  'plugin_dir',
  // MySQL runs this SQL for every client that logs in (red team r7)
  'init_connect',
]);

/** The last part of a table name, unquoted and lowercased. */
const bare = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[`"'[\]]/g, '')
    .split('.')
    .pop()!;

/**
 * Scratch tables named for a load or a one-off step (`tmp_import_orders`, `staging_orders`,
 * `orders_import`, `temp_ids`, a test's `test_orders`): re-created from their source on the next run, so dropping or
 * emptying one by name is routine (r5 FPs). Backup copies (`_bak`, `_old`, `_backup`) are absent:
 * they are the recovery point, and dropping one is how a table swap finishes its damage.
 */
const SCRATCH_TABLE =
  /^(?:tmp|temp|scratch|staging|stg|import|etl_tmp|test|tests)_[a-z0-9_]+$|^[a-z0-9_]+_(?:tmp|temp|scratch|staging|stg|landing|import|imports|test|tests)$/;
/**
 * The load's own words anywhere in the name (R18 twin: `etl_staging_orders`, `report_scratch_2024`,
 * `orders_tmp_2024`): words no business record is named with. `stage`, `landing`, `import` and
 * `test` stay at the ends only (a deal's `stage_history`, `landing_pages`, `test_results`).
 */
const SCRATCH_WORD = /[a-z0-9]_(?:staging|stg|scratch|tmp|temp)_[a-z0-9]/;
/** A table named for one pull request's preview (`orders_pr_1423`, DynamoDB `orders-pr-1423`: R22 twin). */
const PR_TABLE = /(?:^|[_-])(?:pr|mr)[_-]?\d{2,}(?:$|[_-])/;
/** A T-SQL temporary table (`#work`, `##shared`): it lives as long as the session. */
const SESSION_TABLE = /^#/;

/** Schemas that hold a test suite's fixtures or a load's scratch tables (`test_fixtures.users`, r7 FP; `ingest_staging`, `landing_zone`). */
const SCRATCH_SCHEMA =
  /^(?:tests?|testing|test_\w+|\w+_tests?|fixtures?|\w+_fixtures|scratch|tmp|temp|staging|stg|sandbox|landing(?:_zone)?|\w+_staging|staging_\w+|stg_\w+)$/;

/** Whether every table named (`schema.name`, quoted or not) is a scratch table by its or its schema's name. */
export function allScratchTables(targets: readonly string[]): boolean {
  return (
    targets.length > 0 &&
    targets.every((t) => {
      const parts = t
        .toLowerCase()
        .replace(/[`"'[\]]/g, '')
        .split('.');
      const name = parts[parts.length - 1]!;
      return (
        SCRATCH_TABLE.test(name) ||
        SCRATCH_WORD.test(name) ||
        SESSION_TABLE.test(name) ||
        (PR_TABLE.test(name) && !PRODUCTION.test(name)) ||
        (parts.length > 1 && SCRATCH_SCHEMA.test(parts[parts.length - 2]!))
      );
    })
  );
}

/** A statement that renames something (a live table renamed to `users_old` or `tmp_users` first). */
const RENAMES = /\brename\b|\bsp_rename\b|\bswap\s+with\b|\bexchange\b|\bset\s+schema\b|\btransfer\b/i;

/**
 * Some statement of the batch renames or moves an object: a name then says what the object was
 * called, not what it holds (`ALTER TABLE users RENAME TO tmp_users; DROP TABLE tmp_users`), so
 * a scratch, copy or retired name proves nothing.
 */
export const batchRenames = memoBatch((batch: readonly { readonly text: string }[]): boolean =>
  batch.some((o) => RENAMES.test(o.text)),
);

/** `CREATE [OR REPLACE] SYNONYM|ALIAS|VIEW name`: a second name for another table's rows. */
const ALIAS_CREATE =
  /^\s*create\s+(?:or\s+(?:replace|alter)\s+)?(?:public\s+)?(?:synonym|alias|(?:materialized\s+)?view)\s+(?:if\s+not\s+exists\s+)?([\w."`[\]]+)/i;

/**
 * The names the batch makes second names for other tables (R22: `CREATE SYNONYM dbo.tmp_l FOR
 * finance.dbo.ledger; DELETE FROM dbo.tmp_l`): a write through one reaches the real table's rows,
 * so its scratch-sounding name proves nothing.
 */
export function batchAliasOf(batch: readonly { readonly text: string }[], target: string): boolean {
  const want = bare(target);
  return batch.some((o) => {
    const m = ALIAS_CREATE.exec(o.text);
    return m !== null && bare(m[1]!) === want;
  });
}

/**
 * Tables the application fills again by itself (R12 twin: `TRUNCATE TABLE django_session`): login
 * sessions (users sign in again) and caches (recomputed on the next read). No record of business
 * is kept there, so emptying one loses nothing that is not rebuilt.
 */
const REGENERATED_TABLE =
  /(?:^|_)(?:sessions?|cache[sd]?)(?:_(?:table|entries|items|store|data))?$|^cache_[a-z0-9_]+$/;

/** Whether every table named is a session store or a cache. */
export function allRegeneratedTables(targets: readonly string[]): boolean {
  return targets.length > 0 && targets.every((t) => REGENERATED_TABLE.test(bare(t)));
}

/**
 * Append-only time-series tables (request logs, events, metrics) that retention trims by period.
 * Measurements, readings and samples are left out: they are the record itself (a sensor's or an
 * experiment's data), so only their closed years count as retention (R16: `measurements_2024`
 * detached and dropped).
 */
const TIME_SERIES_TABLE =
  /(?:^|_)(?:logs?|events?|metrics?|requests?|access|clicks?|page_?views?|impressions|telemetry|traces?|spans|pings)(?:_|$)/;
/** A period's name: `'2023-01-01'`, `p2023_01`, `202301`, `y2023m01`, `2023w05`. */
const PERIOD = /^[a-z_]{0,3}(?:19|20)\d\d(?:[-_]?(?:[a-z]?\d\d|[qh][1-4])){0,2}$/;

/**
 * The last year whose periods count as closed for any table (r11 twin: `ALTER TABLE sales DROP
 * PARTITION p2019`, a period past its retention term). A fixed year, not the clock (the engine
 * is deterministic): as time passes it only denies more, never less.
 */
const CLOSED_YEAR = 2022;

/**
 * One period of a table dropped for retention (r5 FP: `ALTER TABLE logs.requests DROP PARTITION
 * '2023-01-01'`): `partition` names one dated period, and either `table` is log-like or the
 * period lies in a closed year. A recent period of orders or payments stays denied.
 */
export function retentionPartition(table: string, partition: string): boolean {
  const name = partition.toLowerCase().replace(/['"`]/g, '');
  if (!PERIOD.test(name)) return false;
  return TIME_SERIES_TABLE.test(bare(table)) || Number(/(?:19|20)\d\d/.exec(name)![0]) <= CLOSED_YEAR;
}

/**
 * One partition of a table dropped or emptied by name: MySQL/ClickHouse `DROP|TRUNCATE PARTITION
 * p2023_01` or `'2023-01-01'`, Hive `DROP IF EXISTS PARTITION (dt = '2023-01-01')`. Groups: the
 * table, then the partition's name.
 */
const ONE_PARTITION =
  /^\s*alter\s+table\s+([\w.`"]+)\s+(?:on\s+cluster\s+\S+\s+)?(?:drop|truncate)\s+(?:if\s+exists\s+)?partition\s+(?:id\s+)?(?:\(\s*[\w`"]+\s*=\s*)?('[^',;()]+'|[\w-]+)\s*\)?\s*;?\s*$/i;

/** One old period of a log or event table dropped or truncated by name: retention, not data loss. */
export function oneRetentionPartition(text: string): boolean {
  const one = ONE_PARTITION.exec(text);
  return one !== null && retentionPartition(one[1]!, one[2]!);
}

/** A PostgreSQL-style period partition of a time-series table (`events_2023_01`, `request_log_y2023m01`). */
export function retentionPartitionTable(table: string): boolean {
  const m = /^(.*?)_((?:[a-z]{0,2})?(?:19|20)\d\d(?:[-_]?(?:[a-z]?\d\d|[qh][1-4])){0,2})$/.exec(bare(table));
  return m !== null && retentionPartition(m[1]!, m[2]!);
}

/** Look a function name (bare or package-qualified, lowercase) up in every outside-reaching list. */
export function functionReach(name: string): 'file-read' | 'file-write' | 'program' | 'network' | null {
  const dot = name.lastIndexOf('.');
  const bare = dot >= 0 ? name.slice(dot + 1) : name;
  const pkg = dot >= 0 ? name.slice(0, dot).split('.').pop()! : '';
  if (
    PROGRAM_FUNCTIONS.has(bare) ||
    pkg === 'dbms_java' ||
    pkg === 'dbms_scheduler' ||
    pkg === 'dbms_export_extension'
  )
    return 'program';
  if (
    NETWORK_FUNCTIONS.has(bare) ||
    pkg === 'utl_http' ||
    pkg === 'utl_inaddr' ||
    pkg === 'utl_tcp' ||
    pkg === 'utl_smtp' ||
    pkg === 'utl_mail' ||
    pkg === 'aws_lambda' ||
    pkg === 'dbms_ldap' ||
    pkg === 'dbms_network_acl_admin'
  )
    return 'network';
  if (FILE_WRITE_FUNCTIONS.has(bare) || pkg === 'utl_file') return 'file-write';
  if (FILE_READ_FUNCTIONS.has(bare)) return 'file-read';
  return null;
}

/** Names that identify a credential table even without their schema. */
const CREDENTIAL_BARE: ReadonlySet<string> = new Set([
  'pg_shadow',
  'pg_authid',
  'sysxlogins',
  'syslogins',
  'sql_logins',
  'user$',
  'sys_users_',
  'sysintauthusers',
  'pg_subscription',
  'pg_user_mapping',
  'user_mapping_options',
]);

/** Whether a table name as the extractor reports it (`mysql.user`, `master.sys.sql_logins`) holds credentials. */
export function isCredentialTable(name: string): boolean {
  if (CREDENTIAL_TABLES.has(name)) return true;
  const parts = name.split('.');
  const last = parts[parts.length - 1] ?? '';
  if (CREDENTIAL_BARE.has(last)) return true;
  return parts.length >= 2 && CREDENTIAL_TABLES.has(`${parts[parts.length - 2]}.${last}`);
}

/** Every outside-reaching function of a statement, with what it reaches. */
export function reachingFunctions(
  functions: readonly string[],
  qualified: readonly string[] = [],
): { readonly name: string; readonly reach: 'file-read' | 'file-write' | 'program' | 'network' }[] {
  const out: { name: string; reach: 'file-read' | 'file-write' | 'program' | 'network' }[] = [];
  const seen = new Set<string>();
  for (const name of [...qualified, ...functions]) {
    const reach = functionReach(name);
    const bare = name.slice(name.lastIndexOf('.') + 1);
    if (reach === null || seen.has(bare)) continue;
    seen.add(bare);
    out.push({ name, reach });
  }
  return out;
}
