/**
 * The contract between the engine and its per-runtime extractors. An extractor is pure: text in,
 * facts out; code nested inside the text is handed back to the engine through `ctx.nested`, which
 * picks the extractor for the nested runtime, enforces the depth limit and maps spans.
 */
import type { WorkBudget } from '../budget.js';
import type { Fact } from '../facts.js';
import type { Runtime, Span } from '../types.js';

export interface ExtractContext {
  /** 0 for the submitted text; +1 per re-entry. */
  readonly depth: number;
  /**
   * Analyse code found inside this input (`bash -c '...'`, `python -c`, `os.system(...)`,
   * `psql -c`, `docker run img sh -c`). `span` is the literal's span in *this* input's
   * coordinates; returned facts already carry spans in the caller's coordinates.
   */
  nested(code: string, runtime: Runtime, span: Span, via: string): readonly Fact[];
  /** Map a span of this input to the caller's coordinates (identity at depth 0). */
  mapSpan(span: Span): Span;
  /**
   * The analysis' work budget, shared with nested code (src/engine/budget.ts): call
   * `budget.spend(units, 'what')` before each step of work and stop when it returns false.
   */
  readonly budget: WorkBudget;
}

export interface Extractor {
  readonly runtime: Runtime;
  extract(text: string, ctx: ExtractContext): readonly Fact[];
}
