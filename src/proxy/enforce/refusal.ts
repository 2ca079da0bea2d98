/**
 * The text an agent receives in place of a vetoed tool call: the remediation envelope (SPEC 2.8)
 * rendered for a model and a person to read (rule, reason, suggested alternative, hint, receipt).
 */
import type { ProposedCall } from './calls.js';

/** What the judge says about one proposed call: null to keep it, or the refusal that replaces it. */
export interface Refusal {
  readonly text: string;
}

/** Decides one proposed call. Never rejects: a failure inside is a refusal (fail closed). */
export type Judge = (call: ProposedCall) => Promise<Refusal | null>;

const field = (envelope: Record<string, unknown>, key: string): string | null => {
  const value = envelope[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

export function refusalText(call: ProposedCall, envelope: Record<string, unknown>): string {
  const name = call.name === '' ? 'unnamed' : call.name.slice(0, 100);
  const rule = field(envelope, 'rule_id');
  const invariant = field(envelope, 'invariant');
  const lines = [
    `agent-guard blocked the ${name} tool call the model proposed; it was not run.`,
    `Reason: ${field(envelope, 'reason') ?? 'denied by policy'}${rule ? ` (rule ${rule}${invariant ? `, ${invariant}` : ''})` : ''}.`,
  ];
  const alternative = field(envelope, 'suggested_alternative');
  if (alternative) lines.push(`Suggested alternative: ${alternative}`);
  const hint = field(envelope, 'remediation_hint');
  if (hint) lines.push(`Remediation: ${hint}`);
  const receipt = field(envelope, 'signed_merkle_receipt');
  const seal = field(envelope, 'merkle_seal');
  if (receipt) lines.push(`Receipt: ${receipt}${seal ? ` (seal ${seal})` : ''}`);
  return lines.join('\n');
}
