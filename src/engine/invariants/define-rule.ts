/**
 * One rule = one file under src/engine/invariants/rules/, holding its id, invariant, matcher and
 * its own true-positive (deny) and false-positive (allow) examples. test/engine/invariants/
 * rules.test.ts runs every example through the whole engine and reports failures as
 * "Missing" (a deny example allowed) or "Noisy" (an allow example denied), like ast-grep.
 */
import type { ExecFact, Fact, FactKind, FactOf } from '../facts.js';
import type { Policy } from '../policy.js';
import type { EntryPoint, InvariantName, PackName, RuleId, Span } from '../types.js';

/** Facts grouped by kind, built once per evaluation. */
export interface FactIndex {
  readonly all: readonly Fact[];
  of<K extends FactKind>(kind: K): readonly FactOf<K>[];
}

export interface RuleHit {
  readonly span: Span;
  /**
   * The program run that the hit is about, when there is one: a policy `allow` entry's command
   * glob is matched against it (docs/policy.md); without it, against the runs around the span.
   */
  readonly exec?: ExecFact;
  /** Names the path, host or program involved; never a secret value. */
  readonly reason: string;
  /** Concrete safer command confined to the workspace, when one exists. */
  readonly suggestedAlternative?: string | null;
  /**
   * Build the suggested alternative from the submitted text (rules never see the text): inside
   * `span` (default: the hit's span) replace the first occurrence of `find` (default: the whole
   * span) with `with`, or with the text under `withSpan`. Ignored when the text does not contain
   * `find` there; `suggestedAlternative` then applies.
   */
  readonly rewrite?: {
    readonly span?: Span;
    readonly find?: string;
    readonly with?: string;
    readonly withSpan?: Span;
  };
}

export interface RuleExample {
  readonly input: string;
  /** Defaults to bash. */
  readonly runtime?: EntryPoint;
  /** Why an allow example must not match (a comment for reviewers). */
  readonly why?: string;
}

export interface RuleDefinition {
  readonly id: RuleId;
  readonly invariant: InvariantName;
  /** The pack a policy enables or disables it with; default from the id prefix (catalog.ts packOf). */
  readonly pack?: PackName;
  /** One line for docs/rules.md. */
  readonly summary: string;
  /** Advice for the model when this rule fires. */
  readonly remediationHint: string;
  /**
   * Every fact kind `check` reads through `facts.of(...)` (test/engine/invariants/rule-kinds.test.ts
   * checks the list). The engine skips the rule when the input has no fact of any of them: most
   * commands only have ExecFacts, so the SQL, docker, text and file rules cost nothing there.
   * Omitted (or empty): the rule runs on every input (the registry's rules all declare it).
   */
  readonly kinds?: readonly FactKind[];
  /**
   * The programs whose runs the rule judges, by name (`programName`, or the first of the
   * normalised words: `npx cdk` is `cdk`, `git-reset` is `git`; compared in lower case). Given,
   * `facts.of('exec')` hands the rule only those runs, and the rule is skipped when there are none
   * and no other kind it declares is present: most commands then skip the destructive packs at the
   * cost of one lookup per run (issue 21). Only for rules that judge each run on its own; a rule
   * that reads other runs as context (a pipeline's socket tool, the run a wrapper started) must
   * leave it out. test/engine/invariants/rule-programs.test.ts checks it on every example and case.
   */
  readonly programs?: readonly string[];
  readonly check: (facts: FactIndex, policy: Policy) => Iterable<RuleHit>;
  readonly examples: { readonly deny: readonly RuleExample[]; readonly allow: readonly RuleExample[] };
}

export function defineRule(rule: RuleDefinition): RuleDefinition {
  if (rule.examples.deny.length === 0) throw new Error(`rule ${rule.id} needs at least one deny example`);
  if (rule.programs !== undefined && !(rule.kinds ?? []).includes('exec'))
    throw new Error(`rule ${rule.id} lists programs but does not read exec facts`);
  return Object.freeze(rule);
}
