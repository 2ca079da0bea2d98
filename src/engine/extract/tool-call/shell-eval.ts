/**
 * A Mongo shell tool given the script to run (`mongo_shell {uri, eval: "db.dropDatabase()"}`, R14
 * nested): the `mongosh <uri> --eval <script>` line it is, so DB-AST-001 judges the script as it
 * judges the shell's.
 */
import { bash, quote, str, type CliEquivalent } from './cli.js';
import { union, type Gate } from './signals.js';

const MONGO = /^(?:mongo|mongosh|mongodb)$/;

/** When shellEvalLines can answer (signals.ts): its first test, the name word of a Mongo shell (MONGO). */
export const SHELL_EVAL_GATE: Gate = { name: union(MONGO) };

export function shellEvalLines(w: readonly string[], f: Map<string, unknown>): CliEquivalent[] {
  if (!w.some((x) => MONGO.test(x))) return [];
  const script = str(f, 'eval', 'script', 'js', 'javascript', 'code', 'expression');
  if (script === undefined) return [];
  const uri = str(f, 'uri', 'url', 'connection_string', 'host', 'database');
  return [bash(['mongosh', uri !== undefined && quote(uri), '--eval', quote(script)])];
}
