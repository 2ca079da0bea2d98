/**
 * In-process A/B of the engine across checkouts: loads `src/engine` from each tree given (this one
 * by default) into one process and evaluates the same inputs uncached, tree after tree, in rounds.
 * Per input it keeps the fastest round's CPU time per evaluation, then prints the median and mean
 * over inputs: a figure that holds on the shared 2-core machine where wall-clock p50 swings by 2x
 * with the load (preempted rounds are dropped, not averaged in).
 *
 *   git worktree add /tmp/base <commit> && ln -s "$PWD/node_modules" /tmp/base/node_modules
 *   npx tsx bench/engine-ab.ts --trees /tmp/base,. [--set benign|bench|python|node|sql|docker|tool_call] [--rounds 5] [--n 100] [--built]
 *
 * `--built` times what ships instead of the TypeScript source under tsx: each tree's engine bundled
 * with esbuild as `npm run build` bundles the CLI, all of them in one plain `node` child.
 *
 * Sets: `benign` (first 200 lines of test/fixtures/benign-commands.txt, the bash yardstick),
 * `bench` (bench/fixtures/commands.txt), `python` / `node` / `sql` / `docker` / `tool_call`
 * (bench/fixtures/*.txt under 300 chars; tool calls are JSON judged by validateToolCall).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build, type BuildOptions } from 'esbuild';
import { BANNER, EXTERNAL } from '../scripts/bundle-cli.js';
import { loadEngine, timeEngines, type AbJob, type EvaluatingEngine } from './lib/ab-loop.js';

const { values } = parseArgs({
  options: {
    trees: { type: 'string', default: '.' },
    set: { type: 'string', default: 'benign' },
    rounds: { type: 'string', default: '5' },
    n: { type: 'string', default: '100' },
    built: { type: 'boolean', default: false },
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
const job: AbJob = { runtime, texts, rounds: Number(values.rounds), perRound: Number(values.n) };
const trees = values.trees.split(',').map((t) => resolve(t));

let best: number[][];
if (values.built) best = await timeBuilt(trees, job);
else {
  const engines: EvaluatingEngine[] = [];
  for (const tree of trees)
    engines.push(await loadEngine(pathToFileURL(`${tree}/src/engine/engine.ts`).href));
  best = await timeEngines(engines, job);
}

/**
 * What ships: each tree's engine bundled by esbuild as `npm run build` bundles the CLI (no tsx
 * loader, whose keep-names wrappers cost a third on small inputs), timed in one plain node child.
 */
async function timeBuilt(treeDirs: readonly string[], abJob: AbJob): Promise<number[][]> {
  // Inside this package's node_modules, so the external packages resolve as they do from dist/.
  const out = fileURLToPath(new URL('node_modules/.cache/agent-guard-engine-ab/', here));
  mkdirSync(out, { recursive: true });
  const common: BuildOptions = {
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    external: [...EXTERNAL],
    banner: { js: BANNER },
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
  };
  const loop = join(out, 'loop.mjs');
  await build({
    ...common,
    entryPoints: [fileURLToPath(new URL('bench/lib/ab-loop.ts', here))],
    outfile: loop,
  });
  const bundles: string[] = [];
  for (const [k, tree] of treeDirs.entries()) {
    const file = join(out, `engine-${k}.mjs`);
    await build({
      ...common,
      absWorkingDir: tree,
      entryPoints: [`${tree}/src/engine/engine.ts`],
      outfile: file,
    });
    bundles.push(file);
  }
  const child = spawnSync(process.execPath, [loop, JSON.stringify(abJob), ...bundles], {
    env: { ...process.env, AGENT_GUARD_AB_CHILD: '1', NODE_OPTIONS: '' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (child.status !== 0) throw new Error(`bundled engine run failed (exit ${child.status})`);
  return JSON.parse(child.stdout) as number[][];
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(
  `engine A/B${values.built ? ' (bundled as shipped)' : ''}: ${values.set} (${texts.length} ${runtime} inputs), fastest of ${job.rounds} rounds of ${job.perRound}, CPU µs per uncached evaluation, node ${process.version}, load average ${loadavg()[0]!.toFixed(1)}`,
);
trees.forEach((tree, k) =>
  console.log(
    `  ${tree.padEnd(24)} median ${median(best[k]!).toFixed(1).padStart(7)}  mean ${mean(best[k]!).toFixed(1).padStart(7)}`,
  ),
);
