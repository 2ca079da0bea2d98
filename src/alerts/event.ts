/**
 * The incident alert (SPEC 6): what one denied action reports, built from a decision. The offending
 * command is scrubbed (src/scrub/) before it enters the event, so no channel, log or dead-letter
 * record ever holds a secret from it; if scrubbing fails the command is left out (fail closed).
 */
import { hash, randomUUID } from 'node:crypto';
import { INVARIANTS } from '../engine/invariants/catalog.js';
import type { Decision, Finding, InvariantName, Severity } from '../engine/types.js';
import { scrub } from '../scrub/index.js';

/** Entry point that saw the action. */
export type AlertFrameKind = 'validate' | 'gate' | 'proxy' | 'mcp' | 'cli' | 'library';

export interface AlertFrame {
  readonly kind: AlertFrameKind;
  /** e.g. the proxy route (`/openai/*`), the MCP tool name, the CLI command. Never a query string. */
  readonly detail?: string;
}

export interface AlertEvent {
  /** Random id of this alert (not of the decision). */
  readonly id: string;
  /** RFC 3339 UTC time the decision was made. */
  readonly occurredAt: string;
  /** DENY: a verdict returned to the caller; BLOCKED: the action was stopped in flight (gate, proxy, MCP, CLI). */
  readonly headline: 'DENY' | 'BLOCKED';
  readonly agentId: string | null;
  /** Per invariant, from src/engine/invariants/catalog.ts. */
  readonly severity: Severity;
  /** Engine evaluation time in microseconds. */
  readonly astLatencyUs: number;
  readonly threat: {
    readonly ruleId: string;
    readonly invariant: InvariantName | null;
    readonly threatType: string | null;
    /** The finding's reason (names paths, hosts and programs, never secret values). */
    readonly description: string;
  };
  /** The command after secret scrubbing, cut to OFFENDING_MAX_CHARS. */
  readonly offending: string;
  readonly offendingTruncated: boolean;
  /** Secrets removed from the offending text. */
  readonly redactions: number;
  /** SHA-256 (hex) of the command as submitted: correlates with receipts without revealing it. */
  readonly commandSha256: string;
  readonly runtime: string;
  /** `ed25519:<hex>` of the decision's receipt, when it was signed. */
  readonly receipt: string | null;
  readonly frame: AlertFrame;
}

/** Long enough to read a command, short enough for every channel's field limits (Discord: 1024). */
export const OFFENDING_MAX_CHARS = 900;

const DEFAULT_HEADLINE: Readonly<Record<AlertFrameKind, AlertEvent['headline']>> = {
  validate: 'DENY',
  library: 'DENY',
  gate: 'BLOCKED',
  proxy: 'BLOCKED',
  mcp: 'BLOCKED',
  cli: 'BLOCKED',
};

export interface AlertInput {
  readonly decision: Pick<Decision, 'allowed' | 'findings' | 'threatType' | 'runtime'>;
  /** The command as submitted; it is scrubbed here and only its digest is kept raw. */
  readonly command: string;
  readonly runtime?: string;
  readonly agentId?: string | null;
  readonly latencyUs: number;
  /** The receipt's `signature` (`ed25519:<hex>`), or the receipt object. */
  readonly receipt?: string | { readonly signature: string } | null;
  readonly frame: AlertFrame;
  readonly headline?: AlertEvent['headline'];
  readonly now?: Date;
}

function firstEnforced(findings: readonly Finding[]): Finding | undefined {
  return findings.find((f) => f.mode === 'enforce') ?? findings[0];
}

/** Scrub and cut the command; on any scrubber failure the text is withheld, never sent raw. */
export function scrubOffending(command: string): { text: string; truncated: boolean; redactions: number } {
  let text: string;
  let redactions = 0;
  try {
    const result = scrub(command);
    text = result.sanitized;
    redactions = result.redactionsCount;
  } catch {
    return { text: '[withheld: the command could not be scrubbed]', truncated: false, redactions: 0 };
  }
  if (text.length <= OFFENDING_MAX_CHARS) return { text, truncated: false, redactions };
  // Cut on a code-point boundary so no lone surrogate reaches a JSON encoder.
  let end = OFFENDING_MAX_CHARS;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return { text: `${text.slice(0, end)}…`, truncated: true, redactions };
}

/** Longest caller-supplied label (agent id, frame detail) an alert carries. */
export const LABEL_MAX_CHARS = 200;

/**
 * A caller-supplied label (agent id, tool name, route detail, a reason quoting the command's hosts
 * and paths) as an alert may carry it: scrubbed like the command and cut (issue 24: an agent_id
 * reached Slack, Discord, PagerDuty, SIEM and the dead-letter file unscrubbed). Withheld on failure.
 */
export function scrubLabel(label: string, max = LABEL_MAX_CHARS): string {
  let text: string;
  try {
    text = scrub(label).sanitized;
  } catch {
    return '[withheld: could not be scrubbed]';
  }
  if (text.length <= max) return text;
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/** The alert for a denied decision; null when the decision allowed the action (no alert). */
export function buildAlertEvent(input: AlertInput): AlertEvent | null {
  if (input.decision.allowed) return null;
  const finding = firstEnforced(input.decision.findings);
  const invariant = finding?.invariant ?? null;
  const spec = invariant ? INVARIANTS[invariant] : undefined;
  const offending = scrubOffending(input.command);
  const receipt =
    typeof input.receipt === 'string' ? input.receipt : input.receipt ? input.receipt.signature : null;
  return {
    id: randomUUID(),
    occurredAt: (input.now ?? new Date()).toISOString(),
    headline: input.headline ?? DEFAULT_HEADLINE[input.frame.kind],
    agentId: input.agentId === undefined || input.agentId === null ? null : scrubLabel(input.agentId),
    severity: spec?.severity ?? 'CRITICAL',
    astLatencyUs: Math.round(input.latencyUs * 10) / 10,
    threat: {
      ruleId: finding?.ruleId ?? 'ENG-AST-000',
      invariant,
      threatType: finding?.threatType ?? input.decision.threatType ?? null,
      description: scrubLabel(finding?.reason ?? spec?.description ?? 'denied by policy', 2000),
    },
    offending: offending.text,
    offendingTruncated: offending.truncated,
    redactions: offending.redactions,
    commandSha256: hash('sha256', input.command, 'hex'),
    runtime: scrubLabel(input.runtime ?? input.decision.runtime, 40),
    receipt,
    frame:
      input.frame.detail === undefined
        ? input.frame
        : { kind: input.frame.kind, detail: scrubLabel(input.frame.detail) },
  };
}

/** `validate`, `proxy /openai/*`, `mcp tools/call fs.write`: the Frame line of every format. */
export function frameLabel(frame: AlertFrame): string {
  return frame.detail ? `${frame.kind} ${frame.detail}` : frame.kind;
}

/** One line: `DENY SEC-AST-002 (CRITICAL) agent agent-7: <description>`. */
export function alertSummary(event: AlertEvent): string {
  const agent = event.agentId ?? 'unknown agent';
  return `${event.headline} ${event.threat.ruleId} (${event.severity}) ${agent}: ${event.threat.description}`;
}

/** PagerDuty dedup key: SHA-256 of agent, rule and command digest, so repeats of one attempt group. */
export function dedupKey(event: AlertEvent): string {
  return hash(
    'sha256',
    JSON.stringify([event.agentId ?? '', event.threat.ruleId, event.commandSha256]),
    'hex',
  );
}
