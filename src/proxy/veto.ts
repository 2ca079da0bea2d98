/**
 * The remediation envelope (SPEC 2.8) for a tool payload the proxy vetoes: the decision's first
 * enforced finding in the envelope's fields, every finding listed, and a signed receipt over the
 * decision (docs/receipts.md) when a signer is configured.
 */
import { roundUs, toWireFinding } from '../engine/wire.js';
import type { EvaluatedCall } from './adapters/types.js';
import type { HardwareView } from './hardware.js';
import type { ProxyReceipts } from './types.js';

export interface EnvelopeOptions {
  readonly receipts?: ProxyReceipts | undefined;
  readonly engineVersion: string;
  /** Policy digest for the receipt; without it the envelope is not sealed. */
  readonly policyDigest?: string | undefined;
  readonly hardware?: HardwareView | null | undefined;
  readonly agentId?: string | undefined;
}

export function vetoEnvelope(call: EvaluatedCall, options: EnvelopeOptions): Record<string, unknown> {
  const { decision } = call;
  const first = decision.findings.find((f) => f.mode === 'enforce') ?? decision.findings[0];
  const envelope: Record<string, unknown> = {
    allowed: false,
    verdict: 'DENY',
    rule_id: first?.ruleId ?? null,
    reason: first?.reason ?? 'the payload was denied by policy',
    suggested_alternative: first?.suggestedAlternative ?? null,
    remediation_hint: first?.remediationHint ?? 'Do not retry this call unchanged; choose a safer action.',
    tokens_conserved: decision.tokensConserved,
    signed_merkle_receipt: null,
    in_process_latency_us: roundUs(call.latencyUs),
    invariant: first?.invariant ?? null,
    threat_type: decision.threatType,
    runtime: call.runtime,
    findings: decision.findings.map(toWireFinding),
  };
  if (options.receipts && options.policyDigest) {
    const { fields } = options.receipts.decision(
      {
        runtime: call.runtime,
        command: call.offending,
        agentId: options.agentId ?? null,
        decision,
        engineVersion: options.engineVersion,
        policyDigest: options.policyDigest,
      },
      'envelope',
      true,
    );
    Object.assign(envelope, fields);
  }
  if (options.hardware) Object.assign(envelope, options.hardware);
  return envelope;
}
