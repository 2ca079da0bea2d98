/**
 * The slowest adversarial inputs we can construct per runtime, filled up to the engine's size cap
 * (engine.maxInputBytes): bench/worst-case.bench.ts times them in process, and
 * bench/event-loop-stall.ts sends them to a running server to see whether they stall its loop.
 */
import type { EntryPoint } from '../../src/engine/types.js';

export const CAP = 256 * 1024;
/** `unit` repeated to just under the cap (with `head`/`tail` around it). */
const fill = (unit: string, head = '', tail = ''): string =>
  head + unit.repeat(Math.floor((CAP - 16 - head.length - tail.length) / unit.length)) + tail;
const nest = (open: string, mid: string, close: string, bytes = CAP - 64): string => {
  const n = Math.floor((bytes - mid.length) / (open.length + close.length));
  return open.repeat(n) + mid + close.repeat(n);
};
/** Distinct numbered units joined up to the cap. */
const numbered = (unit: (i: number) => string): string => {
  let out = '';
  for (let i = 0; out.length + unit(i).length < CAP - 64; i++) out += unit(i);
  return out;
};
export const toolCall = (args: unknown): string => JSON.stringify({ name: 'run', arguments: args });

export interface Case {
  readonly runtime: EntryPoint;
  readonly name: string;
  readonly text: () => string;
}

