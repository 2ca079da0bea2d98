/**
 * Load generation for the HTTP benches: wrk when it is installed (a C load generator, so the node
 * process under test is not competing with a node load generator for the same cores), autocannon
 * otherwise. Also reads the CPU time a set of processes spent, so a figure per request can be given
 * that does not depend on how busy the shared machine was.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannonModule from 'autocannon';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
// autocannon ships no types; this is the part of its API the benches use.
const autocannon = autocannonModule as unknown as (
  options: Record<string, unknown>,
) => Promise<AutocannonResult>;

export interface LoadOptions {
  readonly url: string;
  /** POST this JSON body; GET when absent. */
  readonly body?: string;
  readonly connections: number;
  readonly seconds: number;
  /** Processes whose CPU time is charged to the requests (the server under test). */
  readonly measured?: readonly number[];
  /** Seconds of unmeasured load first (JIT, caches, connections); default 1. */
  readonly warmupSeconds?: number;
}

export interface LoadResult {
  readonly rps: number;
  /** Milliseconds. */
  readonly p50: number;
  readonly p99: number;
  /** Non-2xx responses plus socket errors. */
  readonly errors: number;
  readonly total: number;
  /** User + system CPU of the measured processes per request, µs (absent when none measured). */
  readonly cpuUsPerRequest?: number;
  readonly tool: 'wrk' | 'autocannon';
}

/** Path of an executable on PATH (or in /usr/sbin, /sbin, where Debian puts nginx), or null. */
export function which(binary: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/sbin'])) {
    const path = join(dir, binary);
    if (dir && existsSync(path)) return path;
  }
  return null;
}

/** utime + stime of these processes and their threads, seconds (USER_HZ = 100 on Linux). */
export function cpuSeconds(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // process gone or no /proc: counted as nothing
    }
  }
  return ticks / 100;
}

export function parseWrk(text: string): Omit<LoadResult, 'tool'> {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? 0);
  const unit = (v: string, u: string): number => Number(v) * (u === 'us' ? 0.001 : u === 's' ? 1000 : 1);
  const pct = (p: string): number => {
    const m = new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`).exec(text);
    return m ? unit(m[1]!, m[2]!) : NaN;
  };
  const errors =
    Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0) +
    (/Socket errors:.*?(\d+).*?(\d+).*?(\d+).*?(\d+)/
      .exec(text)
      ?.slice(1)
      .reduce((n, v) => n + Number(v), 0) ?? 0);
  const total = Number(/(\d+) requests in/.exec(text)?.[1] ?? 0);
  return { rps, p50: pct('50'), p99: pct('99'), errors, total };
}

const WRK = which('wrk');

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const measured = options.measured ?? [];
  const warmup = options.warmupSeconds ?? 1;
  const perRequest = (cpu: number, total: number): { cpuUsPerRequest?: number } =>
    measured.length > 0 && total > 0 ? { cpuUsPerRequest: (cpu / total) * 1e6 } : {};
  if (WRK) {
    const dir = mkdtempSync(join(tmpdir(), 'ag-wrk-'));
    try {
      const script = join(dir, 'request.lua');
      writeFileSync(
        script,
        options.body === undefined
          ? 'wrk.method = "GET"\n'
          : `wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\nwrk.body = [==[${options.body}]==]\n`,
      );
      const args = ['-t1', `-c${options.connections}`, '--latency', '-s', script];
      if (warmup > 0) execFileSync(WRK, [...args, `-d${warmup}s`, options.url], { stdio: 'ignore' });
      const cpu0 = cpuSeconds(measured);
      const out = execFileSync(WRK, [...args, `-d${options.seconds}s`, options.url], { encoding: 'utf8' });
      const result = parseWrk(out);
      return { ...result, ...perRequest(cpuSeconds(measured) - cpu0, result.total), tool: 'wrk' };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const run = (duration: number): Promise<AutocannonResult> =>
    autocannon({
      url: options.url,
      connections: options.connections,
      duration,
      method: options.body === undefined ? 'GET' : 'POST',
      ...(options.body === undefined
        ? {}
        : { body: options.body, headers: { 'content-type': 'application/json' } }),
    });
  if (warmup > 0) await run(warmup);
  const cpu0 = cpuSeconds(measured);
  const r = await run(options.seconds);
  const total = r.requests.total;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.non2xx + r.errors,
    total,
    ...perRequest(cpuSeconds(measured) - cpu0, total),
    tool: 'autocannon',
  };
}

/**
 * Median of the finite values (NaN when there are none). A round that could not be measured (NaN)
 * is left out: in a comparator NaN makes the sort's order undefined, and it could land in the middle.
 */
export function median(values: readonly number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? NaN;
}
