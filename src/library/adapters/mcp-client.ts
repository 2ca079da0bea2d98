/**
 * MCP TypeScript SDK client adapter: a view of a `Client` whose `callTool` is checked before the
 * request leaves the process. Everything else is the client itself. Structural types only: the SDK
 * is not loaded at run time by this module.
 */
import { toGate, type ProtectOptions, type ToolGate } from '../tool-gate.js';

/** The part of an MCP `Client` the adapter touches. */
export interface McpClientLike {
  callTool(params: { name: string; arguments?: Record<string, unknown> }, ...rest: never[]): Promise<unknown>;
}

type AnyCallTool = (
  params: { name: string; arguments?: Record<string, unknown> },
  ...rest: unknown[]
) => Promise<unknown>;

/** What a non-strict block returns: an MCP CallToolResult with `isError`, so the model reads the feedback. */
export function blockedToolResult(feedback: string): {
  content: { type: 'text'; text: string }[];
  isError: true;
} {
  return { content: [{ type: 'text', text: feedback }], isError: true };
}

/**
 * Wrap an MCP client. Strict: a blocked `callTool` rejects with GuardViolationError (or
 * SpendCapExceededError) and no request is sent; non-strict: it resolves to an `isError` result
 * carrying the feedback string. The original client is not modified.
 */
export function protectMcpClient<C extends McpClientLike>(
  client: C,
  options: ProtectOptions | ToolGate = {},
): C {
  const gate = toGate(options);
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with `client` as this
  const original = client.callTool as AnyCallTool;
  const callTool: AnyCallTool = async (params, ...rest) => {
    const name = typeof params?.name === 'string' ? params.name : '';
    const args = params?.arguments ?? {};
    const result = await gate.invokeAsync(name, args, () => original.call(client, params, ...rest), params);
    return typeof result === 'string' ? blockedToolResult(result) : result;
  };
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'callTool') return callTool;
      // Bind methods to the real client: its private fields do not exist on the proxy.
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
