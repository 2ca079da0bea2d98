/**
 * The sidecar's analysis worker: one worker_threads thread that runs the full-budget analyses the
 * engine hands over (src/engine/offload.ts), so a large input never holds the event loop that
 * serves everyone else (issue 24). Started on first use, stopped after a quiet spell, restarted
 * after a crash. A job that cannot be answered (the worker died, ran out of memory or stopped
 * answering) is rejected with a plain Error, which the engine turns into its fail-closed deny; a
 * full queue is AG_ERR_ENGINE_BUSY (503), never a decision.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AnalyzeLimits } from '../engine/analyze.js';
import type { Fact } from '../engine/facts.js';
import type { AnalysisOffload } from '../engine/offload.js';
import type { Runtime } from '../engine/types.js';
import { AgentGuardError } from '../errors.js';
import type { AnalysisJob, AnalysisReply, JobError, JobRequest, ReadyMessage } from './protocol.js';
import { claimStop, createStopGate } from './stop-gate.js';

/** How soon a stop is tried again while the worker is inside a native parse (stop-gate.ts). */
const HALT_RETRY_MS = 5;

export interface AnalysisWorkerOptions {
  /** Jobs waiting or running at most; more get AG_ERR_ENGINE_BUSY (default 32). */
  readonly maxQueued?: number;
  /** Stop the thread after this long without jobs, giving its memory back (default 30 s). */
  readonly idleMs?: number;
  /**
   * A busy worker that answers nothing for this long is stuck (a bug: every analysis is bounded by
   * its work budget): it is stopped and its jobs fail closed (default 10 s).
   */
  readonly stallMs?: number;
  /**
   * A started worker that has not loaded the engine and its parsers within this long is stuck; its
   * jobs fail closed (default 60 s). Booting is slower than any analysis (from source under tsx, on a
   * throttled CPU), so it does not count against stallMs.
   */
  readonly bootMs?: number;
  /** Heap of the thread in MB (default 256): an analysis past it fails closed, the sidecar lives on. */
  readonly maxHeapMb?: number;
  /** Told when the thread starts, exits unexpectedly or is stopped as stuck (for logs and metrics). */
  readonly onEvent?: (event: 'started' | 'crashed' | 'stalled') => void;
  /** Told how each job ended: answered (facts or an input error), busy (queue full), failed (fails closed). */
  readonly onJob?: (outcome: 'answered' | 'busy' | 'failed') => void;
}

export interface AnalysisWorker extends AnalysisOffload {
  /** Jobs waiting or running now. */
  readonly queued: number;
  /** Stop the thread; jobs still waiting fail closed. */
  close(): Promise<void>;
}

interface Pending {
  readonly resolve: (facts: readonly Fact[]) => void;
  readonly reject: (err: Error) => void;
}

/**
 * How to start the worker: from the build, its entry file next to this module (tsc keeps the folder:
 * dist/engine-worker/worker.js; the bundle has dist/bundle/analysis-worker.js next to main.js, and
 * this code sits in main.js or in dist/bundle/chunks/). From source (tests, `npm run dev`), a worker
 * does not inherit tsx's loader, so a small boot script registers it first.
 */
function workerSource(): { readonly source: string | URL; readonly eval: boolean } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const entry = JSON.stringify(new URL('./worker.ts', here).href);
    return {
      source: `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${entry}); });`,
      eval: true,
    };
  }
  for (const candidate of ['./worker.js', './analysis-worker.js', '../analysis-worker.js']) {
    const url = new URL(candidate, here);
    if (existsSync(fileURLToPath(url))) return { source: url, eval: false };
  }
  throw new Error('the analysis worker entry (analysis-worker.js) is missing from the build');
}

function replyError(error: JobError): Error {
  if (error.code !== undefined) return new AgentGuardError(error.code, error.details ?? {});
  return new Error(`analysis worker: ${error.name}`);
}

