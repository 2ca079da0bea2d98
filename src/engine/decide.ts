/**
 * Facts + policy → decision: runs every registered rule over an index of the facts, applies the
 * per-invariant mode (enforce/audit/off), orders findings and builds remediation. Pure: no clock,
 * no I/O; the same inputs always give the same decision (which is what makes the cache safe).
 */
import type { ExecFact, Fact, FactKind, FactOf } from './facts.js';
import { globMatches } from './glob.js';
import { INVARIANTS, packOf } from './invariants/catalog.js';
import { normalisedArgv, programName } from './invariants/command-line.js';
import type { FactIndex, RuleDefinition, RuleHit } from './invariants/define-rule.js';
import { RULES } from './invariants/registry.js';
import type { AllowEntry, Policy } from './policy.js';
import { tokensConservedFor } from './remediation/tokens.js';
import {
  INVARIANT_NAMES,
  RULE_PREFIXES,
  type Decision,
  type EntryPoint,
  type Finding,
  type InvariantMode,
  type Span,
} from './types.js';
import { alternativeInWords } from './wire.js';

const EMPTY: readonly never[] = Object.freeze([]);

/** What every generator function inherits from (rules' checks are mostly generator functions). */
const GENERATOR_FUNCTION = Object.getPrototypeOf(function* () {}) as object;

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

/**
 * The index a rule that lists `programs` reads: its `of('exec')` holds only the runs of those
 * programs (define-rule.ts); every other kind is the evaluation's own.
 */
class ProgramView implements FactIndex {
  readonly #base: IndexedFacts;
  readonly #execs: readonly ExecFact[];

  constructor(base: IndexedFacts, execs: readonly ExecFact[]) {
    this.#base = base;
    this.#execs = execs;
  }

  get all(): readonly Fact[] {
    return this.#base.all;
  }

  of<K extends FactKind>(kind: K): readonly FactOf<K>[] {
    return kind === 'exec' ? (this.#execs as readonly FactOf<K>[]) : this.#base.of(kind);
  }
}

/** Group facts by kind once per evaluation. */
export function indexFacts(facts: readonly Fact[]): FactIndex & { readonly present: number } {
  return new IndexedFacts(facts);
}

export function modeOf(policy: Policy, rule: Pick<RuleDefinition, 'invariant'>): InvariantMode {
  return policy.modes[rule.invariant] ?? 'enforce';
}

const EXEC_BIT = KIND_BIT.exec;

/** The bits of the fact kinds a rule reads (every bit when it declares none). */
function kindMask(rule: RuleDefinition): number {
  let mask = 0;
  for (const kind of rule.kinds ?? []) mask |= KIND_BIT[kind];
  return mask === 0 ? ~0 : mask;
}

/**
 * The rules a policy runs, with their mode and kind mask, worked out once per (policy, rule list):
 * the rule list less the packs the policy file switches off, plus the file's own rules, and the
 * file's exceptions by rule id.
 */
interface Step {
  readonly rule: RuleDefinition;
  /** `rule.check`, read once: every step has this shape, so decide's read of it stays monomorphic. */
  readonly check: RuleDefinition['check'];
  readonly mode: 'enforce' | 'audit';
  readonly mask: number;
  /** The rule lists `programs`: it reads only their runs, found through Plan.byProgram. */
  readonly byProgram: boolean;
  /** `check` is a generator function: its result is iterated without asking what it is. */
  readonly generator: boolean;
  /** The policy file's exceptions to this rule (undefined: none). */
  readonly allow: readonly AllowEntry[] | undefined;
}

interface Plan {
  readonly rules: readonly RuleDefinition[];
  readonly steps: readonly Step[];
  /** Program name (lower case) → the indexes of the steps whose rule lists it. */
  readonly byProgram: ReadonlyMap<string, readonly number[]>;
}

/** Plans by policy, then by rule list (the registry's, or a test's own list). */
const plans = new WeakMap<Policy, WeakMap<readonly RuleDefinition[], Plan>>();

function planFor(policy: Policy, rules: readonly RuleDefinition[]): Plan {
  let byRules = plans.get(policy);
  const cached = byRules?.get(rules);
  if (cached !== undefined) return cached;
  const steps: Step[] = [];
  const byProgram = new Map<string, number[]>();
  const file = policy.rules;
  const disabled = new Set<string>(file?.disabledPacks ?? []);
  const allowByRule = new Map<string, AllowEntry[]>();
  for (const entry of file?.allow ?? []) {
    const list = allowByRule.get(entry.rule);
    if (list === undefined) allowByRule.set(entry.rule, [entry]);
    else list.push(entry);
  }
  for (const rule of file === undefined ? rules : [...rules, ...file.custom]) {
    const mode = modeOf(policy, rule);
    if (mode === 'off' || (disabled.size > 0 && disabled.has(packOf(rule)))) continue;
    const programs = rule.programs;
    if (programs !== undefined) {
      for (const name of new Set(programs.map((p) => p.toLowerCase()))) {
        const list = byProgram.get(name);
        if (list === undefined) byProgram.set(name, [steps.length]);
        else list.push(steps.length);
      }
    }
    steps.push({
      rule,
      check: rule.check,
      mode,
      mask: kindMask(rule),
      byProgram: programs !== undefined,
      generator: Object.prototype.isPrototypeOf.call(GENERATOR_FUNCTION, rule.check),
      allow: allowByRule.get(rule.id),
    });
  }
  const plan: Plan = { rules, steps, byProgram };
  if (byRules === undefined) plans.set(policy, (byRules = new WeakMap()));
  byRules.set(rules, plan);
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
    // Never null (SPEC 2.8, issue 24): without a safer command, what to do instead in words.
    suggestedAlternative:
      suggestedAlternative === null || suggestedAlternative === text
        ? alternativeInWords(rule.remediationHint)
        : suggestedAlternative,
    remediationHint: rule.remediationHint,
    mode,
  };
}

