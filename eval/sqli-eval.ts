/**
 * SQL-injection payloads against ordinary SQL (issue #22): every public payload list under
 * $SQLI_LISTS (default /tmp/sqli-lists; eval/sqli/README.md names each list's repository, commit
 * and path to fetch it from; the lists are not kept in this repository) judged as
 * runtime sql, as a SQL tool call's query and spliced into a query string in Python and Node
 * code; the benign side is the allow rows of the SQL corpus plus eval/sqli/benign.sql.
 * Run: SQLI_LISTS=DIR npx tsx eval/sqli-eval.ts [--misses] [--fp]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createEngine } from '../src/engine/engine.js';
import type { EntryPoint } from '../src/engine/types.js';

const DIR = new URL('./sqli/', import.meta.url).pathname;
const LISTS = process.env.SQLI_LISTS ?? '/tmp/sqli-lists';
if (!existsSync(LISTS)) {
  console.error(
    `sqli-eval: no payload lists at ${LISTS}; fetch the files eval/sqli/README.md names into it (or set SQLI_LISTS)`,
  );
  process.exit(2);
}
const CORPUS = process.env.SQL_CORPUS ?? '/work/shared/corpora/sql.jsonl';
const showMisses = process.argv.includes('--misses');
const showFp = process.argv.includes('--fp');
const engine = await createEngine({ config: { cacheEntries: 0 } });

const denied = (text: string, runtime: EntryPoint): boolean =>
  !engine.evaluate({ text, runtime }).decision.allowed;
const toolDenied = (query: string): boolean =>
  !engine.validateToolCall({ name: 'run_sql', arguments: { query } }).decision.allowed;
const pct = (n: number, d: number): string => (d === 0 ? '-' : ((100 * n) / d).toFixed(1) + '%');

/** A list's payloads: one a line, blank lines and `# ` comment headers left out. */
function payloads(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((l) => l.replace(/\r$/, ''))
    .filter((l) => l.trim() !== '' && !/^# /.test(l));
}

function lists(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name)))
    if (e.isDirectory()) out.push(...lists(join(dir, e.name)));
    else if (e.name.endsWith('.txt')) out.push(join(dir, e.name));
  return out;
}

// The payload where an application splices it: inside a quoted value of a query in code.
const inPython = (p: string): string =>
  `import sqlite3\ncur = sqlite3.connect("app.db").cursor()\ncur.execute(${JSON.stringify(`SELECT * FROM users WHERE name = '${p}'`)})\n`;
const inNode = (p: string): string =>
  `const db = require('./db');\nawait db.query(${JSON.stringify(`SELECT * FROM users WHERE name = '${p}'`)});\n`;

let all = 0;
let allDenied = 0;
const unique = new Set<string>();
console.log('payload lists (runtime sql): denied');
for (const file of lists(LISTS)) {
  const rows = payloads(file);
  let n = 0;
  for (const p of rows) {
    unique.add(p);
    if (denied(p, 'sql')) n++;
    else if (showMisses) console.log(`  MISS ${JSON.stringify(p)}`);
  }
  all += rows.length;
  allDenied += n;
  console.log(
    `  ${relative(LISTS, file).padEnd(44)} ${String(rows.length).padStart(4)}  ${pct(n, rows.length)}`,
  );
}
console.log(`  ${'all lists'.padEnd(44)} ${String(all).padStart(4)}  ${pct(allDenied, all)}`);

let tool = 0;
let py = 0;
let node = 0;
for (const p of unique) {
  if (toolDenied(p)) tool++;
  if (denied(inPython(p), 'python')) py++;
  if (denied(inNode(p), 'node')) node++;
}
console.log(
  `unique payloads ${unique.size}: tool call run_sql.query ${pct(tool, unique.size)}, ` +
    `spliced in Python ${pct(py, unique.size)}, in Node ${pct(node, unique.size)}`,
);

// Benign: the SQL corpus's allow rows and eval/sqli/benign.sql (blocks split by `---` lines).
const benign: string[] = [];
if (existsSync(CORPUS))
  for (const line of readFileSync(CORPUS, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const row = JSON.parse(line) as { expect: string; command: string };
    if (row.expect === 'allow') benign.push(row.command);
  }
const own = readFileSync(join(DIR, 'benign.sql'), 'utf8')
  .split(/^---\s*$/m)
  .map((b) => b.trim())
  .filter((b) => b !== '');
let fp = 0;
for (const b of [...benign, ...own])
  if (denied(b, 'sql')) {
    fp++;
    if (showFp) console.log(`  FP ${b.slice(0, 140).replace(/\s+/g, ' ')}`);
  }
let toolFp = 0;
for (const b of own) if (toolDenied(b)) toolFp++;
console.log(
  `benign: corpus allow rows ${benign.length} + benign.sql ${own.length}: denied ${fp} (${pct(fp, benign.length + own.length)}); ` +
    `benign.sql as run_sql tool calls: denied ${toolFp}`,
);
