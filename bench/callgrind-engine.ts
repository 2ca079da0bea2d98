/**
 * The evaluation loop bench/callgrind-engine.sh counts under callgrind: loads `src/engine` from the
 * tree given, evaluates the inputs of a set (as bench/engine-ab.ts picks them) WARMUP rounds
 * uncached, prints `ready`, waits for a line on stdin (instrumentation is switched on then), runs
 * ROUNDS more and prints `done N` with the number of evaluations counted. PHASE (environment) picks
 * what is counted: `evaluate` (default: analysis and rules), `analyze` (parse, copy and walk) or
 * `parse` (the native parse and the tree copy), so the rules' and the walk's shares are differences.
 *
 *   PHASE=analyze npx tsx bench/callgrind-engine.ts TREE python|node|sql|docker|tool_call|bench|benign [WARMUP] [ROUNDS]
 *
 * tool_call inputs are judged by validateToolCall (their JSON parsed before the count), as engine-ab.ts does.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

interface EvaluatingEngine {
  evaluate(input: { text: string; runtime: string }): unknown;
  validateToolCall(call: unknown): unknown;
}
type Analyze = (text: string, runtime: string, limits: object) => unknown;
type Parse = (runtime: string, text: string) => unknown;

const [tree = '.', set = 'python', warmup = '10', rounds = '4'] = process.argv.slice(2);
const here = new URL('..', import.meta.url);
const lines = (file: string): string[] =>
  readFileSync(new URL(file, here), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'));
const runtime = set === 'benign' || set === 'bench' ? 'bash' : set;
const texts =
  set === 'benign'
    ? lines('test/fixtures/benign-commands.txt').slice(0, 200)
    : set === 'bench'
      ? lines('bench/fixtures/commands.txt')
      : readFileSync(new URL(`bench/fixtures/${set}.txt`, here), 'utf8')
          .split(/^---$/m)
          .map((s) => s.trim())
          .filter((s) => s !== '' && s.length < 300);

const from = async <T>(file: string): Promise<T> =>
  (await import(pathToFileURL(`${resolve(tree)}/src/engine/${file}`).href)) as T;
const mod = await from<{ createEngine(options: object): Promise<EvaluatingEngine> }>('engine.ts');
const engine = await mod.createEngine({
  config: { workspaceRoot: '/work/ws', homeDir: '/home/agent', cacheEntries: 0 },
});
const { analyze } = await from<{ analyze: Analyze }>('analyze.ts');
const { parseSyntaxWithErrors } = await from<{ parseSyntaxWithErrors: Parse }>('parse/index.ts');
const limits = { maxInputBytes: 256 * 1024, maxDepth: 8 };
const phase = process.env.PHASE ?? 'evaluate';
const calls = new Map(set === 'tool_call' ? texts.map((t) => [t, JSON.parse(t) as unknown]) : []);
const once: (text: string) => unknown =
  set === 'tool_call'
    ? (text) => engine.validateToolCall(calls.get(text))
    : phase === 'parse'
      ? (text) => parseSyntaxWithErrors(runtime, text)
      : phase === 'analyze'
        ? (text) => analyze(text, runtime, limits)
        : (text) => engine.evaluate({ text, runtime });
const run = (n: number): void => {
  for (let r = 0; r < n; r++) for (const text of texts) once(text);
};
run(Number(warmup));
process.stdout.write('ready\n');
process.stdin.once('data', () => {
  run(Number(rounds));
  process.stdout.write(`done ${Number(rounds) * texts.length}\n`);
  process.exit(0);
});
