/**
 * Calls the engine for the proxy: command/code/SQL text through `validate`, tool calls (MCP
 * tools/call, a model's proposed calls) through the engine's tool-call entry point
 * `validateToolCall`. Times every evaluation for /health.
 */
import { performance } from 'node:perf_hooks';
import type { Runtime } from '../engine/types.js';
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
  const evaluateSync = (text: string, runtime: Runtime): EvaluatedCall => {
    const started = performance.now();
    const { decision } = guard.validate({ command: text, runtime });
    const latencyUs = (performance.now() - started) * 1000;
    window.record(latencyUs);
    return { decision, offending: text, runtime, latencyUs };
  };

  const evaluateToolCall = (name: string, args: unknown): EvaluatedCall => {
    const started = performance.now();
    const answer = guard.validateToolCall({ name, arguments: args });
    const decision = 'decision' in answer ? answer.decision : answer;
    const latencyUs = (performance.now() - started) * 1000;
    window.record(latencyUs);
    const offending = `${name} ${JSON.stringify(args) ?? ''}`.slice(0, MAX_OFFENDING);
    return { decision, offending, runtime: 'tool_call', latencyUs };
  };

  // Promise-returning so an engine that evaluates off-thread later can slot in; a throw becomes a rejection.
  return {
    evaluateText: (text, runtime) => {
      try {
        return Promise.resolve(evaluateSync(text, runtime));
      } catch (err) {
        return Promise.reject(err instanceof Error ? err : new Error(String(err)));
      }
    },
    evaluateToolCall: (name, args) => {
      try {
        return Promise.resolve(evaluateToolCall(name, args));
      } catch (err) {
        return Promise.reject(err instanceof Error ? err : new Error(String(err)));
      }
    },
  };
}
