/**
 * Where a code snippet's evaluation goes, in CPU time: per snippet of a set, the fastest of N rounds
 * of the native parse and tree copy, the analysis (parse, copy and walk) and the uncached
 * evaluation (analysis and rules), then the median over snippets. The walk's and the rules' shares
 * are the differences. Like engine-ab.ts, fastest-of-N CPU holds better than wall time on the
 * shared machine; instruction counts for the same phases: PHASE=... bench/callgrind-engine.sh.
 *
 *   npx tsx bench/engine-phases.ts [--tree .] [--set python|node] [--rounds 7] [--n 20]
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    tree: { type: 'string', default: '.' },
    set: { type: 'string', default: 'python' },
    rounds: { type: 'string', default: '7' },
    n: { type: 'string', default: '20' },
  },
});
const runtime = values.set;
const texts = readFileSync(new URL(`../bench/fixtures/${runtime}.txt`, import.meta.url), 'utf8')
  .split(/^---$/m)
  .map((s) => s.trim())
  .filter((s) => s !== '' && s.length < 300);
const from = async <T>(file: string): Promise<T> =>
  (await import(pathToFileURL(`${resolve(values.tree)}/src/engine/${file}`).href)) as T;
const { createEngine } = await from<{
  createEngine: (o: object) => Promise<{ evaluate(i: { text: string; runtime: string }): unknown }>;
}>('engine.ts');
const { analyze } = await from<{ analyze: (t: string, r: string, l: object) => unknown }>('analyze.ts');
const { parseSyntaxWithErrors } = await from<{ parseSyntaxWithErrors: (r: string, t: string) => unknown }>(
  'parse/index.ts',
);
const engine = await createEngine({
  config: { workspaceRoot: '/work/ws', homeDir: '/home/agent', cacheEntries: 0 },
});
const limits = { maxInputBytes: 256 * 1024, maxDepth: 8 };
const phases: [string, (text: string) => unknown][] = [
  ['parse and copy', (text) => parseSyntaxWithErrors(runtime, text)],
  ['analysis', (text) => analyze(text, runtime, limits)],
  ['evaluation', (text) => engine.evaluate({ text, runtime })],
];
const perRound = Number(values.n);
/**
 * One event-loop turn. The binding frees a native tree in a finalizer that runs in an immediate
 * after the GC found its wrapper dead, as between a server's requests; a loop that never yields
 * keeps every tree of the run (RSS grew 8 MB per 1,000 evaluations), and each later GC and parse
 * pays for that. The turn is inside the timed span, so the frees are counted.
 */
const turn = (): Promise<void> => new Promise((done) => setImmediate(done));
for (let w = 0; w < 10; w++) {
  for (const text of texts) for (const [, fn] of phases) fn(text);
  await turn();
}
const best = phases.map(() => texts.map(() => Infinity));
for (let r = 0; r < Number(values.rounds); r++) {
  for (let p = 0; p < phases.length; p++) {
    const fn = phases[p]![1];
    for (let i = 0; i < texts.length; i++) {
      const text = texts[i]!;
      const before = process.cpuUsage();
      for (let k = 0; k < perRound; k++) fn(text);
      await turn();
      const used = process.cpuUsage(before);
      best[p]![i] = Math.min(best[p]![i]!, (used.user + used.system) / perRound);
    }
  }
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
console.log(
  `engine phases: ${runtime} (${texts.length} snippets under 300 chars), fastest of ${values.rounds} rounds of ${perRound}, CPU µs, median over snippets, node ${process.version}, load average ${loadavg()[0]!.toFixed(1)}`,
);
phases.forEach(([name], p) => console.log(`  ${name.padEnd(16)} ${median(best[p]!).toFixed(1).padStart(7)}`));
