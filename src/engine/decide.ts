/**
 * Facts + policy → decision: runs every registered rule over an index of the facts, applies the
 * per-invariant mode (enforce/audit/off), orders findings and builds remediation. Pure: no clock,
 * no I/O; the same inputs always give the same decision (which is what makes the cache safe).
 */
import type { Fact, FactKind, FactOf } from './facts.js';
import { INVARIANTS } from './invariants/catalog.js';
import type { FactIndex, RuleDefinition, RuleHit } from './invariants/define-rule.js';
import { RULES } from './invariants/registry.js';
import type { Policy } from './policy.js';
import { tokensConservedFor } from './remediation/tokens.js';
import {
  INVARIANT_NAMES,
  type Decision,
  type EntryPoint,
  type Finding,
  type InvariantMode,
  type Span,
} from './types.js';

const EMPTY: readonly never[] = Object.freeze([]);

/** One bit per fact kind, for the rule-skipping test in decide(). */
const KIND_BIT: Readonly<Record<FactKind, number>> = {
  exec: 1,
  file: 2,
  net: 4,
  flow: 8,
  sql: 16,
  loop: 32,
  container: 64,
  literal: 128,
  unparsed: 256,
  budget: 512,
};

/** Slot per fact kind in IndexedFacts' array (a fixed array is cheaper per decision than a Map). */
const KIND_SLOT: Readonly<Record<FactKind, number>> = {
  exec: 0,
  file: 1,
  net: 2,
  flow: 3,
  sql: 4,
  loop: 5,
  container: 6,
  literal: 7,
  unparsed: 8,
  budget: 9,
};

/** Facts grouped by kind, with a bit set per kind present (KIND_BIT). */
class IndexedFacts implements FactIndex {
  readonly all: readonly Fact[];
  readonly present: number;
  readonly #byKind: (Fact[] | undefined)[];

  constructor(facts: readonly Fact[]) {
    const byKind: (Fact[] | undefined)[] = [
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ];
    let present = 0;
    for (let i = 0; i < facts.length; i++) {
      const fact = facts[i]!;
      const slot = KIND_SLOT[fact.kind];
      const list = byKind[slot];
      if (list !== undefined) list.push(fact);
      else {
        byKind[slot] = [fact];
        present |= KIND_BIT[fact.kind];
      }
    }
    this.all = facts;
    this.present = present;
    this.#byKind = byKind;
  }

