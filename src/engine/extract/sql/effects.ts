/**
 * What a statement does later or elsewhere, read from its text (red team r3, issue 22): SQL that
 * a scheduler, a per-table loop or a parse call runs (MySQL CREATE EVENT ... DO, SQL Server Agent
 * job steps, sp_MSforeachtable/db, Oracle DBMS_SQL.PARSE, DBMS_SCHEDULER/DBMS_JOB jobs), bodies of
 * routines and triggers other dialects' parsers reject, and plugins loaded by file name. Keyword
 * gated: statements without one of the gate words cost one regex test.
 */
import type { StmtInfo } from './stmt.js';

/** SQL (or, for `program`, an operating-system command) the statement hands on to be run. */
export interface Handoff {
  readonly code: string;
  /** Offset of the code in the statement text (approximate when it was unquoted). */
  readonly at: number;
}

const GATE =
  /\b(?:event|task|sp_add_jobstep|sp_add_job|sp_msforeach(?:table|db)|dbms_sql|dbms_scheduler|dbms_job|soname|procedure|proc|function|trigger|install)\b/i;

/** A single-quoted literal, N/E prefix allowed, '' escapes kept for unquote(). */
const QUOTED = String.raw`[NnEe]?'((?:[^']|'')*)'`;
const unquote = (s: string): string => s.replace(/''/g, "'");

/** MySQL/MariaDB CREATE|ALTER EVENT ... DO <statement>: the statement runs on the schedule. */
const EVENT_BODY = new RegExp(
  String.raw`^(?:create|alter)\s+(?:definer\s*=\s*\S+\s+)?event\b[\s\S]*?\bdo\s+([\s\S]+)$`,
  'i',
);
/** Snowflake CREATE [OR REPLACE] TASK ... AS <statement>: the statement runs on the task's schedule. */
const TASK_BODY = /^create\s+(?:or\s+replace\s+)?task\b[\s\S]*?\bas\s+([\s\S]+)$/i;
/**
 * Routine and trigger bodies written inline (MySQL/T-SQL/Oracle; the PostgreSQL front end reads
 * `AS $$...$$` itself): CREATE PROCEDURE p() BEGIN ..., CREATE PROC p AS ..., CREATE TRIGGER ...
 * FOR EACH ROW ... . The body runs when the routine is called or the trigger fires.
 */
const ROUTINE_BODY = new RegExp(
  String.raw`^create\s+(?:or\s+(?:replace|alter)\s+)?(?:definer\s*=\s*\S+\s+)?(?:procedure|proc|function|trigger)\b[\s\S]*?(?:\bas|\bis|\bbegin|\beach\s+row|\bexecute\s+(?:function|procedure))\s+([\s\S]+)$`,
  'i',
);
/** SQL Server Agent job step: @command runs as T-SQL or, in another subsystem, as a program. */
const JOBSTEP = /\bsp_add_jobstep\b/i;
const JOB_COMMAND = new RegExp(String.raw`@command\s*=\s*` + QUOTED, 'i');
const JOB_SUBSYSTEM = /@subsystem\s*=\s*N?'(\w+)'/i;
/** sp_MSforeachtable/sp_MSforeachdb run each string argument once per table or database. */
const FOREACH = /\bsp_msforeach(?:table|db)\b/i;
const ANY_QUOTED = new RegExp(QUOTED, 'g');
/** Oracle DBMS_SQL.PARSE runs DDL at parse time: `DBMS_SQL.PARSE(c, 'DROP TABLE t', ...)`. */
const DBMS_SQL_PARSE = new RegExp(String.raw`\bdbms_sql\s*\.\s*parse\s*\(\s*[^,()]+,\s*` + QUOTED, 'gi');
/** DBMS_SCHEDULER.CREATE_JOB job_action and DBMS_JOB.SUBMIT's `what`: PL/SQL run later. */
const JOB_ACTION = new RegExp(String.raw`\bjob_action\s*=>\s*` + QUOTED, 'i');
const JOB_TYPE = /\bjob_type\s*=>\s*'(\w+)'/i;
const DBMS_JOB_SUBMIT = new RegExp(String.raw`\bdbms_job\s*\.\s*submit\s*\(\s*[^,()]+,\s*` + QUOTED, 'i');
/** Job types whose action is PL/SQL (the rest run executables or scripts on the host). */
const PLSQL_JOB = new Set(['plsql_block', 'stored_procedure']);
/** INSTALL PLUGIN p SONAME 'lib', INSTALL SONAME 'lib', CREATE FUNCTION f RETURNS ... SONAME 'lib'. */
const SONAME = /\bsoname\s+['"]([^'"]*)['"]/i;

/**
 * Apply the text-level effects to `s` (library loads, programs, the scheduler's PL/SQL no longer
 * counted as a program) and return the SQL it hands on, with offsets in `stmtText`.
 */
export function statementEffects(s: StmtInfo, stmtText: string): Handoff[] {
  if (!GATE.test(stmtText)) return [];
  const out: Handoff[] = [];
  const push = (code: string, at: number): void => {
    if (code.trim() !== '') out.push({ code, at });
  };
  const lib = SONAME.exec(stmtText);
  if (lib && /^\s*(?:install|create)\b/i.test(stmtText)) s.loadsLibrary ??= lib[1]!;
  // From the first CREATE/ALTER (after comments, or a client's DELIMITER line): one anchored try.
  const at =
    s.statement === 'create' || s.statement === 'alter' ? stmtText.search(/\b(?:create|alter)\s/i) : -1;
  const head = at < 0 ? '' : stmtText.slice(at);
  const event = EVENT_BODY.exec(head) ?? TASK_BODY.exec(head);
  if (event) push(event[1]!, stmtText.length - event[1]!.length);
  else if (s.dialect !== 'postgresql') {
    const body = ROUTINE_BODY.exec(head);
    if (body) push(body[1]!, stmtText.length - body[1]!.length);
  }
  if (JOBSTEP.test(stmtText)) {
    const cmd = JOB_COMMAND.exec(stmtText);
    const sub = (JOB_SUBSYSTEM.exec(stmtText)?.[1] ?? 'tsql').toLowerCase();
    if (cmd && sub === 'tsql') push(unquote(cmd[1]!), cmd.index);
    else if (cmd) s.runsProgram ??= `SQL Server Agent ${sub} job step: ${unquote(cmd[1]!)}`;
  }
  if (FOREACH.test(stmtText))
    for (const m of stmtText.matchAll(ANY_QUOTED))
      // `?` stands for each table or database name in turn.
      push(unquote(m[1]!).replace(/\?/g, 'each_object'), m.index);
  for (const m of stmtText.matchAll(DBMS_SQL_PARSE)) push(unquote(m[1]!), m.index);
  const action = JOB_ACTION.exec(stmtText);
  if (action) {
    const type = (JOB_TYPE.exec(stmtText)?.[1] ?? '').toLowerCase();
    if (PLSQL_JOB.has(type)) {
      push(unquote(action[1]!), action.index);
      // A PL/SQL job is SQL run later (analysed above), not a program on the host.
      s.qualifiedFunctions = s.qualifiedFunctions.filter((f) => f !== 'dbms_scheduler.create_job');
      if (!s.qualifiedFunctions.some((f) => f.startsWith('dbms_scheduler.')))
        s.functions = s.functions.filter((f) => f !== 'dbms_scheduler');
    }
  }
  const submit = DBMS_JOB_SUBMIT.exec(stmtText);
  if (submit) push(unquote(submit[1]!), submit.index);
  return out;
}
