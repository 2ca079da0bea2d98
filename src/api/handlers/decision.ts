/**
 * Shared by /validate and /gate: run one evaluation, count it, seal/sign it, and report a deny to
 * the alert hook. Input errors (too large, unknown runtime) propagate as problems; a failed analysis
 * is already the engine's fail-closed deny (ENG-AST-000), so nothing here can turn into an allow.
 */
import type { Evaluation } from '../../engine/engine.js';
import type { ToolCall } from '../../engine/extract/tool-call.js';
import type { Decision, EntryPoint } from '../../engine/types.js';
import type { ResponseShape } from '../../receipts/index.js';
import type { ApiDeps } from '../deps.js';
import { API_VERDICT } from '../../telemetry/label-values.js';

export interface EvaluatedDecision {
  readonly evaluation: Evaluation;
  readonly receiptFields: Record<string, unknown>;
  readonly signature: string | null;
  /**
   * True when `receiptFields` is the seal cache's object for this decision, runtime, agent and text:
   * the same object comes back for every later request with the same inputs and decision, so
   * callers may key their own per-answer caches on it.
   */
  readonly reusable: boolean;
}

/** One check: text in a runtime, or a tool call (runtime `tool_call`, `text` its canonical form). */
export interface CheckInput {
  readonly text: string;
  readonly runtime: EntryPoint;
  readonly agentId: string | null;
  readonly toolCall?: ToolCall;
}

/**
 * Evaluate, count, seal and report one check. Answered at once when the analysis fits the event
 * loop's slice; a Promise when it ran on the analysis worker (src/engine/offload.ts).
 */
export function evaluateAndSeal(
  deps: ApiDeps,
  endpoint: 'validate' | 'gate',
  input: CheckInput,
  shape: ResponseShape,
): EvaluatedDecision | Promise<EvaluatedDecision> {
  const evaluation = input.toolCall
    ? deps.engine.validateToolCallBounded(input.toolCall)
    : deps.engine.evaluateBounded({ text: input.text, runtime: input.runtime });
  if (evaluation instanceof Promise) return evaluation.then((e) => seal(deps, endpoint, input, shape, e));
  return seal(deps, endpoint, input, shape, evaluation);
}

function seal(
  deps: ApiDeps,
  endpoint: 'validate' | 'gate',
  input: CheckInput,
  shape: ResponseShape,
  evaluation: Evaluation,
): EvaluatedDecision {
  const { decision } = evaluation;
  deps.metrics.evalDuration.observe(evaluation.evalLatencyUs / 1e6, endpoint);
  countDecision(deps, endpoint, evaluation);
  const { fields, signature, reusable } = sealed(deps, input, decision, shape);
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
  return { evaluation, receiptFields: fields, signature, reusable };
}

/**
 * Seals (and signs) are a pure function of the request digest and the decision, so when the engine
 * answers from its decision cache (the same Decision object) the sealed fields can be reused too.
 * Keyed by shape, runtime, agent and text; checked against the Decision's identity; bounded.
 */
const SEALS = new WeakMap<
  ApiDeps,
  Map<
    string,
    { decision: Decision; fields: Record<string, unknown>; signature: string | null; reusable: boolean }
  >
>();
const SEAL_CACHE_ENTRIES = 4096;
const SEAL_CACHE_MAX_TEXT = 4096;

function sealed(
  deps: ApiDeps,
  input: CheckInput,
  decision: Decision,
  shape: ResponseShape,
): { fields: Record<string, unknown>; signature: string | null; reusable: boolean } {
  const cacheable = input.text.length <= SEAL_CACHE_MAX_TEXT;
  let cache = SEALS.get(deps);
  if (!cache) {
    cache = new Map();
    SEALS.set(deps, cache);
  }
  const key = cacheable
    ? `${shape}\u0000${input.runtime}\u0000${input.agentId ?? ''}\u0000${input.text}`
    : '';
  const hit = cacheable ? cache.get(key) : undefined;
  if (hit && hit.decision === decision) return hit;
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
  const entry = { decision, fields, signature: receipt?.signature ?? null, reusable: cacheable };
  if (cacheable) {
    if (cache.size >= SEAL_CACHE_ENTRIES) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.set(key, entry);
  }
  return entry;
}

export function countDecision(deps: ApiDeps, endpoint: string, evaluation: Evaluation): void {
  const { decision } = evaluation;
  const verdict = decision.allowed ? API_VERDICT.allow : API_VERDICT.deny;
  const first = decision.findings[0];
  const invariant = first?.invariant ?? 'none';
  const rule = first?.ruleId ?? 'none';
  deps.metrics.decisions.add(1, endpoint, verdict, invariant, rule);
}
