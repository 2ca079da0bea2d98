/**
 * In-process A/B of the engine across checkouts: loads `src/engine` from each tree given (this one
 * by default) into one process and evaluates the same inputs uncached, tree after tree, in rounds.
 * Per input it keeps the fastest round's CPU time per evaluation, then prints the median and mean
 * over inputs: a figure that holds on the shared 2-core machine where wall-clock p50 swings by 2x
 * with the load (preempted rounds are dropped, not averaged in).
 *
 *   git worktree add /tmp/base <commit> && ln -s "$PWD/node_modules" /tmp/base/node_modules
 *   npx tsx bench/engine-ab.ts --trees /tmp/base,. [--set benign|bench|python|node|sql|docker|tool_call] [--rounds 5] [--n 100]
 *
 * Sets: `benign` (first 200 lines of test/fixtures/benign-commands.txt, the bash yardstick),
 * `bench` (bench/fixtures/commands.txt), `python` / `node` / `sql` / `docker` / `tool_call`
 * (bench/fixtures/*.txt under 300 chars; tool calls are JSON judged by validateToolCall).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

interface EvaluatingEngine {
  evaluate(input: { text: string; runtime: string }): unknown;
  validateToolCall(call: unknown): unknown;
}

const { values } = parseArgs({
  options: {
    trees: { type: 'string', default: '.' },
    set: { type: 'string', default: 'benign' },
    rounds: { type: 'string', default: '5' },
    n: { type: 'string', default: '100' },
  },
});

const here = new URL('..', import.meta.url);
const lines = (file: string): string[] =>
  readFileSync(new URL(file, here), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'));

function inputs(set: string): { runtime: string; texts: string[] } {
  if (set === 'benign')
    return { runtime: 'bash', texts: lines('test/fixtures/benign-commands.txt').slice(0, 200) };
  if (set === 'bench') return { runtime: 'bash', texts: lines('bench/fixtures/commands.txt') };
  const texts = readFileSync(new URL(`bench/fixtures/${set}.txt`, here), 'utf8')
    .split(/^---$/m)
    .map((s) => s.trim())
    .filter((s) => s !== '' && s.length < 300);
  return { runtime: set, texts };
}

const { runtime, texts } = inputs(values.set);
const rounds = Number(values.rounds);
const perRound = Number(values.n);
const trees = values.trees.split(',').map((t) => resolve(t));

const engines: EvaluatingEngine[] = [];
for (const tree of trees) {
  const mod = (await import(pathToFileURL(`${tree}/src/engine/engine.ts`).href)) as {
    createEngine(options: object): Promise<EvaluatingEngine>;
  };
  engines.push(
    await mod.createEngine({
      config: { workspaceRoot: '/work/ws', homeDir: '/home/agent', cacheEntries: 0 },
    }),
  );
}

/**
 * One event-loop turn, inside the timed span: tree-sitter's native trees are freed by finalizers
 * that run in an immediate, as between a server's requests; a loop that never yields keeps every
 * tree of the run and slows each later GC and parse (see engine-phases.ts).
 */
const turn = (): Promise<void> => new Promise((done) => setImmediate(done));
const best = engines.map(() => texts.map(() => Infinity));
for (let r = 0; r < rounds; r++) {
  for (let k = 0; k < engines.length; k++) {
    const engine = engines[k]!;
    for (let i = 0; i < texts.length; i++) {
      const text = texts[i]!;
      const before = process.cpuUsage();
      if (runtime === 'tool_call') {
        const call: unknown = JSON.parse(text);
        for (let j = 0; j < perRound; j++) engine.validateToolCall(call);
      } else for (let j = 0; j < perRound; j++) engine.evaluate({ text, runtime });
      await turn();
      const used = process.cpuUsage(before);
      best[k]![i] = Math.min(best[k]![i]!, (used.user + used.system) / perRound);
    }
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(
  `engine A/B: ${values.set} (${texts.length} ${runtime} inputs), fastest of ${rounds} rounds of ${perRound}, CPU µs per uncached evaluation, node ${process.version}, load average ${loadavg()[0]!.toFixed(1)}`,
);
trees.forEach((tree, k) =>
  console.log(
    `  ${tree.padEnd(24)} median ${median(best[k]!).toFixed(1).padStart(7)}  mean ${mean(best[k]!).toFixed(1).padStart(7)}`,
  ),
);
