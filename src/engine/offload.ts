/**
 * Analyses too big for the calling thread (issue 24: no request may hold the sidecar's event loop
 * over 50 ms). The first MAIN_THREAD_UNITS of work run where the caller is; an input longer than
 * MAIN_THREAD_CHARS, or one that needs more work, is analysed again elsewhere (the server hands in a
 * worker thread, src/engine-worker/) with the full work budget. The decision is the one the full
 * budget gives on any thread: a budget only stops work, it never changes what the work finds, so
 * the same input still always gets the same decision. The engine stays pure: it only sees this
 * interface.
 */
import { WorkBudget } from './budget.js';
import type { Fact } from './facts.js';
import type { AnalyzeLimits } from './analyze.js';
import type { Runtime } from './types.js';

/** Runs full-budget analyses away from the caller's thread. */
export interface AnalysisOffload {
  analyze(text: string, runtime: Runtime, limits: AnalyzeLimits): Promise<readonly Fact[]>;
  analyzeToolCall(text: string, limits: AnalyzeLimits): Promise<readonly Fact[]>;
}

/**
 * Work the caller's thread may do for one analysis before it hands the input over: 10% of the
 * default budget, at most about 30 ms of CPU on this project's 2-core machines (bench/event-loop-slice.ts).
 */
export const MAIN_THREAD_UNITS = 100_000;

/** Longer inputs go straight to the offload: one parse of 16 KiB of SQL took 40-47 ms of CPU (bench/event-loop-slice.ts). */
export const MAIN_THREAD_CHARS = 8 * 1024;

/**
 * Facts for an input when the caller's slice of work suffices; undefined when the input is longer
 * than MAIN_THREAD_CHARS or its analysis needs more than MAIN_THREAD_UNITS (hand it to the offload).
 * `local` must analyse with the budget it is given.
 */
export function analyzeInSlice(
  text: string,
  local: (work: WorkBudget) => readonly Fact[],
): readonly Fact[] | undefined {
  if (text.length > MAIN_THREAD_CHARS) return undefined;
  const work = new WorkBudget(MAIN_THREAD_UNITS);
  const facts = local(work);
  return work.exhausted ? undefined : facts;
}