export const CASES: readonly Case[] = [
  // bash (H1's to fix; measured here)
  { runtime: 'bash', name: 'brace list {a,b} x40 (200 B)', text: () => 'echo ' + '{a,b}'.repeat(40) },
  { runtime: 'bash', name: 'pipeline a | a | ...', text: () => fill('cat x | ', 'echo a | ', 'cat') },
  { runtime: 'bash', name: 'list a; a; ...', text: () => fill('rm -f ./x; ') },
  { runtime: 'bash', name: 'nested $( $( ...', text: () => nest('$(echo ', 'x', ')') },
  { runtime: 'bash', name: 'nested bash -c quoting', text: () => nest("bash -c '", 'ls', "'", 4000) },
  { runtime: 'bash', name: 'long word with expansions', text: () => fill('${A:-${B}}$x', 'echo ') },
  { runtime: 'bash', name: 'many variables assigned', text: () => fill('a=$a$a; ') },
  { runtime: 'bash', name: 'heredoc lines', text: () => fill('line $x\n', 'cat <<EOF\n', 'EOF\n') },
  {
    runtime: 'bash',
    name: 'echo | psql (rejected SQL)',
    text: () => fill("SELECT * FRM t WHERE a = 'x'; ", 'echo "', '" | psql'),
  },
  // python
  { runtime: 'python', name: 'string concatenation chain', text: () => fill(' + "ab"', 'x = "a"') },
  { runtime: 'python', name: 'nested parentheses', text: () => nest('(', '1', ')', 4000) },
  {
    runtime: 'python',
    name: 'os.system calls',
    text: () => fill('os.system("ls -la ./x")\n', 'import os\n'),
  },
  { runtime: 'python', name: 'self-doubling assignments', text: () => fill('a = a + a\n', 'a = "xx"\n') },
  { runtime: 'python', name: 'exec of exec of ...', text: () => nest('exec("', 'pass', '")', 2000) },
  // python, H3: loop unrolling, folding of character codes and slices, namespace lookups
  {
    runtime: 'python',
    name: 'chr join over a long literal list',
    text: () => fill('105, ', 'exec("".join(chr(c) for c in [', '1]))'),
  },
  {
    runtime: 'python',
    name: 'map(os.system) over a long list',
    text: () => fill('"ls ./x", ', 'import os\nlist(map(os.system, [', '"ls"]))'),
  },
  {
    runtime: 'python',
    name: 'nested for over literal lists',
    text: () =>
      fill(
        'for a in [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16]:\n for b in [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16]:\n  for c in ["a","b","c","d","e","f","g","h"]:\n   os.system("ls " + c)\n',
        'import os\n',
      ),
  },
  {
    runtime: 'python',
    name: 'slice and getattr chains',
    text: () => fill('getattr(__import__("so"[::-1]), "metsys"[::-1])("ls")\n'),
  },
  {
    runtime: 'python',
    name: 'while loops over reassigned names',
    text: () => fill('while x:\n    x -= 1\n', 'x = 10\n'),
  },
  // node, H3
  {
    runtime: 'node',
    name: 'fromCharCode of many codes',
    text: () => fill('101,', 'eval(String.fromCharCode(', '101))'),
  },
  {
    runtime: 'node',
    name: 'split/reverse/join of a long string',
    text: () => fill('ab', 'eval("', '".split("").reverse().join(""))'),
  },
  {
    runtime: 'node',
    name: 'forEach(execSync) over literal lists',
    text: () => fill('["ls", "pwd", "id"].forEach(cp.execSync);\n', 'const cp = require("child_process");\n'),
  },
  {
    runtime: 'node',
    name: 'module.constructor._load chains',
    text: () => fill('module.constructor._load("child_process").execSync("ls");\n'),
  },
  // bash just under the work budget (2,100 statements or process substitutions; more are refused)
  { runtime: 'bash', name: 'statements, just under the budget', text: () => 'rm -f ./x; '.repeat(2100) },
  {
    runtime: 'bash',
    name: 'tee >(cat), just under the budget',
    text: () => 'echo a | ' + 'tee >(cat) '.repeat(2100),
  },
  // python and node just under the work budget (larger inputs are refused before the parse):
  // what the budget still lets through is the real worst case (H9).
  {
    runtime: 'python',
    name: 'nested for, just under the budget',
    text: () =>
      'import os\n' +
      'for a in [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16]:\n for b in [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16]:\n  for c in ["a","b","c","d","e","f","g","h"]:\n   os.system("ls " + c)\n'.repeat(
        60,
      ),
  },
  {
    runtime: 'python',
    name: 'self-doubling, just under the budget',
    text: () => 'a = "xx"\n' + 'a = a + a\n'.repeat(2400),
  },
  {
    runtime: 'python',
    name: 'map(os.system), just under the budget',
    text: () => 'import os\nlist(map(os.system, [' + '"ls ./x", '.repeat(1600) + '"ls"]))',
  },
  {
    runtime: 'node',
    name: '_load chains, just under the budget',
    text: () => 'module.constructor._load("child_process").execSync("ls");\n'.repeat(660),
  },
  {
    runtime: 'node',
    name: 'forEach(execSync), just under the budget',
    text: () =>
      'const cp = require("child_process");\n' + '["ls", "pwd", "id"].forEach(cp.execSync);\n'.repeat(560),
  },
  {
    runtime: 'node',
    name: 'self-doubling, just under the budget',
    text: () => "let a = 'xx';\n" + 'a = a + a;\n'.repeat(2100),
  },
  // node
  { runtime: 'node', name: 'string concatenation chain', text: () => fill(" + 'ab'", "const x = 'a'") },
  { runtime: 'node', name: 'nested arrays', text: () => nest('[', '1', ']', 4000) },
  { runtime: 'node', name: 'execSync calls', text: () => fill("execSync('ls -la ./x');\n") },
  { runtime: 'node', name: 'self-doubling assignments', text: () => fill('a = a + a;\n', "let a = 'xx';\n") },
  // sql
  {
    runtime: 'sql',
    name: 'statements PostgreSQL rejects',
    text: () => fill("SELECT * FRM users WHERE id = 1 AND name = 'x';\n"),
  },
  {
    runtime: 'sql',
    name: 'T-SQL batches',
    text: () => fill('EXEC sp_who2; SELECT TOP 10 * FROM [dbo].[t] WITH (NOLOCK);\nGO\n'),
  },
  {
    runtime: 'sql',
    name: 'MySQL backtick inserts',
    text: () => fill("INSERT INTO `t` (`a`,`b`) VALUES (1,'x'),(2,'y');\n"),
  },
  {
    runtime: 'sql',
    name: 'one long rejected statement',
    text: () => fill(' OR a = `b`', 'SELECT * FROM t WHERE 1 = 2'),
  },
  { runtime: 'sql', name: 'executable comments /*! */', text: () => fill('/*! DROP TABLE t */ ;') },
  { runtime: 'sql', name: 'nested parentheses', text: () => nest('(', 'SELECT 1', ')', 20000) },
  // node-sql-parser's PEG backtracks exponentially through nested `(SELECT` it cannot parse (the
  // fuzz test's find: 13 unclosed levels in 440 bytes took 41 s before the nesting guard in sql.ts).
  {
    runtime: 'sql',
    name: 'unclosed (SELECT nesting (fuzz find)',
    text: () => '(SELECT'.repeat(13) + ' email, encrypted_password FROM users) TO STDOUT WITH CSV;',
  },
  {
    runtime: 'sql',
    name: '8 KB of 4-deep (SELECT around an error',
    text: () => '(SELECT(SELECT(SELECT(SELECT email FROM users WHERE ,))));\n'.repeat(135),
  },
  {
    runtime: 'sql',
    name: 'unterminated quote',
    text: () => fill(" UNION SELECT a, b FROM t WHERE x = 'y", "SELECT '"),
  },
  { runtime: 'sql', name: 'EXECUTE of EXECUTE strings', text: () => fill("EXECUTE 'SELECT 1';\n") },
  {
    runtime: 'sql',
    name: 'valid statements',
    text: () => fill('SELECT id, name FROM users WHERE id = 1;\n'),
  },
  // docker
  { runtime: 'docker', name: 'docker run lines', text: () => fill('docker run -v ./a:/a --rm alpine ls\n') },
  {
    runtime: 'docker',
    name: 'docker run flags',
    text: () => fill(' -v ./a:/a -e X=1', 'docker run', ' alpine ls'),
  },
  {
    runtime: 'docker',
    name: 'Dockerfile RUN lines',
    text: () => fill('RUN echo hi && ls\n', 'FROM alpine\n'),
  },
  {
    runtime: 'docker',
    name: 'compose services',
    text: () => 'services:\n' + numbered((i) => `  s${i}:\n    image: alpine\n    volumes: ["./a:/a"]\n`),
  },
  {
    runtime: 'docker',
    name: 'compose deep nesting',
    text: () => 'services:\n' + ' '.repeat(2) + nest('a: [', '1', ']', 8000),
  },
  // tool calls
  {
    runtime: 'tool_call',
    name: 'many command fields',
    text: () => toolCall(Array.from({ length: 9000 }, () => ({ command: 'ls -la' }))),
  },
  {
    runtime: 'tool_call',
    name: 'many literal leaves',
    text: () => toolCall(Array.from({ length: 20000 }, () => 'hello world')),
  },
  {
    runtime: 'tool_call',
    name: 'deep JSON',
    // Built as text: JSON.stringify recurses and overflows the stack at this depth (JSON.parse does not).
    text: () => `{"name":"run","arguments":${nest('{"a":', '1', '}', 60000)}}`,
  },
  {
    runtime: 'tool_call',
    name: 'one huge command',
    text: () => toolCall({ command: fill('cat x | ').slice(0, CAP - 200) + 'cat' }),
  },
  {
    runtime: 'tool_call',
    name: 'sql query field',
    text: () => toolCall({ sql: fill("SELECT * FRM t WHERE a = 'x';\n").slice(0, CAP - 200) }),
  },
  // sql, dense text PostgreSQL accepts (W): charged per byte parsed, per tree node and per statement
  // (src/engine/extract/sql.ts); the largest size of each shape the budget analyses, and past it.
  { runtime: 'sql', name: 'OR list past the budget (58 KB)', text: () => orList(58_000) },
  { runtime: 'sql', name: 'OR list, just under the budget', text: () => orList(40_000) },
  { runtime: 'sql', name: 'OR list at the cap', text: () => orList(CAP - 64) },
  {
    runtime: 'sql',
    name: 'IN list, just under the budget',
    text: () => upTo(52_000, (i) => `,${i}`, 'SELECT * FROM t WHERE a IN (0', ')'),
  },
  {
    runtime: 'sql',
    name: 'CASE chain, just under the budget',
    text: () => upTo(47_000, (i) => ` WHEN a=${i} THEN ${i}`, 'SELECT CASE', ' END FROM t'),
  },
  {
    runtime: 'sql',
    name: 'UNION ALL chain, just under',
    text: () => upTo(52_000, (i) => ` UNION ALL SELECT a, b FROM t${i}`, 'SELECT a, b FROM t'),
  },
  {
    runtime: 'sql',
    name: 'VALUES rows, just under the budget',
    text: () => upTo(52_000, (i) => `,(${i},'x${i}')`, "INSERT INTO t (a,b) VALUES (0,'x')", ';'),
  },
  {
    runtime: 'sql',
    name: 'column list, just under the budget',
    text: () => upTo(44_000, (i) => `, c${i}`, 'SELECT c', ' FROM t'),
  },
  {
    runtime: 'sql',
    name: 'string statements, just under',
    text: () => upTo(24_500, (i) => `SELECT 'a${i}';`),
  },
  {
    runtime: 'sql',
    name: 'short statements, just under',
    text: () => upTo(35_000, (i) => `UPDATE t SET a = ${i} WHERE id = ${i};`),
  },
  {
    runtime: 'sql',
    name: "concatenation || 'ab' chain",
    text: () => fill(" || 'ab'", "SELECT 'a'", ' FROM t'),
  },
  // sql, the injection scan's call sites (sql/injection.ts): each nested conversion re-read the rest
  // of the text (29-52 s at the cap before its match tables), a select list of delays 22 s.
  {
    runtime: 'sql',
    name: 'nested CAST((SELECT string_agg(',
    text: () =>
      'SELECT ' +
      nest('CAST((SELECT string_agg(CAST((SELECT ', 'x', " FROM t) AS text), ',') FROM t) AS int)"),
  },
  {
    runtime: 'sql',
    name: 'nested CAST in a condition',
    text: () => 'SELECT * FROM t WHERE a = ' + nest('CAST((SELECT ', '1', ' FROM t) AS int)'),
  },
  {
    runtime: 'sql',
    name: 'nested CONVERT in a condition',
    text: () => 'SELECT * FROM t WHERE a = ' + nest('CONVERT(int, (SELECT ', '1', ' FROM t))'),
  },
  {
    runtime: 'sql',
    name: 'nested TO_NUMBER / toInt32',
    text: () => 'SELECT * FROM t WHERE a = ' + nest('TO_NUMBER((SELECT toInt32((SELECT ', '1', '))))'),
  },
  {
    runtime: 'sql',
    name: 'deep parentheses in a compared value',
    text: () => 'SELECT * FROM t WHERE a = ' + nest('(', "'x'", ')'),
  },
  {
    runtime: 'sql',
    name: 'UNION SELECT chain without WHERE',
    text: () => fill(' UNION SELECT 1', 'SELECT 1'),
  },
  {
    runtime: 'sql',
    name: 'OR chain with brackets',
    text: () => fill(' OR ((((a', 'SELECT 1 FROM t WHERE a = 1'),
  },
  { runtime: 'sql', name: 'select list of delays', text: () => fill(', pg_sleep(0)', 'SELECT 1') },
  // python, helper F's probe: a 12 KB file of 40-term lambdas (and larger, up to the budget)
  { runtime: 'python', name: '40-term lambdas (12 KB)', text: () => lambdas(12_000) },
  { runtime: 'python', name: '40-term lambdas (48 KB)', text: () => lambdas(48_000) },
  {
    runtime: 'python',
    name: 'lambdas nested 40 deep',
    text: () => upTo(48_000, (i) => `f${i} = ` + 'lambda x: '.repeat(40) + 'x\n'),
  },
];

/** Numbered units after `head` up to `size` characters, then `tail`. */
function upTo(size: number, unit: (i: number) => string, head = '', tail = ''): string {
  let out = head;
  for (let i = 0; out.length + unit(i).length + tail.length < size; i++) out += unit(i);
  return out + tail;
}

function orList(size: number): string {
  return upTo(size, (i) => ` OR a=${i}`, 'SELECT * FROM t WHERE a=0');
}

function lambdas(size: number): string {
  const a = Array.from({ length: 40 }, (_, k) => `a${k}`);
  return upTo(size, (i) => `f${i} = lambda ${a.join(', ')}: ${a.join(' + ')}\n`);
}
