/**
 * The timing loop of bench/engine-ab.ts: evaluates the same inputs uncached with each engine,
 * engine after engine, in rounds, and keeps per input the fastest round's CPU time per evaluation.
 * Run in-process (source trees under tsx) or bundled into a plain `node` child (`--built`), where
 * it reads its job as JSON from argv and prints the result as JSON.
 */
import { pathToFileURL } from 'node:url';

export interface EvaluatingEngine {
  evaluate(input: { text: string; runtime: string }): unknown;
  validateToolCall(call: unknown): unknown;
}

export interface AbJob {
  readonly runtime: string;
  readonly texts: readonly string[];
  readonly rounds: number;
  readonly perRound: number;
}

/** An engine module's createEngine with the bench's fixed configuration (no cache). */
export async function loadEngine(moduleUrl: string): Promise<EvaluatingEngine> {
  const mod = (await import(moduleUrl)) as { createEngine(options: object): Promise<EvaluatingEngine> };
  return mod.createEngine({
    config: { workspaceRoot: '/work/ws', homeDir: '/home/agent', cacheEntries: 0 },
  });
}

/**
 * One event-loop turn, inside the timed span: tree-sitter's native trees are freed by finalizers
 * that run in an immediate, as between a server's requests; a loop that never yields keeps every
 * tree of the run and slows each later GC and parse (see engine-phases.ts).
 */
const turn = (): Promise<void> => new Promise((done) => setImmediate(done));

/** Per engine, per input: the fastest round's CPU µs per evaluation. */
export async function timeEngines(engines: readonly EvaluatingEngine[], job: AbJob): Promise<number[][]> {
  const best = engines.map(() => job.texts.map(() => Infinity));
  for (let r = 0; r < job.rounds; r++) {
    for (let k = 0; k < engines.length; k++) {
      const engine = engines[k]!;
      for (let i = 0; i < job.texts.length; i++) {
        const text = job.texts[i]!;
        const before = process.cpuUsage();
        if (job.runtime === 'tool_call') {
          const call: unknown = JSON.parse(text);
          for (let j = 0; j < job.perRound; j++) engine.validateToolCall(call);
        } else for (let j = 0; j < job.perRound; j++) engine.evaluate({ text, runtime: job.runtime });
        await turn();
        const used = process.cpuUsage(before);
        best[k]![i] = Math.min(best[k]![i]!, (used.user + used.system) / job.perRound);
      }
    }
  }
  return best;
}

// Bundled child: `node loop.mjs <job JSON> <engine bundle path>...`.
if (process.env.AGENT_GUARD_AB_CHILD === '1') {
  const [jobJson, ...paths] = process.argv.slice(2);
  const engines: EvaluatingEngine[] = [];
  for (const p of paths) engines.push(await loadEngine(pathToFileURL(p).href));
  process.stdout.write(JSON.stringify(await timeEngines(engines, JSON.parse(jobJson!) as AbJob)));
}
