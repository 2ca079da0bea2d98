/**
 * Spend circuit breaker: how long a billable call takes to be refused once the breaker is open
 * (SPEC 8: under 15 µs), from the bare breaker up to a protected tool's rejected promise. Also an
 * admitted call (engine evaluation + reservation) for comparison.
 * Run: `npx tsx bench/spend.bench.ts` (prints p50/p99 in µs; not a test).
 */
import { createGuard } from '../src/library/create-guard.js';
import { SpendCapExceededError } from '../src/library/errors.js';
import { agentGuardOf, protectAgent } from '../src/library/protect-agent.js';
import { SpendBreaker } from '../src/library/spend/breaker.js';
import { timeCalls, timeCallsAsync, type Stats } from './lib/stats.js';

const ITER = Number(process.env.BENCH_ITER ?? 100_000);
const WARM = 5_000;

const measure = (fn: () => unknown, iterations = ITER): Stats => timeCalls(fn, iterations, WARM);
const measureAsync = (fn: () => Promise<unknown>, iterations = ITER): Promise<Stats> =>
  timeCallsAsync(fn, iterations, WARM);

const rows: [string, Stats][] = [];

// 1. The breaker alone, open.
const breaker = new SpendBreaker({ cap: 1 });
breaker.reserve('s', 'llm', 2);
rows.push(['breaker.reserve (open)', measure(() => breaker.reserve('s', 'llm', 0.5))]);

// 2. Through protectAgent: open breaker, strict (thrown), gate.invoke synchronous path.
const guard = await createGuard();
let ran = 0;
const strictTools = protectAgent(
  { llm: (args: { prompt: string }) => (ran++, args.prompt) },
  { guard, prices: { llm: 1 }, spendCap: 1, sessionId: 'bench' },
);
await strictTools.llm({ prompt: 'hello' });
await strictTools.llm({ prompt: 'hello' }).catch(() => undefined); // opens the breaker
const gate = agentGuardOf(strictTools).gate;
rows.push([
  'gate.invoke strict, open (throw)',
  measure(() => {
    try {
      void gate.invoke('llm', { prompt: 'hello' }, () => 'never');
    } catch (err) {
      if (!(err instanceof SpendCapExceededError)) throw err;
    }
  }),
]);
rows.push([
  'protected tool, open (await rejection)',
  await measureAsync(() => strictTools.llm({ prompt: 'hello' }).catch(() => undefined)),
]);

// 3. Non-strict: the refusal hands back the feedback string.
const lenient = protectAgent(
  { llm: (args: { prompt: string }) => args.prompt },
  { guard, strict: false, prices: { llm: 1 }, spendCap: 0 },
);
rows.push([
  'protected tool non-strict, open (feedback)',
  await measureAsync(() => lenient.llm({ prompt: 'hello' })),
]);

// 4. For comparison: an admitted call (engine evaluation of the arguments + reservation + tool).
const open = protectAgent(
  { llm: (args: { prompt: string }) => args.prompt },
  { guard, prices: { llm: 0.000001 }, spendCap: Infinity },
);
rows.push([
  'protected tool, admitted (evaluate + reserve)',
  await measureAsync(() => open.llm({ prompt: 'hello' }), 20_000),
]);

if (ran !== 1) throw new Error(`the tool ran ${ran} times behind an open breaker`);
console.log(`spend breaker (${ITER} iterations, node ${process.version})`);
console.log(`${'case'.padEnd(48)}${'p50 µs'.padStart(10)}${'p99 µs'.padStart(10)}`);
for (const [name, r] of rows)
  console.log(`${name.padEnd(48)}${r.p50.toFixed(2).padStart(10)}${r.p99.toFixed(2).padStart(10)}`);
