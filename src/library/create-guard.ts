/**
 * The in-process library: `const guard = await createGuard(options)` loads parsers once, then
 * `guard.validate({ command, runtime, agentId })` answers synchronously. A small composition over
 * the engine; other areas (sanitize, receipts, spend caps) add their own members beside validate.
 */
import { AgentGuardError } from '../errors.js';
import type { EngineConfigInput, PolicyDefaults } from '../engine/build-policy.js';
import { createEngine, type Engine, type EngineStats } from '../engine/engine.js';
import type { Policy } from '../engine/policy.js';
import type { Decision, Finding, Runtime, ThreatType } from '../engine/types.js';

export interface GuardOptions {
  /** The engine configuration section (workspaceRoot, modes, protectedHosts, cacheEntries, ...). */
  readonly engine?: EngineConfigInput;
  /** Defaults for workspaceRoot/homeDir when `engine` leaves them out (process cwd and home). */
  readonly defaults?: PolicyDefaults;
  /** Called with the command's SHA-256 (hex) and the latency when an evaluation exceeds the budget. */
  readonly onOverBudget?: (digest: string, latencyUs: number) => void;
}

export interface ValidateInput {
  readonly command: string;
  /** bash (default), python, node, docker or sql. */
  readonly runtime?: string;
  readonly agentId?: string;
}

export interface ValidateResult {
  readonly allowed: boolean;
  readonly threatDetected: boolean;
  readonly invariantsChecked: number;
  readonly threatType: ThreatType | null;
  readonly evalLatencyUs: number;
  readonly verdict: 'ALLOW' | 'DENY';
  readonly runtime: Runtime;
  readonly agentId: string | null;
  /** The deciding finding's rule, reason and remediation (null when allowed with no finding). */
  readonly ruleId: string | null;
  readonly reason: string | null;
  readonly suggestedAlternative: string | null;
  readonly remediationHint: string | null;
  readonly tokensConserved: number;
  readonly blockedInvariants: readonly string[];
  readonly findings: readonly Finding[];
  readonly cached: boolean;
  /** AG_ERR_ENGINE_ANALYSIS_FAILED when the deny is the fail-closed answer to a failed analysis. */
  readonly errorCode?: string;
  readonly decision: Decision;
}

export interface Guard {
  readonly policy: Policy;
  readonly engine: Engine;
  validate(input: ValidateInput): ValidateResult;
  stats(): EngineStats;
}

export async function createGuard(options: GuardOptions = {}): Promise<Guard> {
  const engine = await createEngine({
    ...(options.engine !== undefined ? { config: options.engine } : {}),
    ...(options.defaults !== undefined ? { defaults: options.defaults } : {}),
    ...(options.onOverBudget !== undefined ? { onOverBudget: options.onOverBudget } : {}),
    warmTokenizer: true,
  });
  return {
    policy: engine.policy,
    engine,
    validate(input: ValidateInput): ValidateResult {
      if (input === null || typeof input !== 'object' || typeof input.command !== 'string') {
        throw new AgentGuardError('AG_ERR_INPUT_INVALID', {
          problems: 'validate() needs { command: string }',
        });
      }
      const evaluation = engine.evaluate({ text: input.command, runtime: input.runtime ?? 'bash' });
      const d = evaluation.decision;
      const first = d.findings[0];
      return {
        allowed: d.allowed,
        threatDetected: d.threatDetected,
        invariantsChecked: d.invariantsChecked,
        threatType: d.threatType,
        evalLatencyUs: evaluation.evalLatencyUs,
        verdict: d.allowed ? 'ALLOW' : 'DENY',
        runtime: d.runtime as Runtime,
        agentId: input.agentId ?? null,
        ruleId: first?.ruleId ?? null,
        reason: first?.reason ?? null,
        suggestedAlternative: first?.suggestedAlternative ?? null,
        remediationHint: first?.remediationHint ?? null,
        tokensConserved: d.tokensConserved,
        blockedInvariants: [
          ...new Set(d.findings.filter((f) => f.mode === 'enforce').map((f) => f.invariant)),
        ],
        findings: d.findings,
        cached: evaluation.cached,
        ...(evaluation.errorCode !== undefined ? { errorCode: evaluation.errorCode } : {}),
        decision: d,
      };
    },
    stats: () => engine.stats(),
  };
}
