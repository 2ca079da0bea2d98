/**
 * POST /api/v1/validate: the formal request (SPEC 2.4 → 2.5, plus findings and the receipt) or,
 * when the body carries `agent_passport`, the passport check (SPEC 2.6).
 */
import { AgentGuardError } from '../../errors.js';
import type { ApiDeps } from '../deps.js';
import type { ApiResponse, RequestContext } from '../pipeline.js';
import { passportRequest, validateRequest } from '../schemas.js';
import { parseInput } from '../validate-input.js';
import { roundUs, toWireDecision, type WireDecision } from '../../engine/wire.js';
import { splitAtMember } from '../json-pieces.js';
import { evaluateAndSeal, type EvaluatedDecision } from './decision.js';
import type { PassportResult } from '../passports/verify.js';

function header(ctx: RequestContext, name: string): string | undefined {
  const value = ctx.req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function validateHandler(deps: ApiDeps): (ctx: RequestContext) => ApiResponse | Promise<ApiResponse> {
  return (ctx) => {
    const body = ctx.body as Record<string, unknown> | null;
    if (body !== null && typeof body === 'object' && !Array.isArray(body) && 'agent_passport' in body) {
      return passport(deps, ctx);
    }
    if (ctx.identity?.scheme === 'passport') {
      // Signature headers authenticate passport requests only; a formal request needs credentials.
      throw new AgentGuardError('AG_ERR_AUTH_REQUIRED');
    }
    const input = parseInput(validateRequest, ctx.body);
    const runtime = input.runtime ?? 'bash';
    const agentId = input.agent_id ?? null;
    const sealed = evaluateAndSeal(deps, 'validate', { text: input.command, runtime, agentId }, 'validate');
    return sealed instanceof Promise
      ? sealed.then((s) => validateAnswer(deps, agentId, s))
      : validateAnswer(deps, agentId, sealed);
  };
}

function validateAnswer(
  deps: ApiDeps,
  agentId: string | null,
  { evaluation, receiptFields, reusable }: EvaluatedDecision,
): ApiResponse {
  if (!reusable || evaluation.errorCode !== undefined) {
    const wire = toWireDecision(evaluation);
    return { status: 200, body: answerOf(wire, deps.info.engineVersion, agentId, receiptFields) };
  }
  let pieces = ANSWERS.get(receiptFields);
  if (!pieces) {
    const wire = toWireDecision(evaluation);
    pieces = piecesOf(answerOf(wire, deps.info.engineVersion, agentId, receiptFields));
    ANSWERS.set(receiptFields, pieces);
  }
  // The two per-request values as toWireDecision writes them; JSON writes a finite number and a
  // boolean exactly as template literals do.
  const latency = roundUs(evaluation.evalLatencyUs);
  return { status: 200, raw: `${pieces[0]}${latency}${pieces[1]}${evaluation.cached}${pieces[2]}` };
}

/** The SPEC 2.5 answer plus findings, engine version, agent and receipt fields, in the documented order. */
function answerOf(
  wire: WireDecision,
  engineVersion: string,
  agentId: string | null,
  receiptFields: Record<string, unknown>,
): Record<string, unknown> {
  // Built member by member (no rest/spread copies on this hot path).
  const answer: Record<string, unknown> = {
    allowed: wire.allowed,
    threat_detected: wire.threat_detected,
    invariants_checked: wire.invariants_checked,
    threat_type: wire.threat_type,
    eval_latency_us: wire.eval_latency_us,
    soc2_compliant: wire.soc2_compliant,
    verdict: wire.verdict,
    runtime: wire.runtime,
    blocked_invariants: wire.blocked_invariants,
    tokens_conserved: wire.tokens_conserved,
    cached: wire.cached,
    findings: wire.findings,
  };
  if (wire.error_code !== undefined) answer['error_code'] = wire.error_code;
  // The deciding finding's fields exist only when there is a finding (an allow has none).
  if (wire.rule_id !== null) {
    answer['rule_id'] = wire.rule_id;
    answer['reason'] = wire.reason;
    answer['suggested_alternative'] = wire.suggested_alternative;
    answer['remediation_hint'] = wire.remediation_hint;
  }
  answer['engine_version'] = engineVersion;
  answer['agent_id'] = agentId;
  for (const name in receiptFields) answer[name] = receiptFields[name];
  return answer;
}

/**
 * A repeated request differs from the first only in `eval_latency_us` and `cached`, so its answer is
 * kept as the JSON around those two values, keyed by the seal cache's object for that decision,
 * runtime, agent and text (weakly: it goes when the seal cache drops the entry).
 */
const ANSWERS = new WeakMap<object, readonly [string, string, string]>();

function piecesOf(answer: Record<string, unknown>): readonly [string, string, string] {
  const [head, rest] = splitAtMember(JSON.stringify(answer), 'eval_latency_us', answer['eval_latency_us']);
  const [middle, tail] = splitAtMember(rest, 'cached', answer['cached']);
  return [head, middle, tail];
}

function passport(deps: ApiDeps, ctx: RequestContext): ApiResponse | Promise<ApiResponse> {
  const input = parseInput(passportRequest, ctx.body);
  const result = deps.passports.check(
    input,
    {
      timestamp: header(ctx, 'x-agent-timestamp'),
      nonce: header(ctx, 'x-agent-nonce'),
      signature: header(ctx, 'x-agent-signature'),
    },
    ctx.body,
  );
  // A promise only with shared state across replicas (issue 28).
  return result instanceof Promise
    ? result.then((r) => passportAnswer(deps, r))
    : passportAnswer(deps, result);
}

function passportAnswer(deps: ApiDeps, result: PassportResult): ApiResponse {
  deps.metrics.passportChecks.inc({ result: result.reason });
  const headers: Record<string, string> = result.rate ? deps.limiter.headers(result.rate) : {};
  if (result.reason === 'rate_limited' && result.rate) {
    headers['retry-after'] = String(result.rate.retryAfterS);
    deps.metrics.rateLimited.inc({ endpoint: 'validate' });
  }
  return {
    status: 200,
    headers,
    body: {
      authorized: result.authorized,
      identity: result.identity,
      rate_limit_remaining: result.rateLimitRemaining,
      attestation_timestamp: result.attestationTimestamp,
      reason: result.reason,
    },
  };
}
