/**
 * Vercel AI SDK (`ai` v5/v6) adapter: wraps each tool's `execute(input, options)` in the tool gate.
 * Structural types only, so nothing here loads `ai` at run time for users who do not have it.
 */
import { toGate, type ProtectOptions, type ToolGate } from '../tool-gate.js';

/** The part of an AI SDK `Tool` the adapter touches (tools without `execute` are left alone). */
export interface VercelToolLike {
  execute?: ((input: never, options: never) => unknown) | undefined;
}

type AnyExecute = (input: unknown, options: unknown) => unknown;

function isAsyncGeneratorFunction(fn: unknown): boolean {
  return typeof fn === 'function' && fn.constructor?.name === 'AsyncGeneratorFunction';
}

/** Wrap one tool's execute. The tool object is copied, never changed. */
export function protectVercelTool<T extends VercelToolLike>(name: string, tool: T, gate: ToolGate): T {
  const original = tool.execute as AnyExecute | undefined;
  if (typeof original !== 'function') return tool;
  const streaming = isAsyncGeneratorFunction(original);
  const execute = (input: unknown, options: unknown): unknown => {
    const call = () => original.call(tool, input, options);
    // Synchronous once the guard is loaded: a tool returning an AsyncIterable (preliminary results)
    // must be handed to the SDK as that iterable, not wrapped in a Promise.
    if (gate.isReady) return gate.invoke(name, input, call, options);
    if (!streaming) return gate.invokeAsync(name, input, call, options);
    return (async function* () {
      await gate.ready();
      const result = gate.invoke(name, input, call, options);
      if (typeof result === 'string') {
        yield result;
        return;
      }
      yield* result as AsyncIterable<unknown>;
    })();
  };
  return { ...tool, execute };
}

/**
 * Wrap a `tools` record for `generateText` / `streamText` / an `Agent`. Each tool's arguments are
 * evaluated before it runs; strict blocks throw GuardViolationError (the SDK reports a tool error),
 * non-strict blocks return the feedback string as the tool's output.
 */
export function protectVercelTools<T extends Record<string, VercelToolLike>>(
  tools: T,
  options: ProtectOptions | ToolGate = {},
): T {
  const gate = toGate(options);
  const out: Record<string, VercelToolLike> = {};
  for (const [name, tool] of Object.entries(tools)) out[name] = protectVercelTool(name, tool, gate);
  return out as T;
}
