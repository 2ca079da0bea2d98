/**
 * Extraction latency for the sql and docker runtimes: p50/p99 over bench/fixtures/{sql,docker}.txt
 * (records separated by `---` lines, those under 300 characters), split into the parser alone
 * (SQL), the extractor with nested code not followed, and the whole uncached evaluation; plus
 * tool calls. Run: npx tsx bench/extract-sql-docker.ts
 */
import { unlimitedBudget } from '../src/engine/budget.js';
import { createEngine } from '../src/engine/engine.js';
import { extractDocker } from '../src/engine/extract/docker.js';
import { extractSql } from '../src/engine/extract/sql.js';
import type { ExtractContext } from '../src/engine/extract/types.js';
import { parsePg } from '../src/engine/parse/sql.js';
import { fixtureRecords, timeSnippets, type Stats } from './lib/stats.js';

const ROUNDS = Number(process.env.ROUNDS ?? 200);

const records = (file: string): string[] => fixtureRecords(file).filter((r) => r.length < 300);
const measure = (snippets: readonly string[], fn: (s: string) => void): Stats =>
  timeSnippets(snippets, fn, ROUNDS);

const shallow: ExtractContext = {
  depth: 0,
  mapSpan: (s) => s,
  nested: () => [],
  get budget() {
    return unlimitedBudget(); // a fresh one per extraction
  },
};
const fmt = (m: Stats): string => `p50 ${m.p50.toFixed(1)} µs  p99 ${m.p99.toFixed(1)} µs`;

const engine = await createEngine({ config: { cacheEntries: 0 } });
const cached = await createEngine({ config: { cacheEntries: 4096 } });
const sql = records('sql.txt');
const docker = records('docker.txt');
console.log(`sql: ${sql.length} snippets`);
console.log(`  libpg-query parse only      ${fmt(measure(sql, (s) => void parsePg(s)))}`);
console.log(`  extract (no nesting)        ${fmt(measure(sql, (s) => void extractSql(s, shallow)))}`);
console.log(
  `  evaluate uncached           ${fmt(measure(sql, (s) => void engine.evaluate({ text: s, runtime: 'sql' })))}`,
);
console.log(
  `  evaluate cached             ${fmt(measure(sql, (s) => void cached.evaluate({ text: s, runtime: 'sql' })))}`,
);
const pg = sql.filter((s) => parsePg(s) !== undefined);
console.log(
  `  extract, PostgreSQL-valid only (${pg.length})  ${fmt(measure(pg, (s) => void extractSql(s, shallow)))}`,
);
console.log(`docker: ${docker.length} snippets`);
console.log(`  extract (no nesting)        ${fmt(measure(docker, (s) => void extractDocker(s, shallow)))}`);
console.log(
  `  evaluate uncached           ${fmt(measure(docker, (s) => void engine.evaluate({ text: s, runtime: 'docker' })))}`,
);
console.log(
  `  evaluate cached             ${fmt(measure(docker, (s) => void cached.evaluate({ text: s, runtime: 'docker' })))}`,
);
const calls = [
  { name: 'read_file', arguments: { path: 'src/index.ts' } },
  { name: 'run_command', arguments: { command: 'npm test -- --run' } },
  { name: 'fetch', arguments: { url: 'https://api.github.com/repos/o/r' } },
  {
    name: 'send_email',
    arguments: { to: 'dana@acme-corp.io', subject: 'CI', body: 'All checks passed on main.' },
  },
  {
    name: 'create_issue',
    arguments: { title: 'Flaky test', body: 'test_login fails one run in ten on CI; see build 4411.' },
  },
  { name: 'run_sql', arguments: { query: 'SELECT id FROM users WHERE id = $1' } },
];
const texts = calls.map((c) => JSON.stringify(c));
console.log(`tool calls: ${calls.length}`);
console.log(
  `  validateToolCall uncached   ${fmt(measure(texts, (t) => void engine.validateToolCall(JSON.parse(t) as { name: string })))}`,
);
