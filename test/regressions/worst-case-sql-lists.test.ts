/**
 * Issue 22, worst case: libpg-query's parse, our conversion of its tree and the rules over each
 * statement cost per byte, per tree node and per statement, so each is charged
 * (src/engine/extract/sql.ts): an 80 KB OR list took 4.7 times the work budget when only bytes were
 * charged. Generated SQL of up to about 25-50 KB (by shape) is analysed, and larger SQL that costs
 * no more per character than a seed file (src/engine/budget.ts workUnitsFor); denser SQL stops at
 * the work budget (ENG-AST-002) and the agent is told to send it in smaller batches.
 * Decisions only; bench/worst-case.bench.ts prints the times.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.js';
import { testEngine } from '../helpers/engine.js';

let engine: Engine;
beforeAll(async () => {
  engine = await testEngine({ config: { cacheEntries: 0 } });
});

/** Numbered units after `head` up to `size` characters, then `tail`. */
const upTo = (size: number, unit: (i: number) => string, head = '', tail = ''): string => {
  let out = head;
  for (let i = 0; out.length + unit(i).length + tail.length < size; i++) out += unit(i);
  return out + tail;
};

function outcome(text: string): string {
  const d = engine.evaluate({ text, runtime: 'sql' });
  if (d.decision.allowed) return 'allow';
  return d.decision.findings.some((f) => f.ruleId === 'ENG-AST-002') ? 'ENG-AST-002' : 'deny';
}

const OR = (size: number): string => upTo(size, (i) => ` OR a=${i}`, 'SELECT * FROM t WHERE a=0');
const IN = (size: number): string => upTo(size, (i) => `,${i}`, 'SELECT * FROM t WHERE a IN (0', ')');
const STMTS = (size: number): string => upTo(size, (i) => `SELECT id FROM users WHERE id = ${i};\n`);
const VALUES = (size: number): string =>
  upTo(size, (i) => `,(${i},'x${i}')`, "INSERT INTO t (a,b) VALUES (0,'x')", ';');

describe('dense SQL up to the native-parse budget is analysed', () => {
  it.each<[string, string]>([
    ['a 2,700-term OR list (38 KB, generated SQL)', OR(38_000)],
    ['an 8,000-value IN list', IN(50_000)],
    ['800 short statements', STMTS(32_000)],
    ['a 2,600-row VALUES list', VALUES(50_000)],
    // A dump's extended INSERT costs what a seed file does per character (worst-case-ordinary.test.ts).
    ['a 160 KB VALUES list', VALUES(160_000)],
  ])('%s', (_name, text) => {
    expect(outcome(text)).toBe('allow');
  });

  it('a danger inside a large OR list is still found', () => {
    expect(outcome(OR(35_000) + ';\nDROP TABLE users;')).toBe('deny');
  });
});

// The tree walk recursed once per nesting level: 1,500 UNION ALLs or 1,000 JOINs overflowed the
// call stack and the input was denied as an engine failure (ENG-AST-000). It is iterative now.
const UNIONS = (size: number, last = ''): string =>
  upTo(size, (i) => ` UNION ALL SELECT a, b FROM t${i}`, 'SELECT a, b FROM t', last);
const JOINS = (size: number): string =>
  upTo(size, (i) => ` JOIN t${i} ON t${i}.id = t.id`, 'SELECT * FROM t');

describe('deep UNION and JOIN chains are walked, not a stack overflow', () => {
  it.each<[string, string, string]>([
    ['1,500 UNION ALL SELECTs', UNIONS(50_000), 'allow'],
    ['1,500 JOINs', JOINS(46_000), 'allow'],
    [
      'a file read after 1,500 UNION ALL SELECTs',
      UNIONS(50_000, " UNION ALL SELECT pg_read_file('/etc/shadow'), 1"),
      'deny',
    ],
    [
      'a DELETE in a CTE before 1,500 UNION ALL SELECTs',
      'WITH d AS (DELETE FROM users RETURNING id) ' + UNIONS(50_000),
      'deny',
    ],
  ])('%s', (_name, text, want) => {
    expect(outcome(text)).toBe(want);
  });
});

describe('dense SQL past the budget is denied with the budget rule', () => {
  it.each<[string, string]>([
    ['a 16,000-term OR list (160 KB)', OR(160_000)],
    ['a 4,000-term OR list (58 KB)', OR(58_000)],
    ['1,500 short statements (60 KB)', STMTS(60_000)],
    ['160 KB of short statements', STMTS(160_000)],
    ['160 KB of one-token statements', upTo(160_000, () => 'SELECT 1;')],
  ])('%s', (_name, text) => {
    expect(outcome(text)).toBe('ENG-AST-002');
  });
});
