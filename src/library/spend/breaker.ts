/**
 * The spend circuit breaker (SPEC 1, 8): a per-session ledger of what billable tool calls cost,
 * against a cap. A call reserves its cost before it runs, so calls racing in parallel can never
 * spend past the cap together; a reservation that would pass the cap opens the breaker, and an open
 * breaker refuses every billable call of that session until `reset()`.
 *
 * States per session (SPEC 3 leaves them open): CLOSED (calls are admitted while spent + in flight +
 * cost <= cap) → OPEN (the first refused call opens it; every billable call is refused) → CLOSED on
 * `reset(sessionId)`, which also zeroes the totals. Amounts are kept in integer millionths of a unit,
 * so 0.1 + 0.2 reaches a cap of 0.3 exactly instead of passing it by a rounding error.
 */
import { AgentGuardError } from '../../errors.js';
import { SpendCapExceededError } from '../errors.js';

/** Millionths of a currency unit per unit. */
const SCALE = 1_000_000;

const toMicros = (amount: number): number => Math.round(amount * SCALE);
const toUnits = (micros: number): number => micros / SCALE;

export type BreakerState = 'CLOSED' | 'OPEN';

export interface SessionSpend {
  readonly sessionId: string;
  readonly state: BreakerState;
  /** Units the session's cap allows. */
  readonly cap: number;
  /** Units committed by calls that ran (or failed without a refund). */
  readonly spent: number;
  /** Units reserved by calls still running. */
  readonly reserved: number;
  /** Billable calls admitted since the last reset. */
  readonly calls: number;
  /** Billable calls refused since the last reset. */
  readonly refusals: number;
}

/** One admitted billable call: commit when the tool has run, release to give the money back. */
export interface Reservation {
  readonly sessionId: string;
  readonly cost: number;
  /** Move the reserved cost to `spent`. Idempotent; a second settle is ignored. */
  commit(): void;
  /** Drop the reservation without charging it. Idempotent. */
  release(): void;
}

class Session {
  readonly id: string;
  spent = 0;
  reserved = 0;
  calls = 0;
  refusals = 0;
  open = false;
  /** Bumped by reset(): reservations made before a reset no longer touch the new totals. */
  epoch = 0;

  constructor(id: string) {
    this.id = id;
  }
}

class Ticket implements Reservation {
  readonly #session: Session;
  readonly #micros: number;
  readonly #epoch: number;
  #settled = false;

  constructor(session: Session, micros: number) {
    this.#session = session;
    this.#micros = micros;
    this.#epoch = session.epoch;
  }

  get sessionId(): string {
    return this.#session.id;
  }

  get cost(): number {
    return toUnits(this.#micros);
  }

  commit(): void {
    if (this.#settled) return;
    this.#settled = true;
    if (this.#epoch !== this.#session.epoch) return;
    this.#session.reserved -= this.#micros;
    this.#session.spent += this.#micros;
  }

  release(): void {
    if (this.#settled) return;
    this.#settled = true;
    if (this.#epoch !== this.#session.epoch) return;
    this.#session.reserved -= this.#micros;
  }
}

/** A free call (cost 0) needs no bookkeeping: one shared, inert reservation. */
const FREE: Reservation = Object.freeze({ sessionId: '', cost: 0, commit() {}, release() {} });

export interface SpendBreakerOptions {
  /** Cap per session in currency units. Default 50.0 (SPEC 8). `Infinity` disables the cap. */
  readonly cap?: number;
}

export class SpendBreaker {
  readonly #cap: number;
  readonly #sessions = new Map<string, Session>();

  constructor(options: SpendBreakerOptions = {}) {
    const cap = options.cap ?? 50.0;
    if (typeof cap !== 'number' || Number.isNaN(cap) || cap < 0) {
      throw new AgentGuardError('AG_ERR_LIBRARY_OPTIONS_INVALID', {
        what: 'spendCap',
        problems: `must be a number >= 0 (or Infinity), got ${String(cap)}`,
      });
    }
    this.#cap = cap === Infinity ? Number.MAX_SAFE_INTEGER : toMicros(cap);
  }

  get cap(): number {
    return this.#cap === Number.MAX_SAFE_INTEGER ? Infinity : toUnits(this.#cap);
  }

  #session(id: string): Session {
    let s = this.#sessions.get(id);
    if (s === undefined) {
      s = new Session(id);
      this.#sessions.set(id, s);
    }
    return s;
  }

  /** True when the session's breaker is open (the fast check before anything else runs). */
  isOpen(sessionId: string): boolean {
    return this.#sessions.get(sessionId)?.open === true;
  }

  /**
   * Reserve `cost` units for one call. Returns the reservation, or the SpendCapExceededError to
   * raise (not thrown, so a non-strict caller can turn it into feedback without a try/catch).
   * Synchronous: nothing can interleave between the check and the reservation.
   */
  reserve(sessionId: string, tool: string, cost: number): Reservation | SpendCapExceededError {
    // Free calls are not billable: an open breaker still lets them through.
    if (cost === 0) return FREE;
    const micros = toMicros(cost);
    const s = this.#session(sessionId);
    if (s.open || s.spent + s.reserved + micros > this.#cap) {
      s.open = true;
      return this.#refuse(s, tool, micros);
    }
    s.reserved += micros;
    s.calls++;
    return new Ticket(s, micros);
  }

  #refuse(s: Session, tool: string, micros: number): SpendCapExceededError {
    s.refusals++;
    // A refusal is policy, not a bug: it carries no stack trace. Capturing one costs about 5 µs,
    // a third of the SPEC 8 budget (under 15 µs), and would only point at this line.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      return new SpendCapExceededError({
        tool,
        sessionId: s.id,
        cap: this.cap,
        spent: toUnits(s.spent),
        reserved: toUnits(s.reserved),
        cost: toUnits(micros),
      });
    } finally {
      Error.stackTraceLimit = limit;
    }
  }

  /**
   * Close the breaker and zero the session's totals (all sessions when no id is given). Calls still
   * running from before the reset are forgotten: their later commit or release changes nothing.
   */
  reset(sessionId?: string): void {
    const targets = sessionId === undefined ? [...this.#sessions.values()] : [this.#sessions.get(sessionId)];
    for (const s of targets) {
      if (s === undefined) continue;
      s.spent = 0;
      s.reserved = 0;
      s.calls = 0;
      s.refusals = 0;
      s.open = false;
      s.epoch++;
    }
  }

  /** The session's totals (a session never seen reads as CLOSED with zeros). */
  snapshot(sessionId: string): SessionSpend {
    const s = this.#sessions.get(sessionId);
    return {
      sessionId,
      state: s?.open === true ? 'OPEN' : 'CLOSED',
      cap: this.cap,
      spent: s ? toUnits(s.spent) : 0,
      reserved: s ? toUnits(s.reserved) : 0,
      calls: s?.calls ?? 0,
      refusals: s?.refusals ?? 0,
    };
  }

  /** Forget a session entirely (long-running servers with many short sessions). */
  forget(sessionId: string): void {
    // Outstanding reservations keep a reference to the dropped session; settling them touches nothing.
    this.#sessions.delete(sessionId);
  }

  get sessionIds(): readonly string[] {
    return [...this.#sessions.keys()];
  }
}
