/** Shared matcher of the PI-AST-* rules: injection signals in any literal (tool payloads, arguments, here-documents). */
import type { LiteralFact } from '../facts.js';
import type { FactIndex, RuleHit } from '../invariants/define-rule.js';
import { findInjection, type InjectionKind, type InjectionMatch } from './injection.js';

/** The three PI rules read every literal: each literal is scanned once (facts are immutable). */
const scanned = new WeakMap<LiteralFact, readonly InjectionMatch[]>();

function injectionIn(lit: LiteralFact): readonly InjectionMatch[] {
  let found = scanned.get(lit);
  if (found === undefined) {
    found = findInjection(lit.text);
    scanned.set(lit, found);
  }
  return found;
}

const NO_HITS: readonly RuleHit[] = Object.freeze([]);

/**
 * The hits as an array, not a generator, and nothing allocated for a clean literal: the PI rules
 * run on nearly every python and node input (each has literals), and a generator costs more.
 */
export function injectionHits(facts: FactIndex, kinds: ReadonlySet<InjectionKind>): readonly RuleHit[] {
  let hits: RuleHit[] | undefined;
  let seen: Set<string> | undefined;
  for (const lit of facts.of('literal')) {
    if (lit.text.length < 4) continue;
    const all = injectionIn(lit);
    if (all.length === 0) continue;
    const found = all.filter((m) => kinds.has(m.kind));
    if (found.length === 0) continue;
    const key = `${lit.span.start}:${lit.span.end}`;
    seen ??= new Set();
    if (seen.has(key)) continue;
    seen.add(key);
    const where = lit.field !== undefined ? `the tool-call argument ${lit.field}` : 'a string literal';
    (hits ??= []).push({
      span: lit.span,
      reason: `${where} carries ${found.map((f) => f.detail).join('; ')}`,
      suggestedAlternative: null,
    });
  }
  return hits ?? NO_HITS;
}
