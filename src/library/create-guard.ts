/**
 * The in-process library: `const guard = await createGuard(options)` loads parsers once, then
 * `validate`, `validateToolCall` and `sanitize` answer synchronously, with an optional signed receipt.
 * A small composition over the engine, the scrubber and src/receipts/; no logic of its own.
 */
import type { z } from 'zod';
import { AlertDispatcher, createAlertDispatcher, type AlertFrame } from '../alerts/index.js';
import { alertsSection } from '../config/sections/alerts.js';
import { AgentGuardError } from '../errors.js';
import type { EngineConfigInput, PolicyDefaults } from '../engine/build-policy.js';
import { createEngine, type Engine, type EngineStats, type Evaluation } from '../engine/engine.js';
import type { Policy } from '../engine/policy.js';
import type { Decision, EntryPoint, Finding, ThreatType } from '../engine/types.js';
import {
  createSigner,
  decisionReceiptBody,
  loadSigningKey,
  scrubReceiptBody,
  shouldSign,
  signReceipt,
  type Receipt,
  type ReceiptBody,
  type ReceiptSigner,
  type SignMode,
} from '../receipts/index.js';
import { createScrubber, type ScrubOptions, type ScrubResult, type Scrubber } from '../scrub/index.js';
import { toolCallText } from '../engine/extract/tool-call.js';
import { engineVersion } from './tool-call.js';

export interface GuardOptions {
  /** The engine configuration section (workspaceRoot, modes, protectedHosts, cacheEntries, ...). */
  readonly engine?: EngineConfigInput;
  /** Defaults for workspaceRoot/homeDir when `engine` leaves them out (process cwd and home). */
  readonly defaults?: PolicyDefaults;
  /** Called with the command's SHA-256 (hex) and the latency when an evaluation exceeds the budget. */
  readonly onOverBudget?: (digest: string, latencyUs: number) => void;
  /** The `scrub` configuration section (strict, salt, maxPayloadBytes) used by `sanitize`. */
  readonly scrub?: ScrubOptions;
  /**
   * Ed25519 key for receipts: a signer (`createSigner`, `loadSigningKey(...).signer`), a 32-byte seed,
   * or the key as text (PKCS#8 PEM or hex, as `receipts.signingKey` takes it).
   */
  readonly signingKey?: ReceiptSigner | Uint8Array | string;
  /**
   * When results carry a signed `receipt`: true is 'always', false 'never', or a `receipts.sign`
   * mode. Default 'always' when `signingKey` is given, else 'never'. Signing without a key uses an
   * ephemeral one: its public key is `guard.receiptKey`, and is lost when the process exits.
   */
  readonly sign?: boolean | SignMode;
  /**
   * Incident alerts (SPEC 6) for every deny of `validate` and `validateToolCall`: the `alerts`
   * configuration section (`{ channel: 'slack', webhookUrl }`, docs/alerts.md) or a dispatcher the
   * caller owns. Delivery is asynchronous; `guard.close()` flushes what is queued.
   */
  readonly alerts?: AlertsConfigInput | AlertDispatcher;
  /** The frame alerts name (default `library`; the CLI passes `cli` and its command). */
  readonly alertFrame?: AlertFrame;
}

export interface ValidateInput {
  readonly command: string;
  /** bash (default), python, node, docker or sql. */
  readonly runtime?: string;
  readonly agentId?: string;
}

export interface ValidateToolCallInput {
  readonly name: string;
  /** An object, or the JSON text of one (OpenAI tool calls carry arguments as a string). */
  readonly arguments?: unknown;
  readonly agentId?: string;
}

export interface SanitizeInput {
  readonly payload: string;
  /** Default: the guard's `scrub.strict` (true unless configured otherwise). */
  readonly strict?: boolean;
  readonly agentId?: string;
}

