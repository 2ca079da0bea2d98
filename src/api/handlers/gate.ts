/**
 * POST /api/v1/gate (SPEC 2.7, 2.8): each action becomes engine input (table GATE_INPUTS); a veto is
 * 403 with the remediation envelope, an allow 200 with the receipt. HTTP_REQUEST and FILE_WRITE are
 * evaluated as the equivalent shell command (shown in `evaluated`, so finding spans can be read);
 * TOOL_CALL evaluates every argument that carries a command, code, SQL or URL, and denies when any
 * of them is denied. The engine's fail-closed deny (ENG-AST-000) comes back as a 403 like any veto.
 */
import { canonicalize } from '../../receipts/index.js';
import { INVARIANT_NAMES, type Runtime } from '../../engine/types.js';
import { AgentGuardError } from '../../errors.js';
import type { ApiDeps } from '../deps.js';
import type { ApiResponse, RequestContext } from '../pipeline.js';
import { GATE_ACTIONS, GATE_SCHEMAS, type GateAction, type GateRequest } from '../schemas.js';
import { parseInput } from '../validate-input.js';
import { evaluateAndSeal, type EvaluatedDecision } from './decision.js';

/** One piece of engine input; `synthetic` when the text was built from the request's fields. */
interface GateInput {
  readonly text: string;
  readonly runtime: Runtime;
  readonly synthetic: boolean;
  /** Where it came from, for TOOL_CALL (`arguments.cmd`). */
  readonly source?: string;
}

/** POSIX single-quoting: nothing inside single quotes is special except the quote itself. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function httpAsShell(url: string, method: string | undefined, body: string | undefined): string {
  const verb = (method ?? 'GET').toUpperCase();
  const data = body === undefined ? '' : ` --data-binary ${shellQuote(body)}`;
  return `curl -X ${verb}${data} -- ${shellQuote(url)}`;
}

const COMMAND_KEYS = new Set(['command', 'cmd', 'shell', 'script', 'bash', 'sh']);
const CODE_KEYS: Readonly<Record<string, Runtime>> = {
  python: 'python',
  code: 'python',
  node: 'node',
  javascript: 'node',
  js: 'node',
};
const SQL_KEYS = new Set(['sql', 'query', 'statement']);
const URL_KEYS = new Set(['url', 'uri', 'endpoint', 'href']);
const SQL_WORDS = /\b(select|insert|update|delete|drop|copy|alter|create|truncate|grant|attach|load)\b/i;

/** String arguments of a tool call that name something to run or fetch (nested objects too, bounded). */
export function toolCallInputs(args: Record<string, unknown>): GateInput[] {
  const out: GateInput[] = [];
  const walk = (value: unknown, path: string, key: string, depth: number): void => {
    if (out.length >= 64 || depth > 8) return;
    if (typeof value === 'string') {
      const k = key.toLowerCase();
      if (COMMAND_KEYS.has(k)) out.push({ text: value, runtime: 'bash', synthetic: false, source: path });
      else if (CODE_KEYS[k]) out.push({ text: value, runtime: CODE_KEYS[k], synthetic: false, source: path });
      else if (SQL_KEYS.has(k) && SQL_WORDS.test(value))
        out.push({ text: value, runtime: 'sql', synthetic: false, source: path });
      else if (URL_KEYS.has(k))
        out.push({
          text: httpAsShell(value, undefined, undefined),
          runtime: 'bash',
          synthetic: true,
          source: path,
        });
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, `${path}[${i}]`, key, depth + 1));
      return;
    }
    if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Record<string, unknown>))
        walk(v, `${path}.${k}`, k, depth + 1);
    }
  };
  for (const [k, v] of Object.entries(args)) walk(v, `arguments.${k}`, k, 0);
  return out;
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
    case 'TOOL_CALL':
      return toolCallInputs(request.arguments);
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

export function gateHandler(deps: ApiDeps): (ctx: RequestContext) => ApiResponse {
  return (ctx) => {
    const request = parseGate(ctx.body);
    const agentId = request.agent_id ?? null;
    const inputs = gateInputs(request);
    let chosen: { result: EvaluatedDecision; input: GateInput } | null = null;
    for (const input of inputs) {
      const result = evaluateAndSeal(
        deps,
        'gate',
        { text: input.text, runtime: input.runtime, agentId },
        'envelope',
      );
      chosen = { result, input };
      if (!result.evaluation.decision.allowed) break;
    }
    if (chosen === null) return toolCallWithNothingToRun(deps, request, agentId);
    const { result, input } = chosen;
    const { wire } = result;
    const evaluated =
      input.synthetic || input.source
        ? {
            evaluated: {
              runtime: input.runtime,
              command: input.text,
              ...(input.source ? { source: input.source } : {}),
            },
          }
        : {};
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
  };
}

/** A tool call with no command, code, SQL or URL argument: allowed, with a receipt over the call. */
function toolCallWithNothingToRun(deps: ApiDeps, request: GateRequest, agentId: string | null): ApiResponse {
  const text = canonicalize(
    request.action === 'TOOL_CALL' ? { tool_name: request.tool_name, arguments: request.arguments } : request,
  );
  const decision = {
    allowed: true,
    threatDetected: false,
    threatType: null,
    invariantsChecked: countChecked(deps),
    findings: [],
  };
  const { fields } = deps.receipts.decision(
    {
      runtime: 'tool_call',
      command: text,
      agentId,
      decision,
      engineVersion: deps.info.engineVersion,
      policyDigest: deps.engine.policy.digest,
    },
    'envelope',
    false,
  );
  deps.metrics.decisions.inc({ endpoint: 'gate', verdict: 'ALLOW', invariant: 'none', rule: 'none' });
  return {
    status: 200,
    body: {
      allowed: true,
      verdict: 'ALLOW',
      action: request.action,
      agent_id: agentId,
      threat_type: null,
      in_process_latency_us: 0,
      invariants_checked: decision.invariantsChecked,
      soc2_compliant: true,
      engine_version: deps.info.engineVersion,
      findings: [],
      ...fields,
    },
  };
}

function countChecked(deps: ApiDeps): number {
  const modes = deps.engine.policy.modes;
  return INVARIANT_NAMES.filter((name) => (modes[name] ?? 'enforce') !== 'off').length;
}
