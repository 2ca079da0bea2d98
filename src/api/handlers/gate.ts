/**
 * POST /api/v1/gate (SPEC 2.7, 2.8): each action becomes engine input (table GATE_INPUTS); a veto is
 * 403 with the remediation envelope, an allow 200 with the receipt. HTTP_REQUEST and FILE_WRITE are
 * evaluated as the equivalent shell command (shown in `evaluated`, so finding spans can be read);
 * TOOL_CALL goes through the engine's tool-call entry point (the same as the proxy's MCP route and
 * the library), which analyses every argument by what it carries. The engine's fail-closed deny
 * (ENG-AST-000) comes back as a 403 like any veto.
 */
import { toolCallText, type ToolCall } from '../../engine/extract/tool-call.js';
import { shellQuote } from '../../engine/shell-quote.js';
import type { EntryPoint } from '../../engine/types.js';
import { toWireDecision } from '../../engine/wire.js';
import { AgentGuardError } from '../../errors.js';
import type { ApiDeps } from '../deps.js';
import type { ApiResponse, RequestContext } from '../pipeline.js';
import { GATE_ACTIONS, GATE_SCHEMAS, type GateAction, type GateRequest } from '../schemas.js';
import { parseInput } from '../validate-input.js';
import { evaluateAndSeal, type EvaluatedDecision } from './decision.js';

/** One piece of engine input; `synthetic` when the text was built from the request's fields. */
interface GateInput {
  readonly text: string;
  readonly runtime: EntryPoint;
  readonly synthetic: boolean;
  /** TOOL_CALL: the call the engine's tool-call entry point evaluates (`text` is its canonical form). */
  readonly toolCall?: ToolCall;
}

function httpAsShell(url: string, method: string | undefined, body: string | undefined): string {
  const verb = (method ?? 'GET').toUpperCase();
  const data = body === undefined ? '' : ` --data-binary ${shellQuote(body)}`;
  return `curl -X ${verb}${data} -- ${shellQuote(url)}`;
}

export function gateInputs(request: GateRequest): GateInput[] {
  switch (request.action) {
    case 'SHELL_EXEC':
      return [{ text: request.command, runtime: 'bash', synthetic: false }];
    case 'CODE_EXEC':
      return [{ text: request.command, runtime: request.runtime, synthetic: false }];
    case 'SQL_QUERY':
      return [{ text: request.command, runtime: 'sql', synthetic: false }];
    case 'HTTP_REQUEST':
      return [
        { text: httpAsShell(request.url, request.method, request.body), runtime: 'bash', synthetic: true },
      ];
    case 'FILE_WRITE':
      return [{ text: `: > ${shellQuote(request.path)}`, runtime: 'bash', synthetic: true }];
    case 'TOOL_CALL': {
      const call = { name: request.tool_name, arguments: request.arguments };
      return [{ text: toolCallText(call), runtime: 'tool_call', synthetic: true, toolCall: call }];
    }
  }
}

function parseGate(body: unknown): GateRequest {
  const action = (body as { action?: unknown } | null)?.action;
  if (body !== null && typeof body === 'object' && !Array.isArray(body) && action === undefined) {
    throw new AgentGuardError('AG_ERR_API_MISSING_FIELD', { problems: 'missing required field "action"' });
  }
  if (typeof action === 'string' && (GATE_ACTIONS as readonly string[]).includes(action)) {
    return parseInput(GATE_SCHEMAS[action as GateAction], body) as GateRequest;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return parseInput(GATE_SCHEMAS.SHELL_EXEC, body) as GateRequest;
  throw new AgentGuardError('AG_ERR_INPUT_INVALID', {
    problems: `action: unknown action; allowed values: ${GATE_ACTIONS.join(', ')}`,
  });
}

interface Chosen {
  readonly result: EvaluatedDecision;
  readonly input: GateInput;
}

/**
 * Evaluate the inputs in order from `from`; the first deny decides, else the last allow. Stays
 * synchronous until an evaluation goes to the analysis worker, then continues when it answers.
 */
function choose(
  deps: ApiDeps,
  inputs: readonly GateInput[],
  agentId: string | null,
  from: number,
  chosen: Chosen | null,
): Chosen | null | Promise<Chosen | null> {
  for (let i = from; i < inputs.length; i++) {
    const input = inputs[i]!;
    const check = {
      text: input.text,
      runtime: input.runtime,
      agentId,
      ...(input.toolCall ? { toolCall: input.toolCall } : {}),
    };
    const result = evaluateAndSeal(deps, 'gate', check, 'envelope');
    if (result instanceof Promise) {
      return result.then((r) =>
        r.evaluation.decision.allowed
          ? choose(deps, inputs, agentId, i + 1, { result: r, input })
          : { result: r, input },
      );
    }
    chosen = { result, input };
    if (!result.evaluation.decision.allowed) break;
  }
  return chosen;
}

export function gateHandler(deps: ApiDeps): (ctx: RequestContext) => ApiResponse | Promise<ApiResponse> {
  return (ctx) => {
    const request = parseGate(ctx.body);
    const agentId = request.agent_id ?? null;
    const chosen = choose(deps, gateInputs(request), agentId, 0, null);
    return chosen instanceof Promise
      ? chosen.then((c) => answer(deps, ctx, request, agentId, c))
      : answer(deps, ctx, request, agentId, chosen);
  };
}

function answer(
  deps: ApiDeps,
  ctx: RequestContext,
  request: GateRequest,
  agentId: string | null,
  chosen: Chosen | null,
): ApiResponse {
  if (chosen === null) throw new AgentGuardError('AG_ERR_API_INTERNAL', { requestId: ctx.requestId });
  const { result, input } = chosen;
  const wire = toWireDecision(result.evaluation);
  const evaluated = input.synthetic ? { evaluated: { runtime: input.runtime, command: input.text } } : {};
  const common = {
    action: request.action,
    agent_id: agentId,
    threat_type: wire.threat_type,
    in_process_latency_us: wire.eval_latency_us,
    invariants_checked: wire.invariants_checked,
    soc2_compliant: wire.soc2_compliant,
    engine_version: deps.info.engineVersion,
    findings: wire.findings,
    ...evaluated,
  };
  if (wire.allowed) {
    return { status: 200, body: { allowed: true, verdict: 'ALLOW', ...common, ...result.receiptFields } };
  }
  const first = wire.findings[0];
  return {
    status: 403,
    body: {
      allowed: false,
      verdict: 'DENY',
      rule_id: wire.rule_id,
      invariant: first?.invariant,
      reason: wire.reason,
      suggested_alternative: wire.suggested_alternative,
      remediation_hint: wire.remediation_hint,
      tokens_conserved: wire.tokens_conserved,
      ...common,
      ...(wire.error_code ? { error_code: wire.error_code } : {}),
      ...result.receiptFields,
    },
  };
}
