/**
 * The engine's analysis entry point: text and runtime in, facts out. It checks the size limit,
 * picks the runtime's extractor and implements the re-entry (`ctx.nested`) that nested code uses:
 * depth-bounded (the part past the limit becomes an UnparsedFact), with spans mapped back to the
 * submitted text. Pure and synchronous; anything thrown is an AgentGuardError.
 */
import { extend } from './extend.js';
import { AgentGuardError, isAgentGuardError } from '../errors.js';
import { budgetFact, parseUnits, WorkBudget, workUnitsFor } from './budget.js';
import { EXTRACTORS } from './extract/index.js';
import type { ExtractContext } from './extract/types.js';
import type { ExecFact, Fact, UnparsedFact } from './facts.js';
import type { Runtime, Span } from './types.js';

export interface AnalyzeLimits {
  /** Largest input in UTF-8 bytes (AG_ERR_INPUT_TOO_LARGE above). */
  readonly maxInputBytes: number;
  /** Deepest re-entry of nested code; deeper code becomes an UnparsedFact. */
  readonly maxDepth: number;
}

/**
 * Most re-entries one analysis makes in total (a line of 10,000 `bash -c 'x'` would otherwise parse
 * 10,000 times); past it, nested code becomes an UnparsedFact like code past the depth limit.
 */
export const MAX_NESTED_ANALYSES = 256;

interface Budget {
  nested: number;
  readonly work: WorkBudget;
}

/**
 * Byte length of `text` in UTF-8 without allocating (lone surrogates count 3, as TextEncoder writes
 * them): the native count, where a loop in JavaScript took 25 ms over 256 KB in a fresh process.
 */
export function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/**
 * Facts for `text`. `work` is the work budget (src/engine/budget.ts); pass one to share a budget
 * across several analyses (a tool call's fields). When it runs out, the facts end with a BudgetFact.
 */
export function analyze(
  text: string,
  runtime: Runtime,
  limits: AnalyzeLimits,
  work: WorkBudget = new WorkBudget(workUnitsFor(text.length, runtime)),
): readonly Fact[] {
  // Cheap bound first: a UTF-16 code unit is at most 3 UTF-8 bytes.
  if (
    text.length > limits.maxInputBytes ||
    (text.length * 3 > limits.maxInputBytes && utf8Length(text) > limits.maxInputBytes)
  ) {
    throw new AgentGuardError('AG_ERR_INPUT_TOO_LARGE', {
      what: `${runtime} input`,
      size: utf8Length(text),
      limit: limits.maxInputBytes,
    });
  }
  const budget: Budget = { nested: 0, work };
  const identity = (span: Span): Span => span;
  try {
    const facts = run(text, runtime, 0, identity, limits, budget, { start: 0, end: text.length });
    if (!work.exhausted) return facts;
    return [...facts, budgetFact(work, { start: 0, end: text.length }, runtime)];
  } catch (err) {
    if (isAgentGuardError(err)) throw err;
    throw new AgentGuardError(
      'AG_ERR_ENGINE_ANALYSIS_FAILED',
      { runtime, reason: err instanceof Error ? err.name : 'unknown error' },
      { cause: err },
    );
  }
}

function run(
  text: string,
  runtime: Runtime,
  depth: number,
  mapSpan: (span: Span) => Span,
  limits: AnalyzeLimits,
  budget: Budget,
  wholeSpan: Span,
): readonly Fact[] {
  const extractor = EXTRACTORS[runtime];
  if (extractor === undefined) {
    const unparsed: UnparsedFact = { kind: 'unparsed', text, span: mapSpan(wholeSpan), runtime, depth };
    return [unparsed];
  }
  const ctx: ExtractContext = {
    depth,
    mapSpan,
    budget: budget.work,
    nested(code: string, nestedRuntime: Runtime, span: Span, via: string): readonly Fact[] {
      const outer = mapSpan(span);
      const nestedDepth = depth + 1;
      if (nestedDepth > limits.maxDepth || budget.nested >= MAX_NESTED_ANALYSES) {
        const unparsed: UnparsedFact = {
          kind: 'unparsed',
          text: code,
          span: outer,
          runtime: nestedRuntime,
          depth: nestedDepth,
        };
        return [unparsed];
      }
      // Each re-entry costs a parse's fixed overhead; an exhausted budget stops nested analysis.
      if (!budget.work.spend(parseUnits(0), 'nested code')) return [];
      budget.nested++;
      // Facts from nested code carry the span of the outer literal that held the code (facts.ts).
      const toOuter = (): Span => outer;
      const facts = run(code, nestedRuntime, nestedDepth, toOuter, limits, budget, {
        start: 0,
        end: code.length,
      });
      return stampVia(facts, nestedDepth, via);
    },
  };
  return extractor.extract(text, ctx);
}

/** Programs the nested code runs directly were started by `via` (bash -c, ssh host '...'). */
function stampVia(facts: readonly Fact[], depth: number, via: string): readonly Fact[] {
  let out: Fact[] | undefined;
  for (let i = 0; i < facts.length; i++) {
    const fact = facts[i]!;
    if (fact.kind === 'exec' && fact.depth === depth && fact.via === undefined) {
      out ??= facts.slice();
      const stamped: ExecFact = extend(fact, { via });
      out[i] = stamped;
    }
  }
  return out ?? facts;
}
