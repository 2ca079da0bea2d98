/**
 * Shared by /validate and /gate: run one evaluation, count it, seal/sign it, and report a deny to
 * the alert hook. Input errors (too large, unknown runtime) propagate as problems; a failed analysis
 * is already the engine's fail-closed deny (ENG-AST-000), so nothing here can turn into an allow.
 */
import type { Evaluation } from '../../engine/engine.js';
import { toWireDecision, type WireDecision } from '../../engine/wire.js';
import type { Runtime } from '../../engine/types.js';
import type { ResponseShape } from '../../receipts/index.js';
import type { ApiDeps } from '../deps.js';

export interface EvaluatedDecision {
  readonly evaluation: Evaluation;
  readonly wire: WireDecision;
  readonly receiptFields: Record<string, unknown>;
  readonly signature: string | null;
}

export function evaluateAndSeal(
  deps: ApiDeps,
  endpoint: 'validate' | 'gate',
  input: { text: string; runtime: Runtime; agentId: string | null },
  shape: ResponseShape,
): EvaluatedDecision {
  const evaluation = deps.engine.evaluate({ text: input.text, runtime: input.runtime });
  const { decision } = evaluation;
  deps.metrics.evalDuration.observe({ endpoint }, evaluation.evalLatencyUs / 1e6);
  countDecision(deps, endpoint, evaluation);
  const { fields, receipt } = deps.receipts.decision(
    {
      runtime: input.runtime,
      command: input.text,
      agentId: input.agentId,
      decision,
      engineVersion: deps.info.engineVersion,
      policyDigest: deps.engine.policy.digest,
    },
    shape,
    !decision.allowed,
  );
  const signature = receipt?.signature ?? null;
  if (!decision.allowed) {
    deps.onDeny?.({
      frame: endpoint,
      agentId: input.agentId,
      runtime: input.runtime,
      command: input.text,
      decision,
      latencyUs: evaluation.evalLatencyUs,
      signature,
    });
  }
  return { evaluation, wire: toWireDecision(evaluation), receiptFields: fields, signature };
}

export function countDecision(deps: ApiDeps, endpoint: string, evaluation: Evaluation): void {
  const { decision } = evaluation;
  const verdict = decision.allowed ? 'ALLOW' : 'DENY';
  const first = decision.findings[0];
  deps.metrics.decisions.inc({
    endpoint,
    verdict,
    invariant: first?.invariant ?? 'none',
    rule: first?.ruleId ?? 'none',
  });
}
