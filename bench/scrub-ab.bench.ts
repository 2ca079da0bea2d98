/**
 * A/B of the scrubber against another checkout (a base worktree): both scrubbers load in this
 * process and run the same texts interleaved, so machine load hits both alike. Reports MB/s over
 * CPU time (median of rounds) for each, their ratio, and whether the outputs agree.
 *
 *   git worktree add /tmp/base HEAD && ln -s "$PWD/node_modules" /tmp/base/node_modules
 *   npx tsx bench/scrub-ab.bench.ts /tmp/base [--rounds 15]
 *
 * The texts are bench/scrub.bench.ts's clean prose and code lines (clean) and the same with one
 * generated secret every ~40 lines (dirty).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BASE62, githubToken, randomBody } from '../src/scrub/examples.js';
import { createScrubber as createA } from '../src/scrub/scrubber.js';

type Create = typeof createA;
const baseDir = process.argv[2];
if (!baseDir || baseDir.startsWith('--')) {
  process.stderr.write('usage: npx tsx bench/scrub-ab.bench.ts <base-checkout> [--rounds N]\n');
  process.exit(2);
}
const roundsAt = process.argv.indexOf('--rounds');
const rounds = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 15;
const baseUrl = pathToFileURL(resolve(baseDir, 'src/scrub/scrubber.ts')).href;
const { createScrubber: createB } = (await import(baseUrl)) as { createScrubber: Create };

const a = createA({ salt: 'ab' });
const b = createB({ salt: 'ab' });

const lines = [
  ...readFileSync(new URL('./scrub.bench.ts', import.meta.url), 'utf8').matchAll(/^\s+'(.*)',$/gm),
]
  .map((m) => m[1]!)
  .filter((l) => l.length > 20);
function clean(size: number): string {
  let t = '';
  for (let i = 0; t.length < size; i++) t += lines[(i * 7) % lines.length] + '\n';
  return t.slice(0, size);
}
function dirty(size: number): string {
  const out: string[] = [];
  let n = 0;
  for (let i = 0; n < size; i++) {
    const l =
      i % 40 === 39
        ? i % 80 === 79
          ? `GITHUB_TOKEN=${githubToken('ghp', `d${i}`)}`
          : `password = "${randomBody(`d${i}`, BASE62, 16)}"`
        : lines[(i * 7) % lines.length]!;
    out.push(l);
    n += l.length + 1;
  }
  return out.join('\n');
}

/** CPU ms of `reps` calls of fn. */
function cpu(fn: () => void, reps: number): number {
  const c0 = process.cpuUsage();
  for (let r = 0; r < reps; r++) fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}
const median = (x: number[]): number => [...x].sort((p, q) => p - q)[x.length >> 1]!;

process.stdout.write(`Node ${process.version}; A = this tree, B = ${baseDir}; ${rounds} rounds\n\n`);
process.stdout.write(
  '| text | size | A MB/s (CPU) | B MB/s (CPU) | A/B | same output |\n|---|---|---:|---:|---:|---|\n',
);
for (const [kind, make] of [
  ['clean', clean],
  ['dirty', dirty],
] as const) {
  for (const size of [1024, 4096, 16384, 1 << 20]) {
    const text = make(size);
    const same = a.scrub(text).sanitized === b.scrub(text).sanitized ? 'yes' : 'NO';
    // Enough calls per sample for ~20 ms of work at 100 MB/s.
    const reps = Math.max(1, Math.round(2_000_000 / text.length));
    for (let w = 0; w < 3; w++) {
      cpu(() => a.scrub(text), reps);
      cpu(() => b.scrub(text), reps);
    }
    const ta: number[] = [];
    const tb: number[] = [];
    for (let r = 0; r < rounds; r++) {
      ta.push(cpu(() => a.scrub(text), reps));
      tb.push(cpu(() => b.scrub(text), reps));
    }
    const mbs = (ms: number): number => (text.length * reps) / 1e6 / (ms / 1000);
    const ma = mbs(median(ta));
    const mb = mbs(median(tb));
    const label = size >= 1 << 20 ? '1 MB' : `${size / 1024} KB`;
    process.stdout.write(
      `| ${kind} | ${label} | ${ma.toFixed(0)} | ${mb.toFixed(0)} | ${(ma / mb).toFixed(2)} | ${same} |\n`,
    );
  }
}
