/** Shared matcher of the PI-AST-* rules: injection signals in any literal (tool payloads, arguments, here-documents). */
import type { LiteralFact } from '../facts.js';
import type { FactIndex, RuleHit } from '../invariants/define-rule.js';
import { findInjection, type InjectionKind, type InjectionMatch } from './injection.js';

/**
 * The three PI rules read the same literals, so each evaluation's literals are scanned once: the
 * memo is keyed by the evaluation's literal list (FactIndex.of returns one array per evaluation),
 * one entry per evaluation, where an entry per literal fact cost more than most scans.
 */
const scanned = new WeakMap<readonly LiteralFact[], readonly (readonly InjectionMatch[] | undefined)[]>();

/** Each literal's matches, by index in `lits` (undefined: too short to carry a payload). */
function injectionsIn(lits: readonly LiteralFact[]): readonly (readonly InjectionMatch[] | undefined)[] {
  let found = scanned.get(lits);
  if (found === undefined) {
    found = lits.map((lit) => (lit.text.length < 4 ? undefined : findInjection(lit.text)));
    scanned.set(lits, found);
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
  const lits = facts.of('literal');
  const scans = injectionsIn(lits);
  for (let i = 0; i < lits.length; i++) {
    const all = scans[i];
    if (all === undefined || all.length === 0) continue;
    const lit = lits[i]!;
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
