/**
 * OpenAI Agents SDK for JavaScript (`@openai/agents` 0.x) adapter: wraps a FunctionTool's
 * `invoke(runContext, input, details)`, outside the SDK's own error handling, so a strict block
 * fails the run with GuardViolationError instead of being turned into a tool-error string.
 * Structural types only: nothing here loads the SDK at run time.
 */
import { toGate, type ProtectOptions, type ToolGate } from '../tool-gate.js';

/** The part of an Agents SDK FunctionTool the adapter touches. */
export interface FunctionToolLike {
  readonly type: 'function';
  readonly name: string;
  invoke: (runContext: never, input: string, details?: never) => Promise<unknown>;
}

type AnyInvoke = (runContext: unknown, input: string, details?: unknown) => Promise<unknown>;

function parseArguments(input: string): unknown {
  try {
    return JSON.parse(input) as unknown;
  } catch {
    // Not JSON: the SDK will reject it itself; evaluate the raw text meanwhile (fail closed).
    return input;
  }
}

/** Wrap one FunctionTool; the result is a copy with every other property (symbols too) kept. */
export function protectOpenAIAgentsTool<T extends FunctionToolLike>(
  tool: T,
  options: ProtectOptions | ToolGate = {},
): T {
  const gate = toGate(options);
  const original = tool.invoke as AnyInvoke;
  const copy = Object.create(
    Object.getPrototypeOf(tool) as object,
    Object.getOwnPropertyDescriptors(tool),
  ) as T;
  const invoke: AnyInvoke = (runContext, input, details) =>
    gate.invokeAsync(
      tool.name,
      parseArguments(input),
      () => original.call(tool, runContext, input, details),
      runContext,
    );
  Object.defineProperty(copy, 'invoke', {
    value: invoke,
    writable: true,
    enumerable: true,
    configurable: true,
  });
  return copy;
}

/**
 * Wrap an agent's tool list (`new Agent({ tools: protectOpenAIAgentsTools([...]) })`). Tools that
 * are not function tools (hosted tools, handoffs) are returned unchanged.
 */
export function protectOpenAIAgentsTools<T extends readonly unknown[]>(
  tools: T,
  options: ProtectOptions | ToolGate = {},
): T {
  const gate = toGate(options);
  return tools.map((t) =>
    typeof t === 'object' &&
    t !== null &&
    (t as { type?: unknown }).type === 'function' &&
    typeof (t as { invoke?: unknown }).invoke === 'function'
      ? protectOpenAIAgentsTool(t as FunctionToolLike, gate)
      : t,
  ) as unknown as T;
}
