/**
 * Worst-case analysis time (issue 22): the slowest adversarial inputs we can construct per runtime,
 * each filled up to the engine's size cap (engine.maxInputBytes), evaluated uncached. Target
 * ≤ 100 ms each, never more than 500 ms. Each input runs in its own child process with a 20 s
 * limit, so one that never returns is reported as such instead of hanging the bench.
 * Run: npx tsx bench/worst-case.bench.ts [name-filter]
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createEngine } from '../src/engine/engine.js';
import type { EntryPoint } from '../src/engine/types.js';
import { CAP, CASES, toolCall } from './lib/adversarial-inputs.js';

const RUNS = 3;
const WARM: Readonly<Record<EntryPoint, string>> = {
  bash: 'ls -la | grep x',
  python: 'import os\nos.system("ls")',
  node: "require('child_process').execSync('ls')",
  sql: 'SELECT 1 FRM t; SELECT `a` FROM t; SELECT 1',
  docker: 'docker run --rm alpine ls',
  tool_call: toolCall({ command: 'ls', sql: 'SELECT 1' }),
};

async function runOne(name: string): Promise<void> {
  const c = CASES.find((x) => x.name === name.split('::')[1] && x.runtime === name.split('::')[0])!;
  const engine = await createEngine({ config: { cacheEntries: 0 } });
  const text = c.text();
  // Warm the runtime's parsers and lazily loaded grammars on a small input first.
  evaluate(engine, c.runtime, WARM[c.runtime]);
  const times: number[] = [];
  let outcome = '';
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    try {
      const d = evaluate(engine, c.runtime, text);
      outcome = d.decision.allowed ? 'allow' : `deny ${d.decision.findings[0]?.ruleId ?? ''}`;
    } catch (err) {
      outcome = `input error ${(err as { code?: string }).code ?? String(err)}`;
    }
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(JSON.stringify({ bytes: Buffer.byteLength(text), median: times[1], max: times[2], outcome }));
}

function evaluate(
  engine: Awaited<ReturnType<typeof createEngine>>,
  runtime: EntryPoint,
  text: string,
): ReturnType<typeof engine.evaluate> {
  if (runtime !== 'tool_call') return engine.evaluate({ text, runtime });
  const parsed = JSON.parse(text) as { name: string; arguments: unknown };
  return engine.validateToolCall(parsed);
}

const self = fileURLToPath(import.meta.url);
if (process.argv[2] === '--case') await runOne(process.argv[3]!);
else {
  const filter = process.argv[2] ?? '';
  console.log(`worst case per input at the ${CAP}-byte cap (uncached; median/max of ${RUNS} runs)`);
  let worst = 0;
  for (const c of CASES) {
    const id = `${c.runtime}::${c.name}`;
    if (!id.includes(filter)) continue;
    const r = spawnSync(process.execPath, [...process.execArgv, self, '--case', id], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    const line = r.stdout.trim().split('\n').pop() ?? '';
    let shown: string;
    if (r.error !== undefined || r.status !== 0 || !line.startsWith('{')) {
      shown =
        r.error !== undefined ? 'did not return within 20 s' : `failed: ${r.stderr.trim().split('\n')[0]}`;
      worst = Infinity;
    } else {
      const m = JSON.parse(line) as { bytes: number; median: number; max: number; outcome: string };
      worst = Math.max(worst, m.median);
      const flag = m.median > 500 ? '  OVER 500 ms' : m.median > 100 ? '  over 100 ms' : '';
      shown = `${m.median.toFixed(0).padStart(6)} ms  (max ${m.max.toFixed(0)})  ${String(m.bytes).padStart(7)} B  ${m.outcome}${flag}`;
    }
    console.log(`${c.runtime.padEnd(9)} ${c.name.padEnd(34)} ${shown}`);
  }
  console.log(`slowest median: ${Number.isFinite(worst) ? `${worst.toFixed(0)} ms` : 'did not return'}`);
}
