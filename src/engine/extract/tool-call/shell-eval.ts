/**
 * A Mongo shell tool given the script to run (`mongo_shell {uri, eval: "db.dropDatabase()"}`, R14
 * nested): the `mongosh <uri> --eval <script>` line it is, so DB-AST-001 judges the script as it
 * judges the shell's.
 */
import { bash, quote, str, type CliEquivalent } from './cli.js';

const MONGO = /^(?:mongo|mongosh|mongodb)$/;

export function shellEvalLines(w: readonly string[], f: Map<string, unknown>): CliEquivalent[] {
  if (!w.some((x) => MONGO.test(x))) return [];
  const script = str(f, 'eval', 'script', 'js', 'javascript', 'code', 'expression');
  if (script === undefined) return [];
  const uri = str(f, 'uri', 'url', 'connection_string', 'host', 'database');
  return [bash(['mongosh', uri !== undefined && quote(uri), '--eval', quote(script)])];
}
