/**
 * The checkpoint every protected tool call passes (protectAgent and the framework adapters): spend
 * breaker fast path, engine evaluation of the arguments, spend reservation, then the tool. A block
 * is thrown (strict) or handed back as a feedback string (non-strict, SPEC 7); the tool never runs.
 */
import { randomUUID } from 'node:crypto';
import { toWireFinding } from '../engine/wire.js';
import { AgentGuardError } from '../errors.js';
import { decisionReceiptBody, signReceipt, type ReceiptSigner } from '../receipts/index.js';
import { createGuard, type Guard } from './create-guard.js';
import { GuardViolationError, SpendCapExceededError, type RemediationEnvelope } from './errors.js';
import { SpendBreaker, type Reservation, type SessionSpend } from './spend/breaker.js';
import { engineVersion, evaluateToolCall, type ToolCallEvaluation, type ToolInput } from './tool-call.js';

/** What a `sessionId` function and `onDecision` see about a call. */
export interface ToolCallInfo {
  readonly tool: string;
  readonly args: unknown;
  /** The framework's per-call context (Vercel AI execute options, the Agents SDK RunContext, ...). */
  readonly context?: unknown;
}

export interface ToolDecisionEvent {
  readonly tool: string;
  readonly sessionId: string;
  /** `allow`: the tool runs; `violation`: the engine denied it; `spend`: the breaker refused it. */
  readonly outcome: 'allow' | 'violation' | 'spend';
  readonly allowed: boolean;
  readonly ruleId: string | null;
  readonly reason: string | null;
  /** The cost reserved (allow) or asked for (spend); 0 for a free call. */
  readonly cost: number;
  readonly spend: SessionSpend;
  readonly latencyUs: number;
  /** Present on a violation. */
  readonly envelope?: RemediationEnvelope;
}

export interface ProtectOptions {
  /** Throw on a block (true, default) or return a feedback string to the model instead (false). */
  readonly strict?: boolean;
  /** Spend cap per session in currency units. Default 50.0 (SPEC 8). Ignored when `breaker` is given. */
  readonly spendCap?: number;
  /** Cost of one call; synchronous. Default: `prices[name] ?? defaultPrice`. A call costing 0 is not billable. */
  readonly costOf?: (name: string, args: unknown) => number;
  /** Per-tool price table used by the default `costOf`. Default {} (nothing billable). */
  readonly prices?: Readonly<Record<string, number>>;
  /** Price of a tool missing from `prices`. Default 0. */
  readonly defaultPrice?: number;
  /** Session whose spend a call counts against: a fixed id, or one derived per call. Default a random id per protectAgent call. */
  readonly sessionId?: string | ((call: ToolCallInfo) => string);
  /** Called synchronously with every decision; exceptions it throws are ignored. */
  readonly onDecision?: (event: ToolDecisionEvent) => void;
  /** The guard to evaluate with (`await createGuard(...)`). Default one shared guard, created on first use. */
  readonly guard?: Guard | Promise<Guard>;
  /** Signs denials: the envelope then carries `signed_merkle_receipt` and the receipt. Default none. */
  readonly signer?: ReceiptSigner;
  /** Share one breaker between several protectAgent calls or adapters. Default a new one. */
  readonly breaker?: SpendBreaker;
  /** Give a reservation back when the tool throws (true) or charge it anyway (false, default: the upstream may have billed). */
  readonly refundOnError?: boolean;
  /** Custom extraction of what to evaluate; return undefined to use the default reading. */
  readonly inputsOf?: (name: string, args: unknown) => readonly ToolInput[] | undefined;
  /** `agent_id` in envelopes and receipts. Default null. */
  readonly agentId?: string;
}

export type Admission =
  | { readonly ok: true; readonly reservation: Reservation; readonly sessionId: string }
  | {
      readonly ok: false;
      readonly error: GuardViolationError | SpendCapExceededError;
      readonly sessionId: string;
    };

let sharedGuard: Promise<Guard> | undefined;

