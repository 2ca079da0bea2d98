/**
 * `protectAgent(tools, options)` (SPEC 1, 7, 8): wraps an agent's tools so each call's arguments are
 * evaluated before the tool runs and billable calls are counted against the session's spend cap.
 * Accepts plain functions, AI SDK-style `{ execute }` tools and Agents SDK FunctionTools, in a record
 * or an array; returns the same shape, with the originals untouched.
 */
import { protectOpenAIAgentsTool, type FunctionToolLike } from './adapters/openai-agents.js';
import { protectVercelTool } from './adapters/vercel-ai.js';
import type { SessionSpend } from './spend/breaker.js';
import { toGate, ToolGate, type ProtectOptions } from './tool-gate.js';

/** A plain tool: called with its arguments (any extra parameters are passed through). */
export type ToolFunction = (args: never, ...rest: never[]) => unknown;

/** Plain functions become async and may resolve to the feedback string (non-strict). */
export type Protected<T> = T extends (...a: infer A) => infer R
  ? (...a: A) => Promise<Awaited<R> | string>
  : T;

export type ProtectedTools<T> = { [K in keyof T]: Protected<T[K]> };

/** Handle on a protected tool set: its spend and breaker. */
export interface AgentGuardControls {
  readonly gate: ToolGate;
  /** Close the breaker and zero the session's totals (default: the fixed session, or all sessions). */
  reset(sessionId?: string): void;
  /** The session's spend and breaker state. */
  spend(sessionId?: string): SessionSpend;
  /** Resolves when the guard is loaded. */
  ready(): Promise<void>;
}

const CONTROLS = new WeakMap<object, AgentGuardControls>();

function isFunctionTool(value: unknown): value is FunctionToolLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'function' &&
    typeof (value as { invoke?: unknown }).invoke === 'function' &&
    typeof (value as { name?: unknown }).name === 'string'
  );
}

function protectOne(name: string, tool: unknown, gate: ToolGate): unknown {
  if (typeof tool === 'function') {
    const fn = tool as (...a: unknown[]) => unknown;
    const wrapped = (args: unknown, ...rest: unknown[]): Promise<unknown> =>
      gate.invokeAsync(name, args, () => fn(args, ...rest));
    Object.defineProperty(wrapped, 'name', { value: fn.name || name });
    return wrapped;
  }
  if (isFunctionTool(tool)) return protectOpenAIAgentsTool(tool, gate);
  if (
    typeof tool === 'object' &&
    tool !== null &&
    typeof (tool as { execute?: unknown }).execute === 'function'
  ) {
    return protectVercelTool(name, tool as { execute: (i: never, o: never) => unknown }, gate);
  }
  return tool;
}

/**
 * Protect an agent's tools. Options (all optional): `strict` (default true: a block throws
 * GuardViolationError / SpendCapExceededError; false: the tool is not run and a feedback string is
 * returned), `spendCap` (default 50.0 per session), `costOf` or `prices`, `sessionId`, `onDecision`,
 * `guard`, `signer`, `breaker`, `refundOnError`. Pass a ToolGate instead of options to share one
 * breaker and session between several tool sets. See docs/library.md.
 */
export function protectAgent<T extends Record<string, unknown> | readonly unknown[]>(
  tools: T,
  options: ProtectOptions | ToolGate = {},
): ProtectedTools<T> {
  const gate = toGate(options);
  let out: Record<string, unknown> | unknown[];
  if (Array.isArray(tools)) {
    out = tools.map((t: unknown, i) =>
      protectOne(
        isFunctionTool(t) ? t.name : typeof t === 'function' && t.name ? t.name : `tool_${i}`,
        t,
        gate,
      ),
    );
  } else {
    out = {};
    for (const [name, tool] of Object.entries(tools)) out[name] = protectOne(name, tool, gate);
  }
  CONTROLS.set(out, {
    gate,
    reset: (sessionId) => gate.reset(sessionId),
    spend: (sessionId) => gate.spend(sessionId),
    ready: () => gate.ready(),
  });
  return out as ProtectedTools<T>;
}

/** The controls (spend, reset) of a tool set returned by protectAgent. */
export function agentGuardOf(protectedTools: object): AgentGuardControls {
  const controls = CONTROLS.get(protectedTools);
  if (controls === undefined) throw new TypeError('agentGuardOf: not a tool set returned by protectAgent');
  return controls;
}

export { ToolGate, type ProtectOptions };
