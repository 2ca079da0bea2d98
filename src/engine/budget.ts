/**
 * The analysis work budget: a deterministic cap on how much work one analysis may do, counted in
 * work units (syntax nodes visited, tokens read, statements parsed, words expanded), never in
 * time, so the same input always gets the same decision. Issue 22: one crafted input under the
 * size cap held the engine for 18 s.
 *
 * How an extractor uses it (ctx.budget is shared by the whole analysis, nested code included):
 *
 *     for (const node of nodes) {
 *       if (!ctx.budget.spend(1)) break; // over budget: stop and return the facts found so far
 *       ...
 *     }
 *
 * Spend before the work, in proportion to it (a parser call on n bytes spends
 * `parseUnits(n)`), and stop as soon as `spend` returns false. Nothing else is needed: analyze()
 * sees the exhausted budget and adds a BudgetFact, and rule ENG-AST-002 denies the input ("analysis
 * stopped after N units: input too complex to analyse safely"). Stopping early is therefore never a
 * silent allow. Calibration (docs/engine.md, "Work budget"): on the SQL shapes of
 * bench/worst-case.bench.ts a unit is 17-42 ns of analysis and rules once the code is warm (fastest
 * of five runs), and 100-250 ns in a fresh process's first runs (JIT and WASM tier-up, GC threads),
 * so the default budget is about 20-40 ms of warm work and 100-200 ms cold.
 */
import type { BudgetFact } from './facts.js';
import type { EntryPoint, Runtime, Span } from './types.js';

/** Units one analysis may spend, nested code included (20-40 ms of warm work, 100-200 ms cold). */
export const DEFAULT_WORK_UNITS = 1_000_000;

/**
 * Units an analysis may spend per character of its input, where that is more than the default:
 * linear work on ordinary text costs 14-19 units a character (bench/worst-case.bench.ts, ordinary
 * rows: a 200 KB seed file, a 5000-line migration, typing.py, argparse.py, git-subtree.sh), so a
 * large ordinary file is analysed whole, while crafted text that costs more per character than any
 * ordinary file (a 256 KB OR list 24, rejected statements 45, unrolled loops 40) still runs out.
 */
export const UNITS_PER_CHAR = 20;

/** Runtimes whose ordinary files run large (seed files, migrations, library modules). */
const GROWS: ReadonlySet<EntryPoint> = new Set<EntryPoint>(['sql', 'python', 'node']);

/**
 * The budget for an input of `length` characters: the default, or UNITS_PER_CHAR each if more.
 * Bash, docker and tool calls keep the default: an ordinary script fits it once function calls are
 * charged what they cost (git-subtree.sh, 25 KB: 0.68M), no ordinary compose file or Dockerfile
 * comes near 50 KB, and 256 KB of SQL rejected inside `echo ... | psql` took 5x as long to run out.
 */
export function workUnitsFor(length: number, runtime: EntryPoint): number {
  return GROWS.has(runtime) ? Math.max(DEFAULT_WORK_UNITS, UNITS_PER_CHAR * length) : DEFAULT_WORK_UNITS;
}

/**
 * Whether a tool call's field of code in `runtime` raises the call's budget (see raiseTo): a SQL,
 * python or node field gets what the same text gets on its own, so a 200 KB seed file sent as a
 * tool's `sql` argument is analysed whole instead of denied (issue 22).
 */
export function growsWith(runtime: EntryPoint): boolean {
  return GROWS.has(runtime);
}

/** Units a parser call on `bytes` bytes of input costs (parsers run at roughly 0.1-0.5 µs a byte). */
export function parseUnits(bytes: number): number {
  return 16 + bytes * 2;
}

export class WorkBudget {
  #limit: number;
  #used = 0;
  #stoppedIn: string | undefined;

  constructor(limit: number = DEFAULT_WORK_UNITS) {
    this.#limit = limit;
  }

  /** The units this analysis may spend. */
  get limit(): number {
    return this.#limit;
  }

  /**
   * Raise the limit to `limit` where that is more (a tool call's budget as its code fields are
   * found: src/engine/extract/tool-call.ts). An exhausted budget stays exhausted.
   */
  raiseTo(limit: number): void {
    if (limit > this.#limit) this.#limit = limit;
  }

  /**
   * Spend `units` for the work about to be done in `where` (a short label for the reason, such as
   * 'sql statements' or 'brace expansion'). Returns false, and spends nothing, when that would go
   * past the limit: the caller must stop and return what it has. Once false, always false.
   */
  spend(units: number, where = 'analysis'): boolean {
    if (this.#stoppedIn !== undefined) return false;
    if (this.#used + units > this.#limit) {
      this.#stoppedIn = where;
      return false;
    }
    this.#used += units;
    return true;
  }

  /** True once a spend was refused: the analysis is incomplete. */
  get exhausted(): boolean {
    return this.#stoppedIn !== undefined;
  }

  /** Units left (for optional work that should give way to cheaper analysis before the limit). */
  get remaining(): number {
    return this.#limit - this.#used;
  }

  /** Units spent so far. */
  get used(): number {
    return this.#used;
  }

  /** Where the refused spend happened, when one was refused. */
  get stoppedIn(): string | undefined {
    return this.#stoppedIn;
  }
}

/** A budget that never runs out, for unit tests that drive an extractor directly. */
export function unlimitedBudget(): WorkBudget {
  return new WorkBudget(Number.MAX_SAFE_INTEGER);
}

/** The fact that records an exhausted budget (analyze() adds it; extractors never need to). */
export function budgetFact(budget: WorkBudget, span: Span, runtime: Runtime): BudgetFact {
  return {
    kind: 'budget',
    span,
    runtime,
    depth: 0,
    used: budget.used,
    limit: budget.limit,
    where: budget.stoppedIn ?? 'analysis',
  };
}
