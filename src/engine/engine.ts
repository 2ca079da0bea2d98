/**
 * The engine as callers use it: policy from configuration, cache, timing and fail-closed handling
 * around the pure core (analyze → decide). Time is measured here with performance.now (sub-µs
 * resolution without a BigInt per reading), never inside the core, and the latency budget only
 * counts and reports: it never changes a decision.
 */
import { hash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { engineSection } from '../config/sections/engine.js';
import { AgentGuardError, isAgentGuardError, type ErrorCode } from '../errors.js';
import { analyze, type AnalyzeLimits } from './analyze.js';
import {
  buildPolicy,
  type EngineConfig,
  type EngineConfigInput,
  type PolicyDefaults,
} from './build-policy.js';
import { cacheKey, DecisionCache } from './cache.js';
import { analyzeToolCall, toolCallText, type ToolCall } from './extract/tool-call.js';
import { decide, decisionFrom } from './decide.js';
import { INVARIANTS } from './invariants/catalog.js';
import { loadParsers } from './parse/index.js';
import type { Policy, PolicyRules } from './policy.js';
import { loadPolicyFile } from '../policy/load.js';
import { resolve } from 'node:path';
import { LatencyWindow } from './latency-window.js';
import type { Fact } from './facts.js';
import { analyzeInSlice, type AnalysisOffload } from './offload.js';
import type { WorkBudget } from './budget.js';
import { isRuntime, RUNTIMES, type Decision, type EntryPoint, type Finding, type Runtime } from './types.js';

/**
 * Errors about the input itself, or a full analysis queue: thrown to the caller, never turned into
 * a decision (a busy worker must not turn into a deny another moment would not give).
 */
const INPUT_ERRORS: ReadonlySet<ErrorCode> = new Set([
  'AG_ERR_INPUT_TOO_LARGE',
  'AG_ERR_INPUT_TOO_DEEP',
  'AG_ERR_INPUT_INVALID',
  'AG_ERR_INPUT_RUNTIME_UNKNOWN',
  'AG_ERR_ENGINE_BUSY',
]);

/** Rule id of the fail-closed finding: analysis itself failed, so nothing was proven safe. */
export const ENGINE_FAILURE_RULE = 'ENG-AST-000' as const;
/**
 * A failed analysis is filed under NO_SHELL_BREAKOUT: input that crashes the analyser escapes the
 * guard, which is the breakout this invariant names. It is enforced whatever the policy's modes say.
 */
export const ENGINE_FAILURE_INVARIANT = 'NO_SHELL_BREAKOUT' as const;
export const ENGINE_FAILURE_HINT =
  'The guard could not analyse this command, so it was denied (fail closed). Split it into smaller, plain shell commands without unusual syntax and try again.';
export const ENGINE_FAILURE_SUMMARY = 'Analysis failed; the input is denied (fail closed).';

export interface EngineOptions {
  /** The `engine` configuration section (defaults apply to anything missing). */
  readonly config?: EngineConfigInput;
  /** Defaults for workspaceRoot/homeDir when the configuration leaves them out. */
  readonly defaults?: PolicyDefaults;
  /** Called for each evaluation slower than the latency budget, with the command's SHA-256 (hex), never its text. */
  readonly onOverBudget?: (digest: string, latencyUs: number) => void;
  /** Replace the analysis step (tests of the fail-closed path). */
  readonly analyzeImpl?: typeof analyze;
  /** A compiled policy file; default: `config.policyFile` read at build time (src/policy/load.ts). */
  readonly policyRules?: PolicyRules;
  /**
   * Where evaluateBounded/validateToolCallBounded send analyses too large for the caller's thread
   * (src/engine/offload.ts); without one they analyse inline like evaluate().
   */
  readonly offload?: AnalysisOffload;
}

export interface EvaluateInput {
  readonly text: string;
  /** A Runtime; any other string is rejected with AG_ERR_INPUT_RUNTIME_UNKNOWN. */
  readonly runtime: string;
}

export interface Evaluation {
  readonly decision: Decision;
  /** Wall time of this evaluation in microseconds (cache lookup included). */
  readonly evalLatencyUs: number;
  readonly cached: boolean;
  /** Set when the decision is the fail-closed deny of a failed analysis. */
  readonly errorCode?: 'AG_ERR_ENGINE_ANALYSIS_FAILED';
}

export interface EngineStats {
  readonly evaluations: number;
  readonly cacheHits: number;
  readonly overBudget: number;
  readonly failures: number;
  /** Analyses handed to the offload because they needed more than the caller's slice. */
  readonly offloaded: number;
  readonly p50LatencyUs: number;
}

export interface Engine {
  /** The policy in force now (a reload replaces it). */
  readonly policy: Policy;
  readonly config: EngineConfig;
  /** Absolute path of the policy file in use, if any. */
  readonly policyFile: string | undefined;
  /**
   * Put a (re)compiled policy file in force: a new policy and a new, empty decision cache, swapped
   * together, so no decision made under the old file is ever served under the new one.
   */
  reloadPolicy(rules: PolicyRules | undefined): void;
  evaluate(input: EvaluateInput): Evaluation;
  /** A JSON tool call (MCP tools/call params): decision runtime 'tool_call' (SQL-DOCKER, extract/tool-call.ts). */
  validateToolCall(call: ToolCall): Evaluation;
  /**
   * evaluate() for servers: the same decision, but an analysis that needs more than a slice of work
   * runs on the offload (a worker thread) and the answer is a Promise, so the caller's event loop
   * stays free. Most inputs fit the slice and are answered at once, without a Promise.
   */
  evaluateBounded(input: EvaluateInput): Evaluation | Promise<Evaluation>;
  /** validateToolCall() with the same hand-over as evaluateBounded(). */
  validateToolCallBounded(call: ToolCall): Evaluation | Promise<Evaluation>;
  stats(): EngineStats;
}

export function assertRuntime(runtime: unknown): asserts runtime is Runtime {
  if (!isRuntime(runtime)) {
    throw new AgentGuardError('AG_ERR_INPUT_RUNTIME_UNKNOWN', {
      runtime: String(runtime),
      allowed: RUNTIMES.join(', '),
    });
  }
}

/** The fail-closed decision: one enforced ENG-AST-000 finding covering the whole input. */
export function failClosedDecision(
  text: string,
  runtime: EntryPoint,
  policy: Policy,
  reason: string,
): Decision {
  const spec = INVARIANTS[ENGINE_FAILURE_INVARIANT];
  const finding: Finding = {
    ruleId: ENGINE_FAILURE_RULE,
    invariant: ENGINE_FAILURE_INVARIANT,
    threatType: spec.threatType,
    severity: spec.severity,
    reason: `analysis failed (${reason}); denied because nothing could be proven safe`,
    span: { start: 0, end: text.length },
    suggestedAlternative: null,
    remediationHint: ENGINE_FAILURE_HINT,
    mode: 'enforce',
  };
  return decisionFrom([finding], runtime, policy);
}

/** Build an engine with parsers already loaded (they are process-wide; loading twice is free). */
export async function createEngine(options: EngineOptions = {}): Promise<Engine> {
  await loadParsers();
  return createEngineSync(options);
}

/** Like createEngine, for callers that have awaited loadParsers() themselves. */
export function createEngineSync(options: EngineOptions = {}): Engine {
  const config = engineSection.parse(options.config ?? {});
  const policyFile =
    config.policyFile === undefined
      ? undefined
      : resolve(options.defaults?.cwd ?? process.cwd(), config.policyFile);
  const initialRules =
    options.policyRules ?? (policyFile === undefined ? undefined : loadPolicyFile(policyFile));
  // Policy and cache change together (reloadPolicy): a cache never outlives the policy it served.
  let state = {
    policy: buildPolicy(config, options.defaults, initialRules),
    cache: new DecisionCache(config.cacheEntries),
  };
  const limits: AnalyzeLimits = { maxInputBytes: config.maxInputBytes, maxDepth: config.maxDepth };
  const budgetUs = config.latencyBudgetUs;
  const window = new LatencyWindow(1024);
  const runAnalysis = options.analyzeImpl ?? analyze;
  const counters = { evaluations: 0, cacheHits: 0, overBudget: 0, failures: 0, offloaded: 0 };
  const offload = options.offload;

  function finish(
    started: number,
    text: string,
    decision: Decision,
    cached: boolean,
    errorCode?: Evaluation['errorCode'],
  ): Evaluation {
    const us = (performance.now() - started) * 1000;
    counters.evaluations++;
    window.add(us);
    if (us > budgetUs) {
      counters.overBudget++;
      options.onOverBudget?.(hash('sha256', text, 'hex'), us);
    }
    return errorCode === undefined
      ? { decision, evalLatencyUs: us, cached }
      : { decision, evalLatencyUs: us, cached, errorCode };
  }

  type State = typeof state;

  function cachedHit(s: State, key: string, started: number, text: string): Evaluation | undefined {
    if (!s.cache.enabled) return undefined;
    const hit = s.cache.get(key);
    if (hit === undefined) return undefined;
    counters.cacheHits++;
    return finish(started, text, hit, true);
  }

  /**
   * Decide on the facts `analyzeFacts` gives, under the policy of `s`, and cache the decision.
   * Input errors propagate; any other failure is the fail-closed deny (never cached).
   */
  function decideWith(
    s: State,
    key: string,
    started: number,
    text: string,
    runtime: EntryPoint,
    analyzeFacts: () => readonly Fact[],
  ): Evaluation {
    let decision: Decision;
    try {
      decision = decide({ text, runtime, facts: analyzeFacts(), policy: s.policy });
    } catch (err) {
      if (isAgentGuardError(err) && INPUT_ERRORS.has(err.code)) throw err;
      counters.failures++;
      const reason = isAgentGuardError(err) ? err.code : err instanceof Error ? err.name : 'unknown error';
      const failed = failClosedDecision(text, runtime, s.policy, reason);
      return finish(started, text, failed, false, 'AG_ERR_ENGINE_ANALYSIS_FAILED');
    }
    if (s.cache.enabled) s.cache.set(key, decision);
    return finish(started, text, decision, false);
  }

  /** The decision for `text` in `runtime`: from the cache, or analysed, decided and cached. */
  function decideCached(
    started: number,
    text: string,
    runtime: EntryPoint,
    analyzeFacts: () => readonly Fact[],
  ): Evaluation {
    const s = state;
    const key = s.cache.enabled ? cacheKey(runtime, text) : '';
    return cachedHit(s, key, started, text) ?? decideWith(s, key, started, text, runtime, analyzeFacts);
  }

  /**
   * decideCached() with the analysis inline within a slice of work, else on the offload. The
   * policy and cache are the ones in force when the request arrived, even if a reload lands while
   * the offload works.
   */
  function decideBounded(
    started: number,
    text: string,
    runtime: EntryPoint,
    // Without a budget, the analysis makes its own (a tool call's grows with the code it carries).
    local: (work?: WorkBudget) => readonly Fact[],
    remote: (offload: AnalysisOffload) => Promise<readonly Fact[]>,
  ): Evaluation | Promise<Evaluation> {
    if (offload === undefined) return decideCached(started, text, runtime, () => local());
    const s = state;
    const key = s.cache.enabled ? cacheKey(runtime, text) : '';
    const hit = cachedHit(s, key, started, text);
    if (hit !== undefined) return hit;
    let inline: readonly Fact[] | undefined;
    try {
      inline = analyzeInSlice(text, local);
    } catch (err) {
      return decideWith(s, key, started, text, runtime, () => {
        throw err;
      });
    }
    if (inline !== undefined) return decideWith(s, key, started, text, runtime, () => inline);
    counters.offloaded++;
    return remote(offload).then(
      (facts) => decideWith(s, key, started, text, runtime, () => facts),
      (err: unknown) =>
        decideWith(s, key, started, text, runtime, () => {
          throw err;
        }),
    );
  }

  function checkedToolCall(call: ToolCall): string {
    if (call === null || typeof call !== 'object' || typeof call.name !== 'string')
      throw new AgentGuardError('AG_ERR_INPUT_INVALID', {
        problems: 'a tool call needs { name: string, arguments }',
      });
    return toolCallText(call, limits.maxInputBytes);
  }

  function checkedText({ text, runtime }: EvaluateInput): Runtime {
    if (typeof text !== 'string')
      throw new AgentGuardError('AG_ERR_INPUT_INVALID', { problems: 'command must be a string' });
    assertRuntime(runtime);
    return runtime;
  }

  return {
    get policy(): Policy {
      return state.policy;
    },
    config,
    policyFile,
    reloadPolicy(rules: PolicyRules | undefined): void {
      state = {
        policy: buildPolicy(config, options.defaults, rules),
        cache: new DecisionCache(config.cacheEntries),
      };
    },
    evaluate(input: EvaluateInput): Evaluation {
      const started = performance.now();
      const runtime = checkedText(input);
      const { text } = input;
      return decideCached(started, text, runtime, () => runAnalysis(text, runtime, limits));
    },
    evaluateBounded(input: EvaluateInput): Evaluation | Promise<Evaluation> {
      const started = performance.now();
      const runtime = checkedText(input);
      const { text } = input;
      return decideBounded(
        started,
        text,
        runtime,
        (work) => runAnalysis(text, runtime, limits, work),
        (off) => off.analyze(text, runtime, limits),
      );
    },
    stats(): EngineStats {
      return { ...counters, p50LatencyUs: window.p50() };
    },

    // ---- tool calls (SQL-DOCKER): same cache, timing and fail-closed handling as evaluate().
    validateToolCall(call: ToolCall): Evaluation {
      const started = performance.now();
      const text = checkedToolCall(call);
      return decideCached(started, text, 'tool_call', () => analyzeToolCall(text, limits));
    },
    validateToolCallBounded(call: ToolCall): Evaluation | Promise<Evaluation> {
      const started = performance.now();
      const text = checkedToolCall(call);
      return decideBounded(
        started,
        text,
        'tool_call',
        (work) => analyzeToolCall(text, limits, work),
        (off) => off.analyzeToolCall(text, limits),
      );
    },
  };
}
