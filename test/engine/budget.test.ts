/** The work budget: deterministic units, refusal past the limit, and ENG-AST-002 at the engine level. */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/engine/analyze.js';
import { DEFAULT_WORK_UNITS, WorkBudget } from '../../src/engine/budget.js';
import { createEngine, type Engine } from '../../src/engine/engine.js';

const limits = { maxInputBytes: 256 * 1024, maxDepth: 8 };

describe('WorkBudget', () => {
  it('spends until the limit, then refuses for good', () => {
    const b = new WorkBudget(10);
    expect(b.spend(6, 'a')).toBe(true);
    expect(b.remaining).toBe(4);
    expect(b.spend(5, 'b')).toBe(false);
    expect(b.exhausted).toBe(true);
    expect(b.stoppedIn).toBe('b');
    expect(b.spend(1, 'c')).toBe(false);
    expect(b.used).toBe(6);
  });
  it('defaults to DEFAULT_WORK_UNITS', () => {
    expect(new WorkBudget().limit).toBe(DEFAULT_WORK_UNITS);
  });

  it('raises its limit, never lowers it, and stays exhausted once out', () => {
    const b = new WorkBudget(10);
    b.raiseTo(5);
    expect(b.limit).toBe(10);
    b.raiseTo(20);
    expect(b.spend(15)).toBe(true);
    expect(b.spend(10)).toBe(false);
    b.raiseTo(100);
    expect(b.spend(1)).toBe(false);
  });
});

describe('analyze() and the budget', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ config: { cacheEntries: 0 } });
  });

  it('adds a BudgetFact when the budget runs out, and none otherwise', () => {
    const sql = 'SELECT 1 FRM t;\n'.repeat(50);
    expect(analyze(sql, 'sql', limits).some((f) => f.kind === 'budget')).toBe(false);
    const facts = analyze(sql, 'sql', limits, new WorkBudget(2_000));
    expect(facts.filter((f) => f.kind === 'budget')).toHaveLength(1);
  });

  it('gives the same decision for the same input (units, not time)', () => {
    const text = "SELECT * FRM users WHERE id = 1 AND name = 'x';\n".repeat(4000);
    const a = engine.evaluate({ text, runtime: 'sql' }).decision;
    const b = engine.evaluate({ text, runtime: 'sql' }).decision;
    expect(a.allowed).toBe(false);
    expect(a.findings[0]?.ruleId).toBe('ENG-AST-002');
    expect(a.findings[0]?.reason).toMatch(
      /^analysis stopped after \d+ units .*input too complex to analyse safely$/,
    );
    expect(b).toEqual(a);
  });
});