  of<K extends FactKind>(kind: K): readonly FactOf<K>[] {
    return (this.#byKind[KIND_SLOT[kind]] as FactOf<K>[] | undefined) ?? EMPTY;
  }
}

/** Group facts by kind once per evaluation. */
export function indexFacts(facts: readonly Fact[]): FactIndex & { readonly present: number } {
  return new IndexedFacts(facts);
}

export function modeOf(policy: Policy, rule: Pick<RuleDefinition, 'invariant'>): InvariantMode {
  return policy.modes[rule.invariant] ?? 'enforce';
}

/** The bits of the fact kinds a rule reads (every bit when it declares none). */
function kindMask(rule: RuleDefinition): number {
  let mask = 0;
  for (const kind of rule.kinds ?? []) mask |= KIND_BIT[kind];
  return mask === 0 ? ~0 : mask;
}

/** The rules a policy runs, with their mode and kind mask, worked out once per (policy, rule list). */
interface Plan {
  readonly rules: readonly RuleDefinition[];
  readonly steps: readonly {
    readonly rule: RuleDefinition;
    readonly mode: 'enforce' | 'audit';
    readonly mask: number;
  }[];
}

const plans = new WeakMap<Policy, Plan>();

function planFor(policy: Policy, rules: readonly RuleDefinition[]): Plan {
  const cached = plans.get(policy);
  if (cached !== undefined && cached.rules === rules) return cached;
  const steps: Plan['steps'][number][] = [];
  for (const rule of rules) {
    const mode = modeOf(policy, rule);
    if (mode !== 'off') steps.push({ rule, mode, mask: kindMask(rule) });
  }
  const plan: Plan = { rules, steps };
  // Only the registry's list is kept: tests pass ad-hoc lists that should not displace it.
  if (rules === RULES) plans.set(policy, plan);
  return plan;
}

/** Invariants the policy does not switch off (15 with the default policy). */
export function invariantsChecked(policy: Policy): number {
  let n = checkedMemo.get(policy);
  if (n === undefined) {
    n = INVARIANT_NAMES.filter((name) => (policy.modes[name] ?? 'enforce') !== 'off').length;
    checkedMemo.set(policy, n);
  }
  return n;
}

const checkedMemo = new WeakMap<Policy, number>();

/** Apply a rule's `rewrite` to the submitted text; null when it does not apply. */
export function applyRewrite(text: string, hit: RuleHit): string | null {
  const rw = hit.rewrite;
  if (rw === undefined) return null;
  const span: Span = rw.span ?? hit.span;
  if (span.start < 0 || span.end > text.length || span.start > span.end) return null;
  const replacement =
    rw.withSpan !== undefined ? text.slice(rw.withSpan.start, rw.withSpan.end) : (rw.with ?? '');
  if (rw.find === undefined) return (text.slice(0, span.start) + replacement + text.slice(span.end)).trim();
  const at = text.indexOf(rw.find, span.start);
  if (at < 0 || at + rw.find.length > span.end) return null;
  return text.slice(0, at) + replacement + text.slice(at + rw.find.length);
}

export function findingFrom(
  rule: RuleDefinition,
  hit: RuleHit,
  mode: 'enforce' | 'audit',
  text: string,
): Finding {
  const spec = INVARIANTS[rule.invariant];
  const suggestedAlternative = applyRewrite(text, hit) ?? hit.suggestedAlternative ?? null;
  return {
    ruleId: rule.id,
    invariant: rule.invariant,
    threatType: spec.threatType,
    severity: spec.severity,
    reason: hit.reason,
    span: hit.span,
    suggestedAlternative: suggestedAlternative === text ? null : suggestedAlternative,
    remediationHint: rule.remediationHint,
    mode,
  };
}

/** Enforced first, then by span start, then rule id (stable and deterministic). */
export function compareFindings(a: Finding, b: Finding): number {
  if (a.mode !== b.mode) return a.mode === 'enforce' ? -1 : 1;
  if (a.span.start !== b.span.start) return a.span.start - b.span.start;
  if (a.ruleId !== b.ruleId) return a.ruleId < b.ruleId ? -1 : 1;
  return a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0;
}

/** Build the decision from findings already computed (also used for the engine's fail-closed path). */
export function decisionFrom(findings: readonly Finding[], runtime: EntryPoint, policy: Policy): Decision {
  // Most decisions have no finding and many have one: no copy and sort for those.
  const sorted = findings.length < 2 ? findings : [...findings].sort(compareFindings);
  const first = sorted[0];
  let allowed = true;
  for (let i = 0; i < sorted.length; i++) if (sorted[i]!.mode === 'enforce') allowed = false;
  return Object.freeze({
    allowed,
    threatDetected: sorted.length > 0,
    threatType: first?.threatType ?? null,
    invariantsChecked: invariantsChecked(policy),
    runtime,
    findings: sorted.length === 0 ? EMPTY : Object.freeze(sorted === findings ? findings.slice() : sorted),
    tokensConserved: allowed || first === undefined ? 0 : tokensConservedFor(first.ruleId, first.invariant),
  });
}

export interface DecideInput {
  readonly text: string;
  readonly runtime: EntryPoint;
  readonly facts: readonly Fact[];
  readonly policy: Policy;
  /** Defaults to the registry; tests pass a subset. */
  readonly rules?: readonly RuleDefinition[];
}

export function decide(input: DecideInput): Decision {
  const { text, runtime, policy } = input;
  const index = new IndexedFacts(input.facts);
  const present = index.present;
  const findings: Finding[] = [];
  let seen: Set<string> | undefined;
  const steps = planFor(policy, input.rules ?? RULES).steps;
  for (let i = 0; i < steps.length; i++) {
    const { rule, mode, mask } = steps[i]!;
    // A rule reads only its declared kinds: with none of them present it cannot find anything.
    if ((mask & present) === 0) continue;
    for (const hit of rule.check(index, policy)) {
      const key = `${rule.id}\u0000${hit.span.start}\u0000${hit.span.end}\u0000${hit.reason}`;
      seen ??= new Set();
      if (seen.has(key)) continue;
      seen.add(key);
      findings.push(findingFrom(rule, hit, mode, text));
    }
  }
  return decisionFrom(findings, runtime, policy);
}
