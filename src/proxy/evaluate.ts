/**
 * Calls the engine for the proxy: command/code/SQL text through `validate`, tool calls (MCP
 * tools/call, a model's proposed calls) through the engine's tool-call entry point
 * `validateToolCall`. Times every evaluation for /health.
 */
import { performance } from 'node:perf_hooks';
import type { Decision, EntryPoint, Runtime } from '../engine/types.js';
import type { EvaluatedCall } from './adapters/types.js';
import type { ProxyGuard } from './types.js';

/** Rolling window of evaluation latencies (µs) for /health's latency_median_us. */
export class LatencyWindow {
  readonly #values: Float64Array;
  #next = 0;
  #count = 0;

  constructor(size = 1024) {
    this.#values = new Float64Array(size);
  }

  record(us: number): void {
    this.#values[this.#next] = us;
    this.#next = (this.#next + 1) % this.#values.length;
    if (this.#count < this.#values.length) this.#count++;
  }

  median(): number {
    if (this.#count === 0) return 0;
    const sorted = this.#values.slice(0, this.#count).sort();
    const mid = this.#count >> 1;
    const value = this.#count % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    return Math.round(value * 100) / 100;
  }
}

const MAX_OFFENDING = 64 * 1024;

export interface Evaluator {
  evaluateText(text: string, runtime: Runtime): Promise<EvaluatedCall>;
  evaluateToolCall(name: string, args: unknown): Promise<EvaluatedCall>;
}

export function createEvaluator(guard: ProxyGuard, window: LatencyWindow): Evaluator {
  const timed = (
    started: number,
    decision: Decision,
    offending: string,
    runtime: EntryPoint,
  ): EvaluatedCall => {
    const latencyUs = (performance.now() - started) * 1000;
    window.record(latencyUs);
    return { decision, offending, runtime, latencyUs };
  };

  // The guard answers at once, or with a Promise when the analysis ran on the analysis worker; a
  // throw becomes a rejection either way.
  return {
    evaluateText: async (text, runtime) => {
      const started = performance.now();
      const { decision } = await guard.validate({ command: text, runtime });
      return timed(started, decision, text, runtime);
    },
    evaluateToolCall: async (name, args) => {
      const started = performance.now();
      const answer = await guard.validateToolCall({ name, arguments: args });
      const decision = 'decision' in answer ? answer.decision : answer;
      const offending = `${name} ${JSON.stringify(args) ?? ''}`.slice(0, MAX_OFFENDING);
      return timed(started, decision, offending, 'tool_call');
    },
  };
}
