/**
 * The snake_case wire form of a decision (SPEC 2.5 validate response, plus the SPEC 2.8 envelope
 * fields and `findings`). One module so the CLI, the HTTP API and receipts print the same bytes.
 */
import type { Evaluation } from './engine.js';
import type { Finding } from './types.js';

export interface WireFinding {
  readonly rule_id: string;
  readonly invariant: string;
  readonly threat_type: string;
  readonly severity: string;
  readonly reason: string;
  readonly span: { readonly start: number; readonly end: number };
  readonly suggested_alternative: string;
  readonly remediation_hint: string;
  readonly mode: 'enforce' | 'audit';
}

export interface WireDecision {
  readonly allowed: boolean;
  readonly threat_detected: boolean;
  readonly invariants_checked: number;
  readonly threat_type: string | null;
  readonly eval_latency_us: number;
  /**
   * SPEC 2.5 compliance flag. agent-guard sets it when the control operated as designed: the input
   * was fully evaluated under the policy (false for a fail-closed deny of a failed analysis).
   */
  readonly soc2_compliant: boolean;
  readonly verdict: 'ALLOW' | 'DENY';
  readonly runtime: string;
  /** Invariants of enforced findings, in finding order, without repeats. */
  readonly blocked_invariants: readonly string[];
  /** First finding (the one that decided), or null. */
  readonly rule_id: string | null;
  readonly reason: string | null;
  readonly suggested_alternative: string | null;
  readonly remediation_hint: string | null;
  readonly tokens_conserved: number;
  readonly cached: boolean;
  readonly findings: readonly WireFinding[];
  readonly error_code?: string;
  // `merkle_seal` (SPEC 2.5) and the signed receipt are not here: they depend on the request (agent,
  // response shape), so the API adds them from src/receipts next to these fields.
}

/**
 * SPEC 2.8 types `suggested_alternative` as a string: where no safer command does the same job,
 * it says in words what to do instead (issue 24), built from the rule's remediation hint.
 */
export function alternativeInWords(remediationHint: string): string {
  const hint = remediationHint.trim();
  return hint === ''
    ? 'No safer command does this: do not run it; ask the user to do it or to allow it in the policy.'
    : `No safer command does this; instead: ${hint}`;
}

export function toWireFinding(f: Finding): WireFinding {
  return {
    rule_id: f.ruleId,
    invariant: f.invariant,
    threat_type: f.threatType,
    severity: f.severity,
    reason: f.reason,
    span: { start: f.span.start, end: f.span.end },
    suggested_alternative: f.suggestedAlternative ?? alternativeInWords(f.remediationHint),
    remediation_hint: f.remediationHint,
    mode: f.mode,
  };
}

/** Microseconds rounded to 0.01 µs: enough resolution, stable-looking output. */
export function roundUs(us: number): number {
  return Math.round(us * 100) / 100;
}

export function toWireDecision(evaluation: Evaluation): WireDecision {
  const d = evaluation.decision;
  const first = d.findings[0];
  const blocked = [...new Set(d.findings.filter((f) => f.mode === 'enforce').map((f) => f.invariant))];
  const wire: WireDecision = {
    allowed: d.allowed,
    threat_detected: d.threatDetected,
    invariants_checked: d.invariantsChecked,
    threat_type: d.threatType,
    eval_latency_us: roundUs(evaluation.evalLatencyUs),
    soc2_compliant: evaluation.errorCode === undefined,
    verdict: d.allowed ? 'ALLOW' : 'DENY',
    runtime: d.runtime,
    blocked_invariants: blocked,
    rule_id: first?.ruleId ?? null,
    reason: first?.reason ?? null,
    suggested_alternative: first
      ? (first.suggestedAlternative ?? alternativeInWords(first.remediationHint))
      : null,
    remediation_hint: first?.remediationHint ?? null,
    tokens_conserved: d.tokensConserved,
    cached: evaluation.cached,
    findings: d.findings.map(toWireFinding),
  };
  return evaluation.errorCode === undefined ? wire : { ...wire, error_code: evaluation.errorCode };
}
