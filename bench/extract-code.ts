/**
 * Extraction latency for the python and node runtimes: p50/p99 per snippet of bench/fixtures/
 * {python,node}.txt (records separated by `---` lines), split into parse only, parse + extract,
 * and the whole uncached evaluation. Run: npx tsx bench/extract-code.ts
 */
import { readFileSync } from 'node:fs';
import { analyze } from '../src/engine/analyze.js';
import { createEngine } from '../src/engine/engine.js';
import { loadParsers, parseSyntax } from '../src/engine/parse/index.js';
import type { Runtime } from '../src/engine/types.js';
import { fixtureRecords, timeSnippets, type Stats } from './lib/stats.js';

const ROUNDS = Number(process.env.ROUNDS ?? 200);

const records = fixtureRecords;
const measure = (snippets: readonly string[], fn: (s: string) => void): Stats =>
  timeSnippets(snippets, fn, ROUNDS);

await loadParsers();
const engine = await createEngine({ config: { cacheEntries: 0 } });
const limits = { maxInputBytes: 256 * 1024, maxDepth: 8 };
for (const [runtime, file] of [
  ['python', 'python.txt'],
  ['node', 'node.txt'],
] as [Runtime, string][]) {
  const all = records(file);
  const small = all.filter((s) => s.length < 300);
  const parse = measure(small, (s) => parseSyntax(runtime, s));
  const extract = measure(small, (s) => analyze(s, runtime, limits));
  const evaluate = measure(small, (s) => engine.evaluate({ text: s, runtime }));
  const f = (x: Stats): string => `p50 ${x.p50.toFixed(1)} µs  p99 ${x.p99.toFixed(1)} µs`;
  console.log(`${runtime}: ${small.length}/${all.length} snippets under 300 chars, ${ROUNDS} rounds`);
  console.log(`  parse (tree-sitter + copy)   ${f(parse)}`);
  console.log(`  analyze (parse + extract)    ${f(extract)}`);
  console.log(`  evaluate, uncached           ${f(evaluate)}`);
}

// Same run, same machine load: bash one-liners as the yardstick the 35 µs target was set for.
const bash = readFileSync(new URL('../test/fixtures/benign-commands.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '' && !l.startsWith('#'))
  .slice(0, 200);
const bp = measure(bash, (s) => parseSyntax('bash', s));
const be = measure(bash, (s) => engine.evaluate({ text: s, runtime: 'bash' }));
console.log(`bash (yardstick): ${bash.length} everyday commands`);
console.log(`  parse                        p50 ${bp.p50.toFixed(1)} µs  p99 ${bp.p99.toFixed(1)} µs`);
console.log(`  evaluate, uncached           p50 ${be.p50.toFixed(1)} µs  p99 ${be.p99.toFixed(1)} µs`);
