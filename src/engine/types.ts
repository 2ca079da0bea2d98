/**
 * Vocabulary shared by the whole engine and its callers: runtimes, the 15 invariants, threat
 * classes, findings and decisions. Wire names (upper snake case) are the values the HTTP API,
 * receipts and alerts carry, so they never change once released.
 */

export const RUNTIMES = ['bash', 'python', 'node', 'docker', 'sql'] as const;
export type Runtime = (typeof RUNTIMES)[number];

/** Entry points that are not a runtime: a JSON tool-call payload (MCP tools/call, framework tools). */
export type EntryPoint = Runtime | 'tool_call';

export function isRuntime(value: unknown): value is Runtime {
  return typeof value === 'string' && (RUNTIMES as readonly string[]).includes(value);
}

export const THREAT_TYPES = [
  'FS_ABUSE',
  'SHELL_BREAKOUT',
  'SECRET_EXFILTRATION',
  'SSRF',
  'SQL_DESTRUCTION',
  'SQL_EXFILTRATION',
  'RUNAWAY',
  'PII_LEAKAGE',
  'PROMPT_INJECTION',
] as const;
export type ThreatType = (typeof THREAT_TYPES)[number];

export const INVARIANT_NAMES = [
  'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  'NO_DEVICE_OR_DISK_WRITE',
  'NO_SYSTEM_PATH_WRITE',
  'NO_PERMISSION_WEAKENING',
  'NO_SHELL_BREAKOUT',
  'NO_REMOTE_CODE_EXECUTION',
  'NO_PRIVILEGE_ESCALATION',
  'NO_SECRET_FILE_READ',
  'NO_SECRET_EXFILTRATION',
  'NO_METADATA_OR_INTERNAL_SSRF',
  'NO_DESTRUCTIVE_SQL',
  'NO_SQL_EXFILTRATION',
  'NO_RUNAWAY_EXECUTION',
  'NO_PII_EGRESS',
  'NO_PROMPT_INJECTION_PAYLOAD',
] as const;
export type InvariantName = (typeof INVARIANT_NAMES)[number];

export type Severity = 'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW';

/** How a policy treats an invariant: enforce denies, audit reports but allows, off skips it. */
export type InvariantMode = 'enforce' | 'audit' | 'off';

/**
 * Built-in rule ids look like `FS-AST-001`; the prefix names the domain (the tool family for the
 * destructive-operation packs: GIT, K8S, IAC, AWS, GCP, AZ, DB, PKG, CTR, PLT, SYS; docs/policy.md).
 * A policy file's own rules use any other prefix (`TEAM-AST-001`).
 */
export const RULE_PREFIXES = [
  'FS',
  'SH',
  'NET',
  'SEC',
  'SQL',
  'PII',
  'PI',
  'RUN',
  'DKR',
  'ENG',
  'GIT',
  'K8S',
  'IAC',
  'AWS',
  'GCP',
  'AZ',
  'DB',
  'PKG',
  'CTR',
  'SYS',
  'PLT',
] as const;
export type RulePrefix = (typeof RULE_PREFIXES)[number];
/** Built-in (`FS-AST-001`) or from a policy file (`TEAM-AST-001`). */
export type RuleId = `${string}-AST-${number}`;

/**
 * Packs: the open dimension of rules (docs/policy.md). Every rule belongs to one pack; a policy
 * file enables or disables packs. `core.engine` (the fail-closed rules) cannot be disabled.
 */
export const PACKS = [
  'core.engine',
  'core.filesystem',
  'core.shell',
  'core.network',
  'core.secrets',
  'core.sql',
  'core.runaway',
  'core.pii',
  'core.prompt',
  'core.git',
  'containers',
  'kubernetes',
  'cloud.aws',
  'cloud.gcp',
  'cloud.azure',
  'iac',
  'databases',
  'packages',
  'platforms',
  'system',
  'custom',
] as const;
export type PackName = (typeof PACKS)[number];

/** Half-open range of UTF-16 code units in the text the caller submitted. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

export interface Finding {
  readonly ruleId: RuleId;
  readonly invariant: InvariantName;
  readonly threatType: ThreatType;
  readonly severity: Severity;
  /** Human-readable cause; names paths/hosts/programs, never secret values. */
  readonly reason: string;
  readonly span: Span;
  /** A concrete safer command confined to the workspace, when one exists. */
  readonly suggestedAlternative: string | null;
  /** Advice written for a language model. */
  readonly remediationHint: string;
  /** `audit` findings are reported but do not deny. */
  readonly mode: 'enforce' | 'audit';
}

/** The pure engine's answer. Latency and receipts are added by the callers that measure and sign. */
export interface Decision {
  readonly allowed: boolean;
  readonly threatDetected: boolean;
  /** Threat of the first enforced finding (or first audit finding when all are audit); null when none. */
  readonly threatType: ThreatType | null;
  readonly invariantsChecked: number;
  readonly runtime: EntryPoint;
  /** Every finding, enforced first, then by span start. */
  readonly findings: readonly Finding[];
  /** Estimated tokens a model saves by reading this envelope instead of a raw error trace. */
  readonly tokensConserved: number;
}
