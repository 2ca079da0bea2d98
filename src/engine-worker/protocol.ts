/** Messages between the sidecar and its analysis worker (host.ts, worker.ts): structured-clone data only. */
import type { AnalyzeLimits } from '../engine/analyze.js';
import type { ErrorCode, ErrorDetails } from '../errors.js';
import type { Fact } from '../engine/facts.js';
import type { Runtime } from '../engine/types.js';

/** One full-budget analysis: text in a runtime, or a tool call's canonical JSON text. */
export type JobRequest =
  | {
      readonly kind: 'text';
      readonly text: string;
      readonly runtime: Runtime;
      readonly limits: AnalyzeLimits;
    }
  | { readonly kind: 'tool_call'; readonly text: string; readonly limits: AnalyzeLimits };

export type AnalysisJob = JobRequest & { readonly id: number };

/** An AgentGuardError crosses as its code and details; anything else as its name only (no text of the input). */
export interface JobError {
  readonly code?: ErrorCode;
  readonly details?: ErrorDetails;
  readonly name: string;
}

export type AnalysisReply =
  | { readonly id: number; readonly facts: readonly Fact[] }
  | { readonly id: number; readonly error: JobError };

/** Sent once by a worker that has loaded the engine and its parsers: from then on stallMs applies. */
export interface ReadyMessage {
  readonly ready: true;
}
