/**
 * MCP over Streamable HTTP (JSON-RPC 2.0): every `tools/call` is judged by the engine's tool-call
 * entry point before it reaches the tool server. Other methods, responses and notifications pass.
 *
 * Batches (JSON-RPC arrays, still sent by older MCP clients): if any call in the batch is vetoed,
 * nothing in the batch is forwarded, because a batch is one HTTP exchange and a partial forward
 * would need us to merge our answers into the server's. The http style answers 403 with the
 * envelope of the first vetoed call; the jsonrpc style answers each vetoed call with an
 * `isError` tool result and every other request in the batch with a JSON-RPC error saying it was
 * not executed, so the client can retry those alone.
 */
import { canonicalKeys, caseVariantKey } from '../../http/json-shape.js';
import { AgentGuardError } from '../../errors.js';
import { JSON_BODIES, type EvaluatedCall, type Inspection, type RequestAdapter } from './types.js';

type JsonRpcId = string | number | null;

interface Vetoed {
  readonly id: JsonRpcId | undefined;
  readonly call: EvaluatedCall;
}

/** JSON-RPC error code for requests of a batch that were not forwarded (implementation-defined range). */
export const MCP_BATCH_NOT_FORWARDED = -32001;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function idOf(message: Record<string, unknown>): JsonRpcId | undefined {
  const id = message.id;
  return typeof id === 'string' || typeof id === 'number' || id === null ? id : undefined;
}

/**
 * The MCP tool result a model reads (CallToolResult with isError), carrying the envelope as text.
 * No `structuredContent`: a client validates it against the tool's outputSchema and the envelope
 * never matches one (the official SDK's callTool then throws -32602 instead of showing the refusal);
 * an isError result needs none (MCP spec 2025-06-18, "Structured Content"; issue 25).
 */
export function vetoToolResult(envelope: Record<string, unknown>): Record<string, unknown> {
  const reason = typeof envelope.reason === 'string' ? envelope.reason : 'the call was denied';
  const hint = typeof envelope.remediation_hint === 'string' ? ` ${envelope.remediation_hint}` : '';
  return {
    content: [
      { type: 'text', text: `agent-guard blocked this tool call: ${reason}.${hint}` },
      { type: 'text', text: JSON.stringify(envelope) },
    ],
    isError: true,
  };
}

/** JSON-RPC 2.0 message members and tools/call params members, in their one correct spelling. */
const MESSAGE_KEYS = canonicalKeys(['jsonrpc', 'id', 'method', 'params', 'result', 'error']);
const PARAMS_KEYS = canonicalKeys(['name', 'arguments', '_meta']);

/**
 * Refuse a message whose member names differ from the protocol's only by case (`"Method"`,
 * `"Params"`, `"Name"`, `"Arguments"`): a server that matches names case-insensitively (Go's
 * encoding/json) would run a call this adapter read as absent or as something else (issue 24).
 */
export function checkMcpShape(body: unknown): void {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  for (const message of messages) {
    if (!isObject(message)) continue;
    const top = caseVariantKey(message, MESSAGE_KEYS);
    const params = isObject(message.params) ? caseVariantKey(message.params, PARAMS_KEYS) : null;
    const bad = top ?? params;
    if (bad !== null) {
      const canonical = (top !== null ? MESSAGE_KEYS : PARAMS_KEYS).get(bad.normalize('NFKC').toLowerCase());
      throw new AgentGuardError('AG_ERR_JSON_CASE_VARIANT_KEY', {
        what: 'the MCP message',
        canonical: canonical ?? 'a protocol member',
      });
    }
  }
}

export const mcpAdapter: RequestAdapter = {
  name: 'mcp',
  bodies: JSON_BODIES,
  checkShape: checkMcpShape,
  async inspect(body, ctx): Promise<Inspection> {
    const batch = Array.isArray(body);
    const messages: unknown[] = batch ? body : [body];
    const vetoed: Vetoed[] = [];
    for (const message of messages) {
      if (!isObject(message) || message.method !== 'tools/call' || !isObject(message.params)) continue;
      const name = message.params.name;
      if (typeof name !== 'string') continue;
      const call = await ctx.evaluateToolCall(name, message.params.arguments ?? {});
      if (!call.decision.allowed) vetoed.push({ id: idOf(message), call });
    }
    if (vetoed.length === 0) return { kind: 'forward' };
    const vetoes = vetoed.map((v) => v.call);
    if (ctx.mcpVeto === 'http') {
      return { kind: 'veto', vetoes, extra: { jsonrpc_ids: vetoed.map((v) => v.id ?? null) } };
    }
    const answerFor = (message: unknown): Record<string, unknown> | null => {
      if (!isObject(message)) return null;
      const id = idOf(message);
      if (id === undefined || typeof message.method !== 'string') return null; // notification or response
      const hit = vetoed.find((v) => v.id === id);
      if (hit) return { jsonrpc: '2.0', id, result: vetoToolResult(ctx.envelope(hit.call)) };
      return {
        jsonrpc: '2.0',
        id,
        error: {
          code: MCP_BATCH_NOT_FORWARDED,
          message: 'not executed: another call in this batch was blocked by agent-guard; send it alone',
        },
      };
    };
    if (!batch) {
      const only = vetoed[0]!;
      return {
        kind: 'reply',
        status: 200,
        body: { jsonrpc: '2.0', id: only.id ?? null, result: vetoToolResult(ctx.envelope(only.call)) },
        vetoes,
      };
    }
    const answers = messages.map(answerFor).filter((a): a is Record<string, unknown> => a !== null);
    return { kind: 'reply', status: 200, body: answers, vetoes };
  },
};
