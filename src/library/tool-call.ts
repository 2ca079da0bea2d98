/**
 * One tool call through the engine, for the library, the adapters and the hooks: the guard's
 * tool-call entry point (`validateToolCall`), or, for inputs a caller picked itself (`inputsOf`),
 * each input through `validate` with the first deny deciding. Fails closed: an input the engine
 * refuses (too large, too deep) is a deny, never an allow.
 */
import { failClosedDecision } from '../engine/engine.js';
import type { Decision, Runtime } from '../engine/types.js';
import { isAgentGuardError } from '../errors.js';
import { VERSION } from '../version.js';
import type { Guard, ValidateResult } from './create-guard.js';
import type { EvaluatedInput } from './errors.js';

/** One piece of text to evaluate (a custom `inputsOf` returns these). */
export interface ToolInput {
  readonly text: string;
  readonly runtime: Runtime;
  readonly source?: string;
}

export interface ToolCallEvaluation {
  readonly decision: Decision;
  readonly latencyUs: number;
  readonly errorCode?: string;
  /** What decided: the denied input, or the last input evaluated (or the call itself). */
  readonly evaluated: EvaluatedInput;
}

const ALLOW_NOTHING_TO_CHECK: Decision = Object.freeze({
  allowed: true,
  threatDetected: false,
  threatType: null,
  invariantsChecked: 0,
  runtime: 'tool_call',
  findings: [],
  tokensConserved: 0,
});

function callText(name: string, args: unknown): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(args);
  } catch {
    json = undefined;
  }
  return `${name} ${json ?? ''}`.slice(0, 64 * 1024);
}

function fromValidate(result: ValidateResult, input: ToolInput): ToolCallEvaluation {
  return {
    decision: result.decision,
    latencyUs: result.evalLatencyUs,
    ...(result.errorCode !== undefined ? { errorCode: result.errorCode } : {}),
    evaluated: {
      runtime: input.runtime,
      command: input.text,
      ...(input.source !== undefined ? { source: input.source } : {}),
    },
  };
}

/** Evaluate one input; an input error (too large, too deep) becomes the engine's fail-closed deny. */
export function evaluateInput(guard: Guard, input: ToolInput, agentId?: string): ToolCallEvaluation {
  const started = process.hrtime.bigint();
  try {
    return fromValidate(
      guard.validate({ command: input.text, runtime: input.runtime, ...(agentId ? { agentId } : {}) }),
      input,
    );
  } catch (err) {
    if (!isAgentGuardError(err)) throw err;
    const decision = failClosedDecision(input.text, input.runtime, guard.policy, err.code);
    return {
      decision,
      latencyUs: Number(process.hrtime.bigint() - started) / 1000,
      errorCode: err.code,
      evaluated: {
        runtime: input.runtime,
        command: input.text,
        ...(input.source !== undefined ? { source: input.source } : {}),
      },
    };
  }
}

/** Evaluate a list of inputs; the first deny decides, otherwise the last allow (or nothing to check). */
export function evaluateInputs(
  guard: Guard,
  inputs: readonly ToolInput[],
  fallbackText: string,
  agentId?: string,
): ToolCallEvaluation {
  let last: ToolCallEvaluation | null = null;
  let latency = 0;
  for (const input of inputs) {
    const result = evaluateInput(guard, input, agentId);
    latency += result.latencyUs;
    if (!result.decision.allowed) return { ...result, latencyUs: latency };
    last = result;
  }
  if (last !== null) return { ...last, latencyUs: latency };
  return {
    decision: ALLOW_NOTHING_TO_CHECK,
    latencyUs: latency,
    evaluated: { runtime: 'tool_call', command: fallbackText },
  };
}

/**
 * Evaluate a tool call through `guard.validateToolCall`; `inputsOf` overrides the extraction (return
 * undefined to fall back to it). The engine reads arguments that are not an object (a tool taking one
 * bare string) as `{ <tool name>: value }`, so a tool named `bash`, `shell`, `python` or `sql` has its
 * argument evaluated in that runtime.
 */
export function evaluateToolCall(
  guard: Guard,
  name: string,
  args: unknown,
  options: {
    readonly inputsOf?: (name: string, args: unknown) => readonly ToolInput[] | undefined;
    readonly agentId?: string;
  } = {},
): ToolCallEvaluation {
  const custom = options.inputsOf?.(name, args);
  if (custom !== undefined) return evaluateInputs(guard, custom, callText(name, args), options.agentId);
  const answer = guard.validateToolCall({
    name,
    arguments: args,
    ...(options.agentId !== undefined ? { agentId: options.agentId } : {}),
  });
  return {
    decision: answer.decision,
    latencyUs: answer.evalLatencyUs,
    ...(answer.errorCode !== undefined ? { errorCode: answer.errorCode } : {}),
    evaluated: { runtime: 'tool_call', command: callText(name, args) },
  };
}

/** The package version, reported as `engine_version` (same source as the server's). */
export function engineVersion(): string {
  return VERSION;
}
