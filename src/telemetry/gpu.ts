/**
 * Background GPU probe for the sidecar /health (`gpu_vram_mb`) and the envelope's hardware view:
 * runs `nvidia-smi` with execFile on an interval, never on a request path, and keeps the last reading.
 */
import { execFile } from 'node:child_process';

export interface GpuDevice {
  readonly index: number;
  /** Marketing name as nvidia-smi prints it, e.g. "NVIDIA H100 80GB HBM3". */
  readonly name: string;
  /** Memory in use, MiB (nvidia-smi's "MiB", which it labels MB in CSV headers). */
  readonly usedMb: number;
  readonly totalMb: number;
}

/**
 * `pending`: no reading yet; `ok`: at least one GPU read; `none`: no nvidia-smi or no device;
 * `error`: nvidia-smi exists but failed (driver not loaded, timeout, unparsable output).
 */
export type GpuState = 'pending' | 'ok' | 'none' | 'error';

export interface GpuSnapshot {
  readonly state: GpuState;
  readonly gpus: readonly GpuDevice[];
  /** Sum of memory in use over all GPUs, MiB; 0 when there is none. */
  readonly usedMb: number;
  readonly totalMb: number;
  /** Short reason when state is none or error (never command output verbatim beyond one line). */
  readonly reason?: string;
  /** Epoch milliseconds of the reading; 0 before the first one. */
  readonly readAt: number;
}

/** The query the probe runs; `name` is included for the hardware view's GPU model. */
export const NVIDIA_SMI_ARGS = [
  '--query-gpu=index,name,memory.used,memory.total',
  '--format=csv,noheader,nounits',
] as const;

const NUMBER = /^\d+(?:\.\d+)?$/;

/**
 * Parse `nvidia-smi --query-gpu=index,name,memory.used,memory.total --format=csv,noheader,nounits`
 * (also accepts the three-column form without `name`). Lines that do not parse are skipped: a MIG or
 * vGPU setup can print `[N/A]` or `[Not Supported]` for memory, which reads as 0 for that device.
 */
export function parseNvidiaSmiCsv(text: string): GpuDevice[] {
  const gpus: GpuDevice[] = [];
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === '') continue;
    const fields = line.split(',').map((f) => f.trim());
    if (fields.length < 3) continue;
    const index = fields[0]!;
    if (!/^\d+$/.test(index)) continue;
    const total = fields[fields.length - 1]!;
    const used = fields[fields.length - 2]!;
    // The name may itself contain commas; it is whatever lies between index and the two numbers.
    const name = fields.length > 3 ? fields.slice(1, -2).join(', ') : '';
    gpus.push({
      index: Number(index),
      name,
      usedMb: NUMBER.test(used) ? Math.round(Number(used)) : 0,
      totalMb: NUMBER.test(total) ? Math.round(Number(total)) : 0,
    });
  }
  return gpus;
}

/** Build a snapshot from one run's outcome; pure so captured outputs can be tested. */
export function snapshotFromRun(
  outcome: { stdout: string } | { error: NodeJS.ErrnoException & { killed?: boolean } },
  now: number,
): GpuSnapshot {
  if ('error' in outcome) {
    const err = outcome.error;
    if (err.code === 'ENOENT') return empty('none', 'nvidia-smi not found', now);
    if (err.killed) return empty('error', 'nvidia-smi timed out', now);
    // nvidia-smi exits 6 ("No devices were found") or 9 (driver not loaded) on hosts without a GPU.
    const first = String(err.message ?? '')
      .split('\n')
      .find((l) => /no devices were found|couldn't communicate|driver/i.test(l));
    if (first) return empty('none', first.trim().slice(0, 200), now);
    return empty('error', `nvidia-smi failed (${String(err.code ?? 'exit')})`, now);
  }
  const gpus = parseNvidiaSmiCsv(outcome.stdout);
  if (gpus.length === 0) {
    const said = outcome.stdout.trim().split('\n')[0] ?? '';
    return empty(/no devices/i.test(said) ? 'none' : 'error', said.slice(0, 200) || 'no GPU rows', now);
  }
  return {
    state: 'ok',
    gpus,
    usedMb: gpus.reduce((sum, g) => sum + g.usedMb, 0),
    totalMb: gpus.reduce((sum, g) => sum + g.totalMb, 0),
    readAt: now,
  };
}

function empty(state: GpuState, reason: string, now: number): GpuSnapshot {
  return { state, gpus: [], usedMb: 0, totalMb: 0, reason, readAt: now };
}

export type RunCommand = (
  file: string,
  args: readonly string[],
  timeoutMs: number,
) => Promise<{ stdout: string } | { error: NodeJS.ErrnoException & { killed?: boolean } }>;

const runExecFile: RunCommand = (file, args, timeoutMs) =>
  new Promise((resolve) => {
    execFile(
      file,
      [...args],
      { timeout: timeoutMs, windowsHide: true, maxBuffer: 64 * 1024 },
      (error, stdout) => {
        resolve(
          error
            ? { error: error as NodeJS.ErrnoException & { killed?: boolean } }
            : { stdout: String(stdout) },
        );
      },
    );
  });

export interface GpuProbeOptions {
  readonly intervalMs: number;
  /** Per-run timeout; a hung driver never piles up runs. Default 5000 ms. */
  readonly timeoutMs?: number;
  readonly command?: string;
  /** Injected for tests; default runs nvidia-smi with execFile. */
  readonly run?: RunCommand;
  readonly now?: () => number;
  /** Called after every reading (metrics). */
  readonly onReading?: (snapshot: GpuSnapshot) => void;
}

export interface GpuProbe {
  snapshot(): GpuSnapshot;
  /** Run once now (also what the interval does); resolves with the new snapshot. */
  refresh(): Promise<GpuSnapshot>;
  stop(): void;
}

/**
 * Start probing: one run immediately, then every `intervalMs`. The timer is unref'd so it never
 * keeps a process alive; a run still in progress is never overlapped by the next.
 */
export function startGpuProbe(options: GpuProbeOptions): GpuProbe {
  const run = options.run ?? runExecFile;
  const now = options.now ?? Date.now;
  let current: GpuSnapshot = { state: 'pending', gpus: [], usedMb: 0, totalMb: 0, readAt: 0 };
  let inFlight: Promise<GpuSnapshot> | null = null;
  let stopped = false;
  // Once nvidia-smi is known to be absent, stop spawning: it will not appear while we run.
  let absent = false;

  const refresh = (): Promise<GpuSnapshot> => {
    if (inFlight) return inFlight;
    if (absent || stopped) return Promise.resolve(current);
    inFlight = run(options.command ?? 'nvidia-smi', NVIDIA_SMI_ARGS, options.timeoutMs ?? 5000)
      .then((outcome) => {
        current = snapshotFromRun(outcome, now());
        if ('error' in outcome && outcome.error.code === 'ENOENT') absent = true;
        options.onReading?.(current);
        return current;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  void refresh();
  const timer = setInterval(() => void refresh(), options.intervalMs);
  timer.unref();

  return {
    snapshot: () => current,
    refresh,
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}

/** A probe that never runs anything (probe switched off in the configuration). */
export function disabledGpuProbe(): GpuProbe {
  const snap: GpuSnapshot = {
    state: 'none',
    gpus: [],
    usedMb: 0,
    totalMb: 0,
    reason: 'probe disabled',
    readAt: 0,
  };
  return { snapshot: () => snap, refresh: () => Promise.resolve(snap), stop: () => undefined };
}
