/**
 * tokens_conserved: an estimate of the tokens a model does not have to read because it got a short
 * deny envelope instead of running the command and reading the raw failure. The figures are
 * counted at build time (scripts/token-counts.ts, js-tiktoken o200k_base) into token-counts.ts, so
 * a decision costs a lookup and the service carries no tokenizer. Method: docs/engine.md.
 */
import type { InvariantName } from '../types.js';
import { INVARIANT_TOKENS_CONSERVED, RULE_TOKENS_CONSERVED } from './token-counts.js';

/** Tokens saved by a deny from `ruleId` (a rule of `invariant`). */
export function tokensConservedFor(ruleId: string, invariant: InvariantName): number {
  return RULE_TOKENS_CONSERVED[ruleId] ?? INVARIANT_TOKENS_CONSERVED[invariant];
}
