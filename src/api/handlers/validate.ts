/**
 * POST /api/v1/validate: the formal request (SPEC 2.4 → 2.5, plus findings and the receipt) or,
 * when the body carries `agent_passport`, the passport check (SPEC 2.6).
 */
import { AgentGuardError } from '../../errors.js';
import type { ApiDeps } from '../deps.js';
import type { ApiResponse, RequestContext } from '../pipeline.js';
import { passportRequest, validateRequest } from '../schemas.js';
import { parseInput } from '../validate-input.js';
import { evaluateAndSeal } from './decision.js';

function header(ctx: RequestContext, name: string): string | undefined {
  const value = ctx.req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function validateHandler(deps: ApiDeps): (ctx: RequestContext) => ApiResponse {
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
    const { wire, receiptFields } = evaluateAndSeal(
      deps,
      'validate',
      { text: input.command, runtime, agentId },
      'validate',
    );
    // The deciding finding's fields exist only when there is a finding (an allow has none).
    const { rule_id, reason, suggested_alternative, remediation_hint, ...rest } = wire;
    const deciding = rule_id === null ? {} : { rule_id, reason, suggested_alternative, remediation_hint };
    return {
      status: 200,
      body: {
        ...rest,
        ...deciding,
        engine_version: deps.info.engineVersion,
        agent_id: agentId,
        ...receiptFields,
      },
    };
  };
}

function passport(deps: ApiDeps, ctx: RequestContext): ApiResponse {
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
