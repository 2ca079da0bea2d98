/**
 * What an adapter does with an inspected request: return a replacement body (prompts scrubbed),
 * or ask for a veto (a tool payload the engine denied). Adapters are pure over the parsed JSON;
 * scrubbing and evaluation come in through `InspectContext`.
 */
import type { Decision, Runtime } from '../../engine/types.js';
import type { ScrubFn } from './prompt-walker.js';

export interface EvaluatedCall {
  readonly decision: Decision;
  /** The text the engine judged (command, code, SQL, or the tool call as JSON). */
  readonly offending: string;
  readonly runtime: Runtime | 'tool_call';
  readonly latencyUs: number;
}

export interface InspectContext {
  readonly scrub: ScrubFn;
  /** Evaluate a tool call (name + arguments) with the engine. Throws when analysis fails. */
  evaluateToolCall(name: string, args: unknown): Promise<EvaluatedCall>;
  /** Evaluate a command, code or SQL text. Throws when analysis fails. */
  evaluateText(text: string, runtime: Runtime): Promise<EvaluatedCall>;
  /** How a vetoed MCP tools/call is answered (config proxy.mcpVeto). */
  readonly mcpVeto: 'http' | 'jsonrpc';
  /** The remediation envelope (SPEC 2.8) for a vetoed call, signed when receipts are configured. */
  envelope(call: EvaluatedCall): Record<string, unknown>;
}

export type Inspection =
  /** Forward; `body` is the replacement JSON, or undefined to send the original bytes. */
  | { readonly kind: 'forward'; readonly body?: unknown }
  /** Answer locally with this JSON (a JSON-RPC veto result), status 200. */
  | {
      readonly kind: 'reply';
      readonly status: number;
      readonly body: unknown;
      readonly vetoes: readonly EvaluatedCall[];
    }
  /** Answer 403 with the remediation envelope of the first vetoed call. */
  | {
      readonly kind: 'veto';
      readonly vetoes: readonly EvaluatedCall[];
      readonly extra?: Record<string, unknown>;
    };

export interface RequestAdapter {
  readonly name: 'openai' | 'anthropic' | 'mcp' | 'tool';
  /** Whether the body is read and inspected (by method; multipart uploads are never JSON prompts). */
  inspects(method: string, contentType: string | undefined): boolean;
  inspect(body: unknown, ctx: InspectContext): Inspection | Promise<Inspection>;
  /** Which response observer reads the model's proposed tool calls, if any. */
  readonly proposals?: 'openai' | 'anthropic';
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** JSON-bearing requests: POST/PUT/PATCH whose body is not a multipart upload. */
export function inspectsJsonBodies(method: string, contentType: string | undefined): boolean {
  if (!BODY_METHODS.has(method)) return false;
  return !(contentType !== undefined && /^\s*multipart\//i.test(contentType));
}