/** The process-wide default guard (policy defaults, workspace = cwd), created once. */
export function defaultGuard(): Promise<Guard> {
  sharedGuard ??= createGuard();
  return sharedGuard;
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

function invalid(what: string, problems: string): AgentGuardError {
  return new AgentGuardError('AG_ERR_LIBRARY_OPTIONS_INVALID', { what, problems });
}

export class ToolGate {
  readonly strict: boolean;
  readonly breaker: SpendBreaker;
  readonly #options: ProtectOptions;
  readonly #sessionId: string | ((call: ToolCallInfo) => string);
  readonly #costOf: (name: string, args: unknown) => number;
  readonly #ready: Promise<Guard>;
  #guard: Guard | null = null;

  constructor(options: ProtectOptions = {}) {
    if (options === null || typeof options !== 'object')
      throw invalid('protectAgent options', 'must be an object');
    if (options.strict !== undefined && typeof options.strict !== 'boolean')
      throw invalid('strict', 'must be a boolean');
    if (options.costOf !== undefined && typeof options.costOf !== 'function')
      throw invalid('costOf', 'must be a function (name, args) => number');
    const sid = options.sessionId;
    if (sid !== undefined && typeof sid !== 'function' && (typeof sid !== 'string' || sid.length === 0))
      throw invalid('sessionId', 'must be a non-empty string or a function');
    this.#options = options;
    this.strict = options.strict ?? true;
    this.breaker = options.breaker ?? new SpendBreaker({ cap: options.spendCap ?? 50.0 });
    this.#sessionId = sid ?? `session-${randomUUID()}`;
    const prices = options.prices ?? {};
    const fallback = options.defaultPrice ?? 0;
    for (const [name, price] of Object.entries(prices)) {
      if (typeof price !== 'number' || !Number.isFinite(price) || price < 0)
        throw invalid('prices', `price of "${name}" must be a finite number >= 0`);
    }
    if (!Number.isFinite(fallback) || fallback < 0)
      throw invalid('defaultPrice', 'must be a finite number >= 0');
    this.#costOf = options.costOf ?? ((name) => (Object.hasOwn(prices, name) ? prices[name]! : fallback));
    const guard = options.guard ?? defaultGuard();
    if (isPromiseLike(guard)) {
      this.#ready = Promise.resolve(guard).then((g) => (this.#guard = g));
      // A rejected guard rejects every call (fail closed); this only keeps it from being unhandled here.
      this.#ready.catch(() => undefined);
    } else {
      this.#guard = guard;
      this.#ready = Promise.resolve(guard);
    }
  }

  /** Resolves once the guard is loaded; calls made before then wait for it. */
  ready(): Promise<void> {
    return this.#ready.then(() => undefined);
  }

  get isReady(): boolean {
    return this.#guard !== null;
  }

  sessionIdFor(info: ToolCallInfo): string {
    const sid = this.#sessionId;
    if (typeof sid === 'string') return sid;
    const id = sid(info);
    if (typeof id !== 'string' || id.length === 0)
      throw invalid('sessionId', 'the function must return a non-empty string');
    return id;
  }

  #cost(name: string, args: unknown): number {
    const cost = this.#costOf(name, args);
    if (typeof cost !== 'number' || !Number.isFinite(cost) || cost < 0) {
      throw new AgentGuardError('AG_ERR_LIBRARY_COST_INVALID', { tool: name, value: String(cost) });
    }
    return cost;
  }

  /**
   * Decide one call synchronously (the guard must be ready: see `ready()`). An admitted billable call
   * holds a reservation the caller must commit or release.
   */
  admit(name: string, args: unknown, context?: unknown): Admission {
    const guard = this.#guard;
    if (guard === null)
      throw invalid('ToolGate', 'admit() called before the guard is ready; await ready() first');
    const info: ToolCallInfo = context === undefined ? { tool: name, args } : { tool: name, args, context };
    const sessionId = this.sessionIdFor(info);
    const cost = this.#cost(name, args);
    // Fast path (SPEC 8, under 15 µs): an open breaker refuses before the engine is even asked.
    if (cost > 0 && this.breaker.isOpen(sessionId)) {
      const refused = this.breaker.reserve(sessionId, name, cost) as SpendCapExceededError;
      this.#emit(() => this.#spendEvent(name, sessionId, cost, 0));
      return { ok: false, error: refused, sessionId };
    }
    const evaluation = evaluateToolCall(guard, name, args, {
      ...(this.#options.inputsOf ? { inputsOf: this.#options.inputsOf } : {}),
      ...(this.#options.agentId !== undefined ? { agentId: this.#options.agentId } : {}),
    });
    if (!evaluation.decision.allowed) {
      const envelope = this.#envelope(guard, name, sessionId, evaluation);
      this.#emit(() => ({
        tool: name,
        sessionId,
        outcome: 'violation',
        allowed: false,
        ruleId: envelope.rule_id,
        reason: envelope.reason,
        cost,
        spend: this.breaker.snapshot(sessionId),
        latencyUs: evaluation.latencyUs,
        envelope,
      }));
      return { ok: false, error: new GuardViolationError(envelope), sessionId };
    }
    const reservation = this.breaker.reserve(sessionId, name, cost);
    if (reservation instanceof SpendCapExceededError) {
      this.#emit(() => this.#spendEvent(name, sessionId, cost, evaluation.latencyUs));
      return { ok: false, error: reservation, sessionId };
    }
    this.#emit(() => {
      const first = evaluation.decision.findings[0];
      return {
        tool: name,
        sessionId,
        outcome: 'allow',
        allowed: true,
        ruleId: first?.ruleId ?? null,
        reason: first?.reason ?? null,
        cost,
        spend: this.breaker.snapshot(sessionId),
        latencyUs: evaluation.latencyUs,
      };
    });
    return { ok: true, reservation, sessionId };
  }

  /**
   * Run `call` if the tool call is admitted. Synchronous when the guard is ready and the tool is
   * (so a tool returning an AsyncIterable keeps streaming); a Promise otherwise. Strict: a block
   * throws; non-strict: the block's feedback string is returned in place of the tool's result.
   */
  invoke<R>(
    name: string,
    args: unknown,
    call: () => R,
    context?: unknown,
  ): R | string | Promise<Awaited<R> | string> {
    if (this.#guard === null) {
      return this.#ready.then<Awaited<R> | string>(
        () => this.invoke(name, args, call, context) as Awaited<R> | string | Promise<Awaited<R> | string>,
      );
    }
    const admission = this.admit(name, args, context);
    if (!admission.ok) {
      if (this.strict) throw admission.error;
      return admission.error.feedback;
    }
    const { reservation } = admission;
    let result: R;
    try {
      result = call();
    } catch (err) {
      this.#settleFailed(reservation);
      throw err;
    }
    if (isPromiseLike(result)) {
      return Promise.resolve(result).then(
        (value) => {
          reservation.commit();
          return value;
        },
        (err: unknown) => {
          this.#settleFailed(reservation);
          throw err;
        },
      );
    }
    reservation.commit();
    return result;
  }

  /** Like invoke, always as a Promise (a block in strict mode becomes a rejection). */
  async invokeAsync<R>(
    name: string,
    args: unknown,
    call: () => R,
    context?: unknown,
  ): Promise<Awaited<R> | string> {
    if (this.#guard === null) await this.#ready;
    const result: Awaited<R> | string = await this.invoke(name, args, call, context);
    return result;
  }

  #settleFailed(reservation: Reservation): void {
    if (this.#options.refundOnError === true) reservation.release();
    else reservation.commit();
  }

  /** Close the breaker and zero the totals of one session (or, without an id, of this gate's fixed session or all sessions). */
  reset(sessionId?: string): void {
    if (sessionId !== undefined) this.breaker.reset(sessionId);
    else if (typeof this.#sessionId === 'string') this.breaker.reset(this.#sessionId);
    else this.breaker.reset();
  }

  /** Spend of a session (default: the fixed session id). */
  spend(sessionId?: string): SessionSpend {
    const id = sessionId ?? (typeof this.#sessionId === 'string' ? this.#sessionId : undefined);
    if (id === undefined) throw invalid('spend()', 'give a session id: sessionId is a function');
    return this.breaker.snapshot(id);
  }

  #spendEvent(name: string, sessionId: string, cost: number, latencyUs: number): ToolDecisionEvent {
    return {
      tool: name,
      sessionId,
      outcome: 'spend',
      allowed: false,
      ruleId: null,
      reason: 'spend cap reached; the breaker is open',
      cost,
      spend: this.breaker.snapshot(sessionId),
      latencyUs,
    };
  }

  #emit(build: () => ToolDecisionEvent): void {
    const onDecision = this.#options.onDecision;
    if (onDecision === undefined) return;
    try {
      onDecision(build());
    } catch {
      // An observer must not change a decision or break the agent; its errors are dropped.
    }
  }

  #envelope(
    guard: Guard,
    tool: string,
    sessionId: string,
    evaluation: ToolCallEvaluation,
  ): RemediationEnvelope {
    const { decision } = evaluation;
    const first = decision.findings[0]!;
    const agentId = this.#options.agentId ?? null;
    const version = engineVersion();
    let receiptFields: Pick<RemediationEnvelope, 'signed_merkle_receipt' | 'merkle_seal' | 'receipt'> = {};
    const signer = this.#options.signer;
    if (signer !== undefined) {
      const receipt = signReceipt(
        decisionReceiptBody({
          runtime: evaluation.evaluated.runtime,
          command: evaluation.evaluated.command,
          agentId,
          decision,
          engineVersion: version,
          policyDigest: guard.policy.digest,
        }),
        signer,
      );
      receiptFields = { signed_merkle_receipt: receipt.signature, merkle_seal: receipt.merkle_seal, receipt };
    }
    return {
      allowed: false,
      verdict: 'DENY',
      rule_id: first.ruleId,
      invariant: first.invariant,
      threat_type: decision.threatType,
      reason: first.reason,
      suggested_alternative: first.suggestedAlternative,
      remediation_hint: first.remediationHint,
      tokens_conserved: decision.tokensConserved,
      ...receiptFields,
      in_process_latency_us: Math.round(evaluation.latencyUs * 100) / 100,
      tool_name: tool,
      session_id: sessionId,
      agent_id: agentId,
      invariants_checked: decision.invariantsChecked,
      soc2_compliant: evaluation.errorCode === undefined,
      engine_version: version,
      findings: decision.findings.map(toWireFinding),
      evaluated: evaluation.evaluated,
      ...(evaluation.errorCode !== undefined ? { error_code: evaluation.errorCode } : {}),
    };
  }
}

/** Accept either options or an existing gate (to share one breaker and session across adapters). */
export function toGate(options: ProtectOptions | ToolGate | undefined): ToolGate {
  return options instanceof ToolGate ? options : new ToolGate(options ?? {});
}
