/**
 * Engine latency: evaluates a mixed set of realistic commands (bench/fixtures/commands.txt) and
 * prints p50/p99 per evaluation, uncached and cached, plus throughput. Run: npm run bench
 * (npx tsx bench/engine.bench.ts [--rounds N]). Figures are recorded in docs/performance.md.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { createEngine } from '../src/engine/engine.js';

const roundsArg = process.argv.indexOf('--rounds');
const ROUNDS = roundsArg >= 0 ? Number(process.argv[roundsArg + 1]) : 30;

const commands = readFileSync(new URL('./fixtures/commands.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '' && !l.startsWith('#'));

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function report(name: string, samples: number[], wallNs: bigint): void {
  const sorted = Float64Array.from(samples).sort();
  const perSec = (samples.length / Number(wallNs)) * 1e9;
  console.log(
    `${name.padEnd(10)} n=${String(samples.length).padStart(6)}  p50 ${percentile(sorted, 50).toFixed(2).padStart(7)} µs  p99 ${percentile(sorted, 99).toFixed(2).padStart(8)} µs  throughput ${Math.round(perSec).toLocaleString('en-US')} evals/s`,
  );
}

/** A fixed CPU-bound loop: on an idle core of these machines it takes about 10 ms; more means contention. */
function calibrate(): number {
  const start = process.hrtime.bigint();
  let x = 0;
  for (let i = 0; i < 1e7; i++) x += i & 7;
  if (x < 0) console.log(x);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const config = { workspaceRoot: '/work/ws', homeDir: '/home/agent' };
const uncachedEngine = await createEngine({ config: { ...config, cacheEntries: 0 } });
const cachedEngine = await createEngine({ config: { ...config, cacheEntries: 10_000 } });

// Warm up JIT and fill the cache.
for (let i = 0; i < 5; i++) for (const text of commands) uncachedEngine.evaluate({ text, runtime: 'bash' });
for (const text of commands) cachedEngine.evaluate({ text, runtime: 'bash' });

const denied = commands.filter(
  (text) => !uncachedEngine.evaluate({ text, runtime: 'bash' }).decision.allowed,
).length;
console.log(
  `engine bench: ${commands.length} commands (${denied} denied), ${ROUNDS} rounds, node ${process.version}, ${cpus()[0]?.model ?? 'cpu'}, load average ${loadavg()[0]?.toFixed(1)}, calibration loop ${calibrate().toFixed(1)} ms (about 10 ms when idle)`,
);

for (const [name, engine] of [
  ['uncached', uncachedEngine],
  ['cached', cachedEngine],
] as const) {
  const samples: number[] = [];
  const cpu0 = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (let r = 0; r < ROUNDS; r++) {
    for (const text of commands) samples.push(engine.evaluate({ text, runtime: 'bash' }).evalLatencyUs);
  }
  const wall = process.hrtime.bigint() - start;
  const cpu = process.cpuUsage(cpu0);
  report(name, samples, wall);
  console.log(
    `${''.padEnd(10)} mean CPU time ${((cpu.user + cpu.system) / samples.length).toFixed(2)} µs per evaluation`,
  );
}
