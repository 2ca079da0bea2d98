import { describe, expect, it } from 'vitest';
import { buildPolicy } from '../../src/engine/build-policy.js';
import { applyRewrite, decide, indexFacts } from '../../src/engine/decide.js';
import type { Fact } from '../../src/engine/facts.js';
import { defineRule, type RuleHit } from '../../src/engine/invariants/define-rule.js';
import { engineSection } from '../../src/config/sections/engine.js';
import { RULES } from '../../src/engine/invariants/registry.js';

const policy = (modes = {}) =>
  buildPolicy(engineSection.parse({ workspaceRoot: '/work/ws', homeDir: '/home/agent', modes }));

const span = (start: number, end: number) => ({ start, end });
const rmRf = (path: string, start = 0): Fact => ({
  kind: 'file',
  op: 'delete',
  path,
  recursive: true,
  actor: 'rm',
  span: span(start, start + 7 + path.length),
  runtime: 'bash',
  depth: 0,
});
const exec = (argv: string[], start = 0): Fact => ({
  kind: 'exec',
  program: argv[0]!,
  argv,
  dynamic: false,
  span: span(start, start + argv.join(' ').length),
  runtime: 'bash',
  depth: 0,
});

describe('decide over hand-built facts', () => {
  it('allows when no rule fires', () => {
    const d = decide({ text: 'ls', runtime: 'bash', facts: [exec(['ls'])], policy: policy() });
    expect(d).toMatchObject({
      allowed: true,
      threatDetected: false,
      threatType: null,
      invariantsChecked: 15,
      tokensConserved: 0,
    });
    expect(d.findings).toEqual([]);
  });

  it('denies with the finding, its invariant, threat and a rebased alternative', () => {
    const text = 'rm -rf /srv/x';
    const d = decide({ text, runtime: 'bash', facts: [rmRf('/srv/x')], policy: policy() });
    expect(d.allowed).toBe(false);
    expect(d.threatType).toBe('FS_ABUSE');
    expect(d.findings[0]).toMatchObject({
      ruleId: 'FS-AST-001',
      invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
      severity: 'CRITICAL',
      mode: 'enforce',
      suggestedAlternative: 'rm -rf ./x',
    });
    expect(d.tokensConserved).toBeGreaterThan(0);
  });

  it('audit mode reports but allows; off skips the invariant and lowers invariantsChecked', () => {
    const facts = [rmRf('/')];
    const audit = decide({
      text: 'rm -rf /',
      runtime: 'bash',
      facts,
      policy: policy({ NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE: 'audit' }),
    });
    expect(audit).toMatchObject({ allowed: true, threatDetected: true, threatType: 'FS_ABUSE' });
    expect(audit.findings[0]?.mode).toBe('audit');
    const off = decide({
      text: 'rm -rf /',
      runtime: 'bash',
      facts,
      policy: policy({ NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE: 'off' }),
    });
    expect(off).toMatchObject({ allowed: true, threatDetected: false, invariantsChecked: 14 });
  });

  it('sorts enforced findings first, then by span', () => {
    const text = 'rm -rf / ; sudo id';
    const facts = [exec(['sudo', 'id'], 11), rmRf('/', 0)];
    const d = decide({
      text,
      runtime: 'bash',
      facts,
      policy: policy({ NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE: 'audit' }),
    });
    expect(d.findings.map((f) => [f.ruleId, f.mode])).toEqual([
      ['SH-AST-020', 'enforce'],
      ['FS-AST-001', 'audit'],
    ]);
    expect(d.threatType).toBe('SHELL_BREAKOUT');
  });

  it('does not mutate its inputs', () => {
    const facts = [rmRf('/tmp/x')];
    const before = JSON.stringify(facts);
    decide({ text: 'rm -rf /tmp/x', runtime: 'bash', facts, policy: policy() });
    expect(JSON.stringify(facts)).toBe(before);
  });

  it('runs a given rule subset and indexes facts by kind', () => {
    const only = defineRule({
      id: 'FS-AST-999',
      invariant: 'NO_SYSTEM_PATH_WRITE',
      summary: 'test',
      remediationHint: 'test',
      *check(facts) {
        for (const e of facts.of('exec')) if (e.program === 'touch') yield { span: e.span, reason: 'touch' };
      },
      examples: { deny: [{ input: 'touch x' }], allow: [] },
    });
    const d = decide({
      text: 'touch x',
      runtime: 'bash',
      facts: [exec(['touch', 'x'])],
      policy: policy(),
      rules: [only],
    });
    expect(d.findings.map((f) => f.ruleId)).toEqual(['FS-AST-999']);
    expect(indexFacts([exec(['a']), rmRf('/')]).of('file')).toHaveLength(1);
  });

  it('applies rewrites only where the text matches', () => {
    const hit = { span: span(0, 13), reason: 'r', rewrite: { find: '/tmp/x', with: './x' } };
    expect(applyRewrite('rm -rf /tmp/x', hit)).toBe('rm -rf ./x');
    expect(applyRewrite('rm -rf "$T"/x', hit)).toBeNull();
    expect(
      applyRewrite('sudo ls -la', { span: span(0, 11), reason: 'r', rewrite: { withSpan: span(5, 11) } }),
    ).toBe('ls -la');
  });

  it('every registered rule belongs to a known invariant with a hint and a summary', () => {
    for (const r of RULES) {
      expect(r.summary.length, r.id).toBeGreaterThan(10);
      expect(r.remediationHint.length, r.id).toBeGreaterThan(20);
    }
  });
});

/** A check may hand back its hits as a generator, an array or any other iterable: decide reads each alike. */
const HIT_SHAPES: { name: string; hits: (hits: RuleHit[]) => Iterable<RuleHit> }[] = [
  {
    name: 'a generator',
    hits: function* (hits) {
      yield* hits;
    },
  },
  { name: 'an array', hits: (hits) => hits },
  { name: 'a set', hits: (hits) => new Set(hits) },
  { name: 'a plain iterable', hits: (hits) => ({ [Symbol.iterator]: () => hits[Symbol.iterator]() }) },
];

describe('decide reads every shape of hits a check returns', () => {
  it.each(HIT_SHAPES)('$name', ({ hits }) => {
    const rule = defineRule({
      id: 'FS-AST-998',
      invariant: 'NO_SYSTEM_PATH_WRITE',
      summary: 'test',
      remediationHint: 'test',
      kinds: ['exec'],
      check: (facts) =>
        hits(facts.of('exec').map((e, i) => ({ span: e.span, reason: `run ${i} ${e.program}` }))),
      examples: { deny: [{ input: 'touch x' }], allow: [] },
    });
    const facts = [exec(['touch', 'x']), exec(['cp', 'a', 'b'], 9)];
    const d = decide({ text: 'touch x; cp a b', runtime: 'bash', facts, policy: policy(), rules: [rule] });
    expect(d.findings.map((f) => f.reason)).toEqual(['run 0 touch', 'run 1 cp']);
    const none = decide({ text: 'ls', runtime: 'bash', facts: [], policy: policy(), rules: [rule] });
    expect(none.findings).toEqual([]);
  });
});
