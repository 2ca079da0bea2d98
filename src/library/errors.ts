/**
 * The library's exceptions (SPEC 7: "library wrapper with strict true, invariant violated: an
 * exception is raised"). Each is an AgentGuardError with a registered code, so callers match on
 * `err.code`; each also carries the feedback string the non-strict mode would have returned.
 */
import { AgentGuardError } from '../errors.js';
import type { WireFinding } from '../engine/wire.js';
import type { Receipt } from '../receipts/index.js';

/** What the engine evaluated for a tool call: the argument's text, its runtime and where it came from. */
export interface EvaluatedInput {
  readonly runtime: string;
  readonly command: string;
  /** `arguments.cmd`, or the hook/tool field the text was built from. */
  readonly source?: string;
}

/** The SPEC 2.8 remediation envelope as the library raises it (snake_case, the wire shape of /gate). */
export interface RemediationEnvelope {
  readonly allowed: false;
  readonly verdict: 'DENY';
  readonly rule_id: string;
  readonly invariant: string;
  readonly threat_type: string | null;
  readonly reason: string;
  readonly suggested_alternative: string | null;
  readonly remediation_hint: string;
  readonly tokens_conserved: number;
  /** `ed25519:<hex>`, present when a receipt signer is configured. */
  readonly signed_merkle_receipt?: string;
  readonly merkle_seal?: string;
  readonly receipt?: Receipt;
  readonly in_process_latency_us: number;
  readonly tool_name: string;
  readonly session_id: string;
  readonly agent_id: string | null;
  readonly invariants_checked: number;
  readonly soc2_compliant: boolean;
  readonly engine_version: string;
  readonly findings: readonly WireFinding[];
  readonly evaluated: EvaluatedInput;
  /** AG_ERR_ENGINE_ANALYSIS_FAILED when the deny is the engine's fail-closed answer. */
  readonly error_code?: string;
}

/** First line of every feedback string: lets a harness (or a test) tell a block from a tool result. */
export const BLOCK_MARKER = '[agent-guard] BLOCKED';

export function isBlockFeedback(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(BLOCK_MARKER);
}

/** The feedback string for a denied tool call (non-strict mode), written for the model to read. */
export function violationFeedback(envelope: RemediationEnvelope): string {
  const lines = [
    `${BLOCK_MARKER}: tool "${envelope.tool_name}" was not run.`,
    `rule: ${envelope.rule_id} (${envelope.invariant})`,
    `reason: ${envelope.reason}`,
  ];
  if (envelope.suggested_alternative !== null)
    lines.push(`suggested alternative: ${envelope.suggested_alternative}`);
  lines.push(`hint: ${envelope.remediation_hint}`);
  return lines.join('\n');
}

export class GuardViolationError extends AgentGuardError {
  readonly envelope: RemediationEnvelope;
  readonly tool: string;
  readonly ruleId: string;
  readonly feedback: string;

  constructor(envelope: RemediationEnvelope) {
    super('AG_ERR_LIBRARY_GUARD_VIOLATION', {
      tool: envelope.tool_name,
      ruleId: envelope.rule_id,
      reason: envelope.reason,
    });
    this.name = 'GuardViolationError';
    this.envelope = envelope;
    this.tool = envelope.tool_name;
    this.ruleId = envelope.rule_id;
    this.feedback = violationFeedback(envelope);
  }

  /** JSON.stringify(err) gives the envelope, so a framework that serialises errors shows the model the envelope. */
  toJSON(): RemediationEnvelope {
    return this.envelope;
  }
}

export interface SpendRefusal {
  readonly tool: string;
  readonly sessionId: string;
  readonly cap: number;
  readonly spent: number;
  readonly reserved: number;
  readonly cost: number;
}

export const SPEND_HINT =
  'This session has reached its spend cap. Do not retry billable tools; finish with the information you have or ask the user to raise the cap.';

export class SpendCapExceededError extends AgentGuardError {
  readonly spend: SpendRefusal;

  constructor(spend: SpendRefusal) {
    super('AG_ERR_LIBRARY_SPEND_CAP_EXCEEDED', { ...spend });
    this.name = 'SpendCapExceededError';
    this.spend = spend;
    // A template literal, not the registry's placeholder formatting: this runs on the refusal path.
    this.message = `tool "${spend.tool}" was refused: session "${spend.sessionId}" would pass its spend cap of ${spend.cap} (spent ${spend.spent}, in flight ${spend.reserved}, this call ${spend.cost}); the breaker stays open until reset()`;
  }

  /** Built on demand: the refusal itself must stay cheap (SPEC 8, under 15 µs). */
  get feedback(): string {
    const s = this.spend;
    return [
      `${BLOCK_MARKER}: tool "${s.tool}" was not run.`,
      'rule: SPEND_CAP (NO_RUNAWAY_EXECUTION)',
      `reason: session "${s.sessionId}" would pass its spend cap of ${s.cap} (spent ${s.spent}, in flight ${s.reserved}, this call ${s.cost}); the breaker is open`,
      `hint: ${SPEND_HINT}`,
    ].join('\n');
  }
}