export function createAnalysisWorker(options: AnalysisWorkerOptions = {}): AnalysisWorker {
  const maxQueued = options.maxQueued ?? 32;
  const idleMs = options.idleMs ?? 30_000;
  const stallMs = options.stallMs ?? 10_000;
  const bootMs = options.bootMs ?? 60_000;
  const maxHeapMb = options.maxHeapMb ?? 256;
  const pending = new Map<number, Pending>();
  let worker: Worker | undefined;
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | undefined;
  let stallTimer: NodeJS.Timeout | undefined;
  let closed = false;
  /** The current worker has said it is ready (ReadyMessage). */
  let booted = false;

  function failAll(reason: string): void {
    const jobs = [...pending.values()];
    pending.clear();
    for (const job of jobs) {
      options.onJob?.('failed');
      job.reject(new Error(`analysis worker ${reason}`));
    }
  }

  const gates = new WeakMap<Worker, SharedArrayBuffer>();

  /**
   * Terminates `w` once it is outside tree-sitter's native code, where a stop would abort the
   * process (stop-gate.ts); a parse ends within its input's bound. `keepAlive`: the retries hold the
   * event loop open (close() waits for them; a stalled or idle worker does not keep the process up).
   */
  function halt(w: Worker, keepAlive: boolean): Promise<void> {
    const gate = gates.get(w);
    if (!keepAlive) w.unref();
    return new Promise((resolve) => {
      let exited = false;
      // A worker that died on its own (a failed boot) needs no stop and never leaves its section.
      w.once('exit', () => {
        exited = true;
        resolve();
      });
      const attempt = (): void => {
        if (exited) return;
        if (gate === undefined || claimStop(gate)) {
          w.terminate().then(
            () => resolve(),
            () => resolve(),
          );
          return;
        }
        const retry = setTimeout(attempt, HALT_RETRY_MS);
        if (!keepAlive) retry.unref();
      };
      attempt();
    });
  }

  function stop(): void {
    const w = worker;
    worker = undefined;
    clearTimeout(stallTimer);
    clearTimeout(idleTimer);
    if (w !== undefined) void halt(w, false);
  }

  /** After each reply: watch the next job, or count down to an idle stop. */
  function rearm(): void {
    clearTimeout(stallTimer);
    clearTimeout(idleTimer);
    if (pending.size > 0) {
      worker?.ref();
      const starting = !booted;
      stallTimer = setTimeout(
        () => {
          options.onEvent?.('stalled');
          stop();
          failAll(starting ? 'did not start' : 'stopped answering');
        },
        starting ? bootMs : stallMs,
      );
      stallTimer.unref();
    } else {
      worker?.unref();
      idleTimer = setTimeout(stop, idleMs);
      idleTimer.unref();
    }
  }

  function start(): Worker {
    const entry = workerSource();
    const stopGate = createStopGate();
    const w = new Worker(entry.source, {
      eval: entry.eval,
      workerData: { stopGate },
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
      stdout: false,
      stderr: false,
    });
    gates.set(w, stopGate);
    booted = false;
    w.on('message', (reply: AnalysisReply | ReadyMessage) => {
      if ('ready' in reply) {
        if (worker === w) booted = true;
        rearm();
        return;
      }
      const job = pending.get(reply.id);
      if (job === undefined) return;
      pending.delete(reply.id);
      const answered = 'facts' in reply || reply.error.code !== undefined;
      options.onJob?.(answered ? 'answered' : 'failed');
      if ('facts' in reply) job.resolve(reply.facts);
      else job.reject(replyError(reply.error));
      rearm();
    });
    const gone = (why: string) => (): void => {
      if (worker !== w) return;
      worker = undefined;
      clearTimeout(stallTimer);
      options.onEvent?.('crashed');
      failAll(why);
    };
    w.on('error', gone('failed'));
    w.on('exit', gone('exited'));
    options.onEvent?.('started');
    return w;
  }

  function submit(job: JobRequest): Promise<readonly Fact[]> {
    if (closed) return Promise.reject(new Error('analysis worker closed'));
    if (pending.size >= maxQueued) {
      options.onJob?.('busy');
      return Promise.reject(new AgentGuardError('AG_ERR_ENGINE_BUSY', { queued: pending.size }));
    }
    return new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      try {
        worker ??= start();
        const message: AnalysisJob = { ...job, id };
        worker.postMessage(message);
      } catch (err) {
        pending.delete(id);
        options.onJob?.('failed');
        reject(err instanceof Error ? err : new Error(String(err)));
      }
      rearm();
    });
  }

  return {
    analyze: (text: string, runtime: Runtime, limits: AnalyzeLimits) =>
      submit({ kind: 'text', text, runtime, limits }),
    analyzeToolCall: (text: string, limits: AnalyzeLimits) => submit({ kind: 'tool_call', text, limits }),
    get queued() {
      return pending.size;
    },
    async close() {
      closed = true;
      const w = worker;
      worker = undefined;
      clearTimeout(stallTimer);
      clearTimeout(idleTimer);
      failAll('closed');
      if (w !== undefined) await halt(w, true);
    },
  };
}
