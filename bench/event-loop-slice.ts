/**
 * How long one analysis holds the event loop (issue 24: no request over 50 ms), counted in CPU
 * time so it holds on a loaded machine: for each adversarial input of bench/lib/adversarial-inputs.ts
 * at the size cap, and the same cut to MAIN_THREAD_CHARS (the longest input analysed on the loop),
 * the CPU time of the synchronous part of engine.evaluateBounded (the slice on the loop, and the
 * decision once the analysis worker answers), fastest of 3, uncached. Wall-clock stalls under a
 * running server: bench/event-loop-stall.ts.
 *
 * Run: npx tsx bench/event-loop-slice.ts [name-filter]
 */
import { createAnalysisWorker } from '../src/engine-worker/host.js';
import { createEngine, type Evaluation } from '../src/engine/engine.js';
import { MAIN_THREAD_CHARS, MAIN_THREAD_UNITS } from '../src/engine/offload.js';
import { CASES } from './lib/adversarial-inputs.js';

const RUNS = 3;
const filter = process.argv[2] ?? '';
const worker = createAnalysisWorker();
const engine = await createEngine({ config: { cacheEntries: 0 }, offload: worker });

/** CPU ms of `fn` (process-wide: the worker is idle while it runs, every job is awaited first). */
function cpuMs<T>(fn: () => T): [T, number] {
  const before = process.cpuUsage();
  const value = fn();
  const used = process.cpuUsage(before);
  return [value, (used.user + used.system) / 1000];
}

async function measure(
  runtime: string,
  text: string,
): Promise<{ slice: number; decide: number; place: string; outcome: string }> {
  let best = { slice: Infinity, decide: 0, place: '', outcome: '' };
  for (let i = 0; i < RUNS; i++) {
    let outcome = '';
    let decideMs = 0;
    const [answer, slice] = cpuMs(() => {
      try {
        if (runtime !== 'tool_call') return engine.evaluateBounded({ text, runtime });
        return engine.validateToolCallBounded(JSON.parse(text) as { name: string; arguments: unknown });
      } catch (err) {
        return err as Error;
      }
    });
    let place = 'inline';
    let evaluation: Evaluation | Error;
    if (answer instanceof Promise) {
      place = 'worker';
      // The decision runs on the loop when the worker answers: time that turn as well.
      const t = process.cpuUsage();
      evaluation = await answer.catch((err: unknown) => err as Error);
      const used = process.cpuUsage(t);
      decideMs = (used.user + used.system) / 1000;
    } else evaluation = answer;
    if (evaluation instanceof Error) outcome = (evaluation as { code?: string }).code ?? evaluation.name;
    else
      outcome = evaluation.decision.allowed
        ? 'allow'
        : `deny ${evaluation.decision.findings[0]?.ruleId ?? ''}`;
    if (slice < best.slice) best = { slice, decide: decideMs, place, outcome };
  }
  return best;
}

console.log(
  `CPU ms on the event loop per evaluation (fastest of ${RUNS}; slice = ${MAIN_THREAD_UNITS} units, inputs over ${MAIN_THREAD_CHARS} chars go to the worker at once)`,
);
console.log(
  'slice: the synchronous call; wait: CPU while awaiting the worker, decision included (process-wide)',
);
let worst = 0;
for (const c of CASES) {
  for (const [label, text] of [
    ['', c.text()],
    [`, first ${MAIN_THREAD_CHARS} chars`, c.text().slice(0, MAIN_THREAD_CHARS)],
  ] as const) {
    const name = `${c.runtime} ${c.name}${label}`;
    if (!name.includes(filter)) continue;
    const m = await measure(c.runtime, text);
    worst = Math.max(worst, m.slice);
    console.log(
      `${name.padEnd(60)} ${m.place.padEnd(6)} slice ${m.slice.toFixed(1).padStart(6)} ms  wait ${m.decide.toFixed(1).padStart(6)} ms  ${m.outcome}${m.slice > 50 ? '  OVER 50 ms' : ''}`,
    );
  }
}
console.log(`longest slice on the event loop: ${worst.toFixed(1)} ms (target 50 ms)`);
await worker.close();
