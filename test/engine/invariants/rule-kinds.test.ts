/**
 * decide() skips a rule when the input has no fact of the kinds the rule declares (`kinds`). This
 * proves the skip changes nothing: each rule's declared kinds cover what its source reads and what
 * it reads at run time, and decisions with and without the skip are identical on every example,
 * fixture case and everyday command.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { decide, indexFacts } from '../../../src/engine/decide.js';
import type { Engine } from '../../../src/engine/engine.js';
import type { Fact, FactKind } from '../../../src/engine/facts.js';
import type { FactIndex, RuleDefinition } from '../../../src/engine/invariants/define-rule.js';
import { RULES } from '../../../src/engine/invariants/registry.js';
import { analysedInputs, CORPUS_TIMEOUT, type Input } from '../../helpers/decision-inputs.js';
import { testEngine } from '../../helpers/engine.js';

let engine: Engine;
let all: { input: Input; facts: readonly Fact[] }[];
// Analysing every decision case (11,000+) takes 5-10 s alone and over 20 s on a loaded machine;
// the whole-corpus checks below get the same headroom.
beforeAll(async () => {
  engine = await testEngine();
  all = analysedInputs();
}, CORPUS_TIMEOUT);

describe('rule kinds', () => {
  it('every registered rule declares the kinds it reads', () => {
    expect(RULES.filter((r) => (r.kinds ?? []).length === 0).map((r) => r.id)).toEqual([]);
  });

  it("each rule file's facts.of(...) calls name only declared kinds", () => {
    const dir = new URL('../../../src/engine/invariants/rules/', import.meta.url);
    const problems: string[] = [];
    for (const file of readdirSync(dir)) {
      const source = readFileSync(new URL(file, dir), 'utf8');
      const id = /id: '([A-Z]+-AST-\d+)'/.exec(source)?.[1];
      const rule = RULES.find((r) => r.id === id);
      if (rule === undefined) continue;
      if (/\bfacts\.all\b/.test(source)) problems.push(`${rule.id} reads facts.all`);
      for (const m of source.matchAll(/\.of\('([a-z]+)'\)/g))
        if (!rule.kinds?.includes(m[1] as FactKind)) problems.push(`${rule.id} reads ${m[1]}`);
    }
    expect(problems).toEqual([]);
  });

  it(
    'at run time a rule asks the index only for its declared kinds',
    () => {
      const problems = new Set<string>();
      for (const { facts } of all) {
        const index = indexFacts(facts);
        for (const rule of RULES) {
          const recording: FactIndex = {
            get all(): readonly Fact[] {
              problems.add(`${rule.id} reads all`);
              return index.all;
            },
            of(kind) {
              if (!rule.kinds?.includes(kind)) problems.add(`${rule.id} reads ${kind}`);
              return index.of(kind);
            },
          };
          for (const hit of rule.check(recording, engine.policy)) void hit;
        }
      }
      expect([...problems]).toEqual([]);
    },
    CORPUS_TIMEOUT,
  );

  it(
    'decisions with and without the skip are identical',
    () => {
      const unskipped: RuleDefinition[] = RULES.map(({ kinds: _kinds, ...rest }) => rest);
      let compared = 0;
      for (const { input, facts } of all) {
        const base = { text: input.text, runtime: input.runtime, facts, policy: engine.policy };
        expect(decide(base), input.text).toEqual(decide({ ...base, rules: unskipped }));
        compared++;
      }
      expect(compared).toBeGreaterThan(900);
    },
    CORPUS_TIMEOUT,
  );
});