export interface ValidateResult {
  readonly allowed: boolean;
  readonly threatDetected: boolean;
  readonly invariantsChecked: number;
  readonly threatType: ThreatType | null;
  readonly evalLatencyUs: number;
  readonly verdict: 'ALLOW' | 'DENY';
  /** The runtime evaluated; 'tool_call' for `validateToolCall`. */
  readonly runtime: EntryPoint;
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
  /** Signed receipt of this decision (docs/receipts.md), when the guard signs and `sign` selects it. */
  readonly receipt?: Receipt;
}

export interface SanitizeResult extends ScrubResult {
  /** Signed receipt of this scrub, when the guard signs and `sign` selects it. */
  readonly receipt?: Receipt;
}

export interface Guard {
  readonly policy: Policy;
  readonly engine: Engine;
  readonly scrubber: Scrubber;
  /** The key receipts are signed with (verify with `verifyReceipt(r, [publicKey])`); null when not signing. */
  readonly receiptKey: { readonly keyId: string; readonly publicKey: Uint8Array } | null;
  validate(input: ValidateInput): ValidateResult;
  /** A JSON tool call (MCP tools/call params, framework tool calls); the result's runtime is 'tool_call'. */
  validateToolCall(input: ValidateToolCallInput): ValidateResult;
  /** Scrub credentials from a payload (SPEC 2.1); never throws on content, only on size or type. */
  sanitize(input: SanitizeInput): SanitizeResult;
  stats(): EngineStats;
  /** Flush queued alerts (bounded by alerts.shutdownFlushMs) and stop their workers; safe to call twice. */
  close(): Promise<void>;
}

type AlertsConfigInput = z.input<typeof alertsSection>;

/** Validate an alerts section given in code; problems are reported like configuration errors. */
function parseAlertsConfig(input: AlertsConfigInput): z.output<typeof alertsSection> {
  const parsed = alertsSection.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((i) => `  - alerts.${i.path.map(String).join('.')}: ${i.message}`)
      .join('\n');
    throw new AgentGuardError('AG_ERR_CONFIG_INVALID', { problems });
  }
  return parsed.data;
}

function signerFrom(key: ReceiptSigner | Uint8Array | string): ReceiptSigner {
  if (typeof key === 'string') return loadSigningKey({ signingKey: key }).signer;
  if (key instanceof Uint8Array) return createSigner(key);
  return key;
}

function signModeOf(options: GuardOptions): SignMode {
  if (options.sign === true) return 'always';
  if (options.sign === false) return 'never';
  return options.sign ?? (options.signingKey !== undefined ? 'always' : 'never');
}

/** The camelCase result of one evaluation; the deciding finding is the first (enforced first). */
function resultOf(evaluation: Evaluation, agentId: string | undefined): ValidateResult {
  const d = evaluation.decision;
  const first = d.findings[0];
  const blocked: string[] = [];
  for (const f of d.findings)
    if (f.mode === 'enforce' && !blocked.includes(f.invariant)) blocked.push(f.invariant);
  return {
    allowed: d.allowed,
    threatDetected: d.threatDetected,
    invariantsChecked: d.invariantsChecked,
    threatType: d.threatType,
    evalLatencyUs: evaluation.evalLatencyUs,
    verdict: d.allowed ? 'ALLOW' : 'DENY',
    runtime: d.runtime,
    agentId: agentId ?? null,
    ruleId: first?.ruleId ?? null,
    reason: first?.reason ?? null,
    suggestedAlternative: first?.suggestedAlternative ?? null,
    remediationHint: first?.remediationHint ?? null,
    tokensConserved: d.tokensConserved,
    blockedInvariants: blocked,
    findings: d.findings,
    cached: evaluation.cached,
    ...(evaluation.errorCode !== undefined ? { errorCode: evaluation.errorCode } : {}),
    decision: d,
  };
}

