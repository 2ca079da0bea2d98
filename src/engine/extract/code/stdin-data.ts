/**
 * Data a program reads on its standard input (issue 22 r6): `execSync('curl -d @- URL', { input })`,
 * `subprocess.run(['nc', h, p], input=...)`, `exec(cmd).stdin.end(data)`, `Popen(...).communicate(data)`.
 * The command line is analysed as bash fed by a producer that stands for the data's secret sources
 * (`env`, `printf %s "$NAME"`, `cat FILE`), so the program models judge where the data goes.
 */
import type { DataSource } from '../../facts.js';
import type { Span } from '../../types.js';
import { shellWord, type Collector } from './collector.js';
import { pipedStdinField, pipedStdinFields } from './stdin-pipe.js';
import { deepSources, strVal, type Val } from './value.js';

const VIA = 'data written to a program\u2019s standard input';

/** Programs whose output is a secret store or dump (SEC-AST-010 names them as sources). */
const SECRET_PRINTERS =
  /^(?:env|printenv|aws|gcloud|az|gh|vault|kubectl|op|bw|doctl|security|pg_dump|pg_dumpall|mysqldump|mariadb-dump|mongodump|mongoexport)$/;

/** Most sources one producer names. */
const MAX_SOURCES = 8;

function producerOf(s: DataSource): string | null {
  switch (s.kind) {
    case 'env':
      if (s.name === undefined) return 'env';
      return /^[A-Za-z_][A-Za-z0-9_]*$/.test(s.name) ? `printf %s "$${s.name}"` : null;
    case 'file':
      // A leading ~ stays unquoted so the shell reads it as home.
      return s.path.startsWith('~/')
        ? `cat ~/${shellWord(strVal(s.path.slice(2)))}`
        : `cat ${shellWord(strVal(s.path))}`;
    case 'output':
      return SECRET_PRINTERS.test(s.program) ? s.program : null;
    default:
      return null;
  }
}

/**
 * Shell commands that print what `data` holds of secrets, one a line, or null when it holds none
 * (ordinary data given on stdin is not re-analysed: only where secrets go matters here).
 */
export function secretProducer(data: Val): string | null {
  const lines: string[] = [];
  for (const s of deepSources(data).slice(0, MAX_SOURCES)) {
    const p = producerOf(s);
    if (p !== null && !lines.includes(p)) lines.push(p);
  }
  return lines.length === 0 ? null : lines.join('\n');
}

/** `line` fed `data` on its standard input, as bash: null when the data holds no secret source. */
export function fedLine(line: string, data: Val): string | null {
  const producer = secretProducer(data);
  return producer === null ? null : `{ ${producer}\n} | { ${line}\n}`;
}

/** Field under which a child process value and its stdin stream hold the command reading it. */
const READS = ' reads standard input as data';

/** The fields a child process carries when its stdin is a pipe to a program that reads data. */
export function dataStdinFields(line: string, ref: string): Map<string, Val> {
  return pipedStdinFields(READS, line, ref);
}

/** The command line that reads what is written to `v` (a child's stdin, or the child for communicate()). */
export function stdinReader(v: Val | undefined): string | undefined {
  return pipedStdinField(v, READS);
}

/** `data` written to the stdin of the command `line`: analysed when it carries a secret. */
export function dataWrite(col: Collector, span: Span, line: string, data: Val): void {
  const fed = fedLine(line, data);
  if (fed !== null) col.nested(fed, 'bash', span, VIA);
}
