/**
 * decide() hands a rule that lists `programs` only the runs of those programs and skips it when
 * there are none (define-rule.ts). This proves the list is complete: a rule never finds anything
 * about a run of a program it does not list, and decisions with and without the index are
 * identical on every example, fixture case and everyday command.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { decide, indexFacts } from '../../../src/engine/decide.js';
import type { Engine } from '../../../src/engine/engine.js';
import type { ExecFact, Fact } from '../../../src/engine/facts.js';
import { normalisedArgv, programName } from '../../../src/engine/invariants/command-line.js';
import type { RuleDefinition } from '../../../src/engine/invariants/define-rule.js';
import { RULES } from '../../../src/engine/invariants/registry.js';
import { analysedInputs, CORPUS_TIMEOUT, type Input } from '../../helpers/decision-inputs.js';
import { testEngine } from '../../helpers/engine.js';

/** The names decide() looks a run up under. */
function namesOf(exec: ExecFact): string[] {
  return [programName(exec), normalisedArgv(exec)[0]!];
}

const listed = RULES.filter((r) => r.programs !== undefined);

let engine: Engine;
let all: { input: Input; facts: readonly Fact[] }[];
// Analysing every decision case (11,000+) takes 5-10 s alone and over 20 s on a loaded machine.
beforeAll(async () => {
  engine = await testEngine();
  all = analysedInputs();
}, CORPUS_TIMEOUT);

describe('rule programs', () => {
  it('lists programs only on rules that read exec facts', () => {
    for (const rule of listed) expect(rule.kinds, rule.id).toContain('exec');
  });

  it(
    'a rule run on each run alone fires only on the programs it lists',
    () => {
      const problems = new Set<string>();
      for (const { facts } of all) {
        for (const exec of facts.filter((f): f is ExecFact => f.kind === 'exec')) {
          // The run alone, with the input's other facts (a rule may read file or net facts too).
          const alone = indexFacts([exec, ...facts.filter((f) => f.kind !== 'exec')]);
          for (const rule of listed) {
            const programs = rule.programs!.map((p) => p.toLowerCase());
            if (namesOf(exec).some((n) => programs.includes(n))) continue;
            const found = [...rule.check(alone, engine.policy)];
            const withNone = [
              ...rule.check(indexFacts(facts.filter((f) => f.kind !== 'exec')), engine.policy),
            ];
            if (found.length > withNone.length)
              problems.add(`${rule.id} fires on ${namesOf(exec).join('/')}`);
          }
        }
      }
      expect([...problems]).toEqual([]);
    },
    CORPUS_TIMEOUT,
  );

  it(
    'decisions with and without the program index are identical',
    () => {
      const unindexed: RuleDefinition[] = RULES.map(({ programs: _programs, ...rest }) => rest);
      let compared = 0;
      for (const { input, facts } of all) {
        const base = { text: input.text, runtime: input.runtime, facts, policy: engine.policy };
        expect(decide(base), input.text).toEqual(decide({ ...base, rules: unindexed }));
        compared++;
      }
      expect(compared).toBeGreaterThan(900);
    },
    CORPUS_TIMEOUT,
  );

  it('the index is in use (the destructive packs list their programs)', () => {
    expect(listed.length).toBeGreaterThan(20);
  });
});