export async function createGuard(options: GuardOptions = {}): Promise<Guard> {
  const engine = await createEngine({
    ...(options.engine !== undefined ? { config: options.engine } : {}),
    ...(options.defaults !== undefined ? { defaults: options.defaults } : {}),
    ...(options.onOverBudget !== undefined ? { onOverBudget: options.onOverBudget } : {}),
  });
  const scrubber = createScrubber(options.scrub ?? {});
  const mode = signModeOf(options);
  const signer = mode === 'never' ? null : signerFrom(options.signingKey ?? loadSigningKey({}).signer);

  /** The result with a signed receipt attached when the sign mode selects this body. */
  function withReceipt<T extends object>(result: T, body: () => ReceiptBody): T & { receipt?: Receipt } {
    if (signer === null) return result;
    const b = body();
    return shouldSign(mode, b) ? { ...result, receipt: signReceipt(b, signer) } : result;
  }

  const ownsAlerts = options.alerts !== undefined && !(options.alerts instanceof AlertDispatcher);
  const alerts =
    options.alerts === undefined
      ? null
      : options.alerts instanceof AlertDispatcher
        ? options.alerts
        : createAlertDispatcher(parseAlertsConfig(options.alerts));
  const frame: AlertFrame = options.alertFrame ?? { kind: 'library' };

  function decided(
    evaluation: Evaluation,
    command: () => string,
    agentId: string | undefined,
  ): ValidateResult {
    const result = withDecisionReceipt(evaluation, command, agentId);
    if (alerts !== null && !result.allowed) {
      alerts.enqueue({
        decision: evaluation.decision,
        command: command(),
        runtime: result.runtime,
        agentId: agentId ?? null,
        latencyUs: result.evalLatencyUs,
        receipt: result.receipt ?? null,
        frame,
      });
    }
    return result;
  }

  function withDecisionReceipt(
    evaluation: Evaluation,
    command: () => string,
    agentId: string | undefined,
  ): ValidateResult {
    const result = resultOf(evaluation, agentId);
    return withReceipt(result, () =>
      decisionReceiptBody({
        runtime: result.runtime,
        command: command(),
        agentId: agentId ?? null,
        decision: result.decision,
        engineVersion: engineVersion(),
        policyDigest: engine.policy.digest,
      }),
    );
  }

  return {
    policy: engine.policy,
    engine,
    scrubber,
    receiptKey: signer === null ? null : { keyId: signer.keyId, publicKey: signer.publicKey },
    validate(input: ValidateInput): ValidateResult {
      if (input === null || typeof input !== 'object' || typeof input.command !== 'string') {
        throw new AgentGuardError('AG_ERR_INPUT_INVALID', {
          problems: 'validate() needs { command: string }',
        });
      }
      const evaluation = engine.evaluate({ text: input.command, runtime: input.runtime ?? 'bash' });
      return decided(evaluation, () => input.command, input.agentId);
    },
    validateToolCall(input: ValidateToolCallInput): ValidateResult {
      if (input === null || typeof input !== 'object' || typeof input.name !== 'string') {
        throw new AgentGuardError('AG_ERR_INPUT_INVALID', {
          problems: 'validateToolCall() needs { name: string, arguments }',
        });
      }
      const call = { name: input.name, arguments: input.arguments };
      const evaluation = engine.validateToolCall(call);
      // The receipt hashes the text the engine evaluated (name and arguments as canonical JSON).
      return decided(evaluation, () => toolCallText(call), input.agentId);
    },
    sanitize(input: SanitizeInput): SanitizeResult {
      if (input === null || typeof input !== 'object') {
        throw new AgentGuardError('AG_ERR_INPUT_INVALID', {
          problems: 'sanitize() needs { payload: string }',
        });
      }
      const strict = input.strict ?? scrubber.strict;
      const result = scrubber.sanitize({ payload: input.payload, strict });
      return withReceipt(result, () =>
        scrubReceiptBody({
          input: input.payload,
          output: result.sanitized,
          redactionCount: result.redactionsCount,
          kinds: result.redactedKeys,
          strict,
          agentId: input.agentId ?? null,
          engineVersion: result.engineVersion,
        }),
      );
    },
    stats: () => engine.stats(),
    close: () => (alerts !== null && ownsAlerts ? alerts.close() : Promise.resolve()),
  };
}