const BUILTIN_PREFIXES: ReadonlySet<string> = new Set(RULE_PREFIXES);

/** A policy file's own rule (its prefix is not a built-in one). */
function isCustom(ruleId: string): boolean {
  return !BUILTIN_PREFIXES.has(ruleId.slice(0, ruleId.indexOf('-')));
}

/**
 * Enforced first, then by span start, then a policy file's own rules before built-in ones (the
 * team's reason speaks for the command it wrote the rule for), then rule id (stable, deterministic).
 */
export function compareFindings(a: Finding, b: Finding): number {
  if (a.mode !== b.mode) return a.mode === 'enforce' ? -1 : 1;
  if (a.span.start !== b.span.start) return a.span.start - b.span.start;
  const customA = isCustom(a.ruleId);
  if (customA !== isCustom(b.ruleId)) return customA ? -1 : 1;
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

/** The literal program word a command glob starts with ('sudo' in 'sudo apt-get *'), if any. */
function globProgram(pattern: string): string | null {
  const first = pattern.split(' ', 1)[0]!;
  return /[*?[\\]/.test(first) || first === '' ? null : first;
}

/**
 * Whether one of the policy file's exceptions lifts this hit (docs/policy.md). The command glob is
 * matched against the run the hit names; a rule that names none is matched against the runs
 * around its span that run the glob's program, and every one of them must match (so one allowed
 * run cannot lift a finding about another in the same nested string).
 */
export function liftedBy(
  entries: readonly AllowEntry[],
  hit: RuleHit,
  facts: FactIndex,
  policy: Policy,
): AllowEntry | undefined {
  for (const entry of entries) {
    if (entry.cwd !== undefined && !globMatches(entry.cwd, policy.workspaceRoot)) continue;
    if (entry.command === undefined) return entry;
    let candidates: readonly ExecFact[];
    if (hit.exec !== undefined) candidates = [hit.exec];
    else {
      const program = globProgram(entry.command.pattern);
      candidates = facts
        .of('exec')
        .filter(
          (e) =>
            e.span.start <= hit.span.start &&
            e.span.end >= hit.span.end &&
            (program === null || normalisedArgv(e)[0] === program),
        );
    }
    const glob = entry.command;
    if (candidates.length > 0 && candidates.every((e) => globMatches(glob, normalisedArgv(e).join(' '))))
      return entry;
  }
  return undefined;
}

/** What `agent-guard explain` is told about each rule (no cost when not asked). */
export interface DecisionTrace {
  /** A rule was skipped because the input has none of the fact kinds it reads. */
  skipped?(rule: RuleDefinition): void;
  /** A rule ran; `hits` are what it found, `lifted` the policy exception for each (or undefined). */
  ran?(rule: RuleDefinition, hits: readonly RuleHit[], lifted: readonly (AllowEntry | undefined)[]): void;
}

export interface DecideInput {
  readonly text: string;
  readonly runtime: EntryPoint;
  readonly facts: readonly Fact[];
  readonly policy: Policy;
  /** Defaults to the registry; tests pass a subset. */
  readonly rules?: readonly RuleDefinition[];
  /** Report each rule's outcome (explain). */
  readonly trace?: DecisionTrace;
}

/**
 * For each step whose rule lists programs, the runs of those programs in this input (undefined:
 * none). A run is looked up under its program name and its first normalised word (`npx cdk`).
 */
function runsByStep(plan: Plan, execs: readonly ExecFact[]): (ExecFact[] | undefined)[] {
  const out: (ExecFact[] | undefined)[] = new Array<ExecFact[] | undefined>(plan.steps.length);
  if (plan.byProgram.size === 0) return out;
  for (let e = 0; e < execs.length; e++) {
    const exec = execs[e]!;
    const name = programName(exec);
    const first = normalisedArgv(exec)[0]!;
    addRun(out, plan.byProgram.get(name), exec);
    if (first !== name) addRun(out, plan.byProgram.get(first), exec, true);
  }
  return out;
}

function addRun(
  out: (ExecFact[] | undefined)[],
  steps: readonly number[] | undefined,
  exec: ExecFact,
  maybeAdded = false,
): void {
  if (steps === undefined) return;
  for (let i = 0; i < steps.length; i++) {
    const list = out[steps[i]!];
    if (list === undefined) out[steps[i]!] = [exec];
    // Listed under both of its names: once is enough (it was added last, if at all).
    else if (!maybeAdded || list[list.length - 1] !== exec) list.push(exec);
  }
}

/** What every generator object inherits `next` from. */
const GENERATOR_PROTOTYPE = (GENERATOR_FUNCTION as { prototype: Generator<RuleHit> }).prototype;
// eslint-disable-next-line @typescript-eslint/unbound-method -- called with each generator as `this`
const GENERATOR_NEXT = GENERATOR_PROTOTYPE.next;

/**
 * A rule's hits as an array. Each rule's generator objects have their own map, so `for...of` over
 * them reads `[Symbol.iterator]` and `next` megamorphically at one site (a quarter of decide's CPU
 * in a profile); calling the shared `next` directly reads nothing per rule.
 */
function hitsOf(result: Iterable<RuleHit>): readonly RuleHit[] {
  if (Array.isArray(result)) return result as readonly RuleHit[];
  if (!Object.prototype.isPrototypeOf.call(GENERATOR_PROTOTYPE, result)) return [...result];
  return generatorHits(result as Generator<RuleHit>);
}

/** The hits of a generator check, read with the shared `next` (see hitsOf). */
function generatorHits(generator: Generator<RuleHit>): readonly RuleHit[] {
  let out: RuleHit[] | undefined;
  for (let r = GENERATOR_NEXT.call(generator); r.done !== true; r = GENERATOR_NEXT.call(generator))
    (out ??= []).push(r.value);
  return out ?? EMPTY;
}

export function decide(input: DecideInput): Decision {
  const { text, runtime, policy } = input;
  const index = new IndexedFacts(input.facts);
  const present = index.present;
  const findings: Finding[] = [];
  let seen: Set<string> | undefined;
  const plan = planFor(policy, input.rules ?? RULES);
  const steps = plan.steps;
  const runs = (present & EXEC_BIT) === 0 ? undefined : runsByStep(plan, index.of('exec'));
  const trace = input.trace;
  for (let i = 0; i < steps.length; i++) {
    const { rule, check, mode, mask, byProgram, generator, allow } = steps[i]!;
    let view: FactIndex = index;
    if (byProgram) {
      // Only the runs of the programs it lists, and its other kinds: with none, it cannot fire.
      const own = runs?.[i];
      if (own !== undefined) view = new ProgramView(index, own);
      else if ((mask & ~EXEC_BIT & present) === 0) {
        trace?.skipped?.(rule);
        continue;
      } else view = new ProgramView(index, EMPTY);
    } else if ((mask & present) === 0) {
      // A rule reads only its declared kinds: with none of them present it cannot find anything.
      trace?.skipped?.(rule);
      continue;
    }
    const hits = trace === undefined ? undefined : ([] as RuleHit[]);
    const lifts = trace === undefined ? undefined : ([] as (AllowEntry | undefined)[]);
    const result = check.call(rule, view, policy);
    const found = generator ? generatorHits(result as Generator<RuleHit>) : hitsOf(result);
    for (let h = 0; h < found.length; h++) {
      const hit = found[h]!;
      if (allow !== undefined || hits !== undefined) {
        const lifted = allow === undefined ? undefined : liftedBy(allow, hit, index, policy);
        hits?.push(hit);
        lifts?.push(lifted);
        if (lifted !== undefined) continue;
      }
      const key = `${rule.id}\u0000${hit.span.start}\u0000${hit.span.end}\u0000${hit.reason}`;
      seen ??= new Set();
      if (seen.has(key)) continue;
      seen.add(key);
      findings.push(findingFrom(rule, hit, mode, text));
    }
    if (hits !== undefined && lifts !== undefined) trace?.ran?.(rule, hits, lifts);
  }
  return decisionFrom(findings, runtime, policy);
}
