// To add a rule: create rules/<prefix>-ast-<nnn>-<name>.ts (defineRule) and run `npm run docs`; never list it here by hand.
/**
 * The rule registry. The list of rule modules is generated from the rules/ directory
 * (registry.generated.ts, scripts/generate-registry.ts); module load checks that every id is
 * well-formed, unique and the one its file name announces, and that each rule's invariant exists.
 */
import { INVARIANT_NAMES, RULE_PREFIXES, type InvariantName } from '../types.js';
import type { RuleDefinition } from './define-rule.js';
import { RULE_FILES } from './registry.generated.js';

const RULE_ID = new RegExp(`^(?:${RULE_PREFIXES.join('|')})-AST-\\d{3}$`);

/** Throws on a malformed or duplicate id, an unknown invariant, or a list out of id order. */
export function validate(rules: readonly RuleDefinition[]): readonly RuleDefinition[] {
  const seen = new Set<string>();
  let previous = '';
  for (const rule of rules) {
    if (!RULE_ID.test(rule.id)) throw new Error(`rule id ${rule.id} is not <PREFIX>-AST-<nnn>`);
    if (seen.has(rule.id)) throw new Error(`duplicate rule id ${rule.id}`);
    if (!(INVARIANT_NAMES as readonly string[]).includes(rule.invariant))
      throw new Error(`rule ${rule.id}: unknown invariant`);
    if (rule.id < previous)
      throw new Error(`rule ${rule.id} is listed after ${previous}: keep the registry sorted by id`);
    seen.add(rule.id);
    previous = rule.id;
  }
  return Object.freeze([...rules]);
}

/** Each file's rule must carry the id its file name announces (so the file list is the id list). */
export function fromFiles(files: readonly (readonly [id: string, rule: RuleDefinition])[]): RuleDefinition[] {
  return files.map(([id, rule]) => {
    if (rule.id !== id) throw new Error(`rule file for ${id} defines ${rule.id}: rename the file or the id`);
    return rule;
  });
}

export const RULES: readonly RuleDefinition[] = validate(fromFiles(RULE_FILES));

export function ruleById(id: string): RuleDefinition | undefined {
  return RULES.find((r) => r.id === id);
}

export function rulesFor(invariant: InvariantName): readonly RuleDefinition[] {
  return RULES.filter((r) => r.invariant === invariant);
}
