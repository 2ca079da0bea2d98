/**
 * Timing helpers the benches share: per-call samples in µs (process.hrtime), warmed up first, and
 * their p50/p99 (the sample at index floor(n × p) of the sorted samples).
 */
import { readFileSync } from 'node:fs';

export interface Stats {
  readonly p50: number;
  readonly p99: number;
}

/** p50 and p99 of `samples` (sorted in place). */
export function percentiles(samples: Float64Array): Stats {
  samples.sort();
  return {
    p50: samples[Math.floor(samples.length * 0.5)]!,
    p99: samples[Math.floor(samples.length * 0.99)]!,
  };
}

/** `fn` timed `iterations` times after `warm` untimed calls. */
export function timeCalls(fn: () => unknown, iterations: number, warm: number): Stats {
  for (let i = 0; i < warm; i++) fn();
  const samples = new Float64Array(iterations);
  for (let i = 0; i < iterations; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    samples[i] = Number(process.hrtime.bigint() - t0) / 1000;
  }
  return percentiles(samples);
}

/** The same for a promise-returning `fn`, each call awaited. */
export async function timeCallsAsync(
  fn: () => Promise<unknown>,
  iterations: number,
  warm: number,
): Promise<Stats> {
  for (let i = 0; i < warm; i++) await fn();
  const samples = new Float64Array(iterations);
  for (let i = 0; i < iterations; i++) {
    const t0 = process.hrtime.bigint();
    await fn();
    samples[i] = Number(process.hrtime.bigint() - t0) / 1000;
  }
  return percentiles(samples);
}

/** `fn` over every snippet, `rounds` times, each call a sample (after 20 untimed calls per snippet). */
export function timeSnippets(snippets: readonly string[], fn: (s: string) => void, rounds: number): Stats {
  for (const s of snippets) for (let i = 0; i < 20; i++) fn(s);
  const samples = new Float64Array(rounds * snippets.length);
  let n = 0;
  for (let r = 0; r < rounds; r++) {
    for (const s of snippets) {
      const t = process.hrtime.bigint();
      fn(s);
      samples[n++] = Number(process.hrtime.bigint() - t) / 1000;
    }
  }
  return percentiles(samples);
}

/** The records of bench/fixtures/<file>: blocks separated by `---` lines, blank ones dropped. */
export function fixtureRecords(file: string): string[] {
  return readFileSync(new URL(`../fixtures/${file}`, import.meta.url), 'utf8')
    .split(/^---$/m)
    .map((r) => r.replace(/^\n/, '').replace(/\n$/, ''))
    .filter((r) => r.trim() !== '');
}
