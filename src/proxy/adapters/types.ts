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

/** How a route reads a body: JSON (also labelled text/plain or unlabelled), or multipart form parts. */
export type BodyKind = 'json' | 'multipart';

export interface RequestAdapter {
  readonly name: 'openai' | 'anthropic' | 'mcp' | 'tool';
  /**
   * The body kinds this route can inspect. Every request with a body is inspected whatever its
   * method (issue 24: a chat body sent with GET or DELETE reaches the provider too); a body of a
   * kind not listed is refused with 415, never forwarded unread.
   */
  readonly bodies: ReadonlySet<BodyKind>;
  inspect(body: unknown, ctx: InspectContext): Inspection | Promise<Inspection>;
  /** Refuses ambiguous protocol JSON before inspection (MCP: member names that differ only by case). */
  checkShape?(body: unknown): void;
  /** Which response observer reads the model's proposed tool calls, if any. */
  readonly proposals?: 'openai' | 'anthropic';
}

export const JSON_BODIES: ReadonlySet<BodyKind> = new Set(['json']);
export const PROMPT_BODIES: ReadonlySet<BodyKind> = new Set(['json', 'multipart']);

/**
 * The kind of a body by its Content-Type, or null when no adapter can read it. JSON is what a
 * provider or tool server parses whatever the label says (many ignore it), so text/plain and an
 * absent label are read as JSON too.
 */
export function bodyKindOf(contentType: string | undefined): BodyKind | null {
  if (contentType === undefined) return 'json';
  const essence = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (essence === '' || essence === 'application/json' || essence === 'text/plain') return 'json';
  if (essence.startsWith('application/') && essence.endsWith('+json')) return 'json';
  if (essence === 'multipart/form-data') return 'multipart';
  return null;
}
